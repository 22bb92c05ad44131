import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { readVerificationCode } from './mail';

export const PASSWORD = 'Sekret-12345';

/** The header the server's CSRF rule expects on writes from the app. */
const appHeaders = { 'x-requested-with': 'puna' };

export function uniqueEmail(prefix = 'employer'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

/** Signs up and verifies an employer through the API (for tests that are not about sign-up). */
export async function createVerifiedEmployer(
  request: APIRequestContext,
  companyName = 'Furra e Fshatit',
): Promise<{ email: string; password: string }> {
  const email = uniqueEmail();
  const signup = await request.post('/auth/signup', {
    data: { email, password: PASSWORD, companyName },
    headers: appHeaders,
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const code = await readVerificationCode(email);
  const verify = await request.post('/auth/verify', { data: { email, code }, headers: appHeaders });
  expect(verify.ok(), await verify.text()).toBe(true);
  return { email, password: PASSWORD };
}

/** Logs in through the form, as a person would. */
export async function logInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Fjalëkalimi').fill(password);
  await page.getByRole('button', { name: 'Hyr', exact: true }).click();
}

/** Logs in with the page's own cookie jar, skipping the form (for shell and a11y tests). */
export async function logInQuickly(page: Page, email: string, password: string): Promise<void> {
  const response = await page.request.post('/auth/login', {
    data: { email, password, rememberMe: false },
    headers: appHeaders,
  });
  expect(response.ok(), await response.text()).toBe(true);
}
