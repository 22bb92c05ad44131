import type { TSchedule, TTodayBoard } from '@puna/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import { createPremiumWorkspace, deviceCall, giveCard, registerDevice } from '../../../test/helpers/device-factories';
import { scheduleOf, weekdays } from '../../../test/helpers/schedules';
import {
  addEmployee,
  call,
  createWorker,
  createWorkspace,
  createWorkspaceTestApp,
  resultOf,
} from '../../../test/helpers/workspace-factories';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => ctx?.close());

/** Monday 2 March 2026 in Europe/Tirane (UTC+1): the board is asked at a given local time. */
const MONDAY = '2026-03-02';
function atLocal(date: string, clock: string): Date {
  return new Date(`${date}T${clock}:00+01:00`);
}

let card = 0;
/** An employer with a device, and workers with schedules and cards; each scan sent by the device. */
async function setup(
  staff: { name: string; schedule?: TSchedule; scans?: Date[] }[],
): Promise<{ token: string; ids: Record<string, number> }> {
  const employer = await createPremiumWorkspace(ctx, 'Furra e Sotme');
  const device = await registerDevice(ctx, employer.token);
  const ids: Record<string, number> = {};
  let seq = 0;
  for (const person of staff) {
    card += 1;
    const uid = `CAFE${String(card).padStart(4, '0')}`;
    const employee = await addEmployee(ctx, employer.token, {
      name: person.name,
      ...(person.schedule ? { schedule: person.schedule } : {}),
    });
    await giveCard(ctx, employer.token, employee, uid);
    ids[person.name] = employee.id;
    if (person.scans?.length) {
      const res = await deviceCall(ctx, device, '/device/v1/scans', {
        scans: person.scans.map((instant) => {
          seq += 1;
          return { seq, uid, ts: instant.toISOString() };
        }),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }
  return { token: employer.token, ids };
}

async function boardAt(token: string, instant: Date): Promise<TTodayBoard> {
  vi.useFakeTimers({ toFake: ['Date'], now: instant });
  const res = await call(ctx, token, 'GET', '/krye/today');
  vi.useRealTimers();
  expect(res.statusCode, res.body).toBe(200);
  return resultOf<TTodayBoard>(res);
}

describe('GET /krye/today', () => {
  it('measures every worker against its schedule now: in, late, absent, expected, not scheduled, left', async () => {
    const { token, ids } = await setup([
      { name: 'Ana', schedule: weekdays('08:00', '16:00'), scans: [atLocal(MONDAY, '08:05')] },
      { name: 'Bea', schedule: weekdays('08:00', '16:00'), scans: [atLocal(MONDAY, '08:30')] },
      { name: 'Cen', schedule: weekdays('08:00', '16:00') },
      { name: 'Dua', schedule: weekdays('11:00', '19:00') },
      { name: 'Eda' },
      { name: 'Fis', scans: [atLocal(MONDAY, '07:00'), atLocal(MONDAY, '09:00')] },
      {
        name: 'Gez',
        schedule: weekdays('06:00', '09:30'),
        scans: [atLocal(MONDAY, '06:00'), atLocal(MONDAY, '09:00')],
      },
    ]);
    const board = await boardAt(token, atLocal(MONDAY, '10:00'));
    expect(board).toMatchObject({ date: MONDAY, now: '10:00', time_zone: 'Europe/Tirane', tolerance_minutes: 10 });
    const row = (name: string) => board.workers.find((worker) => worker.employee_id === ids[name]);
    expect(row('Ana')).toMatchObject({
      name: 'Ana',
      state: 'in',
      flags: [],
      shift: { start: '08:00', end: '16:00' },
      first_scan: '08:05',
      last_scan: null,
      late_by_minutes: null,
    });
    expect(row('Bea')).toMatchObject({ state: 'in', flags: ['late'], first_scan: '08:30', late_by_minutes: 30 });
    expect(row('Cen')).toMatchObject({ state: 'absent', first_scan: null });
    expect(row('Dua')).toMatchObject({ state: 'expected', shift: { start: '11:00', end: '19:00' } });
    expect(row('Eda')).toMatchObject({ state: 'notScheduled', shift: null });
    expect(row('Fis')).toMatchObject({
      state: 'left',
      flags: ['unscheduledWork'],
      first_scan: '07:00',
      last_scan: '09:00',
    });
    expect(row('Gez')).toMatchObject({ state: 'left', flags: ['leftEarly'], last_scan: '09:00' });
    expect(board.counts).toMatchObject({ in: 2, left: 2, absent: 1, expected: 1, notScheduled: 1, noCheckout: 0 });
    expect(board.flagged).toEqual({ late: 1, leftEarly: 1, unscheduledWork: 1 });
    expect(board.workers).toHaveLength(7);
  });

  it('shows a night shift that began yesterday until it is over, then no checkout', async () => {
    const { token, ids } = await setup([
      { name: 'Nata', schedule: scheduleOf({ sunday: ['22:00', '06:00'] }), scans: [atLocal('2026-03-01', '21:58')] },
    ]);
    const early = await boardAt(token, atLocal(MONDAY, '05:00'));
    expect(early.workers.find((worker) => worker.employee_id === ids.Nata)).toMatchObject({
      date: '2026-03-01',
      state: 'in',
      shift: { start: '22:00', end: '06:00' },
      first_scan: '21:58',
    });
    // After 06:10 the night is over; Monday itself is not scheduled for her.
    const later = await boardAt(token, atLocal(MONDAY, '06:30'));
    expect(later.workers.find((worker) => worker.employee_id === ids.Nata)).toMatchObject({
      date: MONDAY,
      state: 'notScheduled',
    });
  });

  it('counts an official holiday as a day off: no one is absent on it', async () => {
    // 1 January 2026, a Thursday, is New Year's Day in Kosovo.
    const { token, ids } = await setup([{ name: 'Ana', schedule: weekdays('08:00', '16:00') }]);
    const board = await boardAt(token, atLocal('2026-01-01', '12:00'));
    expect(board.workers.find((worker) => worker.employee_id === ids.Ana)).toMatchObject({ state: 'holiday' });
  });

  it('shows only the caller’s own workers; refuses a basic employer, a worker and no session', async () => {
    const { token } = await setup([{ name: 'Ana', schedule: weekdays('08:00', '16:00') }]);
    const other = await createPremiumWorkspace(ctx, 'Tjetër');
    const theirs = await call(ctx, other.token, 'GET', '/krye/today');
    expect(theirs.statusCode).toBe(200);
    expect(resultOf<TTodayBoard>(theirs).workers).toEqual([]);

    const basic = await createWorkspace(ctx, 'Bazë');
    const refused = await call(ctx, basic.token, 'GET', '/krye/today');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ Status: false });

    const worker = await createWorker(ctx, token, { name: 'Punëtori' });
    expect((await call(ctx, worker.token, 'GET', '/krye/today')).statusCode).toBe(403);
    expect((await call(ctx, null, 'GET', '/krye/today')).statusCode).toBe(401);
  });

  it('ignores a query it does not take and answers the board', async () => {
    const { token } = await setup([{ name: 'Ana' }]);
    const res = await call(ctx, token, 'GET', '/krye/today?date=not-a-date&employerId=1');
    expect(res.statusCode).toBe(200);
    expect(resultOf<TTodayBoard>(res).workers.map((worker) => worker.name)).toEqual(['Ana']);
  });
});

describe('the attendance tolerance (GET and PUT /krye/attendance-settings)', () => {
  it('is 10 minutes until the employer sets it, and the board then judges by it', async () => {
    const { token, ids } = await setup([
      { name: 'Ana', schedule: weekdays('08:00', '16:00'), scans: [atLocal(MONDAY, '08:15')] },
    ]);
    const before = await call(ctx, token, 'GET', '/krye/attendance-settings');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ Status: true, Result: { tolerance_minutes: 10, auto_checkout: false } });
    expect(
      (await boardAt(token, atLocal(MONDAY, '10:00'))).workers.find((w) => w.employee_id === ids.Ana),
    ).toMatchObject({
      flags: ['late'],
      late_by_minutes: 15,
    });

    const set = await call(ctx, token, 'PUT', '/krye/attendance-settings', { tolerance_minutes: 20 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ Status: true, Result: { tolerance_minutes: 20, auto_checkout: false } });
    const board = await boardAt(token, atLocal(MONDAY, '10:00'));
    expect(board.tolerance_minutes).toBe(20);
    expect(board.workers.find((w) => w.employee_id === ids.Ana)).toMatchObject({ flags: [], late_by_minutes: null });
  });

  it('refuses a tolerance that is not 0 to 120 whole minutes, and changes nothing', async () => {
    const { token } = await setup([]);
    for (const body of [
      { tolerance_minutes: 121 },
      { tolerance_minutes: -1 },
      { tolerance_minutes: 2.5 },
      { tolerance_minutes: '5' },
      {},
      { tolerance_minutes: 5, extra: 1 },
    ]) {
      const res = await call(ctx, token, 'PUT', '/krye/attendance-settings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ Status: false, Error: expect.any(String) });
    }
    const noBody = await call(ctx, token, 'PUT', '/krye/attendance-settings');
    expect(noBody.statusCode).toBe(400);
    expect((await call(ctx, token, 'PUT', '/krye/attendance-settings', { tolerance_minutes: 121 })).json().Error).toBe(
      'The tolerance must be a whole number of minutes from 0 to 120.',
    );
    expect((await call(ctx, token, 'GET', '/krye/attendance-settings')).json().Result.tolerance_minutes).toBe(10);
  });

  it("changes only the caller's own tolerance; a worker and no session are refused", async () => {
    const { token } = await setup([]);
    const other = await createWorkspace(ctx, 'Tjetër');
    expect(
      (await call(ctx, other.token, 'PUT', '/krye/attendance-settings', { tolerance_minutes: 30 })).statusCode,
    ).toBe(200);
    expect((await call(ctx, token, 'GET', '/krye/attendance-settings')).json().Result.tolerance_minutes).toBe(10);
    const worker = await createWorker(ctx, token, { name: 'Punëtori' });
    expect((await call(ctx, worker.token, 'GET', '/krye/attendance-settings')).statusCode).toBe(403);
    expect(
      (await call(ctx, worker.token, 'PUT', '/krye/attendance-settings', { tolerance_minutes: 0 })).statusCode,
    ).toBe(403);
    expect((await call(ctx, null, 'PUT', '/krye/attendance-settings', { tolerance_minutes: 0 })).statusCode).toBe(401);
    expect((await call(ctx, token, 'GET', '/krye/attendance-settings')).json().Result.tolerance_minutes).toBe(10);
  });
});

