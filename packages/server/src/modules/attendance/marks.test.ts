import {
  SCHEDULE_HISTORY_START,
  type TMonthExceptionWire,
  type TRfidDay,
  type TSchedule,
  type TTodayBoard,
  type TWorkerMonth,
  todayIn,
} from '@puna/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import { createPremiumWorkspace, insertScans } from '../../../test/helpers/device-factories';
import { insertLeave } from '../../../test/helpers/leave-factories';
import { scheduleOf, weekdays } from '../../../test/helpers/schedules';
import {
  addEmployee,
  call,
  createWorker,
  createWorkspaceTestApp,
  labourRulesOn,
  resultOf,
  rfidDayOf,
  statementOf,
} from '../../../test/helpers/workspace-factories';
import { employeeSchedules } from '../../db/schema';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => ctx?.close());

const EIGHT_TO_FOUR = weekdays('08:00', '16:00');
const TEN_TO_SIX = weekdays('10:00', '18:00');

/** Scans at local times in Europe/Tirane in March 2026 (UTC+1), e.g. '2026-03-02 08:25'. */
const scan = (employerId: number, employeeId: number, ...locals: string[]) =>
  insertScans(ctx, employerId, employeeId, ...locals.map((local) => new Date(`${local.replace(' ', 'T')}:00+01:00`)));

const historyOf = (employeeId: number) =>
  ctx.app.db
    .select({ effectiveFrom: employeeSchedules.effectiveFrom, schedule: employeeSchedules.schedule })
    .from(employeeSchedules)
    .where(eq(employeeSchedules.employeeId, employeeId))
    .orderBy(asc(employeeSchedules.effectiveFrom));

/** As if the employee had been created on a date: its history's first row moves there. */
async function hiredOn(employeeId: number, date: string) {
  await ctx.app.db
    .update(employeeSchedules)
    .set({ effectiveFrom: date })
    .where(eq(employeeSchedules.employeeId, employeeId));
}

const editBody = (name: string, schedule: TSchedule | null) => ({
  name,
  salary: 4,
  wages: 'Orë',
  role: 'Punëtor',
  schedule,
});

const marksOfRows = (rows: TRfidDay[]) =>
  rows.map((row) => [row.name, row.state, row.flags, row.late_by_minutes, row.leave_type]);

describe('the schedule history', () => {
  it('is written from the employer’s today when an employee is created and when its schedule changes', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const today = todayIn('Europe/Tirane');
    const nora = await addEmployee(ctx, employer.token, { name: 'Nora', schedule: EIGHT_TO_FOUR });
    expect(await historyOf(nora.id)).toEqual([{ effectiveFrom: today, schedule: EIGHT_TO_FOUR }]);
    // An edit that keeps the schedule writes nothing; a second change the same day replaces the day's row.
    expect(
      (await call(ctx, employer.token, 'PUT', `/krye/edit_employee/${nora.id}`, editBody('Nora', EIGHT_TO_FOUR)))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(ctx, employer.token, 'PUT', `/krye/edit_employee/${nora.id}`, editBody('Nora', TEN_TO_SIX)))
        .statusCode,
    ).toBe(200);
    expect(await historyOf(nora.id)).toEqual([{ effectiveFrom: today, schedule: TEN_TO_SIX }]);
  });

  it('keeps the old schedule for every earlier day at the first change of an employee with no history', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const today = todayIn('Europe/Tirane');
    const ilir = await addEmployee(ctx, employer.token, { name: 'Ilir', schedule: EIGHT_TO_FOUR });
    // As an employee added before the history existed.
    await ctx.app.db.delete(employeeSchedules).where(eq(employeeSchedules.employeeId, ilir.id));
    const res = await call(ctx, employer.token, 'PUT', `/krye/edit_employee/${ilir.id}`, editBody('Ilir', TEN_TO_SIX));
    expect(res.statusCode, res.body).toBe(200);
    expect(await historyOf(ilir.id)).toEqual([
      { effectiveFrom: SCHEDULE_HISTORY_START, schedule: EIGHT_TO_FOUR },
      { effectiveFrom: today, schedule: TEN_TO_SIX },
    ]);
  });

  it('refuses to change another employer’s employee (404) and writes no history for it', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const other = await createPremiumWorkspace(ctx);
    const dea = await addEmployee(ctx, employer.token, { name: 'Dea', schedule: EIGHT_TO_FOUR });
    const res = await call(ctx, other.token, 'PUT', `/krye/edit_employee/${dea.id}`, editBody('Dea', TEN_TO_SIX));
    expect(res.statusCode).toBe(404);
    expect((await historyOf(dea.id)).map((row) => row.schedule)).toEqual([EIGHT_TO_FOUR]);
  });
});

