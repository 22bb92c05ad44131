import { emptySchedule, type TSchedule, type TScheduleChange } from '@puna/domain';
import { eq } from 'drizzle-orm';
import { employeeSchedules } from '../../src/db/schema';
import type { TestContext } from './app';

/** A week with shifts on the days given, `[start, end]` each (an end before the start: a night shift); the rest off. */
export function scheduleOf(days: Partial<Record<keyof TSchedule, readonly [string, string]>>): TSchedule {
  const schedule = emptySchedule();
  for (const [day, [startTime, endTime]] of Object.entries(days) as [keyof TSchedule, readonly [string, string]][]) {
    schedule[day] = { selected: true, startTime, endTime };
  }
  return schedule;
}

/** Monday to Friday from `start` to `end` (default 08:00–16:00; an end before the start: a night shift). */
export function weekdays(start = '08:00', end = '16:00'): TSchedule {
  const shift = [start, end] as const;
  return scheduleOf({ monday: shift, tuesday: shift, wednesday: shift, thursday: shift, friday: shift });
}

/** Replaces a worker's schedule history with the given rows (a change made on past dates). */
export async function setScheduleHistory(
  ctx: TestContext,
  employerId: number,
  employeeId: number,
  rows: readonly TScheduleChange[],
): Promise<void> {
  await ctx.app.db.delete(employeeSchedules).where(eq(employeeSchedules.employeeId, employeeId));
  await ctx.app.db.insert(employeeSchedules).values(rows.map((row) => ({ employerId, employeeId, ...row })));
}
