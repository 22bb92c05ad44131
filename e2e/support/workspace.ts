import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type { TSchedule, TWageBasis } from '@puna/domain';
import { createVerifiedEmployer, logInQuickly, PASSWORD, uniqueEmail } from './accounts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './env';

/** The header the server's CSRF rule expects on writes from the app. */
const appHeaders = { 'x-requested-with': 'puna' };

export type TestEmployee = { id: number; name: string; wages: TWageBasis; salary: number; role: string };

/** Signs up a fresh employer and logs the page in as it (setup for tests about the workspace). */
export async function openNewEmployer(page: Page, request: APIRequestContext, companyName?: string) {
  const account = await createVerifiedEmployer(request, companyName);
  await logInQuickly(page, account.email, account.password);
  return account;
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Adds an employee through the API with the page's session. */
export async function addEmployee(
  page: Page,
  employee: {
    name: string;
    wages: TWageBasis;
    salary: number | string;
    role?: string;
    email?: string;
    password?: string;
    schedule?: TSchedule;
  },
): Promise<TestEmployee> {
  const body = await ok<{ Result: TestEmployee }>(
    await page.request.post('/krye/add_employee', {
      data: { role: 'Punëtor', ...employee, schedule: JSON.stringify(employee.schedule ?? null) },
      headers: appHeaders,
    }),
  );
  return body.Result;
}

/** Adds hours entries (worker, date, hours) through the API with the page's session. */
export async function addHours(page: Page, entries: { worker_id: number; data: string; ora: number }[]) {
  return ok<{ Result: { id: number; worker_id: number; data: string; ora: number }[] }>(
    await page.request.post('/krye/addworkerklista', { data: entries, headers: appHeaders }),
  );
}

/** Sets an employer's plan, as the platform admin does from the admin screen. */
export async function setPlan(
  request: APIRequestContext,
  employerId: number,
  type: 'premium' | 'basic',
): Promise<void> {
  // Logins are rate limited per address: log the admin in only once per request context.
  const check = await (await request.get('/auth/check')).json();
  if (check.user?.role !== 'admin') {
    const login = await request.post('/auth/login', {
      data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, rememberMe: false },
      headers: appHeaders,
    });
    expect(login.ok(), await login.text()).toBe(true);
  }
  const update = await request.put(`/auth/updateEmployer/${employerId}`, {
    data: { type },
    headers: appHeaders,
  });
  expect(update.ok(), await update.text()).toBe(true);
}

/** The logged-in user's employer id, from the session. */
export async function employerIdOf(page: Page): Promise<number> {
  const check = await (await page.request.get('/auth/check')).json();
  return check.user.employerId as number;
}

/** A worker login for the e-mail/password fields of the add form. */
export function workerLogin(): { email: string; password: string } {
  return { email: uniqueEmail('worker'), password: PASSWORD };
}

/** The page is no wider than the screen (nothing scrolls sideways). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** Money as the cards show it (always 2 decimals) reduced to its digits: "1.012,50 €" → "101250". */
export function centsDigits(amount: number): string {
  return String(Math.round(amount * 100));
}

/**
 * A shown amount's digits, read again until they match: right after a save or a change of month, the
 * screen can still show the previous answer for a moment.
 */
export async function expectDigits(locator: Locator, digits: string): Promise<void> {
  await expect.poll(async () => digitsOf(await locator.textContent())).toBe(digits);
}

export function digitsOf(text: string | null): string {
  return (text ?? '').replace(/\D/g, '').replace(/^0+(?=\d)/, '');
}