describe('marks against the published roster (docs/product.md#shifts-and-the-roster)', () => {
  const publish = async (token: string, employeeId: number, date: string, start: string, end: string) => {
    const res = await call(ctx, token, 'POST', '/krye/shifts', { employee_id: employeeId, date, start, end });
    expect(res.statusCode, res.body).toBe(201);
    expect((await call(ctx, token, 'POST', '/krye/shifts/publish', { from: date, to: date })).statusCode).toBe(200);
  };

  it('measures late, left early, absent and unscheduled work against the shift, the weekly schedule elsewhere', async () => {
    const employer = await createPremiumWorkspace(ctx, { scans: true });
    const id = employer.employerId;
    // Weekly 08:00–16:00; on Tuesday 3 March 2026 published shifts say otherwise.
    const ana = await addEmployee(ctx, employer.token, { name: 'Ana', schedule: EIGHT_TO_FOUR });
    const besa = await addEmployee(ctx, employer.token, { name: 'Besa', schedule: EIGHT_TO_FOUR });
    const cen = await createWorker(ctx, employer.token, { name: 'Cen' });
    const dea = await addEmployee(ctx, employer.token, { name: 'Dea' });
    await publish(employer.token, ana.id, '2026-03-03', '10:00', '18:00');
    await publish(employer.token, besa.id, '2026-03-03', '06:00', '12:00');
    await publish(employer.token, cen.employee.id, '2026-03-03', '08:00', '16:00');
    // Ana at 10:00 is on time for her shift (late by the weekly schedule); Besa left at 11:00;
    // Cen, with no weekly schedule, is expected by the shift and absent; Dea worked unscheduled.
    await scan(id, ana.id, '2026-03-03 10:00', '2026-03-03 18:00');
    await scan(id, besa.id, '2026-03-03 06:00', '2026-03-03 11:00');
    await scan(id, dea.id, '2026-03-03 09:00', '2026-03-03 12:00');
    // Monday, no shift: the weekly schedule; Ana late by 25 minutes.
    await scan(id, ana.id, '2026-03-02 08:25', '2026-03-02 16:00');
    expect(marksOfRows(await rfidDayOf(ctx, employer.token, '2026-03-03'))).toEqual([
      ['Ana', 'left', [], null, null],
      ['Besa', 'left', ['leftEarly'], null, null],
      ['Dea', 'left', ['unscheduledWork'], null, null],
    ]);
    expect(marksOfRows(await rfidDayOf(ctx, employer.token, '2026-03-02'))).toEqual([
      ['Ana', 'left', ['late'], 25, null],
    ]);
    await hiredOn(cen.employee.id, '2026-03-01');
    const res = await call(ctx, cen.token, 'GET', '/krye/worker/me?month=2026-03');
    expect(res.statusCode, res.body).toBe(200);
    // Only the rostered Tuesday is a day Cen was expected.
    expect(resultOf<TWorkerMonth>(res).marks?.filter((mark) => mark.state !== 'notScheduled')).toEqual([
      { date: '2026-03-03', state: 'absent', flags: [], late_by_minutes: null, leave_type: null },
    ]);
  });
});

