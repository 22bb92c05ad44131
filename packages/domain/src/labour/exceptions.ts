import { clockMinutes, monthOf } from '../calendar';
import type { TDayMark } from '../marks';
import { SCHEDULE_DAYS, type TSchedule } from '../schedule';
import type { TPayrollWarning } from './payroll';

/** What the month-close check looks for before a month is closed (docs/labour-rules.md#exceptions). */
export const EXCEPTION_KINDS = [
  'missingCheckout',
  'dayOver12h',
  'entryOnHoliday',
  'overtimeOverCap',
  'scansWithoutHoursSource',
  'late',
  'leftEarly',
  'absent',
  'noCheckout',
] as const;
export type TExceptionKind = (typeof EXCEPTION_KINDS)[number];

/**
 * The attendance marks of the month (docs/product.md#marks): listed to be seen, but they never stop
 * a month from closing (a late arrival changes no hours); only the other kinds must be acknowledged.
 */
export const ATTENDANCE_EXCEPTION_KINDS: readonly TExceptionKind[] = ['late', 'leftEarly', 'absent', 'noCheckout'];

/** Whether an exception of this kind must be acknowledged before the month closes. */
export function blocksMonthClose(kind: TExceptionKind): boolean {
  return !ATTENDANCE_EXCEPTION_KINDS.includes(kind);
}

/** A day longer than this many hours is an exception. */
export const LONG_DAY_HOURS = 12;

export type TExceptionDetail = {
  /** The day's hours (dayOver12h, entryOnHoliday), or the hours over a cap (overtimeOverCap). */
  hours?: number;
  /** overtimeOverCap: which cap (the statement's warning code) and its limit. */
  code?: 'overtimeWeekCap' | 'weekHoursCap' | 'overtimeYearCap';
  cap?: number;
  /** entryOnHoliday: the holiday's name. */
  holiday?: string;
  /** scansWithoutHoursSource: where the month's hours come from, and the days found in the other source. */
  source?: 'entries' | 'scans';
  days?: number;
  /** late: minutes after the shift's start. */
  minutes?: number;
};

export type TMonthException = {
  kind: TExceptionKind;
  employeeId: number;
  name: string;
  /** The day (a week's Monday for a weekly cap), or null when the exception is the whole month's. */
  date: string | null;
  detail: TExceptionDetail;
};

export type TExceptionInput = {
  /** YYYY-MM; days of other months are ignored. */
  month: string;
  /** Where the month's pay takes its hours from (the employer's list type). */
  hoursSource: 'entries' | 'scans';
  workers: readonly { id: number; name: string }[];
  /** The scanned days (corrections applied), whatever the source. */
  scanDays: readonly { employeeId: number; date: string; hours: number; missingCheckout: boolean }[];
  /** The entered hours per worker and day, whatever the source. */
  entryDays: readonly { employeeId: number; date: string; hours: number }[];
  /** Official holidays and company days of the month, by name. */
  holidays: readonly { date: string; name: string }[];
  /** The statement's warnings per worker (only the caps on hours are exceptions). */
  warnings: ReadonlyMap<number, readonly TPayrollWarning[]>;
  /**
   * Each worker's days measured against its schedule (`dayMarks`), when the hours come from scans;
   * only the marks that `isAttendanceExceptionMark` are read, so those alone may be given
   * (`attendanceExceptionMarks`).
   */
  marks?: ReadonlyMap<number, readonly TDayMark[]>;
};

const CAP_CODES = new Set(['overtimeWeekCap', 'weekHoursCap', 'overtimeYearCap']);

/**
 * The month's exceptions, worker by worker in the employer's worker order, each worker's by kind
 * then date: missing checkouts (scans the source), days over 12 h and work on holidays (in the
 * hours source), the statement's caps passed, and a worker whose only hours are in the other
 * source (scans while hours are entered, or entries while hours come from scans).
 */
