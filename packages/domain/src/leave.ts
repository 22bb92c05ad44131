import { daysBetween, weekdayIndex } from './calendar';
import type { TJurisdiction } from './labour/rule-set-schema';
import { SCHEDULE_DAYS, type TSchedule } from './schedule';

/**
 * Leave and absences (docs/product.md#leave): the pure rules. Which days are working days (a leave
 * takes those of its planned days, planned-day.ts, that are no day off), the annual
 * entitlement under each jurisdiction, pro rata for a worker who started during the year, and the
 * paid sick days a year. Figures marked `confirmed: false` are defaults for an accountant to check.
 */

export const LEAVE_KINDS = ['annual', 'sick', 'unpaid', 'custom'] as const;
export type TLeaveKind = (typeof LEAVE_KINDS)[number];

export const LEAVE_STATUSES = ['pending', 'approved', 'declined', 'cancelled'] as const;
export type TLeaveStatus = (typeof LEAVE_STATUSES)[number];

/** The built-in types every employer gets on first use; their names are stored in Albanian, the product language. */
export const BUILT_IN_LEAVE_TYPES = [
  { kind: 'annual', name: 'Pushim vjetor', paid: true, needsApproval: true },
  { kind: 'sick', name: 'Pushim mjekësor', paid: true, needsApproval: true },
  { kind: 'unpaid', name: 'Pushim pa pagesë', paid: false, needsApproval: true },
] as const satisfies readonly {
  kind: Exclude<TLeaveKind, 'custom'>;
  name: string;
  paid: boolean;
  needsApproval: boolean;
}[];

/** The longest range one leave may cover, in days (inclusive). */
export const LEAVE_MAX_RANGE_DAYS = 366;

export type TLeaveRules = {
  /** Minimum paid annual leave in weeks; a week is the worker's own scheduled working days. */
  annualWeeks: number;
  /** Sick days a year paid by the employer; more are shown, never refused. */
  paidSickDays: number;
  /** Whether the sick-day figure was checked against the law's text (false: a default to confirm). */
  sickDaysConfirmed: boolean;
  source: string;
};

export const LEAVE_RULES: Record<TJurisdiction, TLeaveRules> = {
  XK: {
    annualWeeks: 4,
    paidSickDays: 20,
    sickDaysConfirmed: true,
    source:
      'Law No. 03/L-212 on Labour: Art. 32 (at least four weeks of paid annual leave), Art. 39 (sick leave up to 20 working days a year at full salary)',
  },
  AL: {
    annualWeeks: 4,
    paidSickDays: 14,
    sickDaysConfirmed: false,
    source:
      'Labour Code (Law 7961/1995 as amended by Law 136/2015), Art. 93 (at least four calendar weeks of paid annual leave); 14 employer-paid sick days is a default to confirm',
  },
};

/** Days a week the schedule works (0 when there is none). */
export function workingDaysPerWeek(schedule: TSchedule | null | undefined): number {
  if (!schedule) return 0;
  return SCHEDULE_DAYS.filter((key) => schedule[key]?.selected).length;
}

/** A worker with no schedule is read as working Monday to Friday (the 40-hour week's five days). */
const DEFAULT_WEEK_DAYS = 5;

/**
 * Whether the worker is scheduled to work on a date: its weekly schedule, or Monday to Friday
 * when it has none.
 */
export function isScheduledDay(schedule: TSchedule | null | undefined, date: string): boolean {
  const index = weekdayIndex(date);
  if (!schedule || workingDaysPerWeek(schedule) === 0) return index < DEFAULT_WEEK_DAYS;
  const key = SCHEDULE_DAYS[index];
  return key !== undefined && schedule[key].selected === true;
}

/** The range's length in days, both ends counted. */
export function rangeLength(range: { from: string; to: string }): number {
  return daysBetween(range.from, range.to) + 1;
}

/**
 * The yearly annual-leave entitlement before pro rata: the worker's own override, else the
 * employer's number of days, else the law's minimum (weeks × the worker's working days a week; a
 * worker with no schedule counts five).
 */
export function fullYearEntitlement(input: {
  jurisdiction: TJurisdiction;
  schedule: TSchedule | null | undefined;
  employerDays: number | null;
  workerDays: number | null;
}): number {
  if (input.workerDays !== null) return input.workerDays;
  const perWeek = workingDaysPerWeek(input.schedule) || DEFAULT_WEEK_DAYS;
  const minimum = LEAVE_RULES[input.jurisdiction].annualWeeks * perWeek;
  return input.employerDays !== null ? Math.max(input.employerDays, minimum) : minimum;
}

/**
 * Pro rata for a worker who started (or left) during the year: the entitlement × the calendar
 * months employed in the year (the start and end months count whole) ÷ 12, rounded up to a whole
 * day in the worker's favour. A worker employed the whole year gets it whole; one who starts after
 * it or left before it, none. `startDate` is the employee's start date (else the day it was added),
 * `endDate` its last day of employment, if any.
 */
export function proRataEntitlement(full: number, year: number, startDate: string, endDate?: string | null): number {
  const startYear = Number(startDate.slice(0, 4));
  const endYear = endDate ? Number(endDate.slice(0, 4)) : Number.POSITIVE_INFINITY;
  if (startYear > year || endYear < year) return 0;
  const first = startYear < year ? 1 : Number(startDate.slice(5, 7));
  const last = endDate && endYear === year ? Number(endDate.slice(5, 7)) : 12;
  const months = last - first + 1;
  if (months >= 12) return full;
  return Math.ceil((full * months) / 12 - 1e-9);
}

export type TLeaveYearInput = {
  entitled: number;
  carriedOver: number;
  /** Approved annual leave days in the year. */
  annualTaken: number;
  annualPending: number;
  /** Approved sick days in the year. */
  sickTaken: number;
  jurisdiction: TJurisdiction;
};

export type TLeaveYear = {
  entitled: number;
  carriedOver: number;
  taken: number;
  pending: number;
  /** Entitled + carried over − taken (negative when more was granted than due). */
  remaining: number;
  sick: { taken: number; paidDays: number; over: number };
};

/** A worker's year: annual leave due, taken, pending and left, and sick days against the paid ones. */
export function leaveBalance(input: TLeaveYearInput): TLeaveYear {
  const paidDays = LEAVE_RULES[input.jurisdiction].paidSickDays;
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    entitled: input.entitled,
    carriedOver: input.carriedOver,
    taken: round(input.annualTaken),
    pending: round(input.annualPending),
    remaining: round(input.entitled + input.carriedOver - input.annualTaken),
    sick: { taken: round(input.sickTaken), paidDays, over: round(Math.max(0, input.sickTaken - paidDays)) },
  };
}

/** Whether two inclusive date ranges share a day. */
export function rangesOverlap(a: { from: string; to: string }, b: { from: string; to: string }): boolean {
  return a.from <= b.to && b.from <= a.to;
}

/** The hours a schedule works on a date (a night shift to the next morning counts whole), or null when none is set. */
export function scheduledHoursOn(schedule: TSchedule | null | undefined, date: string): number | null {
  const key = SCHEDULE_DAYS[weekdayIndex(date)];
  const day = schedule && key ? schedule[key] : undefined;
  if (!day?.selected || !day.startTime || !day.endTime) return null;
  const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
  const length = minutes(day.endTime) - minutes(day.startTime);
  return (length > 0 ? length : length + 24 * 60) / 60;
}
