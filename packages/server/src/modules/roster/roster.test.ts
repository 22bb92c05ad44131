import {
  addDays,
  isoWeekOf,
  messages,
  type TShift,
  type TShiftDayTotal,
  type TTodayBoard,
  todayIn,
} from '@puna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers/app';
import { insertLeave } from '../../../test/helpers/leave-factories';
import { startPushService, subscribedBrowser } from '../../../test/helpers/push-service';
import { addEmployee, call, createWorker, createWorkspace, resultOf } from '../../../test/helpers/workspace-factories';
import { closedMonths } from '../../db/schema';

let ctx: TestContext;
let pushService: Awaited<ReturnType<typeof startPushService>>;

beforeAll(async () => {
  // The stand-in push service listens on 127.0.0.1, which production never sends to.
  ctx = await createTestApp({}, { pushAllowPrivateAddresses: true });
  pushService = await startPushService();
});
afterAll(async () => {
  await ctx?.close();
  await pushService?.close();
});

type ShiftList = { shifts: TShift[]; totals: TShiftDayTotal[]; unpublished: number };
type WorkerShifts = { shifts: Omit<TShift, 'published'>[]; open: Omit<TShift, 'published'>[] };

/** A Monday far enough ahead that every date of the test is in an open month and from today on. */
const MONDAY = (() => {
  let date = addDays(todayIn('Europe/Tirane'), 14);
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 1) date = addDays(date, 1);
  return date;
})();
const TUESDAY = addDays(MONDAY, 1);

async function team() {
  const owner = await createWorkspace(ctx, 'Furra e Natës');
  const arta = await createWorker(ctx, owner.token, { name: 'Arta Krasniqi', wages: 'Orë', salary: 4.2 });
  const besa = await createWorker(ctx, owner.token, { name: 'Besa Hoxha', wages: 'Ditë', salary: 40 });
  return { owner, arta, besa };
}

