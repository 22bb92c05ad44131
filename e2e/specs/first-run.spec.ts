import { expect, type Page, test } from '@playwright/test';
import { PASSWORD, uniqueEmail } from '../support/accounts';
import { localeText } from '../support/locale';
import { readVerificationCode } from '../support/mail';

/** Issue 34, observations 1 and 11: a new employer's first minutes, on a phone and on a desktop. */
const widths = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** Every console error and failed response the page logs while `run` goes on. */
async function consoleErrorsDuring(page: Page, run: () => Promise<void>): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  await run();
  return errors;
}

for (const screen of widths) {
  test.describe(`first run on a ${screen.name} (${screen.width} px)`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });

    test('a correct sign-up code lands the employer signed in on the dashboard with its first steps', async ({
      page,
    }) => {
      const email = uniqueEmail('first-run');
      await page.goto('/signup');
      await page.getByLabel(localeText('fields.email'), { exact: true }).fill(email);
      await page.getByLabel(localeText('fields.password'), { exact: true }).fill(PASSWORD);
      await page.getByLabel(localeText('fields.companyName')).fill('Furra e Re');
      await page.getByRole('button', { name: localeText('signup.submit'), exact: true }).click();

      const dialog = page.getByRole('dialog', { name: localeText('verify.title') });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel(localeText('verify.code')).fill(await readVerificationCode(email));
      await dialog.getByRole('button', { name: localeText('verify.submit') }).click();

      await expect(page).toHaveURL('/kryepuntor');
      await expect(
        page.getByRole('heading', { name: localeText('dashboard.firstSteps.title', { feature: 'dashboard' }) }),
      ).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: localeText('signup.verifySuccess') })).toBeVisible();
      // Signed in for real: a reload stays in the area, and the kept e-mail is forgotten.
      await page.reload();
      await expect(page).toHaveURL('/kryepuntor');
      expect(await page.evaluate(() => localStorage.getItem('email'))).toBeNull();
    });

    test('the landing and login pages load for a visitor without a console error', async ({ page }) => {
      const errors = await consoleErrorsDuring(page, async () => {
        await page.goto('/');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await page.goto('/login');
        await expect(page.getByRole('button', { name: localeText('login.submit'), exact: true })).toBeVisible();
        await page.waitForLoadState('networkidle');
      });
      expect(errors).toEqual([]);
    });
  });
}