export function monthExceptions(input: TExceptionInput): TMonthException[] {
  const inMonth = (date: string) => monthOf(date) === input.month;
  const holidayNames = new Map<string, string>();
  for (const holiday of input.holidays) {
    if (!holidayNames.has(holiday.date)) holidayNames.set(holiday.date, holiday.name);
  }
  // Indexed by worker once: the month's work is linear in its days, whatever the number of workers.
  const byWorker = <T extends { employeeId: number; date: string }>(days: readonly T[]) => {
    const map = new Map<number, T[]>();
    for (const day of days) {
      if (!inMonth(day.date)) continue;
      const list = map.get(day.employeeId);
      if (list) list.push(day);
      else map.set(day.employeeId, [day]);
    }
    // Scanned days come ordered by date already: only a list out of order is sorted.
    for (const list of map.values()) {
      if (list.some((day, i) => i > 0 && (list[i - 1] as T).date > day.date)) {
        list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
      }
    }
    return map;
  };
  const scanDays = byWorker(input.scanDays);
  const entryDays = byWorker(input.entryDays.filter((day) => day.hours > 0));
  const fromScans = input.hoursSource === 'scans';

  const out: TMonthException[] = [];
  for (const worker of input.workers) {
    const own = { employeeId: worker.id, name: worker.name };
    const scanned = scanDays.get(worker.id) ?? [];
    const entered = entryDays.get(worker.id) ?? [];
    const days: readonly { date: string; hours: number }[] = fromScans ? scanned : entered;
    // The worker's missing checkouts, so that a no-checkout mark of the same day is not repeated.
    const missing = new Set<string>();
    if (fromScans) {
      for (const day of scanned) {
        if (!day.missingCheckout) continue;
        out.push({ kind: 'missingCheckout', ...own, date: day.date, detail: {} });
        missing.add(day.date);
      }
    }
    for (const day of days) {
      if (day.hours > LONG_DAY_HOURS)
        out.push({ kind: 'dayOver12h', ...own, date: day.date, detail: { hours: day.hours } });
    }
    for (const day of days) {
      const holiday = holidayNames.get(day.date);
      if (holiday !== undefined && day.hours > 0) {
        out.push({ kind: 'entryOnHoliday', ...own, date: day.date, detail: { hours: day.hours, holiday } });
      }
    }
    for (const warning of input.warnings.get(worker.id) ?? []) {
      if (!CAP_CODES.has(warning.code) || !('cap' in warning)) continue;
      out.push({
        kind: 'overtimeOverCap',
        ...own,
        date: 'weekStart' in warning ? warning.weekStart : null,
        detail: { code: warning.code as NonNullable<TExceptionDetail['code']>, hours: warning.hours, cap: warning.cap },
      });
    }
    // The attendance marks, informational: a no checkout already listed as a missing checkout is not repeated.
    const marks = (input.marks?.get(worker.id) ?? []).filter((mark) => inMonth(mark.date));
    for (const mark of marks) {
      if (mark.flags.includes('late'))
        out.push({ kind: 'late', ...own, date: mark.date, detail: { minutes: mark.lateBy ?? 0 } });
    }
    for (const mark of marks) {
      if (mark.flags.includes('leftEarly')) out.push({ kind: 'leftEarly', ...own, date: mark.date, detail: {} });
    }
    for (const mark of marks) {
      if (mark.state === 'absent') out.push({ kind: 'absent', ...own, date: mark.date, detail: {} });
    }
    for (const mark of marks) {
      if (mark.state === 'noCheckout' && !missing.has(mark.date))
        out.push({ kind: 'noCheckout', ...own, date: mark.date, detail: {} });
    }
    if (days.length === 0) {
      const other = new Set((fromScans ? entered : scanned).map((day) => day.date));
      if (other.size > 0) {
        out.push({
          kind: 'scansWithoutHoursSource',
          ...own,
          date: null,
          detail: { source: input.hoursSource, days: other.size },
        });
      }
    }
  }
  return out;
}

/**
 * A part-time worker's scheduled hours a week, from the weekly schedule (SPEC §3): the selected
 * days' end − start, an end earlier than the start ending the next morning. Null (full time) with
 * no schedule, no scheduled day, or at least the weekly normal hours.
 */
export function partTimeWeeklyHours(schedule: TSchedule | null | undefined, weeklyNormalHours: number): number | null {
  if (!schedule) return null;
  let minutes = 0;
  for (const key of SCHEDULE_DAYS) {
    const day = schedule[key];
    if (!day?.selected || day.startTime === '' || day.endTime === '') continue;
    const length = clockMinutes(day.endTime) - clockMinutes(day.startTime);
    minutes += length > 0 ? length : length + 24 * 60;
  }
  const hours = minutes / 60;
  return hours > 0 && hours < weeklyNormalHours ? hours : null;
}
