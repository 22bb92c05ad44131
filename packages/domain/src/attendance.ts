import { addDays, wallClockOf, weekdayIndex } from './calendar';
import { SCHEDULE_DAYS, type TSchedule } from './schedule';

/**
 * A day measured against the weekly schedule (issue 15, docs/product.md#attendance): each scheduled
 * day has an expected start and end; with the employer's tolerance a day is late, left early,
 * absent, without checkout, or unscheduled work. Everything here is wall-clock time in the
 * employer's time zone (what the schedule and the scan list show), as minutes from the day's
 * midnight: a night shift's end, and a scan after midnight that belongs to it, are past 1440.
 * Wall-clock comparison is what a person means by "late", also on the days the clocks change.
 */

/** The employer's tolerance when none is set, in minutes. */
export const DEFAULT_TOLERANCE_MINUTES = 10;

/** A scheduled day: start and end as minutes from the day's midnight (end > start; a night shift ends after 1440). */
export type TExpectedShift = { start: number; end: number };

/** 'HH:MM' as minutes from midnight; NaN when it is not a time. */
export function minutesOfClock(clock: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(clock);
  if (!match) return Number.NaN;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : Number.NaN;
}

/** Minutes from midnight as 'HH:MM' (a time after midnight of the next day wraps: 1500 is '01:00'). */
export function clockOfMinutes(minutes: number): string {
  const inDay = ((Math.round(minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`;
}

/** The shift the weekly schedule expects on a date, or null when the day is not scheduled. */
export function expectedShift(schedule: TSchedule | null | undefined, date: string): TExpectedShift | null {
  const key = SCHEDULE_DAYS[weekdayIndex(date)];
  const day = key ? schedule?.[key] : undefined;
  if (!day?.selected) return null;
  const start = minutesOfClock(day.startTime);
  let end = minutesOfClock(day.endTime);
  if (Number.isNaN(start) || Number.isNaN(end) || start === end) return null;
  // An end earlier than the start is a night shift: it ends the next morning.
  if (end < start) end += 1440;
  return { start, end };
}

/** Scheduled minutes a week (a night shift counts whole): under 40 h the worker is part-time. */
export function weeklyScheduledMinutes(schedule: TSchedule | null | undefined): number {
  // Any Monday: the week's seven dates in order.
  const monday = '2024-01-01';
  let total = 0;
  for (let i = 0; i < 7; i += 1) {
    const shift = expectedShift(schedule, addDays(monday, i));
    if (shift) total += shift.end - shift.start;
  }
  return total;
}

/** A local clock reading: the calendar date and the minutes from its midnight. */
export type TLocalClock = { date: string; minutes: number };

/** Where an instant falls on the wall clock of a time zone. */
export function localClockOf(instant: Date, timeZone: string): TLocalClock {
  const { date, time } = wallClockOf(instant, timeZone);
  return { date, minutes: Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) };
}

/**
 * A scan's minutes on the day of `date`: the same day as they are, the next day past 1440, the day
 * before negative (the scan of a night shift that began the evening before).
 */
export function minutesOnDay(clock: TLocalClock, date: string): number {
  if (clock.date === date) return clock.minutes;
  if (clock.date === addDays(date, 1)) return clock.minutes + 1440;
  if (clock.date === addDays(date, -1)) return clock.minutes - 1440;
  return Number.NaN;
}

/**
 * The scans of one working day, in minutes on that day (first scan in, last scan out: with one scan
 * there is no checkout yet). A night shift's day takes the scans up to the next noon. A clock of the
 * day past 1440 is a checkout after midnight already paired with the day (docs/product.md#night-shifts).
 */
export function scansOfShift(
  clocks: readonly TLocalClock[],
  date: string,
  shift: TExpectedShift | null,
): { first: number | null; last: number | null } {
  const overnight = shift !== null && shift.end > 1440;
  const next = addDays(date, 1);
  const minutes: number[] = [];
  for (const clock of clocks) {
    if (clock.date === date) {
      if (clock.minutes >= 0 && clock.minutes < 2880) minutes.push(clock.minutes);
    } else if (overnight && clock.date === next && clock.minutes >= 0 && clock.minutes < 720) {
      minutes.push(clock.minutes + 1440);
    }
  }
  minutes.sort((a, b) => a - b);
  const first = minutes[0];
  if (first === undefined) return { first: null, last: null };
  const last = minutes.length > 1 ? (minutes[minutes.length - 1] ?? null) : null;
  return { first, last };
}

export const DAY_STATES = [
  /** Scanned in, no checkout, and the shift (with tolerance) is not over. */
  'in',
  /** Scanned in and out. */
  'left',
  /** Scanned in, and the shift (with tolerance) or the day is over without a checkout. */
  'noCheckout',
  /** Scheduled, the start (with tolerance) passed, no scan, no leave. */
  'absent',
  /** Scheduled, the start (with tolerance) has not come yet, no scan. */
  'expected',
  /** On approved leave. */
  'onLeave',
  /** An official holiday or company day off, not worked. */
  'holiday',
  /** Not scheduled and not worked. */
  'notScheduled',
] as const;
export type TDayState = (typeof DAY_STATES)[number];

export const DAY_FLAGS = ['late', 'leftEarly', 'unscheduledWork'] as const;
export type TDayFlag = (typeof DAY_FLAGS)[number];

export type TDayStatus = {
  state: TDayState;
  flags: TDayFlag[];
  /** The expected shift, when scheduled. */
  shift: TExpectedShift | null;
  /** First and last scan in minutes on the day (last null without checkout). */
  first: number | null;
  last: number | null;
  /** Minutes late (first scan after the start), when flagged late. */
  lateBy?: number;
};

export type TDayInput = {
  date: string;
  shift: TExpectedShift | null;
  first: number | null;
  last: number | null;
  /** Approved leave covers the day. */
  onLeave?: boolean;
  /** An official holiday or a company day off. */
  holiday?: boolean;
  toleranceMinutes?: number;
  /**
   * Now, in minutes on the day (`minutesOnDay` of the current clock): a later day is in the past
   * (Infinity), a day to come is before it (-Infinity). Absent: the day is over.
   */
  now?: number;
};

/** The flags of a day without any: one list for all, frozen so that no caller adds to it. */
const NO_FLAGS = Object.freeze([]) as unknown as TDayFlag[];

/** Classifies one worker's day (every case in docs/product.md#attendance). */
export function classifyDay(input: TDayInput): TDayStatus {
  const tolerance = input.toleranceMinutes ?? DEFAULT_TOLERANCE_MINUTES;
  const now = input.now ?? Number.POSITIVE_INFINITY;
  const { shift, first, last } = input;
  // Called for every worker and day of a month (the payroll statement's marks): no closure, no
  // spread, and a day without flags shares one empty (frozen) list.

  if (first === null) {
    let state: TDayState;
    if (input.onLeave) state = 'onLeave';
    else if (!shift) state = input.holiday ? 'holiday' : 'notScheduled';
    else if (input.holiday) state = 'holiday';
    else state = now < shift.start + tolerance ? 'expected' : 'absent';
    return { state, flags: NO_FLAGS, shift, first, last };
  }

  // Worked: on a day off or without a schedule it is unscheduled work, never late or early.
  const scheduled = shift !== null && !input.onLeave && !input.holiday;
  const late = scheduled && first > shift.start + tolerance;
  const lateBy = late ? first - shift.start : undefined;
  let state: TDayState;
  let leftEarly = false;
  if (last === null) {
    // With no schedule, the day is over at its end (midnight, or the next noon after a night scan).
    const over = scheduled ? shift.end + tolerance : 1440;
    state = now < over ? 'in' : 'noCheckout';
  } else {
    leftEarly = scheduled && last < shift.end - tolerance;
    state = 'left';
  }
  let flags = NO_FLAGS;
  if (!scheduled) flags = ['unscheduledWork'];
  else if (late && leftEarly) flags = ['late', 'leftEarly'];
  else if (late) flags = ['late'];
  else if (leftEarly) flags = ['leftEarly'];
  return lateBy === undefined ? { state, flags, shift, first, last } : { state, flags, shift, first, last, lateBy };
}
