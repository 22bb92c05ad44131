import { z } from 'zod';
import {
  classifyDay,
  DAY_FLAGS,
  DAY_STATES,
  expectedShift,
  minutesOnDay,
  scansOfShift,
  type TDayFlag,
  type TDayState,
  type TExpectedShift,
  type TLocalClock,
} from './attendance';
import { addDays } from './calendar';
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
export type TDayMark = {
  date: string;
  state: TDayState;
  flags: TDayFlag[];
  shift: TExpectedShift | null;
  first: number | null;
  last: number | null;
  lateBy?: number;
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
};

/** Now in minutes on a date: a later date is before it (-Infinity), an earlier one over (Infinity). */
function nowOnDay(now: TLocalClock | undefined, date: string): number | undefined {
  if (!now) return undefined;
  const minutes = minutesOnDay(now, date);
  if (!Number.isNaN(minutes)) return minutes;
  return date > now.date ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
}

/**
 * Every day of a range classified (`classifyDay`) against the schedule that held on it, with leave
 * and holidays. A night shift takes the next morning's scans as its checkout; those scans are then
 * not the next day's. A night shift with no scan on its evening takes nothing from the morning.
 */
export function dayMarks(input: TDayMarksInput): TDayMark[] {
  const consumed = new Set<TLocalClock>();
  const marks: TDayMark[] = [];
  // The day before the range first: its night shift may own the range's first morning scans.
  for (let date = addDays(input.from, -1); date <= input.to; date = addDays(date, 1)) {
    const shift = expectedShift(scheduleOn(input.history, date, input.schedule), date);
    const free = input.clocks.filter((clock) => !consumed.has(clock));
    const own = free.some((clock) => clock.date === date) ? free : [];
    const scans = scansOfShift(own, date, shift);
    if (shift && shift.end > 1440 && scans.first !== null) {
      for (const clock of own) {
        const minutes = minutesOnDay(clock, date);
        if (minutes >= 1440 && minutes < 1440 + 720) consumed.add(clock);
      }
    }
    if (date < input.from) continue;
    const leaveType = input.leave?.get(date);
    const beforeStart = input.since !== undefined && date < input.since && scans.first === null;
    const status = classifyDay({
      date,
      shift: beforeStart ? null : shift,
      ...scans,
      onLeave: leaveType !== undefined,
      holiday: input.holidays?.has(date) ?? false,
      toleranceMinutes: input.toleranceMinutes,
      now: nowOnDay(input.now, date),
    });
    marks.push({ date, ...status, ...(leaveType === undefined ? {} : { leaveType }) });
  }
  return marks;
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
