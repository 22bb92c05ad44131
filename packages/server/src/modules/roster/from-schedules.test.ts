import { addDays, isoWeekOf, messages, rangeHolidays, type TShift, todayIn } from '@puna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers/app';
import { insertLeave } from '../../../test/helpers/leave-factories';
import { scheduleOf, weekdays } from '../../../test/helpers/schedules';
import { call, createWorker, createWorkspace, resultOf } from '../../../test/helpers/workspace-factories';
import { closedMonths } from '../../db/schema';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

/**
 * A Monday far enough ahead that its week and the next are in open months and after every schedule
 * change, and hold no official holiday (the employer's jurisdiction, Kosovo, by default).
 */
const MONDAY = (() => {
  let date = addDays(todayIn('Europe/Tirane'), 14);
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 1) date = addDays(date, 1);
  while (rangeHolidays('XK', { from: date, to: addDays(date, 13) }, []).daysOff.size > 0) date = addDays(date, 7);
  return date;
})();
const WEEK = isoWeekOf(MONDAY);
const NEXT_MONDAY = addDays(MONDAY, 7);
const NEXT_WEEK = isoWeekOf(NEXT_MONDAY);

const fill = (token: string, body: unknown) => call(ctx, token, 'POST', '/krye/shifts/from-schedules', body);

async function shiftsOf(token: string, monday: string): Promise<TShift[]> {
  const res = await call(ctx, token, 'GET', `/krye/shifts?from=${monday}&to=${addDays(monday, 6)}`);
  expect(res.statusCode, res.body).toBe(200);
  return resultOf<{ shifts: TShift[] }>(res).shifts;
}

/** The fields that matter of a list of shifts, in a stable order. */
const summary = (shifts: TShift[]) =>
  shifts
    .map(
      (shift) =>
        `${shift.employee_id} ${shift.date} ${shift.start}-${shift.end} ${shift.break_minutes} ${shift.published}`,
    )
    .sort();