describe('the board per roster shift', () => {
  /** A Monday and Tuesday in winter (UTC+1); the board is asked then, as above. */
  const MON = '2026-03-09';
  const TUE = '2026-03-10';

  async function shiftFor(token: string, employeeId: number, date: string, start: string, end: string) {
    const res = await call(ctx, token, 'POST', '/krye/shifts', { employee_id: employeeId, date, start, end });
    expect(res.statusCode, res.body).toBe(201);
  }

  it('during a night shift: who is in, missing and due, for the shift that began yesterday and today’s', async () => {
    const { token, ids } = await setup([
      { name: 'Dea', scans: [atLocal(MON, '21:55')] },
      { name: 'Eda' },
      { name: 'Ana', scans: [atLocal(TUE, '07:58')] },
      { name: 'Bea', scans: [atLocal(TUE, '08:40')] },
      { name: 'Cen' },
      { name: 'Fis' },
    ]);
    const id = (name: string) => ids[name] as number;
    await shiftFor(token, id('Dea'), MON, '22:00', '06:00');
    await shiftFor(token, id('Eda'), MON, '22:00', '06:00');
    for (const name of ['Ana', 'Bea', 'Cen']) await shiftFor(token, id(name), TUE, '08:00', '16:00');
    await shiftFor(token, id('Fis'), TUE, '14:00', '22:00');
    // Unpublished shifts are not on the board.
    expect((await boardAt(token, atLocal(TUE, '02:00'))).shifts).toEqual([]);
    const published = await call(ctx, token, 'POST', '/krye/shifts/publish', { from: MON, to: TUE });
    expect(published.statusCode, published.body).toBe(200);

    const night = await boardAt(token, atLocal(TUE, '02:00'));
    expect(night.date).toBe(TUE);
    expect(night.shifts.map((shift) => [shift.name, shift.date, shift.state, shift.first_scan])).toEqual([
      ['Dea', MON, 'in', '21:55'],
      ['Eda', MON, 'missing', null],
      ['Ana', TUE, 'due', null],
      ['Bea', TUE, 'due', null],
      ['Cen', TUE, 'due', null],
      ['Fis', TUE, 'due', null],
    ]);
    expect(night.shift_counts).toMatchObject({ in: 1, missing: 1, due: 4, late: 0 });
    // The worker rows measure against the published night shift too.
    expect(night.workers.find((worker) => worker.name === 'Dea')).toMatchObject({
      date: MON,
      shift: { start: '22:00', end: '06:00' },
    });

    const morning = await boardAt(token, atLocal(TUE, '09:00'));
    // The night shift is over and leaves the board.
    expect(morning.shifts.map((shift) => [shift.name, shift.state, shift.late_by_minutes])).toEqual([
      ['Ana', 'in', null],
      ['Bea', 'late', 40],
      ['Cen', 'missing', null],
      ['Fis', 'due', null],
    ]);
    // Another employer sees none of these shifts.
    const other = await createPremiumWorkspace(ctx, 'Tjetër');
    expect((await boardAt(other.token, atLocal(TUE, '09:00'))).shifts).toEqual([]);
    expect(morning.workers.find((worker) => worker.name === 'Bea')).toMatchObject({
      state: 'in',
      flags: ['late'],
      late_by_minutes: 40,
    });
  });
});
