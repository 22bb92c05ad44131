import {
  addDays,
  isoWeekMonday,
  messages,
  plannedCost,
  plannedMinutes,
  shiftsOverlap,
  type TShift,
  type TShiftDayTotal,
  type TShiftInput,
  type TShiftRange,
  todayIn,
} from '@puna/domain';
import { and, between, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { rosterShifts } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/errors';
import { employerTimeZoneOf, ownEmployeeOf, tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { assertMonthsOpen } from '../closed-months/service';
import { findEmployeeOf, listEmployeesOf } from '../employees/service';
import { lockEmployer } from '../employer-settings/service';
import { approvedLeaveDays } from '../leave-days/service';
import { breakRulesIn } from './settings';

/** The unpaid break rules in force, for the payroll statement (docs/labour-rules.md#breaks). */
export { breakRulesIn } from './settings';

/**
 * Shifts and the roster (docs/product.md#shifts-and-the-roster): the employer plans shifts, sees
 * planned hours and cost, copies a week and publishes a range; workers see what was published.
 */

type Row = typeof rosterShifts.$inferSelect;
/** What workers see of a shift: the fields as last published. */
type Copy = Omit<TShift, 'id' | 'published'>;
type WorkerShift = Omit<TShift, 'published'>;

const fieldsOf = (row: Row): Copy => ({
  employee_id: row.employeeId,
  date: row.date,
  start: row.start,
  end: row.end,
  break_minutes: row.breakMinutes,
  note: row.note,
});

const sameCopy = (a: Copy, b: Copy) =>
  a.employee_id === b.employee_id &&
  a.date === b.date &&
  a.start === b.start &&
  a.end === b.end &&
  a.break_minutes === b.break_minutes &&
  a.note === b.note;

const copyOf = (row: Row): Copy | null => (row.publishedCopy ?? null) as Copy | null;

function toShift(row: Row): TShift {
  const published = copyOf(row);
  return { id: row.id, ...fieldsOf(row), published: published !== null && sameCopy(published, fieldsOf(row)) };
}

/** Whether publishing would change what workers see of this row. */
const hasChanges = (row: Row) => {
  const published = copyOf(row);
  if (row.removed) return published !== null;
  return published === null || !sameCopy(published, fieldsOf(row));
};

/** The employer's shifts starting in a range (the removed ones too when asked). */
async function shiftsIn(db: Executor, employerId: number, range: TShiftRange, withRemoved = false): Promise<Row[]> {
  return db
    .select()
    .from(rosterShifts)
    .where(
      and(
        eq(rosterShifts.employerId, employerId),
        between(rosterShifts.date, range.from, range.to),
        withRemoved ? undefined : eq(rosterShifts.removed, false),
      ),
    )
    .orderBy(rosterShifts.date, rosterShifts.start, rosterShifts.id);
}

/** Tells the employer's open screens that its plan changed (modules/live: `shift_update`). */
function announceChange(deps: ServiceDeps, employerId: number): void {
  void deps.events.announce('roster.changed', { employerId });
}

/** GET /krye/shifts: the range's shifts, planned hours and cost per employee and day, unpublished changes. */
export async function listShifts(
  deps: ServiceDeps,
  actor: Actor,
  range: TShiftRange,
): Promise<{ shifts: TShift[]; totals: TShiftDayTotal[]; unpublished: number }> {
  const employerId = tenantOf(actor);
  const timeZone = employerTimeZoneOf(actor);
  const [rows, employees, rules] = await Promise.all([
    shiftsIn(deps.db, employerId, range, true),
    listEmployeesOf(deps.db, employerId),
    breakRulesIn(deps.db, employerId),
  ]);
  const pay = new Map(employees.map((employee) => [employee.id, employee]));
  // A week holds a few kinds of shift and of pay: each is worked out once (bench/README.md#roster).
  const lengths = new Map<string, number>();
  const costs = new Map<string, number>();
  const minutes = new Map<string, { employeeId: number; date: string; minutes: number }>();
  for (const row of rows) {
    if (row.removed || row.employeeId === null) continue;
    const kind = `${row.date}|${row.start}|${row.end}|${row.breakMinutes}`;
    let length = lengths.get(kind);
    if (length === undefined) {
      length = plannedMinutes(fieldsOf(row), timeZone, rules);
      lengths.set(kind, length);
    }
    const key = `${row.employeeId}|${row.date}`;
    const day = minutes.get(key) ?? { employeeId: row.employeeId, date: row.date, minutes: 0 };
    day.minutes += length;
    minutes.set(key, day);
  }
  const totals = [...minutes.values()].map(({ employeeId, date, minutes: planned }) => {
    const hours = Math.round((planned / 60) * 100) / 100;
    const employee = pay.get(employeeId);
    if (!employee) return { employee_id: employeeId, date, hours, cost: 0 };
    // The same wage, month and hours cost the same (the monthly share depends on the month only).
    const kind = `${employee.wages}|${employee.salary}|${date.slice(0, 7)}|${hours}`;
    let cost = costs.get(kind);
    if (cost === undefined) {
      cost = plannedCost({ wages: employee.wages, salary: employee.salary, date, hours });
      costs.set(kind, cost);
    }
    return { employee_id: employeeId, date, hours, cost };
  });
  return {
    shifts: rows.filter((row) => !row.removed).map(toShift),
    totals,
    unpublished: rows.filter(hasChanges).length,
  };
}

/**
 * The checks a shift passes before it is stored, inside the employer's lock: the employee is the
 * employer's, its month is open, it has no approved leave that day, and no other shift of its
 * overlaps (the days around, for shifts across midnight).
 */
export async function assertShiftFits(
  tx: Executor,
  employerId: number,
  input: TShiftInput,
  id?: number,
): Promise<void> {
  await assertMonthsOpen(tx, employerId, [input.date], messages.shiftMonthClosed);
  if (input.employee_id === null) return;
  await findEmployeeOf(tx, employerId, input.employee_id);
  const leave = await approvedLeaveDays(tx, employerId, { from: input.date, to: input.date }, input.employee_id);
  if (leave.length > 0) throw conflict(messages.shiftOnLeave);
  const around = await tx
    .select()
    .from(rosterShifts)
    .where(
      and(
        eq(rosterShifts.employerId, employerId),
        eq(rosterShifts.employeeId, input.employee_id),
        eq(rosterShifts.removed, false),
        between(rosterShifts.date, addDays(input.date, -1), addDays(input.date, 1)),
        id === undefined ? undefined : ne(rosterShifts.id, id),
      ),
    );
  if (around.some((other) => shiftsOverlap(fieldsOf(other), input))) throw conflict(messages.shiftOverlaps);
}

export async function lockedEmployer(tx: Executor, employerId: number): Promise<void> {
  if (!(await lockEmployer(tx, employerId))) throw notFound();
}

/**
 * The employer's employees' shifts (published or not, not removed) starting in a range: what a
 * week filled from the weekly schedules checks overlaps against (modules/roster-templates).
 */
export async function employeeShiftsIn(
  tx: Executor,
  employerId: number,
  range: { from: string; to: string },
): Promise<(TShiftInput & { employee_id: number })[]> {
  const rows = await shiftsIn(tx, employerId, range);
  return rows
    .filter((row) => row.employeeId !== null)
    .map((row) => ({ ...fieldsOf(row), employee_id: row.employeeId as number }));
}

/** Stores new shifts, unpublished, in the caller's transaction (which holds the employer's lock). */
export async function insertShifts(tx: Executor, employerId: number, shifts: readonly TShiftInput[]): Promise<void> {
  if (shifts.length === 0) return;
  await tx.insert(rosterShifts).values(
    shifts.map((shift) => ({
      employerId,
      employeeId: shift.employee_id,
      date: shift.date,
      start: shift.start,
      end: shift.end,
      breakMinutes: shift.break_minutes,
      note: shift.note,
    })),
  );
}

/** POST /krye/shifts. */
export async function createShift(deps: ServiceDeps, actor: Actor, input: TShiftInput): Promise<TShift> {
  const employerId = tenantOf(actor);
  const row = await deps.db.transaction(async (tx) => {
    await lockedEmployer(tx, employerId);
    await assertShiftFits(tx, employerId, input);
    const [created] = await tx
      .insert(rosterShifts)
      .values({
        employerId,
        employeeId: input.employee_id,
        date: input.date,
        start: input.start,
        end: input.end,
        breakMinutes: input.break_minutes,
        note: input.note,
      })
      .returning();
    if (!created) throw new Error('shift not stored');
    return created;
  });
  announceChange(deps, employerId);
  return toShift(row);
}

async function ownShift(tx: Executor, employerId: number, id: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(rosterShifts)
    .where(and(eq(rosterShifts.id, id), eq(rosterShifts.employerId, employerId), eq(rosterShifts.removed, false)));
  if (!row) throw notFound(messages.shiftNotFound);
  return row;
}

/** PUT /krye/shifts/{id}: a change stays unpublished until the next publish. */
export async function updateShift(deps: ServiceDeps, actor: Actor, id: number, input: TShiftInput): Promise<TShift> {
  const employerId = tenantOf(actor);
  const row = await deps.db.transaction(async (tx) => {
    await lockedEmployer(tx, employerId);
    const current = await ownShift(tx, employerId, id);
    // Moving a shift out of a closed month changes that month too.
    await assertMonthsOpen(tx, employerId, [current.date], messages.shiftMonthClosed);
    await assertShiftFits(tx, employerId, input, id);
    const [updated] = await tx
      .update(rosterShifts)
      .set({
        employeeId: input.employee_id,
        date: input.date,
        start: input.start,
        end: input.end,
        breakMinutes: input.break_minutes,
        note: input.note,
        updatedAt: new Date(),
      })
      .where(eq(rosterShifts.id, id))
      .returning();
    if (!updated) throw notFound(messages.shiftNotFound);
    return updated;
  });
  announceChange(deps, employerId);
  return toShift(row);
}

/** DELETE /krye/shifts/{id}: a never-published shift goes at once; a published one at the next publish. */
export async function deleteShift(deps: ServiceDeps, actor: Actor, id: number): Promise<void> {
  const employerId = tenantOf(actor);
  await deps.db.transaction(async (tx) => {
    await lockedEmployer(tx, employerId);
    const row = await ownShift(tx, employerId, id);
    await assertMonthsOpen(tx, employerId, [row.date], messages.shiftMonthClosed);
    if (row.publishedCopy === null) await tx.delete(rosterShifts).where(eq(rosterShifts.id, id));
    else await tx.update(rosterShifts).set({ removed: true, updatedAt: new Date() }).where(eq(rosterShifts.id, id));
  });
  announceChange(deps, employerId);
}

/**
 * POST /krye/shifts/copy: one week's shifts onto another, unpublished. The target week must hold no
 * shift; a shift whose employee is on approved leave that day is not copied.
 */
export async function copyWeek(
  deps: ServiceDeps,
  actor: Actor,
  input: { from_week: string; to_week: string },
): Promise<{ copied: number }> {
  const employerId = tenantOf(actor);
  const fromMonday = isoWeekMonday(input.from_week) as string;
  const toMonday = isoWeekMonday(input.to_week) as string;
  const source = { from: fromMonday, to: addDays(fromMonday, 6) };
  const target = { from: toMonday, to: addDays(toMonday, 6) };
  const offset = Math.round((Date.parse(toMonday) - Date.parse(fromMonday)) / 86_400_000);
  const outcome = await deps.db.transaction(async (tx) => {
    await lockedEmployer(tx, employerId);
    if ((await shiftsIn(tx, employerId, target)).length > 0) throw conflict(messages.shiftCopyTargetNotEmpty);
    const dates = Array.from({ length: 7 }, (_, i) => addDays(toMonday, i));
    await assertMonthsOpen(tx, employerId, dates, messages.shiftMonthClosed);
    const leave = new Set(
      (await approvedLeaveDays(tx, employerId, target)).map((day) => `${day.employeeId}|${day.date}`),
    );
    const rows = (await shiftsIn(tx, employerId, source))
      .map((row) => ({ ...fieldsOf(row), date: addDays(row.date, offset) }))
      .filter((shift) => shift.employee_id === null || !leave.has(`${shift.employee_id}|${shift.date}`));
    await insertShifts(tx, employerId, rows);
    return { copied: rows.length };
  });
  if (outcome.copied > 0) announceChange(deps, employerId);
  return outcome;
}

/**
 * POST /krye/shifts/publish: workers see the range's shifts as they are now. Every worker whose
 * shifts were added, changed or removed gets one notice.
 */
export async function publishShifts(
  deps: ServiceDeps,
  actor: Actor,
  range: TShiftRange,
): Promise<{ published: number; removed: number; notified: number }> {
  const employerId = tenantOf(actor);
  const outcome = await deps.db.transaction(async (tx) => {
    await lockedEmployer(tx, employerId);
    const changed = (await shiftsIn(tx, employerId, range, true)).filter(hasChanges);
    const told = new Set<number>();
    for (const row of changed) {
      const before = copyOf(row);
      if (before?.employee_id) told.add(before.employee_id);
      if (!row.removed && row.employeeId !== null) told.add(row.employeeId);
    }
    const gone = changed.filter((row) => row.removed).map((row) => row.id);
    const kept = changed.filter((row) => !row.removed);
    if (gone.length > 0) await tx.delete(rosterShifts).where(inArray(rosterShifts.id, gone));
    if (kept.length > 0) {
      // One statement for the range (a week of 300 employees is 2,100 shifts): each row's copy is itself.
      // A shift published for another worker, date or start is a new one to be missed: its no-show
      // is told again (SET reads the row as it was, so the copy compared is the old one).
      const copy = rosterShifts.publishedCopy;
      await tx
        .update(rosterShifts)
        .set({
          publishedCopy: sql`jsonb_build_object('employee_id', ${rosterShifts.employeeId}, 'date', to_char(${rosterShifts.date}, 'YYYY-MM-DD'), 'start', ${rosterShifts.start}, 'end', ${rosterShifts.end}, 'break_minutes', ${rosterShifts.breakMinutes}, 'note', ${rosterShifts.note})`,
          noShowNotifiedAt: sql`case when ${copy} is null
            or ${copy}->'employee_id' is distinct from to_jsonb(${rosterShifts.employeeId})
            or ${copy}->'date' is distinct from to_jsonb(to_char(${rosterShifts.date}, 'YYYY-MM-DD'))
            or ${copy}->'start' is distinct from to_jsonb(${rosterShifts.start})
            then null else ${rosterShifts.noShowNotifiedAt} end`,
        })
        .where(
          inArray(
            rosterShifts.id,
            kept.map((row) => row.id),
          ),
        );
    }
    return { published: kept.length, removed: gone.length, employeeIds: [...told].sort((a, b) => a - b) };
  });
  // Announced whenever something was published, open shifts alone too: the workers named get a
  // push, and every open screen of the employer and its workers refetches (modules/live).
  if (outcome.published + outcome.removed > 0) {
    void deps.events.announce('roster.published', { employerId, employeeIds: outcome.employeeIds, ...range });
  }
  return { published: outcome.published, removed: outcome.removed, notified: outcome.employeeIds.length };
}

/**
 * GET /krye/worker/me/shifts: the worker's own shifts as published, and the open shifts from today
 * on that it may take.
 */
export async function workerShifts(
  deps: ServiceDeps,
  actor: Actor,
  range: TShiftRange,
): Promise<{ shifts: WorkerShift[]; open: WorkerShift[] }> {
  const employerId = tenantOf(actor);
  const employeeId = ownEmployeeOf(actor);
  const today = todayIn(employerTimeZoneOf(actor));
  const copyDate = sql`${rosterShifts.publishedCopy}->>'date'`;
  const copyEmployee = sql`${rosterShifts.publishedCopy}->'employee_id'`;
  const rows = await deps.db
    .select({ id: rosterShifts.id, copy: rosterShifts.publishedCopy })
    .from(rosterShifts)
    .where(
      and(
        eq(rosterShifts.employerId, employerId),
        sql`${rosterShifts.publishedCopy} is not null`,
        gte(copyDate, range.from),
        lte(copyDate, range.to),
        or(
          sql`${copyEmployee} = ${JSON.stringify(employeeId)}::jsonb`,
          and(sql`${copyEmployee} = 'null'::jsonb`, gte(copyDate, today)),
        ),
      ),
    );
  const shifts = rows
    .map((row) => ({ id: row.id, ...(row.copy as Copy) }))
    .sort((a, b) => (a.date === b.date ? a.start.localeCompare(b.start) : a.date.localeCompare(b.date)));
  return {
    shifts: shifts.filter((shift) => shift.employee_id === employeeId),
    open: shifts.filter((shift) => shift.employee_id === null),
  };
}

/** A published shift as the planned days read it. */
export type PublishedShift = {
  id: number;
  employeeId: number;
  date: string;
  start: string;
  end: string;
  break_minutes: number;
};

/**
 * The published shifts of an employer's workers (or of some) starting in a range, by employee: what
 * the planned days measure those dates against (docs/architecture.md#the-planned-day). Open shifts
 * are nobody's and are left out.
 */
export async function publishedShiftsOf(
  db: Executor,
  employerId: number,
  range: { from: string; to: string },
  employeeIds?: readonly number[],
): Promise<Map<number, PublishedShift[]>> {
  const copyDate = sql<string>`${rosterShifts.publishedCopy}->>'date'`;
  const copyEmployee = sql<number>`(${rosterShifts.publishedCopy}->>'employee_id')::int`;
  const rows = await db
    .select({ id: rosterShifts.id, copy: rosterShifts.publishedCopy })
    .from(rosterShifts)
    .where(
      and(
        eq(rosterShifts.employerId, employerId),
        sql`${rosterShifts.publishedCopy} is not null`,
        sql`${rosterShifts.publishedCopy}->'employee_id' <> 'null'::jsonb`,
        gte(copyDate, range.from),
        lte(copyDate, range.to),
        employeeIds === undefined ? undefined : inArray(copyEmployee, [...employeeIds]),
      ),
    );
  const byEmployee = new Map<number, PublishedShift[]>();
  for (const { id, copy } of rows) {
    const shift = copy as Copy & { employee_id: number };
    const own = byEmployee.get(shift.employee_id) ?? [];
    own.push({
      id,
      employeeId: shift.employee_id,
      date: shift.date,
      start: shift.start,
      end: shift.end,
      break_minutes: shift.break_minutes,
    });
    byEmployee.set(shift.employee_id, own);
  }
  return byEmployee;
}

/**
 * Every employer's published shifts of a worker starting in a range (as published) whose no-show
 * was not told yet: what the no-show job (modules/today/no-show.ts) checks.
 */
export async function untoldPublishedShifts(
  db: Executor,
  range: { from: string; to: string },
): Promise<
  { id: number; employerId: number; copy: { employee_id: number; date: string; start: string; end: string } }[]
> {
  const copyDate = sql<string>`${rosterShifts.publishedCopy}->>'date'`;
  const rows = await db
    .select({ id: rosterShifts.id, employerId: rosterShifts.employerId, copy: rosterShifts.publishedCopy })
    .from(rosterShifts)
    .where(
      and(
        isNull(rosterShifts.noShowNotifiedAt),
        eq(rosterShifts.removed, false),
        sql`${rosterShifts.publishedCopy} is not null`,
        sql`${rosterShifts.publishedCopy}->'employee_id' <> 'null'::jsonb`,
        gte(copyDate, range.from),
        lte(copyDate, range.to),
      ),
    );
  return rows.map((row) => ({ ...row, copy: row.copy as Copy & { employee_id: number } }));
}

/**
 * Claims the telling of a shift's no-show: sets `no_show_notified_at` only where it is still null
 * (one conditional UPDATE … RETURNING), so of several processes exactly one gets true.
 */
export async function claimNoShow(db: Executor, shiftId: number, at: Date): Promise<boolean> {
  const claimed = await db
    .update(rosterShifts)
    .set({ noShowNotifiedAt: at })
    .where(and(eq(rosterShifts.id, shiftId), isNull(rosterShifts.noShowNotifiedAt)))
    .returning({ id: rosterShifts.id });
  return claimed.length > 0;
}
