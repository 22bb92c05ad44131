import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { emptySchedule, localClockOf, type TSchedule } from '@puna/domain';
import { logInQuickly } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { BASE_URL } from '../support/env';
import { unbroken } from '../support/layout';
import { localeText } from '../support/locale';
import { openPage } from '../support/pages';
import {
  addEmployee,
  employerIdOf,
  expectNoHorizontalOverflow,
  openNewEmployer,
  setPlan,
  workerLogin,
} from '../support/workspace';

test.use({ timezoneId: 'Europe/Tirane' });

const appHeaders = { 'x-requested-with': 'puna' };
const ZONE = 'Europe/Tirane';

const WEEKDAYS: TSchedule = (() => {
  const schedule = emptySchedule();
  for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const) {
    schedule[day] = { selected: true, startTime: '08:00', endTime: '16:00' };
  }
  return schedule;
})();

/** A Tuesday and the Wednesday after it in October this year (`week` 1 or 2 after the first): no holiday in Kosovo or Albania. */
function octoberDays(week: number): { from: string; to: string } {
  const year = new Date().getFullYear();
  const first = new Date(Date.UTC(year, 9, 1));
  const firstTuesday = 1 + ((2 - first.getUTCDay() + 7) % 7);
  const day = (n: number) => `${year}-10-${String(n).padStart(2, '0')}`;
  return { from: day(firstTuesday + 7 * week), to: day(firstTuesday + 7 * week + 1) };
}
const ddmm = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

/** A worker signed in on a phone of its own, asking through the same calls its screens make. */
async function workerOnPhone(browser: Browser, login: { email: string; password: string }) {
  const phone = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: 390, height: 844 },
    timezoneId: ZONE,
  });
  const page = await phone.newPage();
  await logInQuickly(page, login.email, login.password);
  const year = Number(octoberDays(1).from.slice(0, 4));
  const own = await (await page.request.get(`/krye/worker/me/leave?year=${year}`)).json();
  const typeId = (own.Result.types as { id: number; kind: string }[]).find((type) => type.kind === 'annual')?.id;
  const askLeave = async (days: { from: string; to: string }, note: string) => {
    const asked = await page.request.post('/krye/worker/me/leave', {
      data: { ...days, type: typeId, note },
      headers: appHeaders,
    });
    expect(asked.status(), await asked.text()).toBe(201);
    return (await asked.json()).Result.id as number;
  };
  const askCorrection = async (date: string, time: string) => {
    const asked = await page.request.post('/krye/worker/me/corrections', {
      data: { date, kind: 'in', time, note: 'Harrova kartën' },
      headers: appHeaders,
    });
    expect(asked.status(), await asked.text()).toBe(201);
  };
  return { phone, askLeave, askCorrection };
}

async function decideLeave(request: APIRequestContext, id: number, status: 'approved' | 'declined') {
  const decided = await request.put(`/krye/leave/${id}`, { data: { status }, headers: appHeaders });
  expect(decided.ok(), await decided.text()).toBe(true);
}

/** The employer's menu entry 'Kërkesat': in 'Më shumë' on a desktop, in the slide-in menu on a phone. */
async function requestsLink(page: Page, wide: boolean) {
  if (wide) await page.getByRole('button', { name: new RegExp(`^${localeText('employer.nav.more')}`) }).click();
  else await page.getByRole('button', { name: localeText('employer.menu.open') }).click();
  return page.getByRole('link', { name: new RegExp(`^${localeText('requests.nav', { feature: 'requests' })}`) });
}

const requestsText = (key: string, lang: 'sq' | 'en' = 'sq') => localeText(key, { feature: 'requests', lang });

/**
 * The requests inbox (docs/product.md#requests-inbox): a premium employer's leave requests and
 * "I forgot to scan" requests in one list, pending first and newest first, answered in place, with
 * the count of those waiting beside 'Kërkesat' in the menu, at 1280 px and at 390 px, in both languages.
 */
