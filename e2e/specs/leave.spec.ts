import { expect, test } from '@playwright/test';
import { emptySchedule, type TSchedule } from '@puna/domain';
import { logInQuickly } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { BASE_URL } from '../support/env';
import { openPage } from '../support/pages';
import { addEmployee, expectNoHorizontalOverflow, openNewEmployer, workerLogin } from '../support/workspace';

test.use({ timezoneId: 'Europe/Tirane' });

const WEEKDAYS: TSchedule = (() => {
  const schedule = emptySchedule();
  for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const) {
    schedule[day] = { selected: true, startTime: '08:00', endTime: '16:00' };
  }
  return schedule;
})();

/** The second Tuesday of October this year and the Wednesday after it: no holiday in Kosovo or Albania. */
function octoberDays(): { from: string; to: string } {
  const year = new Date().getFullYear();
  const first = new Date(Date.UTC(year, 9, 1));
  const firstTuesday = 1 + ((2 - first.getUTCDay() + 7) % 7);
  const day = (n: number) => `${year}-10-${String(n).padStart(2, '0')}`;
  return { from: day(firstTuesday + 7), to: day(firstTuesday + 8) };
}

/**
 * Leave (docs/product.md#leave): a worker asks for two days on a 390 px phone, the employer approves
 * on a desktop, and the worker sees the leave approved and its balance two days lower.
 */
test('a worker asks for leave on a phone, the employer approves on desktop, the balance drops', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  await openNewEmployer(page, request, 'Pushimet e Vjeshtës');
  const login = workerLogin();
  await addEmployee(page, { name: 'Drita Krasniqi', wages: 'Muaj', salary: 600, schedule: WEEKDAYS, ...login });

  // The worker, on a phone.
  const phone = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 390, height: 844 } });
  const workerPage = await phone.newPage();
  await logInQuickly(workerPage, login.email, login.password);
  await openPage(workerPage, '/datapuntoret/pushimet');
  await expect(workerPage.getByRole('heading', { level: 1 })).toHaveText('Pushimet');
  const remaining = workerPage.getByTestId('leave-remaining');
  const before = Number(await remaining.textContent());
  await expect(workerPage.getByText('Nuk keni kërkuar ende pushim.')).toBeVisible();
  await expectNoHorizontalOverflow(workerPage);

  const days = octoberDays();
  const form = workerPage.getByRole('form', { name: 'Kërko pushim' });
  await form.getByLabel('Nga').fill(days.from);
  await form.getByLabel('Deri').fill(days.to);
  await expect(form.getByLabel('Lloji')).toHaveValue(/\d+/);
  await form.getByLabel('Shënim (opsional)').fill('Dasma e vëllait');
  await form.getByRole('button', { name: 'Dërgo kërkesën' }).click();
  await expect(workerPage.getByText('Kërkesa juaj u dërgua.')).toBeVisible();
  const mine = workerPage.getByTestId('own-leave').getByRole('listitem');
  await expect(mine).toHaveCount(1);
  await expect(mine.first()).toContainText('Në pritje');
  await expect(mine.first()).toContainText('2 ditë');
  expect(await seriousViolations(workerPage)).toEqual([]);

  // Asking again for the same days is refused in words.
  await form.getByLabel('Nga').fill(days.from);
  await form.getByLabel('Deri').fill(days.from);
  await form.getByRole('button', { name: 'Dërgo kërkesën' }).click();
  await expect(
    form.getByText('Punëtori ka tashmë pushim të kërkuar ose të miratuar në disa nga këto ditë.'),
  ).toBeVisible();

  // The employer, on a desktop: the new request waits first on the leave page, marked new.
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPage(page, '/kryepuntor');
  const more = page.getByRole('button', { name: /^Më shumë/ });
  await expect(more.getByText('Mesazhe të palexuara')).toHaveCount(1);
  await openPage(page, '/kryepuntor/pushimet');
  const pending = page.getByTestId('pending-leave').getByRole('listitem');
  await expect(pending).toHaveCount(1);
  await expect(pending.first()).toContainText('Drita Krasniqi');
  await expect(pending.first()).toContainText('Dasma e vëllait');
  await expect(page.getByTestId('leave-balances')).toContainText('Drita Krasniqi');
  expect(await seriousViolations(page)).toEqual([]);
  await pending.first().getByLabel('Shënim për punëtorin (opsional)').fill('Gëzuar!');
  await pending.first().getByRole('button', { name: 'Mirato' }).click();
  await expect(page.getByText('Pushimi u miratua.')).toBeVisible();
  await expect(page.getByText('Asnjë kërkesë nuk pret.')).toBeVisible();
  await expect(page.getByTestId('all-leave')).toContainText('Miratuar');

  // The approved leave on the hours list of its first day and on the team calendar's row.
  await openPage(page, `/kryepuntor/klista?date=${days.from}`);
  await expect(page.getByTestId('hours-on-leave')).toContainText('Drita Krasniqi');
  await expect(page.getByTestId('hours-on-leave')).toContainText('Pushim vjetor');
  await openPage(page, `/kryepuntor/kalendari?month=${days.from.slice(0, 7)}`);
  const row = page
    .getByTestId('calendar-grid')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Drita Krasniqi' }) });
  await expect(row).toContainText('Pushim vjetor');

  // The worker sees it approved, with the employer's note, and two days fewer left.
  await openPage(workerPage, '/datapuntoret/pushimet');
  await expect(mine.first()).toContainText('Miratuar');
  await expect(mine.first()).toContainText('Gëzuar!');
  await expect(remaining).toHaveText(String(before - 2));
  await expect(workerPage.getByTestId('leave-taken')).toHaveText('2');
  await expectNoHorizontalOverflow(workerPage);
  await phone.close();
});
