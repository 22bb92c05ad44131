import { expect, request as playwrightRequest, test } from '@playwright/test';
import { addDays, todayIn, wallClockOf } from '@puna/domain';
import { AxeReport, VIEWPORTS } from '../support/axe';
import { BASE_URL } from '../support/env';
import { LanguageReport } from '../support/language';
import { openPage } from '../support/pages';
import { addEmployee, employerIdOf, expectNoHorizontalOverflow, openNewEmployer, setPlan } from '../support/workspace';

test.use({ timezoneId: 'Europe/Tirane' });

const ZONE = 'Europe/Tirane';
const HOUR = 3_600_000;
const MINUTE = 60_000;

/** The header the server's CSRF rule expects on writes from the app. */
const appHeaders = { 'x-requested-with': 'puna' };

const ok = async (response: import('@playwright/test').APIResponse) =>
  expect(response.ok(), await response.text()).toBe(true);

/** An instant as the employer's wall clock reads it: its date and 'HH:MM'. */
const wall = (instant: Date) => {
  const { date, time } = wallClockOf(instant, ZONE);
  return { date, time: time.slice(0, 5) };
};

/**
 * The board of today per shift (docs/product.md#shifts-and-the-roster) while a shift runs across
 * the night. The server judges by its own clock (the board uses no time of the browser), so the
 * shifts are placed around the real now in Europe/Tirane: the running shift starts three whole hours
 * before now and lasts eight — between 00:00 and 03:00 that is yesterday's night shift (22:00–06:00
 * at 01:xx). Arta scanned two minutes after its start (in), Besa forty (late: the tolerance is 10),
 * Dritan not at all (missing); Erion's shift starts two hours from now (due) — on tomorrow's date
 * from 22:00 on, when it is not on today's board.
 */
