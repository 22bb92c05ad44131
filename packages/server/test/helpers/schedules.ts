import { emptySchedule, type TSchedule, type TScheduleChange } from '@puna/domain';
import { eq } from 'drizzle-orm';
import { employeeSchedules } from '../../src/db/schema';
import type { TestContext } from './app';

/** Monday to Friday from `start` to `end` (an end before the start: a night shift). */
export function weekdays(start: string, end: string): TSchedule {
  const schedule = emptySchedule();
  for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const) {
    schedule[day] = { selected: true, startTime: start, endTime: end };
  }
  return schedule;
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
