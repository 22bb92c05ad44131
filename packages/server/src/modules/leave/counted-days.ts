import type { TDateRange } from '@puna/domain';
import type { PlannedDays, PlannedWorker } from '../planned-days/service';

/**
 * The days a leave takes (docs/product.md#leave): the dates of the range the worker was scheduled
 * to work, by the schedule in force on each (its history), less the official holidays and company
 * days off. A weekend or a holiday inside a leave is not counted. `range` lies within the planned
 * days' range.
 */
export function leaveDaysOf(planned: PlannedDays, worker: PlannedWorker, range: TDateRange): number {
  let days = 0;
  for (const day of planned.daysOf({ id: worker.id, schedule: worker.schedule }, range)) {
    if (day.workingDay && day.holiday === null) days += 1;
  }
  return days;
}
