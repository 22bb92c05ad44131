import { expect, test } from '@playwright/test';

test.describe('public pages', () => {
  test('the landing page has the navbar, hero, features and footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mirë se vini në Puna');
    await expect(page.getByRole('link', { name: 'Hyr', exact: true })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: 'Zbuloni' })).toHaveAttribute('href', '#features');
    for (const title of ['Kreu', 'Menaxhimi i punëtorëve', 'Lista', 'Orët e punës', 'Faqja e punëtorëve']) {
      await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
    }
    await expect(page.getByText('© 2025 Puna')).toBeVisible();
    // The typewriter's phrases are there for screen readers as one text.
    await expect(page.getByText('Menaxhoni punëtorët, Ndiqni prezencën, Mbikëqyrni orët')).toBeAttached();

    await page.getByRole('link', { name: 'Zbuloni' }).click();
    await expect(page).toHaveURL(/#features$/);
    await page.getByRole('link', { name: 'Na kontaktoni' }).click();
    await expect(page).toHaveURL('/contactus');
  });

  test('the landing page loads only the public chunk', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.some((path) => /^\/assets\/public-area-[\w-]+\.js$/.test(path))).toBe(true);
    expect(scripts.filter((path) => /(employer|worker|admin)-area-/.test(path))).toEqual([]);
  });

  test('the contact form sends, says so, clears the fields and returns home after 3 seconds', async ({ page }) => {
    await page.goto('/contactus');
    await page.getByLabel('Emri').fill('Arben Hoxha');
    await page.getByLabel('Email').fill('arben@example.test');
    await page.getByPlaceholder('Mesazhi').fill('Përshëndetje, dua të di më shumë për planin Premium.');
    await page.getByRole('button', { name: 'Dërgo mesazhin' }).click();

    await expect(page.getByText('Mesazhi juaj u dërgua!')).toBeVisible();
    const shownAt = Date.now();
    await expect(page.getByLabel('Emri')).toHaveValue('');
    await expect(page.getByPlaceholder('Mesazhi')).toHaveValue('');
    await expect(page).toHaveURL('/contactus');
    await expect(page).toHaveURL('/', { timeout: 6_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2_000);
  });

  test('the contact form asks for the missing fields', async ({ page }) => {
    await page.goto('/contactus');
    await page.getByRole('button', { name: 'Dërgo mesazhin' }).click();
    await expect(page.getByText('Emri është i detyrueshëm.')).toBeVisible();
    await expect(page.getByText('Mesazhi është i detyrueshëm.')).toBeVisible();
  });

  test('an unknown path goes to the landing page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the language switch changes the texts and is remembered', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Puna');
    expect(await page.evaluate(() => localStorage.getItem('puna.lang'))).toBe('en');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Puna');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: 'Shqip' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mirë se vini në Puna');
  });

  test('Kthehu në faqen kryesore returns to the start page the visitor came from', async ({ page }) => {
    await page.goto('/start');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Si të filloni me Puna');
    await page.goto('/login');
    await expect(page.getByRole('link', { name: 'Kthehu në faqen kryesore' })).toHaveAttribute('href', '/start');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mirë se vini në Puna');
    await page.goto('/signup');
    await expect(page.getByRole('link', { name: 'Kthehu në faqen kryesore' })).toHaveAttribute('href', '/');
  });

  test('the plans page offers basic and premium at 10 EUR a month', async ({ page }) => {
    await page.goto('/buy');
    await expect(page.getByRole('heading', { name: 'Premium' })).toBeVisible();
    await expect(page.getByText(/10\s?€|€\s?10/)).toBeVisible();
    await page.getByRole('link', { name: 'Behu Premium' }).click();
    await expect(page).toHaveURL('/signup');
  });
});
