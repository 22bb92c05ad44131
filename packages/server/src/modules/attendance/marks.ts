import {
  addDays,
  attendanceExceptionMarks,
  dayMarks,
  localClockOf,
  readStoredSchedule,
  type TDateRange,
  type TDayMark,
  type TLocalClock,
  type TSchedule,
} from '@puna/domain';
import type { ServiceDeps } from '../../plugins/deps';
import { firstDayOf } from '../employees/schedule-history';
import { employeesWithStartDayOf } from '../employees/service';
import { attendanceSettingsOf, timeZoneOf } from '../employer-settings/service';
import { type PlannedDays, plannedDaysOf } from '../planned-days/service';
import { type ScannedDay, scannedDays } from '../rfid/days';

/** A scanned day as wall-clock readings: its first scan, and its last when it has two or more (or is corrected). */
export function clocksOf(day: ScannedDay): TLocalClock[] {
  return addClocks([], day);
}

/**
 * `clocksOf` a day pushed onto a list (a month of a worker's days, without an array per day). A
 * shift's checkout after midnight stays on the shift's date, past 1440 (docs/product.md#night-shifts).
 */
function addClocks(list: TLocalClock[], day: ScannedDay): TLocalClock[] {
  list.push({ date: day.date, minutes: Math.floor(day.firstMinutes) });
  if (day.scanCount > 1 || day.corrected) list.push({ date: day.date, minutes: Math.floor(day.lastMinutes) });
  return list;
}

/** Each worker's scanned days as wall-clock readings (`clocksOf` of each day, in the days' order). */
export function clocksByWorker(days: readonly ScannedDay[]): Map<number, TLocalClock[]> {
  const clocks = new Map<number, TLocalClock[]>();
  for (const day of days) {
    let list = clocks.get(day.employeeId);
    if (!list) {
      list = [];
      clocks.set(day.employeeId, list);
    }
    addClocks(list, day);
  }
  return clocks;
}

/**
 * What a caller (the payroll statement) reads itself for the whole employer, so the marks do not
 * read it again: the scanned days from the day before the range to the day after it (at least),
 * and the range's planned days (every worker's schedule history, approved leave and days off).
 */
export type KnownForMarks = {
  days: readonly ScannedDay[];
  planned: PlannedDays;
};

/** What the marks are computed from, read once for every worker (see `marksOf`). */
type MarkInputs = Awaited<ReturnType<typeof readMarkInputs>>;

async function readMarkInputs(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  employerId: number,
  range: TDateRange,
  ids: readonly number[] | undefined,
  options: { employeeId?: number; timeZone?: string; known?: KnownForMarks | Promise<KnownForMarks> },
) {
  const wide = { from: addDays(range.from, -1), to: addDays(range.to, 1) };
  const timeZone = options.timeZone ?? (await timeZoneOf(deps, employerId));
  const settingsRead = attendanceSettingsOf(deps.db, employerId);
  const read = async (): Promise<KnownForMarks> => {
    const [days, planned] = await Promise.all([
      scannedDays(deps, employerId, wide, options.employeeId),
      plannedDaysOf(deps.db, employerId, range, options.employeeId === undefined ? ids : [options.employeeId], {
        jurisdiction: settingsRead.then((settings) => settings?.jurisdiction ?? 'XK'),
      }),
    ]);
    return { days, planned };
  };
  // What the caller is still reading (`known` as a promise) is awaited beside the marks' own reads.
  const [{ days, planned }, settings, starts] = await Promise.all([
    options.known ?? read(),
    settingsRead,
    employeesWithStartDayOf(deps.db, employerId, timeZone, options.employeeId),
  ]);
  return { days, planned, settings, timeZone, starts };
}

/**
 * Each worker's marks from the inputs read once (see `marksOf`); with `exceptionsOnly` only those
 * the month's exceptions list (`attendanceExceptionMarks`).
 */
