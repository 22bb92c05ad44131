import { z } from 'zod';
import {
  classifyDay,
  DAY_FLAGS,
  DAY_STATES,
  DEFAULT_TOLERANCE_MINUTES,
  expectedShift,
  type TDayFlag,
  type TDayState,
  type TDayStatus,
  type TExpectedShift,
  type TLocalClock,
} from './attendance';
import { addDays, weekdayIndex } from './calendar';
import type { TRosteredDay } from './planned-day';
import type { TSchedule } from './schedule';

/**
 * Schedules over time and the marks of each day (docs/product.md#schedules-over-time,
 * docs/product.md#marks): a past day is measured against the schedule that held on it.
 */

/** One row of a worker's schedule history: the schedule from `effectiveFrom` on. */
export type TScheduleChange = { effectiveFrom: string; schedule: TSchedule | null };

/**
 * The date the history's first row starts from when a schedule changes for a worker who had no
 * history yet: the old schedule then holds for every earlier day.
 */
export const SCHEDULE_HISTORY_START = '1970-01-01';

/**
 * The schedule that held on a date: the history's last row from that date or before. A date before
 * the first row takes the first row (the schedule the worker was created with); a worker with no
 * history has always had its current schedule.
 */
export function scheduleOn(
  history: readonly TScheduleChange[] | undefined,
  date: string,
  current: TSchedule | null = null,
): TSchedule | null {
  if (!history || history.length === 0) return current;
  let found: TScheduleChange | undefined;
  let earliest: TScheduleChange | undefined;
  for (const row of history) {
    if (!earliest || row.effectiveFrom < earliest.effectiveFrom) earliest = row;
    if (row.effectiveFrom <= date && (!found || row.effectiveFrom > found.effectiveFrom)) found = row;
  }
  return (found ?? earliest)?.schedule ?? null;
}

/** One day of one worker measured against its schedule. */
export type TDayMark = { date: string } & TDayStatus & {
    /** The leave type's name on a day of approved leave. */
    leaveType?: string;
  };

export type TDayMarksInput = {
  /** The days to mark (inclusive). */
  from: string;
  to: string;
  history?: readonly TScheduleChange[];
  /** The current schedule, for a worker without history. */
  schedule: TSchedule | null;
  /**
   * The worker's scans as wall-clock readings (a scanned day's first scan, and its last when it
   * has two or more), from the day before `from` to the day after `to`.
   */
  clocks: readonly TLocalClock[];
  /** Approved leave: date → the type's name. */
  leave?: ReadonlyMap<string, string>;
  /** Official holidays that are days off, and company days. */
  holidays?: ReadonlySet<string>;
  toleranceMinutes?: number;
  /** Now on the employer's wall clock: later days are to come. Absent: every day is over. */
  now?: TLocalClock;
  /** The worker's first day: an earlier day without scans is not scheduled (not absent). */
  since?: string;
  /**
   * The worker's published roster shifts by date (`rosteredDays`): a date with one is measured
   * against it, not the weekly schedule (docs/product.md#shifts-and-the-roster).
   */
  rostered?: ReadonlyMap<string, TRosteredDay>;
};

/**
 * Now in minutes on a date (`minutesOnDay` of now): the day before now's date past 1440, the day
 * after it negative; a later date is before it (-Infinity), an earlier one over (Infinity). The dates
 * around now are computed once, not on each of a month's days.
 */
function nowOnDayOf(now: TLocalClock): (date: string) => number {
  const dayBefore = addDays(now.date, -1);
  const dayAfter = addDays(now.date, 1);
  return (date) => {
    if (date === now.date) return now.minutes;
    if (date === dayBefore) return now.minutes + 1440;
    if (date === dayAfter) return now.minutes - 1440;
    return date > now.date ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  };
}

/**
 * Every day of a range classified (`classifyDay`) against the schedule that held on it, with leave
 * and holidays. A night shift takes the next morning's scans as its checkout; those scans are then
 * not the next day's. A night shift with no scan on its evening takes nothing from the morning.
 *
 * The same as `scansOfShift` over all the worker's clocks on every day, but each day looks only at
 * its own clocks and the next day's (the only ones a shift can take), so a month of 500 workers
 * is linear in the scans (bench/README.md#payroll); `marks.test.ts` checks both agree.
 */
export function dayMarks(input: TDayMarksInput): TDayMark[] {
  return markDays(input, false);
}

/**
 * The marks of `dayMarks` that the month's exceptions list (`isAttendanceExceptionMark`: late, left
 * early, absent, no checkout), in the same order, the same objects: `dayMarks(input)` filtered by it.
 * A day that cannot be one (not scheduled and checked out, on leave, a holiday, in time and staying
 * the shift) is neither classified nor given a mark object; the payroll statement's 500 workers ×
 * 33 days are mostly such days (bench/README.md#payroll). `marks-equivalence.test.ts` checks both agree.
 */
