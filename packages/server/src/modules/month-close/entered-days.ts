import {
  enteredNightHours,
  SCHEDULE_DAYS,
  scheduleOn,
  type TPayrollDay,
  type TSchedule,
  type TScheduleChange,
  weekdayIndex,
} from '@puna/domain';
import type { EnteredDay } from '../hours/service';

/**
 * Entered hours as the statement's payroll days (docs/product.md#hours-times): each day's night
 * hours from its own times, else from the schedule in force that day (the hours placed from its
 * start), else null: unknown, and the statement warns.
 */
export function enteredPayrollDays(
  entered: ReadonlyMap<number, readonly EnteredDay[]>,
  histories: ReadonlyMap<number, readonly TScheduleChange[]>,
  currentSchedules: ReadonlyMap<number, TSchedule | null>,
  window: { start: string; end: string },
): Map<number, TPayrollDay[]> {
  const byWorker = new Map<number, TPayrollDay[]>();
  for (const [workerId, days] of entered) {
    const history = histories.get(workerId);
    const current = currentSchedules.get(workerId) ?? null;
    byWorker.set(
      workerId,
      days.map((day) => {
        const schedule = day.from && day.to ? null : scheduleOn(history, day.date, current);
        const key = SCHEDULE_DAYS[weekdayIndex(day.date)];
        const scheduled = schedule && key ? schedule[key] : null;
        return { date: day.date, hours: day.hours, nightHours: enteredNightHours(day, scheduled, window) };
      }),
    );
  }
  return byWorker;
}
