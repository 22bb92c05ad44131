import { addDays, expectedShift, isoWeekMonday, messages, shiftsOverlap, type TShiftInput } from '@puna/domain';
import type { Actor } from '../../lib/actor';
import { conflict } from '../../lib/errors';
import { tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { lockMonths } from '../closed-months/service';
import { listEmployeesOf } from '../employees/service';
import { plannedDaysOf } from '../planned-days/service';
import { employeeShiftsIn, insertShifts, lockedEmployer } from '../roster/service';

/** Minutes from a date's midnight as `HH:MM` on the clock (a night shift's end wraps past midnight). */
const clockOf = (minutes: number) => {
  const wrapped = minutes % 1440;
  return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
};

/**
 * The roster's templates: a week filled from the weekly schedules. A module of its own because it
 * reads the planned days, which read the roster's published shifts (no module cycle).
 *
 * POST /krye/shifts/from-schedules (docs/product.md#shifts-and-the-roster): an ISO week filled from
 * the weekly schedules, unpublished. For each employee employed that week and each date its planned
 * day has scheduled times — not an official holiday or company day, not approved leave, in an open
 * month — one shift with the scheduled start and end (no break, no note), unless a shift of the
 * employee (published or not) already overlaps it: that date counts as skipped. A week whose every
 * month is closed is refused (409).
 */
export async function fillWeekFromSchedules(
  deps: ServiceDeps,
  actor: Actor,
  input: { week: string },
): Promise<{ created: number; skipped: number }> {
  const employerId = tenantOf(actor);
  const monday = isoWeekMonday(input.week) as string;
  const week = { from: monday, to: addDays(monday, 6) };
  const outcome = await deps.db.transaction(async (tx) => {
    // The month locks before the employer row (docs: closed-months/service.ts, assertMonthsOpen).
    const dates = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
    const { open } = await lockMonths(
      tx,
      employerId,
      dates.map((date) => date.slice(0, 7)),
    );
    if (open.length === 0) throw conflict(messages.shiftMonthClosed);
    await lockedEmployer(tx, employerId);
    const employees = await listEmployeesOf(tx, employerId, week);
    const [planned, existing] = await Promise.all([
      plannedDaysOf(
        tx,
        employerId,
        week,
        employees.map((employee) => employee.id),
      ),
      // The days around too: a night shift of the Sunday before may reach into Monday.
      employeeShiftsIn(tx, employerId, { from: addDays(week.from, -1), to: addDays(week.to, 1) }),
    ]);
    const shiftsOf = new Map<number, TShiftInput[]>();
    for (const shift of existing) {
      const own = shiftsOf.get(shift.employee_id) ?? [];
      own.push(shift);
      shiftsOf.set(shift.employee_id, own);
    }
    const openMonths = new Set(open);
    const rows: TShiftInput[] = [];
    let skipped = 0;
    for (const employee of employees) {
      for (const day of planned.daysOf(employee)) {
        if (!day.employed || day.holiday !== null || day.leave !== null || !openMonths.has(day.date.slice(0, 7))) {
          continue;
        }
        // The weekly schedule's times (where a published shift sets the planned day, the schedule is still the template).
        const scheduled = day.rosteredBreak === null ? day.shift : expectedShift(day.schedule, day.date);
        if (scheduled === null) continue;
        const shift: TShiftInput = {
          employee_id: employee.id,
          date: day.date,
          start: clockOf(scheduled.start),
          end: clockOf(scheduled.end),
          break_minutes: 0,
          note: '',
        };
        const own = shiftsOf.get(employee.id) ?? [];
        if (own.some((other) => shiftsOverlap(other, shift))) {
          skipped += 1;
          continue;
        }
        own.push(shift);
        shiftsOf.set(employee.id, own);
        rows.push(shift);
      }
    }
    await insertShifts(tx, employerId, rows);
    return { created: rows.length, skipped };
  });
  // Its screens follow, as after any change to the plan (modules/live: `shift_update`).
  if (outcome.created > 0) void deps.events.announce('roster.changed', { employerId });
  return outcome;
}