export function attendanceExceptionMarks(input: TDayMarksInput): TDayMark[] {
  return markDays(input, true);
}

/** A mark the month's exceptions list (`monthExceptions`): late, left early, absent or no checkout. */
export function isAttendanceExceptionMark(mark: { state: TDayState; flags: readonly TDayFlag[] }): boolean {
  return (
    mark.state === 'absent' ||
    mark.state === 'noCheckout' ||
    mark.flags.includes('late') ||
    mark.flags.includes('leftEarly')
  );
}

/** `dayMarks`, or with `exceptionsOnly` only its marks that `isAttendanceExceptionMark`. */
function markDays(input: TDayMarksInput, exceptionsOnly: boolean): TDayMark[] {
  // Each day's clocks are a run of the clocks in date order (a clock of another date is in none).
  const clocks = inDateOrder(input.clocks);
  const nowOnDay = input.now ? nowOnDayOf(input.now) : undefined;
  const tolerance = input.toleranceMinutes ?? DEFAULT_TOLERANCE_MINUTES;
  const consumed = new Set<TLocalClock>();
  const marks: TDayMark[] = [];
  // Each schedule's seven shifts are worked out once, not on each day (a worker has one or a few).
  const weeks = new Map<TSchedule | null, (TExpectedShift | null)[]>();
  // The day before the range first: its night shift may own the range's first morning scans.
  const dates = datesAround(input.from, input.to);
  if (dates.length === 0) return marks;
  let weekday = weekdayIndex(dates[0] as string);
  // The day's clocks are clocks[start, end), the next day's clocks[end, after).
  let start = 0;
  for (let i = 0; i < dates.length - 1; i += 1) {
    const date = dates[i] as string;
    const next = dates[i + 1] as string;
    while (start < clocks.length && (clocks[start] as TLocalClock).date < date) start += 1;
    let end = start;
    while (end < clocks.length && (clocks[end] as TLocalClock).date === date) end += 1;
    let after = end;
    while (after < clocks.length && (clocks[after] as TLocalClock).date === next) after += 1;
    const schedule = scheduleOn(input.history, date, input.schedule);
    let week = weeks.get(schedule);
    if (!week) {
      week = weeklyShifts(schedule);
      weeks.set(schedule, week);
    }
    const shift = input.rostered?.get(date)?.shift ?? week[weekday] ?? null;
    weekday = weekday === 6 ? 0 : weekday + 1;
    shiftScans(clocks, start, end, after, shift, consumed);
    if (i === 0) continue;
    const first = scanned.first;
    const last = scanned.last;
    const leaveType = input.leave?.get(date);
    const beforeStart = input.since !== undefined && date < input.since && first === null;
    const holiday = input.holidays?.has(date) ?? false;
    const expected = beforeStart ? null : shift;
    if (exceptionsOnly) {
      // What `classifyDay` needs for late, left early, absent or no checkout (now aside).
      const scheduled = expected !== null && leaveType === undefined && !holiday;
      const candidate =
        first === null
          ? scheduled
          : last === null || (scheduled && (first > expected.start + tolerance || last < expected.end - tolerance));
      if (!candidate) continue;
    }
    const status = classifyDay({
      date,
      shift: expected,
      first,
      last,
      onLeave: leaveType !== undefined,
      holiday,
      toleranceMinutes: input.toleranceMinutes,
      now: nowOnDay?.(date),
    });
    if (exceptionsOnly && !isAttendanceExceptionMark(status)) continue;
    const mark: TDayMark = { date, state: status.state, flags: status.flags, shift: status.shift, first, last };
    if (status.lateBy !== undefined) mark.lateBy = status.lateBy;
    if (leaveType !== undefined) mark.leaveType = leaveType;
    marks.push(mark);
  }
  return marks;
}

/**
 * The dates from the day before `from` to the day after `to`, in order: the same for every worker of
 * a statement, so the last range's are kept (the strings are never changed).
 */
let lastDates: { from: string; to: string; dates: readonly string[] } | undefined;
function datesAround(from: string, to: string): readonly string[] {
  if (lastDates?.from === from && lastDates.to === to) return lastDates.dates;
  const dates: string[] = [];
  const end = addDays(to, 1);
  for (let date = addDays(from, -1); date <= end; date = addDays(date, 1)) dates.push(date);
  lastDates = { from, to, dates };
  return dates;
}

