import { expectedShift, type TExpectedShift } from './attendance';
import { addDays, weekdayIndex } from './calendar';
import { holidaysOf, type THoliday } from './labour/holidays';
import type { TJurisdiction } from './labour/rule-set-schema';
import { isScheduledDay, scheduledHoursOn } from './leave';
import { scheduleOn, type TScheduleChange } from './marks';
import type { TSchedule } from './schedule';

/**
 * The planned day (docs/architecture.md#the-planned-day): what a worker was meant to do on a date
 * before any scan or entry — the weekly schedule in force that day, the official holiday or company
 * day, the approved leave — and whether, all told, the worker was expected at work. The leave
 * balance, the attendance marks, the board of today, the team calendar, the missed-punch jobs and
 * the payroll statement all read their days from here.
 */

/** A company's own day off in a range. */
export type TCompanyDay = { date: string; name: string };

/** The days off of a range, the same for every worker of an employer: computed once (`rangeHolidays`). */
export type TRangeHolidays = {
  from: string;
  to: string;
  /** The jurisdiction's official holidays dated in the range, day off or not, in `holidaysOf` order. */
  official: THoliday[];
  /** The company days in the range, as given. */
  company: readonly TCompanyDay[];
  /** Each day off: an official holiday that is one (the first of a date) before a company day. */
  daysOff: ReadonlyMap<string, { name: string; kind: 'official' | 'company' }>;
};

/**
 * The official holidays of every year the range touches (docs/labour-rules.md#official-holidays)
 * and the company days, with the range's days off. A holiday on a weekend whose day off moved is
 * listed but is no day off itself; the working day that replaces it is.
 */
export function rangeHolidays(
  jurisdiction: TJurisdiction,
  range: { from: string; to: string },
  companyDays: readonly TCompanyDay[],
): TRangeHolidays {
  const official: THoliday[] = [];
  for (let year = Number(range.from.slice(0, 4)); year <= Number(range.to.slice(0, 4)); year += 1) {
    for (const holiday of holidaysOf(jurisdiction, year).holidays) {
      if (holiday.date >= range.from && holiday.date <= range.to) official.push(holiday);
    }
  }
  const daysOff = new Map<string, { name: string; kind: 'official' | 'company' }>();
  for (const holiday of official) {
    if (holiday.dayOff && !daysOff.has(holiday.date))
      daysOff.set(holiday.date, { name: holiday.name, kind: 'official' });
  }
  for (const day of companyDays) {
    if (!daysOff.has(day.date)) daysOff.set(day.date, { name: day.name, kind: 'company' });
  }
  return { from: range.from, to: range.to, official, company: companyDays, daysOff };
}

/** A day of approved leave: its type's name and kind ('annual', 'sick', 'unpaid', 'custom'), paid or not. */
export type TPlannedLeave = { type: string; kind: string; paid: boolean };

export type TPlannedDay = {
  date: string;
  /** The weekly schedule in force on the date (docs/product.md#schedules-over-time). */
  schedule: TSchedule | null;
  /** Its shift that day, in minutes from the date's midnight; a night shift ends past 1440. */
  shift: TExpectedShift | null;
  /**
   * A working day for leave and pay (`isScheduledDay`): a ticked day, or Monday to Friday for a
   * worker without a schedule; its hours (`scheduledHoursOn`), null when the day has no times.
   */
  workingDay: boolean;
  scheduledHours: number | null;
  /** The official holiday or company day off on the date, if any (an official one first). */
  holiday: { name: string; kind: 'official' | 'company' } | null;
  leave: TPlannedLeave | null;
  /** Inside the employment (always, when the input gives none). */
  employed: boolean;
  /** Expected at work: employed, a shift, and neither a day off nor leave (each excuses the shift). */
  expected: boolean;
  /**
   * The unpaid break minutes the date's published roster shifts plan (their `break_minutes` added),
   * or null when the date has no published shift (docs/product.md#shifts-and-the-roster).
   */
  rosteredBreak: number | null;
};

