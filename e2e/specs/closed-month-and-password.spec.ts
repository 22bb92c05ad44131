import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { logInQuickly } from '../support/accounts';
import { BASE_URL } from '../support/env';
import { localeText } from '../support/locale';
import { openPage } from '../support/pages';
import { addEmployee, employerIdOf, openNewEmployer, setPlan, workerLogin } from '../support/workspace';

/** Issue 34 (7): texts a worker and an employer meet when something is refused. */
const appHeaders = { 'x-requested-with': 'puna' };
const errorText = (code: string) => localeText(`errors.${code}`, { errors: true });

async function workerPageOf(
  browser: Browser,
  viewport: { width: number; height: number },
  login: { email: string; password: string },
) {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport, locale: 'sq-AL', reducedMotion: 'reduce' });
  const page = await context.newPage();
  await logInQuickly(page, login.email, login.password);
  return page;
}

/** Wrong current password first (the server refuses), then a confirmation that does not match. */
async function tryTwice(
  page: Page | Locator,
  labels: { current: string; new: string; confirm: string; submit: string },
) {
  await page.getByLabel(labels.current).fill('not-my-password-1');
  await page.getByLabel(labels.new).fill('Sekret-67890');
  await page.getByLabel(labels.confirm).fill('Sekret-67890');
  await page.getByRole('button', { name: labels.submit }).click();
  const refused = page.getByRole('alert').filter({ hasText: errorText('currentPasswordIncorrect') });
  await expect(refused).toBeVisible();

  await page.getByLabel(labels.confirm).fill('Sekret-00000');
  await page.getByRole('button', { name: labels.submit }).click();
  // The mismatch in the screen's language, and the last try's answer gone.
  await expect(page.getByText(errorText('newPasswordMismatch'))).toBeVisible();
  await expect(refused).toBeHidden();
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a worker whose correction falls in a closed month is told to ask the employer', async ({
      page,
      request,
      browser,
    }) => {
      await openNewEmployer(page, request);
      await setPlan(request, await employerIdOf(page), 'premium');
      const rules = await page.request.put('/krye/labour-settings', {
        data: { jurisdiction: 'XK', apply_labour_rules: true },
        headers: appHeaders,
      });
      expect(rules.ok(), await rules.text()).toBe(true);
      const login = workerLogin();
      await addEmployee(page, { name: 'Arta Berisha', wages: 'Orë', salary: 4, ...login });
      const closed = await page.request.post('/krye/months/2025-03/close', {
        data: { acknowledge_exceptions: true },
        headers: appHeaders,
      });
      expect(closed.ok(), await closed.text()).toBe(true);

      const worker = await workerPageOf(browser, viewport, login);
      await openPage(worker, '/datapuntoret/korrigjimet');
      const corrections = (key: string) => localeText(`corrections.worker.${key}`, { feature: 'corrections' });
      await worker.getByLabel(corrections('date')).fill('2025-03-10');
      await worker.getByLabel(corrections('time')).fill('16:00');
      await worker.getByRole('button', { name: corrections('send') }).click();
      const alert = worker.getByRole('alert');
      await expect(alert).toHaveText(corrections('monthClosed'));
      // The employer's sentence ("reopen the month") is not the worker's to act on.
      await expect(alert).not.toHaveText(errorText('monthClosed'));
      await worker.context().close();
    });

    test("the employer's password card speaks the screen's language and forgets the last try's error", async ({
      page,
      request,
    }) => {
      await openNewEmployer(page, request);
      await openPage(page, '/kryepuntor/llogaria');
      const text = (key: string) => localeText(`account.password.${key}`, { feature: 'account' });
      // The e-mail card asks for the current password too: the password card's own fields.
      const card = page.getByRole('region', { name: text('title') });
      await tryTwice(card, {
        current: text('current'),
        new: text('new'),
        confirm: text('confirm'),
        submit: text('submit'),
      });
    });

    test("the worker's password screen speaks the screen's language and forgets the last try's error", async ({
      page,
      request,
      browser,
    }) => {
      await openNewEmployer(page, request);
      const login = workerLogin();
      const arta = await addEmployee(page, { name: 'Arta Berisha', wages: 'Orë', salary: 4, ...login });
      const worker = await workerPageOf(browser, viewport, login);
      await openPage(worker, `/change/password/${arta.id}`);
      const text = (key: string) => localeText(`workerAccount.password.${key}`, { feature: 'worker' });
      await tryTwice(worker, {
        current: text('current'),
        new: text('new'),
        confirm: text('confirm'),
        submit: text('submit'),
      });
      await worker.context().close();
    });
  });
}