describe('marks on the RFID day list', () => {
  it('marks late with the minutes, left early, no checkout, unscheduled work and leave with its type', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const id = employer.employerId;
    const ana = await addEmployee(ctx, employer.token, { name: 'Ana', schedule: EIGHT_TO_FOUR });
    const besa = await addEmployee(ctx, employer.token, { name: 'Besa', schedule: EIGHT_TO_FOUR });
    const dren = await addEmployee(ctx, employer.token, { name: 'Dren', schedule: EIGHT_TO_FOUR });
    const eda = await addEmployee(ctx, employer.token, { name: 'Eda' });
    const fatos = await addEmployee(ctx, employer.token, { name: 'Fatos', schedule: EIGHT_TO_FOUR });
    // Monday 2 March 2026.
    await scan(id, ana.id, '2026-03-02 08:25', '2026-03-02 16:00');
    await scan(id, besa.id, '2026-03-02 08:00', '2026-03-02 14:30');
    await scan(id, dren.id, '2026-03-02 07:55');
    await scan(id, eda.id, '2026-03-02 09:00', '2026-03-02 12:00');
    await scan(id, fatos.id, '2026-03-02 09:00', '2026-03-02 11:00');
    await insertLeave(ctx, id, fatos.id, { from: '2026-03-02', to: '2026-03-03', type: 'Leje për studime' });
    expect(marksOfRows(await rfidDayOf(ctx, employer.token, '2026-03-02'))).toEqual([
      ['Ana', 'left', ['late'], 25, null],
      ['Besa', 'left', ['leftEarly'], null, null],
      ['Dren', 'noCheckout', [], null, null],
      ['Eda', 'left', ['unscheduledWork'], null, null],
      ['Fatos', 'left', ['unscheduledWork'], null, 'Leje për studime'],
    ]);
    // Every existing field stays.
    expect((await rfidDayOf(ctx, employer.token, '2026-03-02'))[0]).toMatchObject({
      firstScanTime: '08:25:00',
      lastScanTime: '16:00:00',
      hours: 7.5,
      missingCheckout: false,
      atWork: false,
    });
  });

  it('lists beside the scanned rows the workers on approved leave that day, also those who did not scan', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const id = employer.employerId;
    const gent = await addEmployee(ctx, employer.token, { name: 'Gent', schedule: EIGHT_TO_FOUR });
    const hana = await addEmployee(ctx, employer.token, { name: 'Hana', schedule: EIGHT_TO_FOUR });
    await scan(id, hana.id, '2026-03-04 08:00', '2026-03-04 16:00');
    await insertLeave(ctx, id, gent.id, { from: '2026-03-03', to: '2026-03-05', type: 'Pushim vjetor' });
    const res = await call(ctx, employer.token, 'GET', '/krye/rfid_day?date=2026-03-04');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { Result: TRfidDay[]; on_leave: unknown[] };
    expect(body.Result.map((row) => row.name)).toEqual(['Hana']);
    expect(body.on_leave).toEqual([
      { worker_id: gent.id, name: 'Gent', date: '2026-03-04', type: 'Pushim vjetor', paid: true },
    ]);
    // A day without leave lists none; another employer sees none of it.
    const before = await call(ctx, employer.token, 'GET', '/krye/rfid_day?date=2026-03-02');
    expect((before.json() as { on_leave: unknown[] }).on_leave).toEqual([]);
    const other = await createPremiumWorkspace(ctx);
    const theirs = await call(ctx, other.token, 'GET', '/krye/rfid_day?date=2026-03-04');
    expect(theirs.json()).toMatchObject({ Result: [], on_leave: [] });
  });

  it('measures each day against the schedule of its day when the schedule changed mid-month', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const gent = await addEmployee(ctx, employer.token, { name: 'Gent', schedule: TEN_TO_SIX });
    await ctx.app.db.delete(employeeSchedules).where(eq(employeeSchedules.employeeId, gent.id));
    await ctx.app.db.insert(employeeSchedules).values([
      {
        employerId: employer.employerId,
        employeeId: gent.id,
        effectiveFrom: SCHEDULE_HISTORY_START,
        schedule: EIGHT_TO_FOUR,
      },
      { employerId: employer.employerId, employeeId: gent.id, effectiveFrom: '2026-03-04', schedule: TEN_TO_SIX },
    ]);
    await scan(
      employer.employerId,
      gent.id,
      '2026-03-03 09:55',
      '2026-03-03 18:00',
      '2026-03-04 09:55',
      '2026-03-04 18:00',
    );
    expect(marksOfRows(await rfidDayOf(ctx, employer.token, '2026-03-03'))).toEqual([
      ['Gent', 'left', ['late'], 115, null],
    ]);
    expect(marksOfRows(await rfidDayOf(ctx, employer.token, '2026-03-04'))).toEqual([['Gent', 'left', [], null, null]]);
  });

  it('shows another employer nothing of these workers', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const other = await createPremiumWorkspace(ctx);
    const hana = await addEmployee(ctx, employer.token, { name: 'Hana', schedule: EIGHT_TO_FOUR });
    await scan(employer.employerId, hana.id, '2026-03-05 08:40', '2026-03-05 16:00');
    expect(await rfidDayOf(ctx, other.token, '2026-03-05')).toEqual([]);
    expect(marksOfRows(await rfidDayOf(ctx, employer.token, '2026-03-05'))).toEqual([
      ['Hana', 'left', ['late'], 40, null],
    ]);
  });

  it('refuses a date that is not one (400 with a sentence)', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const res = await call(ctx, employer.token, 'GET', '/krye/rfid_day?date=2026-13-45');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Status: false, Error: expect.any(String) });
  });
});

