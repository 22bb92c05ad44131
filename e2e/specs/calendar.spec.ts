import { expect, test } from '@playwright/test';
import { emptySchedule, type TSchedule } from '@puna/domain';
import { seriousViolations } from '../support/axe';
import { openPage } from '../support/pages';
import { addEmployee, expectNoHorizontalOverflow, openNewEmployer } from '../support/workspace';

/** The header the server's CSRF rule expects on writes from the app. */
const appHeaders = { 'x-requested-with': 'puna' };

function weekdays(start: string, end: string): TSchedule {
  const schedule = emptySchedule();
  for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const) {
    schedule[day] = { selected: true, startTime: start, endTime: end };
  }
  return schedule;
}

/**
 * The team calendar (docs/product.md#team-calendar): May 2026 in Kosovo has Labour Day on Friday
 * 1 May and Europe Day's day off moved to Monday 11 May; the employer adds a company day on 20 May.
 * Approved leave has no route in this suite yet: the server tests cover it.
 */
test('the team calendar shows schedules, holidays and company days, as a grid at 1280 px and a list of days at 390 px', async ({
  page,
  request,
}) => {
  await openNewEmployer(page, request, 'Kalendari i Furrës');
  await addEmployee(page, { name: 'Ana Gashi', wages: 'Orë', salary: 4, schedule: weekdays('08:00', '16:00') });
  await addEmployee(page, { name: 'Besnik Shala', wages: 'Orë', salary: 4, schedule: weekdays('22:00', '06:00') });
  await addEmployee(page, { name: 'Drita Berisha', wages: 'Orë', salary: 4 });
  const added = await page.request.post('/krye/holidays', {
    data: { date: '2026-05-20', name: 'Dita e firmës' },
    headers: appHeaders,
  });
  expect(added.status(), await added.text()).toBe(201);

  // Desktop: the grid.
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPage(page, '/kryepuntor/kalendari?month=2026-05');
  await expect(page.getByRole('heading', { level: 1, name: 'Kalendari i ekipit' })).toBeVisible();
  const grid = page.getByTestId('calendar-grid');
  await expect(grid).toBeVisible();
  await expect(grid.getByRole('rowheader')).toHaveText(['Ana Gashi', 'Besnik Shala', 'Drita Berisha']);
  await expect(grid.getByRole('columnheader')).toHaveCount(32);
  const ana = grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Ana Gashi' }) });
  // Monday 4 May is scheduled 08:00–16:00; Labour Day and the company day show their names.
  await expect(ana.getByRole('cell').nth(3)).toHaveText('08:00–16:00');
  await expect(ana.getByRole('cell').nth(0)).toHaveText('Dita Ndërkombëtare e Punës');
  await expect(ana.getByRole('cell').nth(19)).toHaveText('Dita e firmës');
  const besnik = grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Besnik Shala' }) });
  await expect(besnik.getByRole('cell').nth(3)).toHaveText('22:00–06:00');
  // Saturday 2 May: a rest day, empty.
  await expect(ana.getByRole('cell').nth(1)).toHaveText('');
  await expect(page.getByRole('list', { name: 'Shpjegimi i ngjyrave' })).toContainText('Pushim vjetor');
  const holidays = page.getByRole('region', { name: 'Festat e muajit' });
  await expect(holidays).toContainText('Dita Ndërkombëtare e Punës');
  await expect(holidays).toContainText('Dita e Evropës (ditë pushimi)');
  await expect(holidays).toContainText('Dita e firmës (ditë e firmës)');
  await expectNoHorizontalOverflow(page);
  expect(await seriousViolations(page)).toEqual([]);

  // The month picker moves to June, kept in the address.
  await page.getByLabel('Muaji', { exact: true }).fill('2026-06');
  await expect(page).toHaveURL('/kryepuntor/kalendari?month=2026-06');
  await expect(grid.getByRole('columnheader')).toHaveCount(31);
  await expect(holidays).not.toContainText('Dita e firmës');

  // Phone: one line a day.
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, '/kryepuntor/kalendari?month=2026-05');
  await expect(grid).toBeHidden();
  const days = page.getByTestId('calendar-days');
  await expect(days.locator('li[data-date]')).toHaveCount(31);
  await expect(days.locator('li[data-date="2026-05-01"]')).toContainText('Dita Ndërkombëtare e Punës');
  await expect(days.locator('li[data-date="2026-05-04"]')).toContainText('2 punëtorë në orar');
  await expect(days.locator('li[data-date="2026-05-02"]')).toContainText('Askush në orar');
  await expect(days.locator('li[data-date="2026-05-20"]')).toContainText('Dita e firmës');
  await expectNoHorizontalOverflow(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the team calendar without workers says so and links to adding them; it is in the menu', async ({
  page,
  request,
}) => {
  await openNewEmployer(page, request, 'Furra e Re');
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPage(page, '/kryepuntor');
  await page.getByRole('button', { name: 'Më shumë' }).click();
  await page.getByRole('link', { name: 'Kalendari', exact: true }).click();
  await expect(page).toHaveURL(/\/kryepuntor\/kalendari/);
  await expect(page.getByText('Nuk keni ende punëtorë.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Shto punëtorë' })).toHaveAttribute('href', '/kryepuntor/employee');
});
