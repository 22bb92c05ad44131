import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { logInQuickly, PASSWORD, uniqueEmail } from './accounts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL } from './env';

/** The header the server's CSRF rule expects on writes from the app. */
const appHeaders = { 'x-requested-with': 'puna' };

export const SEARCH_PLACEHOLDER = 'Kërko sipas email-it ose kompanisë...';

export type SignedUpEmployer = { email: string; companyName: string };

/**
 * Signs an employer up without verifying it: enough for the admin's screens (an unverified account
 * is listed and can be viewed), and it spends none of the verification attempts the server allows
 * one address per quarter hour.
 */
export async function signUpEmployer(request: APIRequestContext, prefix = 'Furra'): Promise<SignedUpEmployer> {
  const email = uniqueEmail('admin-e2e');
  const companyName = `${prefix} ${randomUUID().slice(0, 6)}`;
  const response = await request.post('/auth/signup', {
    data: { email, password: PASSWORD, companyName },
    headers: appHeaders,
  });
  expect(response.status(), await response.text()).toBe(201);
  return { email, companyName };
}

export async function logInAsAdmin(page: Page): Promise<void> {
  await logInQuickly(page, ADMIN_EMAIL, ADMIN_PASSWORD);
}

/** The platform admin in a browser window of its own, beside an employer's. */
export async function openAdminWindow(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'sq-AL' });
  const page = await context.newPage();
  await logInAsAdmin(page);
  return page;
}

/** Opens /admin and narrows the list to one account with the search box. */
export async function searchEmployers(page: Page, text: string): Promise<void> {
  if (!page.url().endsWith('/admin')) await page.goto('/admin');
  await page.getByPlaceholder(SEARCH_PLACEHOLDER).fill(text);
}