function marksFrom(
  inputs: MarkInputs,
  range: TDateRange,
  workers: readonly { id: number; schedule: TSchedule | null }[],
  now: Date,
  exceptionsOnly = false,
): Map<number, TDayMark[]> {
  const { days, planned, settings, timeZone, starts } = inputs;
  const marks = new Map<number, TDayMark[]>();
  const createdOn = new Map(starts.map((row) => [row.id, row.createdOn]));
  // The official holidays that are days off and the company days (docs/architecture.md#the-planned-day).
  const holidays = new Set(planned.holidays.daysOff.keys());
  const clocks = new Map<number, TLocalClock[]>();
  for (const day of days) {
    const list = clocks.get(day.employeeId);
    if (list) addClocks(list, day);
    else clocks.set(day.employeeId, addClocks([], day));
  }
  const clock = localClockOf(now, timeZone);
  const marksOfWorker = exceptionsOnly ? attendanceExceptionMarks : dayMarks;
  for (const worker of workers) {
    const history = planned.histories.get(worker.id);
    const leave = planned.leaveOf(worker.id);
    marks.set(
      worker.id,
      marksOfWorker({
        from: range.from,
        to: range.to,
        history,
        schedule: worker.schedule,
        clocks: clocks.get(worker.id) ?? [],
        leave: leave && new Map([...leave].map(([date, day]) => [date, day.type])),
        holidays,
        toleranceMinutes: settings?.toleranceMinutes,
        now: clock,
        // The first day: the history's, else the day the employee was added (never absent before).
        since: firstDayOf(history) ?? createdOn.get(worker.id),
        // A date with a published roster shift is measured against it.
        rostered: planned.rosteredOf(worker.id),
      }),
    );
  }
  return marks;
}

/**
 * Each worker's days of a range measured against the schedule that held on each (docs/product.md#marks):
 * the scanned days (the day before and after too, for night shifts), the planned days (schedule
 * histories, approved leave, holidays that are days off and company days), and the employer's
 * tolerance, each read once whatever the number of workers. Days after now are to come. Each worker's first day (the day its
 * row was made, in the employer's zone) comes from the database. A caller that reads the days,
 * planned days itself passes them as `known` (or the promise of them).
 * `exceptionsOnly`: each worker's marks that the month's exceptions list, not every day's
 * (`attendanceExceptionMarks`).
 */
export async function marksOf(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  employerId: number,
  range: TDateRange,
  workers: readonly { id: number; schedule: TSchedule | null }[],
  options: {
    now?: Date;
    employeeId?: number;
    timeZone?: string;
    known?: KnownForMarks | Promise<KnownForMarks>;
    exceptionsOnly?: boolean;
  } = {},
): Promise<Map<number, TDayMark[]>> {
  if (workers.length === 0) return new Map();
  const inputs = await readMarkInputs(
    deps,
    employerId,
    range,
    workers.map((worker) => worker.id),
    options,
  );
  return marksFrom(inputs, range, workers, options.now ?? new Date(), options.exceptionsOnly);
}

/**
 * The marks of the workers among `ids` on a range, with their names: the employees (schedule,
 * name, first day) are read with the other inputs, in one query, rather than before them.
 */
export async function marksWithNamesOf(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  employerId: number,
  range: TDateRange,
  ids: readonly number[],
  options: { timeZone?: string } = {},
): Promise<{ marks: Map<number, TDayMark[]>; names: Map<number, string> }> {
  if (ids.length === 0) return { marks: new Map(), names: new Map() };
  const inputs = await readMarkInputs(deps, employerId, range, ids, options);
  const wanted = new Set(ids);
  const names = new Map<number, string>();
  const workers: { id: number; schedule: TSchedule | null }[] = [];
  for (const row of inputs.starts) {
    if (!wanted.has(row.id)) continue;
    names.set(row.id, row.name);
    workers.push({ id: row.id, schedule: readStoredSchedule(row.schedule) });
  }
  return { marks: marksFrom(inputs, range, workers, new Date()), names };
}