export type TPlannedDaysInput = {
  /** The days (inclusive); the range of `holidays` must cover them. */
  from: string;
  to: string;
  /** The worker's schedule history, oldest first; without one the current schedule always held. */
  history?: readonly TScheduleChange[];
  /** The current schedule. */
  schedule: TSchedule | null;
  holidays: TRangeHolidays;
  /** The worker's approved leave by date. */
  leave?: ReadonlyMap<string, TPlannedLeave>;
  /** The first and last day of employment (null: open). */
  employment?: { start?: string | null; end?: string | null };
  /**
   * The worker's published roster shifts by date (docs/product.md#shifts-and-the-roster): where a
   * date has one, the day is measured against it rather than the weekly schedule, which stays the
   * fallback. Several shifts on one date count as one, from the first start to the last end.
   */
  rostered?: ReadonlyMap<string, TRosteredDay>;
};

/** A date's roster shifts as the planned day takes them: the span in minutes on the date, and the planned hours. */
export type TRosteredDay = { shift: TExpectedShift; hours: number; breakMinutes: number };

/** What a schedule plans on one weekday (the same every week). */
type TWeekdayPlan = { shift: TExpectedShift | null; workingDay: boolean; scheduledHours: number | null };

/** Any Monday: the week's seven dates in order. */
const WEEK = Array.from({ length: 7 }, (_, i) => addDays('2024-01-01', i));

/** A schedule's seven weekdays, Monday first, worked out once rather than on each date. */
function weekOf(schedule: TSchedule | null): TWeekdayPlan[] {
  return WEEK.map((date) => ({
    shift: expectedShift(schedule, date),
    workingDay: isScheduledDay(schedule, date),
    scheduledHours: scheduledHoursOn(schedule, date),
  }));
}

/**
 * The dates of a range in order: the same for every worker of a statement, so the last range's are
 * kept (the strings are never changed).
 */
let lastDates: { from: string; to: string; dates: readonly string[] } | undefined;
function datesOf(from: string, to: string): readonly string[] {
  if (lastDates?.from === from && lastDates.to === to) return lastDates.dates;
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  lastDates = { from, to, dates };
  return dates;
}

/**
 * Every date of the range as planned for one worker (see `TPlannedDay`). Run for each worker of a
 * payroll statement (500 × a month, bench/README.md#payroll): each schedule's week is worked out once.
 */
export function plannedDays(input: TPlannedDaysInput): TPlannedDay[] {
  const days: TPlannedDay[] = [];
  const start = input.employment?.start ?? null;
  const end = input.employment?.end ?? null;
  const dates = datesOf(input.from, input.to);
  if (dates.length === 0) return days;
  const weeks = new Map<TSchedule | null, TWeekdayPlan[]>();
  let weekday = weekdayIndex(dates[0] as string);
  for (const date of dates) {
    const schedule = scheduleOn(input.history, date, input.schedule);
    let week = weeks.get(schedule);
    if (!week) {
      week = weekOf(schedule);
      weeks.set(schedule, week);
    }
    const plan = week[weekday] as TWeekdayPlan;
    weekday = weekday === 6 ? 0 : weekday + 1;
    const holiday = input.holidays.daysOff.get(date) ?? null;
    const leave = input.leave?.get(date) ?? null;
    const employed = (start === null || date >= start) && (end === null || date <= end);
    const rostered = input.rostered?.get(date);
    const shift = rostered ? rostered.shift : plan.shift;
    days.push({
      date,
      schedule,
      shift,
      workingDay: rostered ? true : plan.workingDay,
      scheduledHours: rostered ? rostered.hours : plan.scheduledHours,
      holiday,
      leave,
      employed,
      expected: employed && shift !== null && holiday === null && leave === null,
      rosteredBreak: rostered ? rostered.breakMinutes : null,
    });
  }
  return days;
}
