import {
  plannedDays,
  rangeHolidays,
  rosteredDays,
  type TDateRange,
  type TJurisdiction,
  type TPlannedDay,
  type TPlannedLeave,
  type TRangeHolidays,
  type TRosteredDay,
  type TSchedule,
  type TScheduleChange,
} from '@puna/domain';
import type { Executor } from '../../db/executor';
import { scheduleHistoriesOf } from '../employees/schedule-history';
import { jurisdictionOf } from '../employer-settings/service';
import { companyDaysIn } from '../holidays/service';
import { approvedLeaveDays, type LeaveDay } from '../leave-days/service';
import { publishedShiftsOf } from '../roster/service';

/** The zone a jurisdiction's clock changes are read in (both follow the EU's: the same nights). */
const ZONE_OF = { XK: 'Europe/Belgrade', AL: 'Europe/Tirane' } as const;

/** A worker as the planned days need it: its current schedule (and, optionally, its employment). */
export type PlannedWorker = {
  id: number;
  schedule: TSchedule | null;
  startDate?: string | null;
  endDate?: string | null;
};

/**
 * An employer's planned days over a range (docs/architecture.md#the-planned-day), read once for
 * every worker: the schedule histories, the official holidays and company days, the approved leave,
 * the published roster shifts (a date with one is measured against it).
 */
export type PlannedDays = {
  range: TDateRange;
  holidays: TRangeHolidays;
  histories: Map<number, TScheduleChange[]>;
  /** The approved leave of the range, day by day, in date order (`approvedLeaveDays`). */
  leaveDays: readonly LeaveDay[];
  /** A worker's approved leave by date. */
  leaveOf(employeeId: number): ReadonlyMap<string, TPlannedLeave> | undefined;
  /** A worker's published roster shifts by date, as the planned days take them (`rosteredDays`). */
  rosteredOf(employeeId: number): ReadonlyMap<string, TRosteredDay> | undefined;
  /** A worker's days of the range (or of a part of it) as planned (`plannedDays`). */
  daysOf(worker: PlannedWorker, range?: TDateRange): TPlannedDay[];
};

/**
 * The planned days of an employer's workers over a range: one read each of the schedule histories
 * (of `employeeIds`, else of every worker), the company days, the approved leave (of the one worker
 * when `employeeIds` names one) and the jurisdiction — unless the caller has it (or is reading it:
 * a promise), then none.
 */
export async function plannedDaysOf(
  db: Executor,
  employerId: number,
  range: TDateRange,
  employeeIds?: readonly number[],
  options: { jurisdiction?: TJurisdiction | Promise<TJurisdiction> } = {},
): Promise<PlannedDays> {
  const one = employeeIds?.length === 1 ? employeeIds[0] : undefined;
  const [histories, companyDays, leaveDays, jurisdiction, shifts] = await Promise.all([
    scheduleHistoriesOf(db, employerId, employeeIds),
    companyDaysIn(db, employerId, range),
    approvedLeaveDays(db, employerId, range, one),
    options.jurisdiction ?? jurisdictionOf(db, employerId),
    publishedShiftsOf(db, employerId, range, employeeIds),
  ]);
  const rostered = new Map([...shifts].map(([id, own]) => [id, rosteredDays(own, ZONE_OF[jurisdiction])]));
  const holidays = rangeHolidays(jurisdiction, range, companyDays);
  const leave = new Map<number, Map<string, TPlannedLeave>>();
  for (const day of leaveDays) {
    let own = leave.get(day.employeeId);
    if (!own) {
      own = new Map();
      leave.set(day.employeeId, own);
    }
    own.set(day.date, { type: day.typeName, kind: day.kind, paid: day.paid });
  }
  return {
    range,
    holidays,
    histories,
    leaveDays,
    leaveOf: (employeeId) => leave.get(employeeId),
    rosteredOf: (employeeId) => rostered.get(employeeId),
    daysOf: (worker, part = range) =>
      plannedDays({
        from: part.from,
        to: part.to,
        history: histories.get(worker.id),
        schedule: worker.schedule,
        holidays,
        leave: leave.get(worker.id),
        rostered: rostered.get(worker.id),
        employment:
          worker.startDate === undefined && worker.endDate === undefined
            ? undefined
            : { start: worker.startDate, end: worker.endDate },
      }),
  };
}