/** The shift a schedule expects on each weekday, Monday first (`expectedShift` of a week's dates). */
function weeklyShifts(schedule: TSchedule | null): (TExpectedShift | null)[] {
  // No schedule expects no shift on any day.
  if (schedule === null) return NO_SHIFTS;
  // Any Monday: the week's seven dates in order.
  const monday = '2024-01-01';
  return Array.from({ length: 7 }, (_, i) => expectedShift(schedule, addDays(monday, i)));
}

/** The week of no schedule (never changed). */
const NO_SHIFTS: (TExpectedShift | null)[] = [null, null, null, null, null, null, null];

/** What `shiftScans` found for the day (one object for every day: read before the next day's). */
const scanned: { first: number | null; last: number | null } = { first: null, last: null };

/**
 * `scansOfShift` for one day from its own clocks (`clocks[start, end)`) and the next day's
 * (`clocks[end, after)`), leaving out those a night shift before took, into `scanned`. A day
 * without a clock of its own has no scans; a night shift that has its first scan takes (consumes)
 * the next morning's clocks up to noon.
 */
function shiftScans(
  clocks: readonly TLocalClock[],
  start: number,
  end: number,
  after: number,
  shift: TExpectedShift | null,
  consumed: Set<TLocalClock>,
): void {
  scanned.first = null;
  scanned.last = null;
  // Loops rather than filtered copies: this runs for every worker and day of a month.
  let own = false;
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  let count = 0;
  for (let i = start; i < end; i += 1) {
    const clock = clocks[i] as TLocalClock;
    if (consumed.size > 0 && consumed.has(clock)) continue;
    own = true;
    // Past 1440: a checkout after midnight already paired with the day (docs/product.md#night-shifts).
    if (clock.minutes < 0 || clock.minutes >= 2880) continue;
    count += 1;
    if (clock.minutes < first) first = clock.minutes;
    if (clock.minutes > last) last = clock.minutes;
  }
  if (!own) return;
  if (shift !== null && shift.end > 1440 && after > end) {
    const before = count;
    for (let i = end; i < after; i += 1) {
      const clock = clocks[i] as TLocalClock;
      if (consumed.has(clock) || clock.minutes < 0 || clock.minutes >= 720) continue;
      count += 1;
      if (clock.minutes + 1440 < first) first = clock.minutes + 1440;
      if (clock.minutes + 1440 > last) last = clock.minutes + 1440;
    }
    // A night shift with a scan takes its morning's scans: they are not the next day's.
    if (count > before) {
      for (let i = end; i < after; i += 1) {
        const clock = clocks[i] as TLocalClock;
        if (!consumed.has(clock) && clock.minutes >= 0 && clock.minutes < 720) consumed.add(clock);
      }
    }
  }
  if (count === 0) return;
  scanned.first = first;
  scanned.last = count > 1 ? last : null;
}

/**
 * The clocks ordered by date (a stable sort of a copy; as given when already in order, as the
 * server's are). The order within a date does not change a day's scans (least, greatest, count).
 */
function inDateOrder(clocks: readonly TLocalClock[]): readonly TLocalClock[] {
  for (let i = 1; i < clocks.length; i += 1) {
    if ((clocks[i - 1] as TLocalClock).date > (clocks[i] as TLocalClock).date) {
      return [...clocks].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    }
  }
  return clocks;
}

/** A mark worth showing on a list: a flag, or absent, no checkout or leave. */
export function isNotableMark(mark: { state: TDayState; flags: readonly TDayFlag[] }): boolean {
  return mark.flags.length > 0 || mark.state === 'absent' || mark.state === 'noCheckout' || mark.state === 'onLeave';
}

/**
 * A day's mark on the wire (the RFID day list's rows, the worker's month): the state and flags of
 * `classifyDay`, minutes late, and the leave type's name on leave.
 */
export const ZDayMarkFields = {
  state: z.enum(DAY_STATES).optional(),
  flags: z.array(z.enum(DAY_FLAGS)).optional(),
  /** Minutes after the shift's start of the first scan, when late. */
  late_by_minutes: z.number().int().nullable().optional(),
  /** The leave type's name, on a day of approved leave. */
  leave_type: z.string().nullable().optional(),
};

/** One marked day of the worker's month. */
export const ZDayMark = z.object({
  date: z.string(),
  state: z.enum(DAY_STATES),
  flags: z.array(z.enum(DAY_FLAGS)),
  late_by_minutes: z.number().int().nullable(),
  leave_type: z.string().nullable(),
});
export type TDayMarkWire = z.infer<typeof ZDayMark>;

/** A mark's wire fields. */
export function dayMarkToWire(mark: TDayMark): Omit<TDayMarkWire, 'date'> {
  return {
    state: mark.state,
    flags: mark.flags,
    late_by_minutes: mark.lateBy ?? null,
    leave_type: mark.leaveType ?? null,
  };
}