const plan = (token: string, body: unknown) => call(ctx, token, 'POST', '/krye/shifts', body);
async function planned(token: string, body: Record<string, unknown>): Promise<TShift> {
  const res = await plan(token, body);
  expect(res.statusCode, res.body).toBe(201);
  return resultOf<TShift>(res);
}
async function roster(token: string, from = MONDAY, to = addDays(MONDAY, 6)): Promise<ShiftList> {
  const res = await call(ctx, token, 'GET', `/krye/shifts?from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return resultOf<ShiftList>(res);
}
async function mine(token: string, from = MONDAY, to = addDays(MONDAY, 6)): Promise<WorkerShifts> {
  const res = await call(ctx, token, 'GET', `/krye/worker/me/shifts?from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return resultOf<WorkerShifts>(res);
}
const publish = (token: string, from = MONDAY, to = addDays(MONDAY, 6)) =>
  call(ctx, token, 'POST', '/krye/shifts/publish', { from, to });

describe('the roster: planning shifts', () => {
  it('plans shifts, with planned hours and cost per employee and day from the pay rule', async () => {
    const { owner, arta, besa } = await team();
    const night = await planned(owner.token, {
      employee_id: arta.employee.id,
      date: MONDAY,
      start: '22:00',
      end: '06:00',
      break_minutes: 30,
      note: 'Furra e madhe',
    });
    expect(night).toMatchObject({ date: MONDAY, start: '22:00', end: '06:00', break_minutes: 30, published: false });
    await planned(owner.token, { employee_id: besa.employee.id, date: MONDAY, start: '08:00', end: '16:00' });
    const open = await planned(owner.token, { employee_id: null, date: TUESDAY, start: '06:00', end: '14:00' });
    expect(open.employee_id).toBeNull();

    const list = await roster(owner.token);
    expect(list.shifts.map((shift) => shift.id)).toContain(night.id);
    expect(list.unpublished).toBe(3);
    // Arta: 8 h less 30 min = 7.5 h × €4.20 = €31.50. Besa: 8 h planned without a break still loses
    // the Kosovo rule's 30 unpaid minutes past 6 h (docs/labour-rules.md#breaks), as the payroll
    // statement takes them off her scanned hours: 7.5 h, a day's wage of €40. The open shift costs nobody.
    expect(list.totals).toEqual(
      expect.arrayContaining([
        { employee_id: arta.employee.id, date: MONDAY, hours: 7.5, cost: 31.5 },
        { employee_id: besa.employee.id, date: MONDAY, hours: 7.5, cost: 40 },
      ]),
    );
    expect(list.totals).toHaveLength(2);
  });

  it("takes the employer's own break rules off the planned hours, the larger of the shift's break and the rule's", async () => {
    const { owner, arta } = await team();
    await planned(owner.token, { employee_id: arta.employee.id, date: MONDAY, start: '08:00', end: '18:00' });
    await planned(owner.token, {
      employee_id: arta.employee.id,
      date: TUESDAY,
      start: '08:00',
      end: '18:00',
      break_minutes: 90,
    });
    const settings = await call(ctx, owner.token, 'PUT', '/krye/roster-settings', {
      shift_requests_auto: false,
      no_show_alert: true,
      unpaid_break_rules: [
        { from_minutes: 360, break_minutes: 30 },
        { from_minutes: 540, break_minutes: 60 },
      ],
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const list = await roster(owner.token);
    // Monday: 10 h, over 9 h → the rule's 60 minutes: 9 h × €4.20 = €37.80. Tuesday: the shift's own
    // 90 minutes are more than the rule's 60: 8.5 h × €4.20 = €35.70.
    expect(list.totals).toEqual(
      expect.arrayContaining([
        { employee_id: arta.employee.id, date: MONDAY, hours: 9, cost: 37.8 },
        { employee_id: arta.employee.id, date: TUESDAY, hours: 8.5, cost: 35.7 },
      ]),
    );
  });

  it('refuses an overlapping shift of the same employee, across midnight too, and allows back to back', async () => {
    const { owner, arta } = await team();
    await planned(owner.token, { employee_id: arta.employee.id, date: MONDAY, start: '22:00', end: '06:00' });
    const overlap = await plan(owner.token, {
      employee_id: arta.employee.id,
      date: TUESDAY,
      start: '05:00',
      end: '13:00',
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({ Status: false, Error: messages.shiftOverlaps });
    await planned(owner.token, { employee_id: arta.employee.id, date: TUESDAY, start: '06:00', end: '14:00' });
    // Open shifts never overlap anyone.
    await planned(owner.token, { employee_id: null, date: TUESDAY, start: '06:00', end: '14:00' });
    await planned(owner.token, { employee_id: null, date: TUESDAY, start: '06:00', end: '14:00' });
  });

  it('refuses a shift on approved leave and in a closed month, each with its sentence', async () => {
    const { owner, arta } = await team();
    await insertLeave(ctx, owner.employerId, arta.employee.id, { from: TUESDAY, to: TUESDAY });
    const onLeave = await plan(owner.token, {
      employee_id: arta.employee.id,
      date: TUESDAY,
      start: '08:00',
      end: '16:00',
    });
    expect(onLeave.statusCode).toBe(409);
    expect(onLeave.json()).toMatchObject({ Status: false, Error: messages.shiftOnLeave });

    await ctx.app.db.insert(closedMonths).values({ employerId: owner.employerId, month: '2026-01', statement: {} });
    const closed = await plan(owner.token, {
      employee_id: arta.employee.id,
      date: '2026-01-12',
      start: '08:00',
      end: '16:00',
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ Status: false, Error: messages.shiftMonthClosed });
    expect((await roster(owner.token, '2026-01-01', '2026-01-31')).shifts).toEqual([]);
  });

  it('changes and removes a shift; a removed published shift leaves the workers’ view at the next publish', async () => {
    const { owner, arta } = await team();
    const shift = await planned(owner.token, {
      employee_id: arta.employee.id,
      date: MONDAY,
      start: '08:00',
      end: '16:00',
    });
    expect((await publish(owner.token)).statusCode).toBe(200);
    const moved = await call(ctx, owner.token, 'PUT', `/krye/shifts/${shift.id}`, {
      employee_id: arta.employee.id,
      date: MONDAY,
      start: '09:00',
      end: '17:00',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(resultOf<TShift>(moved)).toMatchObject({ start: '09:00', published: false });
    // The worker still sees the published times until the next publish.
    expect((await mine(arta.token)).shifts).toEqual([expect.objectContaining({ id: shift.id, start: '08:00' })]);

    const removed = await call(ctx, owner.token, 'DELETE', `/krye/shifts/${shift.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await roster(owner.token)).shifts).toEqual([]);
    expect((await mine(arta.token)).shifts).toHaveLength(1);
    expect(resultOf<{ removed: number }>(await publish(owner.token)).removed).toBe(1);
    expect((await mine(arta.token)).shifts).toEqual([]);
    // Gone: another change answers as missing.
    const again = await call(ctx, owner.token, 'DELETE', `/krye/shifts/${shift.id}`);
    expect(again.statusCode).toBe(404);
  });
});

describe('the roster: a week copied and published', () => {
  it('copies a week onto an empty one, skipping leave; refuses a week that has shifts', async () => {
    const { owner, arta, besa } = await team();
    await planned(owner.token, { employee_id: arta.employee.id, date: MONDAY, start: '08:00', end: '16:00' });
    await planned(owner.token, { employee_id: besa.employee.id, date: TUESDAY, start: '22:00', end: '06:00' });
    const nextMonday = addDays(MONDAY, 7);
    await insertLeave(ctx, owner.employerId, besa.employee.id, { from: addDays(TUESDAY, 7), to: addDays(TUESDAY, 7) });
    const week = isoWeekOf;
    const copy = await call(ctx, owner.token, 'POST', '/krye/shifts/copy', {
      from_week: week(MONDAY),
      to_week: week(nextMonday),
    });
    expect(copy.statusCode, copy.body).toBe(200);
    expect(resultOf<{ copied: number }>(copy).copied).toBe(1);
    const next = await roster(owner.token, nextMonday, addDays(nextMonday, 6));
    expect(next.shifts).toEqual([
      expect.objectContaining({ employee_id: arta.employee.id, date: nextMonday, start: '08:00', published: false }),
    ]);
    const twice = await call(ctx, owner.token, 'POST', '/krye/shifts/copy', {
      from_week: week(MONDAY),
      to_week: week(nextMonday),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ Status: false, Error: messages.shiftCopyTargetNotEmpty });
  });

  it('publishes: each worker whose shifts changed gets one push, and sees its shifts and the open ones', async () => {
    const { owner, arta, besa } = await team();
    const artaPushes = (await subscribedBrowser(ctx, pushService, arta.token)).pushes;
    const besaPushes = (await subscribedBrowser(ctx, pushService, besa.token)).pushes;
    await planned(owner.token, { employee_id: arta.employee.id, date: MONDAY, start: '08:00', end: '12:00' });
    await planned(owner.token, { employee_id: arta.employee.id, date: TUESDAY, start: '08:00', end: '12:00' });
    await planned(owner.token, { employee_id: null, date: TUESDAY, start: '14:00', end: '20:00' });
    // Before publishing, the worker sees nothing.
    expect(await mine(arta.token)).toEqual({ shifts: [], open: [] });

    const res = await publish(owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(resultOf(res)).toEqual({ published: 3, removed: 0, notified: 1 });
    await expect.poll(() => artaPushes().length).toBe(1);
    expect(artaPushes()[0]).toMatchObject({ title: 'Turnet tuaja ndryshuan', data: { url: '/datapuntoret/turnet' } });
    expect(besaPushes()).toEqual([]);
    const seen = await mine(arta.token);
    expect(seen.shifts.map((shift) => shift.date)).toEqual([MONDAY, TUESDAY]);
    expect(seen.open).toEqual([expect.objectContaining({ employee_id: null, start: '14:00' })]);
    // Besa sees the open shift only.
    expect(await mine(besa.token)).toMatchObject({ shifts: [], open: [expect.objectContaining({ start: '14:00' })] });

    // Publishing again with nothing changed tells nobody.
    expect(resultOf(await publish(owner.token))).toEqual({ published: 0, removed: 0, notified: 0 });
    expect((await roster(owner.token)).unpublished).toBe(0);
    expect((await roster(owner.token)).shifts.every((shift) => shift.published)).toBe(true);
  });
});

describe('the roster: outsiders and bad input', () => {
  it('answers another employer’s shift and employee like missing ones; a worker cannot plan', async () => {
    const { owner, arta } = await team();
    const shift = await planned(owner.token, {
      employee_id: arta.employee.id,
      date: MONDAY,
      start: '08:00',
      end: '16:00',
    });
    const other = await createWorkspace(ctx, 'Tjetër');
    const outsiderEmployee = await addEmployee(ctx, other.token, { name: 'Dritë Gashi' });
    for (const res of [
      await call(ctx, other.token, 'PUT', `/krye/shifts/${shift.id}`, {
        employee_id: null,
        date: MONDAY,
        start: '08:00',
        end: '16:00',
      }),
      await call(ctx, other.token, 'DELETE', `/krye/shifts/${shift.id}`),
      await plan(owner.token, { employee_id: outsiderEmployee.id, date: MONDAY, start: '08:00', end: '16:00' }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    expect((await roster(other.token)).shifts).toEqual([]);
    // The other employer's publish touches nothing of ours.
    expect(resultOf(await publish(other.token))).toEqual({ published: 0, removed: 0, notified: 0 });
    expect((await roster(owner.token)).unpublished).toBe(1);

    expect((await plan(arta.token, { employee_id: null, date: MONDAY, start: '08:00', end: '16:00' })).statusCode).toBe(
      403,
    );
    expect((await call(ctx, owner.token, 'GET', `/krye/worker/me/shifts?from=${MONDAY}&to=${MONDAY}`)).statusCode).toBe(
      403,
    );
    expect((await call(ctx, null, 'GET', `/krye/shifts?from=${MONDAY}&to=${MONDAY}`)).statusCode).toBe(401);
  });

  it('refuses bad input with a sentence and changes nothing', async () => {
    const { owner, arta } = await team();
    const base = { employee_id: arta.employee.id, date: MONDAY, start: '08:00', end: '16:00' };
    const cases: [unknown, string][] = [
      [{ ...base, start: '8' }, messages.shiftTimeInvalid],
      [{ ...base, end: '08:00' }, messages.shiftSameStartEnd],
      [{ ...base, break_minutes: 600 }, messages.shiftBreakInvalid],
      [{ ...base, note: 'x'.repeat(201) }, messages.shiftNoteTooLong],
    ];
    for (const [body, error] of cases) {
      const res = await plan(owner.token, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ Status: false, Error: error });
    }
    expect((await plan(owner.token, undefined)).statusCode).toBe(400);
    // A date that is no date is its field's refusal (the range check once answered 500 for it, found by the fuzz test).
    const notADate = await call(ctx, owner.token, 'GET', `/krye/shifts?from=${MONDAY}&to=${encodeURIComponent('񅦅󼨏')}`);
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json()).toMatchObject({ Status: false, Error: messages.dateInvalid });
    const range = await call(ctx, owner.token, 'GET', `/krye/shifts?from=${MONDAY}&to=${addDays(MONDAY, 90)}`);
    expect(range.statusCode).toBe(400);
    expect(range.json()).toMatchObject({ Status: false, Error: messages.shiftRangeInvalid });
    const week = await call(ctx, owner.token, 'POST', '/krye/shifts/copy', {
      from_week: '2026-48',
      to_week: '2026-W49',
    });
    expect(week.statusCode).toBe(400);
    expect(week.json()).toMatchObject({ Status: false, Error: messages.shiftWeekInvalid });
    expect((await roster(owner.token)).shifts).toEqual([]);
  });
});

describe('the roster: the day measured against the published shift', () => {
  it('the today board takes a published shift as the worker’s shift of the day; an unpublished one does not count', async () => {
    const owner = await createWorkspace(ctx, { companyName: 'Roje Nate', premium: true });
    const drita = await addEmployee(ctx, owner.token, { name: 'Drita Berisha' });
    const today = todayIn('Europe/Tirane');
    const board = async () => {
      const res = await call(ctx, owner.token, 'GET', '/krye/today');
      expect(res.statusCode, res.body).toBe(200);
      return resultOf<TTodayBoard>(res).workers.find((worker) => worker.employee_id === drita.id);
    };
    // No weekly schedule: nothing planned today.
    expect((await board())?.shift).toBeNull();
    await planned(owner.token, { employee_id: drita.id, date: today, start: '00:00', end: '23:45' });
    expect((await board())?.shift).toBeNull();
    expect((await publish(owner.token, today, today)).statusCode).toBe(200);
    expect((await board())?.shift).toEqual({ start: '00:00', end: '23:45' });
  });
});