describe('POST /krye/shifts/from-schedules', () => {
  it('fills a week from the weekly schedules, unpublished, and a second call adds nothing', async () => {
    const owner = await createWorkspace(ctx, 'Furra e Mëngjesit');
    const arta = await createWorker(ctx, owner.token, { name: 'Arta Krasniqi', schedule: weekdays('08:00', '16:00') });
    const nora = await createWorker(ctx, owner.token, {
      name: 'Nora Gashi',
      schedule: scheduleOf({ saturday: ['22:00', '06:00'] }),
    });
    // A worker without a schedule gets nothing.
    await createWorker(ctx, owner.token, { name: 'Drita Berisha' });

    const res = await fill(owner.token, { week: WEEK });
    expect(res.statusCode, res.body).toBe(201);
    expect(resultOf(res)).toEqual({ created: 6, skipped: 0 });

    const shifts = await shiftsOf(owner.token, MONDAY);
    const a = arta.employee.id;
    expect(summary(shifts)).toEqual(
      [
        ...[0, 1, 2, 3, 4].map((i) => `${a} ${addDays(MONDAY, i)} 08:00-16:00 0 false`),
        `${nora.employee.id} ${addDays(MONDAY, 5)} 22:00-06:00 0 false`,
      ].sort(),
    );
    expect(shifts.every((shift) => shift.note === '')).toBe(true);

    // Workers see nothing until it is published.
    const mine = await call(ctx, arta.token, 'GET', `/krye/worker/me/shifts?from=${MONDAY}&to=${addDays(MONDAY, 6)}`);
    expect(resultOf<{ shifts: unknown[] }>(mine).shifts).toEqual([]);

    const again = await fill(owner.token, { week: WEEK });
    expect(again.statusCode, again.body).toBe(201);
    expect(resultOf(again)).toEqual({ created: 0, skipped: 6 });
    expect(summary(await shiftsOf(owner.token, MONDAY))).toEqual(summary(shifts));
  });

  it('skips company days, approved leave and days with an overlapping shift', async () => {
    const owner = await createWorkspace(ctx, 'Dyqani i Qendrës');
    const arta = await createWorker(ctx, owner.token, { name: 'Arta Krasniqi', schedule: weekdays('08:00', '16:00') });
    const besa = await createWorker(ctx, owner.token, { name: 'Besa Hoxha', schedule: weekdays('09:00', '17:00') });
    const wednesday = addDays(NEXT_MONDAY, 2);
    const thursday = addDays(NEXT_MONDAY, 3);
    const tuesday = addDays(NEXT_MONDAY, 1);
    const holiday = await call(ctx, owner.token, 'POST', '/krye/holidays', { date: wednesday, name: 'Dita e firmës' });
    expect(holiday.statusCode, holiday.body).toBe(201);
    await insertLeave(ctx, owner.employerId, arta.employee.id, { from: thursday, to: thursday });
    const existing = await call(ctx, owner.token, 'POST', '/krye/shifts', {
      employee_id: besa.employee.id,
      date: tuesday,
      start: '12:00',
      end: '20:00',
    });
    expect(existing.statusCode, existing.body).toBe(201);

    const res = await fill(owner.token, { week: NEXT_WEEK });
    expect(res.statusCode, res.body).toBe(201);
    expect(resultOf(res)).toEqual({ created: 6, skipped: 1 });

    const dates = (id: number) =>
      (shiftsOf(owner.token, NEXT_MONDAY) as Promise<TShift[]>).then((shifts) =>
        shifts
          .filter((shift) => shift.employee_id === id)
          .map((shift) => `${shift.date} ${shift.start}`)
          .sort(),
      );
    expect(await dates(arta.employee.id)).toEqual([0, 1, 4].map((i) => `${addDays(NEXT_MONDAY, i)} 08:00`));
    // Besa's own Tuesday shift stays as it was; no second one beside it.
    expect(await dates(besa.employee.id)).toEqual(
      [`${NEXT_MONDAY} 09:00`, `${tuesday} 12:00`, `${thursday} 09:00`, `${addDays(NEXT_MONDAY, 4)} 09:00`].sort(),
    );
  });

  it('refuses a week whose months are closed (409) and changes nothing', async () => {
    const owner = await createWorkspace(ctx, 'Roja e Natës');
    await createWorker(ctx, owner.token, { name: 'Arta Krasniqi', schedule: weekdays('08:00', '16:00') });
    await ctx.app.db.insert(closedMonths).values({ employerId: owner.employerId, month: '2026-01', statement: {} });
    const res = await fill(owner.token, { week: '2026-W03' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ Status: false, Error: messages.shiftMonthClosed });
    expect(await shiftsOf(owner.token, '2026-01-12')).toEqual([]);
  });

  it('refuses workers, and leaves another employer’s roster untouched', async () => {
    const owner = await createWorkspace(ctx, 'Kafja e Sheshit');
    const arta = await createWorker(ctx, owner.token, { name: 'Arta Krasniqi', schedule: weekdays('08:00', '16:00') });
    const other = await createWorkspace(ctx, 'Kafja Tjetër');

    const asWorker = await fill(arta.token, { week: WEEK });
    expect(asWorker.statusCode).toBe(403);
    expect(asWorker.json()).toMatchObject({ Status: false });

    const elsewhere = await fill(other.token, { week: WEEK });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    expect(resultOf(elsewhere)).toEqual({ created: 0, skipped: 0 });
    expect(await shiftsOf(owner.token, MONDAY)).toEqual([]);
    expect(await shiftsOf(other.token, MONDAY)).toEqual([]);
  });

  it('answers a bad week with a sentence and changes nothing', async () => {
    const owner = await createWorkspace(ctx, 'Pastiçeria');
    await createWorker(ctx, owner.token, { name: 'Arta Krasniqi', schedule: weekdays('08:00', '16:00') });
    for (const body of [{ week: '2026-W60' }, { week: '2027-W53' }, { week: 48 }, {}, { week: WEEK, extra: 1 }]) {
      const res = await fill(owner.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const answer = res.json<{ Status: boolean; Error: string }>();
      expect(answer.Status).toBe(false);
      expect(answer.Error.length).toBeGreaterThan(10);
    }
    const bad = await fill(owner.token, { week: '2026-W60' });
    expect(bad.json()).toMatchObject({ Status: false, Error: messages.shiftWeekInvalid });
    expect(await shiftsOf(owner.token, MONDAY)).toEqual([]);
  });
});
