import { messages, type TTeamCalendar } from '@puna/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import { insertLeave } from '../../../test/helpers/leave-factories';
import { setScheduleHistory, weekdays } from '../../../test/helpers/schedules';
import {
  addCompanyDay,
  addEmployee,
  call,
  createWorker,
  createWorkspace,
  createWorkspaceTestApp,
  resultOf,
  setWorkerLimit,
} from '../../../test/helpers/workspace-factories';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});
afterAll(async () => ctx?.close());

async function calendarOf(token: string, query = '?month=2026-05'): Promise<TTeamCalendar> {
  const res = await call(ctx, token, 'GET', `/krye/calendar${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return resultOf<TTeamCalendar>(res);
}

describe('GET /krye/calendar', () => {
  it("marks every worker's day: holiday, company day, leave, scheduled shift, rest day; and lists the holidays", async () => {
    const employer = await createWorkspace(ctx, 'Kalendari');
    const ana = await addEmployee(ctx, employer.token, { name: 'Ana', schedule: weekdays('08:00', '16:00') });
    const bea = await addEmployee(ctx, employer.token, { name: 'Bea', schedule: weekdays('22:00', '06:00') });
    const eda = await addEmployee(ctx, employer.token, { name: 'Eda' });
    await addCompanyDay(ctx, employer.token, '2026-05-20', 'Dita e firmës');
    // Ana's annual leave runs over a weekend and the moved day off of Europe Day (Monday 11 May).
    await insertLeave(ctx, employer.employerId, ana.id, {
      from: '2026-05-07',
      to: '2026-05-12',
      type: 'Pushim vjetor',
      kind: 'annual',
    });
    await insertLeave(ctx, employer.employerId, eda.id, {
      from: '2026-05-29',
      to: '2026-06-03',
      type: 'Pa pagesë',
      kind: 'unpaid',
      paid: false,
    });
    // Bea's request is still pending: not on the calendar.
    await insertLeave(ctx, employer.employerId, bea.id, {
      from: '2026-05-05',
      to: '2026-05-05',
      type: 'Mjekësor',
      kind: 'sick',
      status: 'pending',
    });

    const month = await calendarOf(employer.token);
    expect(month.month).toBe('2026-05');
    expect(month.dates).toHaveLength(31);
    expect(month.dates[0]).toBe('2026-05-01');
    expect(month.holidays.map((holiday) => [holiday.date, holiday.kind, holiday.dayOff])).toEqual([
      ['2026-05-01', 'official', true],
      ['2026-05-09', 'official', false],
      ['2026-05-11', 'official', true],
      ['2026-05-20', 'company', true],
      ['2026-05-27', 'official', true],
    ]);
    expect(month.workers.map((worker) => worker.name)).toEqual(['Ana', 'Bea', 'Eda']);
    const cell = (name: string, date: string) =>
      month.workers.find((worker) => worker.name === name)?.days.find((day) => day.date === date);

    expect(cell('Ana', '2026-05-01')).toEqual({
      date: '2026-05-01',
      kind: 'holiday',
      shift: { start: '08:00', end: '16:00' },
      holiday: 'Dita Ndërkombëtare e Punës',
      leave: null,
    });
    expect(cell('Ana', '2026-05-04')).toEqual({
      date: '2026-05-04',
      kind: 'scheduled',
      shift: { start: '08:00', end: '16:00' },
      holiday: null,
      leave: null,
    });
    const annual = { type: 'Pushim vjetor', kind: 'annual', paid: true };
    expect(cell('Ana', '2026-05-07')).toMatchObject({ kind: 'leave', leave: annual, shift: { start: '08:00' } });
    // A weekend inside the leave: still leave (the bar is whole), no shift.
    expect(cell('Ana', '2026-05-09')).toMatchObject({ kind: 'leave', leave: annual, shift: null, holiday: null });
    // A holiday inside the leave is a holiday, the leave stays on the cell.
    expect(cell('Ana', '2026-05-11')).toMatchObject({
      kind: 'holiday',
      holiday: 'Dita e Evropës (ditë pushimi)',
      leave: annual,
    });
    expect(cell('Ana', '2026-05-13')).toMatchObject({ kind: 'scheduled', leave: null });
    expect(cell('Ana', '2026-05-20')).toMatchObject({ kind: 'company', holiday: 'Dita e firmës' });
    expect(cell('Ana', '2026-05-16')).toMatchObject({ kind: 'rest', shift: null, leave: null });
    // A night shift shows its end the next morning; a pending request is not leave.
    expect(cell('Bea', '2026-05-05')).toMatchObject({
      kind: 'scheduled',
      shift: { start: '22:00', end: '06:00' },
      leave: null,
    });
    // No schedule: rest days, holidays still marked; unpaid leave is marked unpaid and stops at the month's end.
    expect(cell('Eda', '2026-05-04')).toMatchObject({ kind: 'rest', shift: null });
    expect(cell('Eda', '2026-05-27')).toMatchObject({ kind: 'holiday' });
    expect(cell('Eda', '2026-05-31')).toMatchObject({ kind: 'leave', leave: { type: 'Pa pagesë', paid: false } });
    expect(month.workers.every((worker) => worker.days.length === 31)).toBe(true);
  });

  it('measures each day against the schedule it had: a change mid-month moves the shifts from that day on', async () => {
    const employer = await createWorkspace(ctx, 'Orari ndryshon');
    const dea = await addEmployee(ctx, employer.token, { name: 'Dea', schedule: weekdays('10:00', '18:00') });
    // The history as a change on Friday 15 May leaves it (docs/product.md#schedules-over-time).
    await setScheduleHistory(ctx, employer.employerId, dea.id, [
      { effectiveFrom: '1970-01-01', schedule: weekdays('08:00', '16:00') },
      { effectiveFrom: '2026-05-15', schedule: weekdays('10:00', '18:00') },
    ]);
    const month = await calendarOf(employer.token);
    const days = month.workers.find((worker) => worker.name === 'Dea')?.days ?? [];
    const shiftOn = (date: string) => days.find((day) => day.date === date)?.shift;
    expect(shiftOn('2026-05-14')).toEqual({ start: '08:00', end: '16:00' });
    expect(shiftOn('2026-05-15')).toEqual({ start: '10:00', end: '18:00' });
    expect(shiftOn('2026-05-29')).toEqual({ start: '10:00', end: '18:00' });
  });

  it('answers the current month in the employer’s time zone when none is named', async () => {
    const employer = await createWorkspace(ctx, 'Sot');
    // 31 March 2026 23:30 UTC is already 1 April in Tirana.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-31T23:30:00Z') });
    const res = await call(ctx, employer.token, 'GET', '/krye/calendar');
    vi.useRealTimers();
    expect(res.statusCode, res.body).toBe(200);
    expect(resultOf<TTeamCalendar>(res)).toMatchObject({ month: '2026-04', workers: [] });
  });

  it('reads the same number of queries for one worker as for twelve', async () => {
    const small = await createWorkspace(ctx, 'E vogël');
    await addEmployee(ctx, small.token, { name: 'Një', schedule: weekdays('08:00', '16:00') });
    const large = await createWorkspace(ctx, 'E madhe');
    await setWorkerLimit(ctx, large.employerId, 20);
    for (let i = 0; i < 12; i += 1) {
      const worker = await addEmployee(ctx, large.token, {
        name: `Punëtor ${i}`,
        schedule: weekdays('08:00', '16:00'),
      });
      await insertLeave(ctx, large.employerId, worker.id, { from: '2026-05-04', to: '2026-05-08', type: `Lloji ${i}` });
    }
    const select = vi.spyOn(ctx.app.db, 'select');
    await calendarOf(small.token);
    const one = select.mock.calls.length;
    select.mockClear();
    const month = await calendarOf(large.token);
    expect(month.workers).toHaveLength(12);
    expect(select.mock.calls.length).toBe(one);
    expect(one).toBeGreaterThan(0);
  });

  it("shows only the caller's own workers; refuses a worker and no session", async () => {
    const mine = await createWorkspace(ctx, 'Imja');
    const ana = await addEmployee(ctx, mine.token, { name: 'Ana', schedule: weekdays('08:00', '16:00') });
    await insertLeave(ctx, mine.employerId, ana.id, { from: '2026-05-04', to: '2026-05-04', type: 'Pushim' });
    const other = await createWorkspace(ctx, 'E tjetra');
    const theirs = await calendarOf(other.token);
    expect(theirs.workers).toEqual([]);
    // The holidays are the other employer's own calendar: no company day of mine.
    expect(theirs.holidays.every((holiday) => holiday.kind === 'official')).toBe(true);
    const worker = await createWorker(ctx, mine.token, { name: 'Punëtori' });
    expect((await call(ctx, worker.token, 'GET', '/krye/calendar?month=2026-05')).statusCode).toBe(403);
    expect((await call(ctx, null, 'GET', '/krye/calendar?month=2026-05')).statusCode).toBe(401);
  });

  it.each([['?month=2026-13'], ['?month=May'], ['?month=2026-05-01'], ['?month=2026-05&date=2026-05-01']])(
    'refuses %s with 400 and a sentence',
    async (query) => {
      const employer = await createWorkspace(ctx, 'Muaji');
      const res = await call(ctx, employer.token, 'GET', `/krye/calendar${query}`);
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json<{ Status: boolean; Error: string }>();
      expect(body.Status).toBe(false);
      expect(body.Error.length).toBeGreaterThan(10);
      if (!query.includes('date=')) expect(body.Error).toBe(messages.monthInvalid);
    },
  );
});
