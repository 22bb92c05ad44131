import {
  addDays,
  dayMarks,
  holidaysOf,
  localClockOf,
  type TDateRange,
  type TDayMark,
  type TLocalClock,
  type TSchedule,
} from '@puna/domain';
import type { ServiceDeps } from '../../lib/deps';
import { firstDayOf, scheduleHistoriesOf } from '../employees/schedule-history';
import { employeesWithStartOf } from '../employees/service';
import { attendanceSettingsOf, timeZoneOf } from '../employer-settings/service';
import { companyDaysIn } from '../holidays/service';
import { approvedLeaveDays } from '../leave/days';
import { type ScannedDay, scannedDays } from './days';

/** 'HH:MM:SS' (or 'HH:MM') as minutes from midnight. */
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A scanned day as wall-clock readings: its first scan, and its last when it has two or more (or is corrected). */
export function clocksOf(day: ScannedDay): TLocalClock[] {
  const clocks = [{ date: day.date, minutes: minutesOf(day.firstScanTime) }];
  if (day.scanCount > 1 || day.corrected) clocks.push({ date: day.date, minutes: minutesOf(day.lastScanTime) });
  return clocks;
}

/**
 * Each worker's days of a range measured against the schedule that held on each (docs/product.md#marks):
 * the scanned days (the day before and after too, for night shifts), the schedule histories, approved
 * leave, holidays that are days off and company days, and the employer's tolerance, each read once
 * whatever the number of workers. Days after now are to come. The scanned days of the range are
 * passed in when the caller has them already.
 */
export async function marksOf(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  employerId: number,
  range: TDateRange,
  workers: readonly { id: number; schedule: TSchedule | null }[],
  options: { now?: Date; employeeId?: number } = {},
): Promise<Map<number, TDayMark[]>> {
  const marks = new Map<number, TDayMark[]>();
  if (workers.length === 0) return marks;
  const wide = { from: addDays(range.from, -1), to: addDays(range.to, 1) };
  const ids = workers.map((worker) => worker.id);
  const [days, histories, leaveDays, companyDays, settings, timeZone, created] = await Promise.all([
    scannedDays(deps, employerId, wide, options.employeeId),
    scheduleHistoriesOf(deps.db, employerId, ids),
    approvedLeaveDays(deps.db, employerId, range, options.employeeId),
    companyDaysIn(deps.db, employerId, range),
    attendanceSettingsOf(deps.db, employerId),
    timeZoneOf(deps, employerId),
    employeesWithStartOf(deps.db, employerId, options.employeeId === undefined ? {} : { id: options.employeeId }),
  ]);
  const createdOn = new Map(created.map((row) => [row.id, localClockOf(row.createdAt, timeZone).date]));
  const holidays = new Set(companyDays.map((day) => day.date));
  const years = new Set([range.from, range.to].map((date) => Number(date.slice(0, 4))));
  for (const year of years) {
    for (const holiday of holidaysOf(settings?.jurisdiction ?? 'XK', year).holidays) {
      if (holiday.dayOff) holidays.add(holiday.date);
    }
  }
  const clocks = new Map<number, TLocalClock[]>();
  for (const day of days) {
    const list = clocks.get(day.employeeId) ?? [];
    list.push(...clocksOf(day));
    clocks.set(day.employeeId, list);
  }
  const leave = new Map<number, Map<string, string>>();
  for (const day of leaveDays) {
    const own = leave.get(day.employeeId) ?? new Map<string, string>();
    own.set(day.date, day.typeName);
    leave.set(day.employeeId, own);
  }
  const now = localClockOf(options.now ?? new Date(), timeZone);
  for (const worker of workers) {
    const history = histories.get(worker.id);
    marks.set(
      worker.id,
      dayMarks({
        from: range.from,
        to: range.to,
        history,
        schedule: worker.schedule,
        clocks: clocks.get(worker.id) ?? [],
        leave: leave.get(worker.id),
        holidays,
        toleranceMinutes: settings?.toleranceMinutes,
        now,
        // The first day: the history's, else the day the employee was added (never absent before).
        since: firstDayOf(history) ?? createdOn.get(worker.id),
      }),
    );
  }
  return marks;
}