describe("marks on the worker's month", () => {
  it('lists late, left early, absent, no checkout and leave when the hours come from scans; only its own', async () => {
    const employer = await createPremiumWorkspace(ctx, { scans: true });
    const worker = await createWorker(ctx, employer.token, { name: 'Iris', schedule: EIGHT_TO_FOUR });
    const colleague = await createWorker(ctx, employer.token, { name: 'Jon', schedule: EIGHT_TO_FOUR });
    const id = employer.employerId;
    await hiredOn(worker.employee.id, '2026-03-01');
    // March 2026: the 2nd late, the 3rd left early, the 4th no checkout, the 5th absent, the 6th and 9th on leave,
    // and every later weekday absent too (the month is over).
    await scan(id, worker.employee.id, '2026-03-02 08:30', '2026-03-02 16:00', '2026-03-03 08:00', '2026-03-03 15:00');
    await scan(id, worker.employee.id, '2026-03-04 08:00');
    await insertLeave(ctx, id, worker.employee.id, { from: '2026-03-06', to: '2026-03-09', type: 'Pushim vjetor' });
    await insertLeave(ctx, id, colleague.employee.id, { from: '2026-03-02', to: '2026-03-31', type: 'Leje lindjeje' });
    const res = await call(ctx, worker.token, 'GET', '/krye/worker/me?month=2026-03');
    expect(res.statusCode, res.body).toBe(200);
    const month = resultOf<TWorkerMonth>(res);
    expect(month.marks?.slice(0, 6)).toEqual([
      { date: '2026-03-02', state: 'left', flags: ['late'], late_by_minutes: 30, leave_type: null },
      { date: '2026-03-03', state: 'left', flags: ['leftEarly'], late_by_minutes: null, leave_type: null },
      { date: '2026-03-04', state: 'noCheckout', flags: [], late_by_minutes: null, leave_type: null },
      { date: '2026-03-05', state: 'absent', flags: [], late_by_minutes: null, leave_type: null },
      { date: '2026-03-06', state: 'onLeave', flags: [], late_by_minutes: null, leave_type: 'Pushim vjetor' },
      // Saturday 7 and Sunday 8 are not scheduled, yet they are inside the leave.
      { date: '2026-03-07', state: 'onLeave', flags: [], late_by_minutes: null, leave_type: 'Pushim vjetor' },
    ]);
    expect(month.marks?.some((mark) => mark.leave_type === 'Leje lindjeje')).toBe(false);
    expect(month.marks?.at(-1)).toMatchObject({ date: '2026-03-31', state: 'absent' });
    // The existing fields are unchanged.
    expect(month.entries.map((entry) => entry.data)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04']);
  });

  it('marks no absence before the day the worker was added, also without a schedule history', async () => {
    const employer = await createPremiumWorkspace(ctx, { scans: true });
    const worker = await createWorker(ctx, employer.token, { name: 'Lirim', schedule: EIGHT_TO_FOUR });
    // As an employee added before the history existed: only its creation day bounds the absences.
    await ctx.app.db.delete(employeeSchedules).where(eq(employeeSchedules.employeeId, worker.employee.id));
    await scan(employer.employerId, worker.employee.id, '2026-03-02 08:30', '2026-03-02 16:00');
    const month = resultOf<TWorkerMonth>(await call(ctx, worker.token, 'GET', '/krye/worker/me?month=2026-03'));
    expect(month.marks).toEqual([
      { date: '2026-03-02', state: 'left', flags: ['late'], late_by_minutes: 30, leave_type: null },
    ]);
  });

  it('shows only the leave when the hours are entered (no scans to be late by)', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const worker = await createWorker(ctx, employer.token, { name: 'Kaltrina', schedule: EIGHT_TO_FOUR });
    await insertLeave(ctx, employer.employerId, worker.employee.id, {
      from: '2026-03-10',
      to: '2026-03-10',
      type: 'Pushim mjekësor',
    });
    const month = resultOf<TWorkerMonth>(await call(ctx, worker.token, 'GET', '/krye/worker/me?month=2026-03'));
    expect(month.marks).toEqual([
      { date: '2026-03-10', state: 'onLeave', flags: [], late_by_minutes: null, leave_type: 'Pushim mjekësor' },
    ]);
  });
});