test('the today board shows who is in, late, missing and due per shift, during a night shift, at 1280 and 390 px', async ({
  page,
  request,
}) => {
  test.slow();
  const axe = new AxeReport();
  await openNewEmployer(page, request, 'Roja e Natës');
  await setPlan(request, await employerIdOf(page), 'premium');
  const data = ['Roja e Natës', 'Arta Krasniqi', 'Besa Hoxha', 'Dritan Shala', 'Erion Gashi'];
  const sq = new LanguageReport(data);
  const en = new LanguageReport(data, 'en');

  const now = Date.now();
  const start = new Date(Math.floor(now / HOUR) * HOUR - 3 * HOUR);
  const running = { ...wall(start), end: wall(new Date(start.getTime() + 8 * HOUR)).time };
  const laterStart = wall(new Date(Math.floor(now / HOUR) * HOUR + 2 * HOUR));
  const later = { ...laterStart, end: wall(new Date(Math.floor(now / HOUR) * HOUR + 10 * HOUR)).time };
  const today = todayIn(ZONE);
  const laterIsToday = later.date === today;

  const people: Record<string, { id: number; card: string }> = {};
  for (const [index, name] of ['Arta Krasniqi', 'Besa Hoxha', 'Dritan Shala', 'Erion Gashi'].entries()) {
    const employee = { name, wages: 'Orë' as const, salary: 4, role: 'Punëtor' };
    const added = await addEmployee(page, employee);
    const card = `0B${index}${String(Date.now()).slice(-7)}`;
    await ok(
      await page.request.put(`/krye/edit_employee/${added.id}`, {
        data: { ...employee, rfid: card },
        headers: appHeaders,
      }),
    );
    people[name] = { id: added.id, card };
  }
  const person = (name: string) => people[name] as { id: number; card: string };

  for (const name of ['Arta Krasniqi', 'Besa Hoxha', 'Dritan Shala']) {
    await ok(
      await page.request.post('/krye/shifts', {
        data: {
          employee_id: person(name).id,
          date: running.date,
          start: running.time,
          end: running.end,
          break_minutes: 30,
          note: '',
        },
        headers: appHeaders,
      }),
    );
  }
  await ok(
    await page.request.post('/krye/shifts', {
      data: {
        employee_id: person('Erion Gashi').id,
        date: later.date,
        start: later.time,
        end: later.end,
        break_minutes: 30,
        note: '',
      },
      headers: appHeaders,
    }),
  );
  await ok(
    await page.request.post('/krye/shifts/publish', {
      data: { from: addDays(today, -1), to: addDays(today, 1) },
      headers: appHeaders,
    }),
  );

  // The scans, from a registered reader: Arta on time, Besa 40 minutes late.
  const deviceId = `NIGHT-${Date.now().toString(36)}`;
  const registered = await page.request.post('/api/controllers', {
    data: { device_id: deviceId, name: 'Porta', protocol: 'puna' },
    headers: appHeaders,
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { secret } = (await registered.json()).Result as { secret: string };
  const reader = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const artaAt = new Date(start.getTime() + 2 * MINUTE);
  const besaAt = new Date(start.getTime() + 40 * MINUTE);
  const sent = await reader.post('/device/v1/scans', {
    data: {
      scans: [
        { seq: 1, uid: person('Arta Krasniqi').card, ts: artaAt.toISOString() },
        { seq: 2, uid: person('Besa Hoxha').card, ts: besaAt.toISOString() },
      ],
    },
    headers: { authorization: `Device ${deviceId}:${secret}` },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  await reader.dispose();

  const range = `${running.time}–${running.end}`;
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await openPage(page, '/kryepuntor');
    const board = page.getByRole('region', { name: 'Sot në punë' });
    const shifts = board.getByRole('region', { name: 'Turnet e sotme' });
    await expect(shifts).toBeVisible();
    const night = shifts.getByRole('region', { name: new RegExp(`^Turni ${range}`) });
    await expect(night).toContainText('3 punëtorë');
    if (running.date !== today) await expect(night).toContainText('nisi dje');
    const row = (name: string) => night.getByRole('listitem').filter({ hasText: name });
    await expect(row('Arta Krasniqi')).toContainText(`Hyri ${wall(artaAt).time}`);
    await expect(row('Arta Krasniqi')).toContainText('Brenda');
    await expect(row('Besa Hoxha')).toContainText(`Hyri ${wall(besaAt).time}, 40 min vonë`);
    await expect(row('Besa Hoxha')).toContainText('Me vonesë');
    await expect(row('Dritan Shala')).toContainText('Mungon');
    await expect(row('Dritan Shala')).not.toContainText('Hyri');
    // The counts per state, in words with their numbers; the worst first.
    const counts = shifts.getByRole('list', { name: 'Turnet sipas gjendjes' }).getByRole('listitem');
    const expected = ['Mungon 1', 'Me vonesë 1', 'Brenda 1', ...(laterIsToday ? ['Pritet 1'] : [])];
    await expect(counts).toHaveText(expected);
    // The missing first within the shift.
    await expect(night.getByRole('listitem').first()).toContainText('Dritan Shala');
    const erion = shifts.getByRole('listitem').filter({ hasText: 'Erion Gashi' });
    if (laterIsToday) {
      const laterGroup = shifts.getByRole('region', { name: new RegExp(`^Turni ${later.time}–${later.end}`) });
      await expect(laterGroup.getByRole('listitem').filter({ hasText: 'Erion Gashi' })).toContainText('Pritet');
    } else {
      await expect(erion).toHaveCount(0);
    }
    // The workers' tiles stay below, as they were.
    await expect(board.getByRole('button', { name: /^Të gjithë 4$/ })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await axe.check(page, `/kryepuntor (shifts, ${viewport.width} px)`);
    await sq.check(page, `/kryepuntor (shifts, ${viewport.width} px)`);
    await page.screenshot({ path: test.info().outputPath(`today-shifts-${viewport.width}.png`), fullPage: true });
  }

  // In English.
  await page.evaluate(() => localStorage.setItem('puna.lang', 'en'));
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, '/kryepuntor');
  const shifts = page.getByRole('region', { name: "Today's shifts" });
  const night = shifts.getByRole('region', { name: new RegExp(`^Shift ${range}`) });
  await expect(night.getByRole('listitem').filter({ hasText: 'Besa Hoxha' })).toContainText(
    `In at ${wall(besaAt).time}, 40 min late`,
  );
  await expect(night.getByRole('listitem').filter({ hasText: 'Dritan Shala' })).toContainText('Missing');
  await expect(night.getByRole('listitem').filter({ hasText: 'Arta Krasniqi' })).toContainText('In');
  await en.check(page, '/kryepuntor (shifts, en, 390 px)');
  await page.screenshot({ path: test.info().outputPath('today-shifts-en-390.png'), fullPage: true });
  sq.expectOneLanguage();
  en.expectOneLanguage();
  axe.expectClean();
});