test('leave and correction requests wait together, pending first, and are answered in place', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  await openNewEmployer(page, request, 'Kërkesat e Furrës');
  await setPlan(request, await employerIdOf(page), 'premium');
  const login = workerLogin();
  await addEmployee(page, { name: 'Vesa Gashi', wages: 'Muaj', salary: 600, schedule: WEEKDAYS, ...login });
  const worker = await workerOnPhone(browser, login);
  const yesterday = localClockOf(new Date(Date.now() - 24 * 60 * 60 * 1000), ZONE).date;

  // Oldest: a leave already approved; then a correction; newest: another leave. Two wait.
  const first = octoberDays(1);
  const latest = octoberDays(2);
  await decideLeave(page.request, await worker.askLeave(first, 'Dasma'), 'approved');
  await worker.askCorrection(yesterday, '08:05');
  await worker.askLeave(latest, 'Vizitë te mjeku');

  // Desktop: 'Më shumë' holds 'Kërkesat' with the two waiting.
  await openPage(page, '/kryepuntor');
  const link = await requestsLink(page, true);
  await expect(link).toHaveAccessibleName(
    new RegExp(requestsText('requests.pendingCount_other').replace('{{count}}', '2')),
  );
  await link.click();
  await expect(page).toHaveURL('/kryepuntor/kerkesat');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(requestsText('requests.title'));

  const pending = page.getByTestId('requests-pending').getByRole('listitem');
  await expect(pending).toHaveCount(2);
  await expect(pending.nth(0)).toContainText(`${ddmm(latest.from)} – ${ddmm(latest.to)}`);
  await expect(pending.nth(1)).toContainText(
    localeText('corrections.asked.in', { feature: 'corrections' }).replace('{{time}}', '08:05'),
  );
  const decided = page.getByTestId('requests-decided').getByRole('listitem');
  await expect(decided).toHaveCount(1);
  await expect(decided.first()).toContainText(`${ddmm(first.from)} – ${ddmm(first.to)}`);
  await expect(decided.first()).toContainText(localeText('leave.status.approved', { feature: 'leave' }));
  expect(await seriousViolations(page)).toEqual([]);

  // The correction is approved in place: it leaves the pending list, and the count drops to one.
  await pending
    .nth(1)
    .getByRole('button', { name: localeText('corrections.employer.approve', { feature: 'corrections' }) })
    .click();
  await expect(page.getByText(localeText('corrections.employer.approved', { feature: 'corrections' }))).toBeVisible();
  await expect(pending).toHaveCount(1);
  await expect(decided).toHaveCount(2);
  await expect(await requestsLink(page, true)).toHaveAccessibleName(
    new RegExp(requestsText('requests.pendingCount_one').replace('{{count}}', '1')),
  );
  await page.keyboard.press('Escape');

  // A phone: the slide-in menu holds the entry with its count; the inbox fits 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, '/kryepuntor/kerkesat');
  await expect(pending).toHaveCount(1);
  await expectNoHorizontalOverflow(page);
  expect(await seriousViolations(page)).toEqual([]);
  await expect(await requestsLink(page, false)).toHaveAccessibleName(
    new RegExp(requestsText('requests.pendingCount_one').replace('{{count}}', '1')),
  );
  await page.keyboard.press('Escape');

  // The leave is declined in place: nothing waits, and the count is gone.
  await pending
    .first()
    .getByRole('button', { name: localeText('leave.requests.decline', { feature: 'leave' }) })
    .click();
  await expect(page.getByText(localeText('leave.requests.declined', { feature: 'leave' }))).toBeVisible();
  await expect(page.getByText(requestsText('requests.pendingEmpty'))).toBeVisible();
  await expect(decided).toHaveCount(3);
  await expect(await requestsLink(page, false)).toHaveAccessibleName(requestsText('requests.nav'));
  await page.keyboard.press('Escape');

  // In English, at both widths.
  await page.evaluate(() => window.localStorage.setItem('puna.lang', 'en'));
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await openPage(page, '/kryepuntor/kerkesat');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(requestsText('requests.title', 'en'));
    await expect(page.getByText(requestsText('requests.pendingEmpty', 'en'))).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: requestsText('requests.decidedTitle', 'en') }),
    ).toBeVisible();
    await expectNoHorizontalOverflow(page);
  }
  await worker.phone.close();
});

/**
 * Corrections come with Premium: a basic employer's inbox holds its leave requests, and no error.
 * A 100-character name without a space stays inside the phone's width.
 */
test("a basic employer's inbox holds the leave requests, answered in place on a phone", async ({
  page,
  request,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openNewEmployer(page, request, 'Dyqani i Vogël');
  const login = workerLogin();
  await addEmployee(page, {
    name: unbroken('Shpëtimtari', 100),
    wages: 'Muaj',
    salary: 500,
    schedule: WEEKDAYS,
    ...login,
  });
  const worker = await workerOnPhone(browser, login);
  await worker.askLeave(octoberDays(1), 'Pushim');

  await openPage(page, '/kryepuntor');
  const link = await requestsLink(page, false);
  await expect(link).toHaveAccessibleName(
    new RegExp(requestsText('requests.pendingCount_one').replace('{{count}}', '1')),
  );
  await link.click();
  await expect(page).toHaveURL('/kryepuntor/kerkesat');
  const pending = page.getByTestId('requests-pending').getByRole('listitem');
  await expect(pending).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await pending
    .first()
    .getByRole('button', { name: localeText('leave.requests.approve', { feature: 'leave' }) })
    .click();
  await expect(page.getByText(localeText('leave.requests.approved', { feature: 'leave' }))).toBeVisible();
  await expect(page.getByTestId('requests-decided').getByRole('listitem')).toHaveCount(1);
  await expectNoHorizontalOverflow(page);
  expect(await seriousViolations(page)).toEqual([]);
  await worker.phone.close();
});