describe('leave on the today board', () => {
  it('shows a worker on approved leave today as on leave, with the type', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const lule = await addEmployee(ctx, employer.token, { name: 'Lule', schedule: EIGHT_TO_FOUR });
    const mira = await addEmployee(ctx, employer.token, { name: 'Mira', schedule: EIGHT_TO_FOUR });
    await insertLeave(ctx, employer.employerId, lule.id, {
      from: '2026-03-02',
      to: '2026-03-06',
      type: 'Pushim vjetor',
    });
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-02T10:00:00+01:00') });
    const res = await call(ctx, employer.token, 'GET', '/krye/today');
    vi.useRealTimers();
    expect(res.statusCode, res.body).toBe(200);
    const board = resultOf<TTodayBoard>(res);
    const byName = Object.fromEntries(board.workers.map((worker) => [worker.name, worker]));
    expect(byName.Lule).toMatchObject({ state: 'onLeave', leave_type: 'Pushim vjetor' });
    expect(byName.Mira).toMatchObject({ state: 'absent' });
    expect(byName.Mira?.leave_type).toBeUndefined();
    expect(board.counts.onLeave).toBe(1);
    void mira;
  });
});

describe('the attendance marks among the month exceptions', () => {
  const simplify = (list: TMonthExceptionWire[]) => list.map((item) => [item.kind, item.name, item.date, item.detail]);

  it('lists late, left early and absent days (from the first day), and they do not stop the month from closing', async () => {
    const employer = await createPremiumWorkspace(ctx, { scans: true, labourRules: 'XK' });
    const id = employer.employerId;
    // Nita works on Mondays from Monday 9 February 2026, her first day: 2 February is no absence.
    const onlyMonday = scheduleOf({ monday: ['08:00', '16:00'] });
    const nita = await addEmployee(ctx, employer.token, { name: 'Nita', schedule: onlyMonday });
    await hiredOn(nita.id, '2026-02-09');
    await scan(id, nita.id, '2026-02-09 08:20', '2026-02-09 15:30');
    await scan(id, nita.id, '2026-02-23 08:00');
    await insertLeave(ctx, id, nita.id, { from: '2026-02-16', to: '2026-02-16', type: 'Pushim vjetor' });
    const other = await createPremiumWorkspace(ctx, { scans: true });
    const statement = await statementOf(ctx, employer.token, '2026-02');
    expect(simplify(statement.exceptions)).toEqual([
      ['missingCheckout', 'Nita', '2026-02-23', {}],
      ['late', 'Nita', '2026-02-09', { minutes: 20 }],
      ['leftEarly', 'Nita', '2026-02-09', {}],
    ]);
    // Another employer sees none of them.
    await labourRulesOn(ctx, other.token, 'XK');
    expect((await statementOf(ctx, other.token, '2026-02')).exceptions).toEqual([]);
    const close = await call(ctx, employer.token, 'POST', '/krye/months/2026-02/close', {});
    expect(close.statusCode).toBe(409);
    // With the missing checkout fixed, only the informational marks remain: the month closes without acknowledging.
    const fix = await call(ctx, employer.token, 'PUT', '/krye/edit_rfid', {
      id: nita.id,
      date: '2026-02-23',
      firstScanTime: '08:00',
      lastScanTime: '16:00',
    });
    expect(fix.statusCode, fix.body).toBe(200);
    const closed = await call(ctx, employer.token, 'POST', '/krye/months/2026-02/close', {});
    expect(closed.statusCode, closed.body).toBe(200);
    const stored = await statementOf(ctx, employer.token, '2026-02');
    expect(stored.exceptions_acknowledged).toBe(false);
    expect(stored.exceptions.map((item) => item.kind)).toEqual(['late', 'leftEarly']);
  });

  it('lists a scheduled day without scan or leave as absent, a night shift’s checkout on the next morning, and no absence on a holiday', async () => {
    const employer = await createPremiumWorkspace(ctx, { scans: true, labourRules: 'XK' });
    const id = employer.employerId;
    const nights = scheduleOf({ tuesday: ['22:00', '06:00'] });
    const olsi = await addEmployee(ctx, employer.token, { name: 'Olsi', schedule: nights });
    await hiredOn(olsi.id, '2026-02-01');
    // Tuesdays in February 2026: the 3rd in at night and out the next morning; the 10th two scans the same
    // evening (left early); the 17th Independence Day, a holiday, not worked; the 24th absent.
    await scan(id, olsi.id, '2026-02-03 21:58', '2026-02-04 06:02');
    await scan(id, olsi.id, '2026-02-10 21:59', '2026-02-10 23:00');
    const statement = await statementOf(ctx, employer.token, '2026-02');
    const attendance = statement.exceptions.filter((item) =>
      ['late', 'leftEarly', 'absent', 'noCheckout'].includes(item.kind),
    );
    expect(simplify(attendance)).toEqual([
      ['leftEarly', 'Olsi', '2026-02-10', {}],
      ['absent', 'Olsi', '2026-02-24', {}],
    ]);
  });
});
