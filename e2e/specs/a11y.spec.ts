import { expect, test } from '@playwright/test';
import { createVerifiedEmployer, logInQuickly } from '../support/accounts';
import { seriousViolations } from '../support/axe';

test.describe('accessibility (axe-core): no serious or critical violations', () => {
  test('public pages: landing, login, sign-up, contact, getting started, plans', async ({ page }) => {
    for (const path of ['/', '/login', '/signup', '/contactus', '/start', '/buy']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
    }
  });

  test('sign-up page with the verify modal open', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Verify?' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('employer dashboard shell, desktop and phone with the menu open', async ({ page, request }) => {
    const { email, password } = await createVerifiedEmployer(request);
    await logInQuickly(page, email, password);
    await page.goto('/kryepuntor');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'More' }).click();
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Hap menunë' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
