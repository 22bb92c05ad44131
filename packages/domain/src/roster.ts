import { z } from 'zod';
import { addDays, daysBetween, isIsoDate, ZIsoDate } from './calendar';
import { resultEnvelope } from './envelope';
import { idField } from './ids';
import { messages } from './messages';
import { computeMonthPay, type TWageBasis } from './pay';
import type { TRosteredDay } from './planned-day';
import { clockChangeWithin, shiftMinutes } from './shifts';

/**
 * Shifts and the roster (docs/product.md#shifts-and-the-roster): work planned for an employee (or
 * left open for anyone to take) on a date, from a start to an end on the employer's wall clock. A
 * shift belongs to the date it starts on; an end before the start ends the next day. Not to be
 * confused with a *paired shift* (`shifts.ts`), the scans of one stretch of work.
 */

/** The longest note on a shift. */
export const SHIFT_NOTE_MAX = 200;
/** The longest range one roster read or publish covers (two months and a bit). */
export const SHIFT_RANGE_MAX_DAYS = 62;
const MINUTES_PER_DAY = 1440;

const ZShiftTime = z
  .string({ error: messages.shiftTimeInvalid })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: messages.shiftTimeInvalid });

/** Minutes from midnight of 'HH:MM'. */
export function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** A shift's start and end in minutes from its date's midnight; an end at or before the start is the next day's. */
export function shiftSpan(shift: { start: string; end: string }): { start: number; end: number } {
  const start = minutesOf(shift.start);
  let end = minutesOf(shift.end);
  if (end <= start) end += MINUTES_PER_DAY;
  return { start, end };
}

const ZShiftFields = z.strictObject({
  employee_id: idField(messages.shiftEmployeeInvalid).nullable(),
  date: ZIsoDate,
  start: ZShiftTime,
  end: ZShiftTime,
  break_minutes: z
    .number({ error: messages.shiftBreakInvalid })
    .int({ error: messages.shiftBreakInvalid })
    .min(0, { error: messages.shiftBreakInvalid })
    .optional()
    .default(0),
  note: z
    .string({ error: messages.shiftNoteTooLong })
    .trim()
    .max(SHIFT_NOTE_MAX, { error: messages.shiftNoteTooLong })
    .optional()
    .default(''),
});

/** Body of POST /krye/shifts and PUT /krye/shifts/{id}. */
export const ZShiftInput = ZShiftFields.superRefine((shift, ctx) => {
  if (shift.start === shift.end) ctx.addIssue({ code: 'custom', message: messages.shiftSameStartEnd, path: ['end'] });
  const { start, end } = shiftSpan(shift);
  if (shift.break_minutes >= end - start) {
    ctx.addIssue({ code: 'custom', message: messages.shiftBreakInvalid, path: ['break_minutes'] });
  }
});
export type TShiftInput = z.infer<typeof ZShiftInput>;

/** Query of the roster reads: `from` to `to`, both included, at most 62 days. */
export const ZShiftRangeQuery = z.strictObject({ from: ZIsoDate, to: ZIsoDate }).refine(
  // A date that is not one is its field's error already; the range is checked between real dates.
  (range) =>
    !isIsoDate(range.from) ||
    !isIsoDate(range.to) ||
    (range.from <= range.to && daysBetween(range.from, range.to) < SHIFT_RANGE_MAX_DAYS),
  {
    error: messages.shiftRangeInvalid,
  },
);
export type TShiftRange = z.infer<typeof ZShiftRangeQuery>;

/** An ISO week, `YYYY-Www`. */
export const ZIsoWeek = z
  .string({ error: messages.shiftWeekInvalid })
  .regex(/^\d{4}-W(0[1-9]|[1-4]\d|5[0-3])$/, { error: messages.shiftWeekInvalid })
  .refine((week) => isoWeekMonday(week) !== null, { error: messages.shiftWeekInvalid });

/** Body of POST /krye/shifts/copy: one week's shifts onto another. */
export const ZShiftCopyInput = z.strictObject({ from_week: ZIsoWeek, to_week: ZIsoWeek });
/** Body of POST /krye/shifts/from-schedules: a week filled from the weekly schedules. */
export const ZShiftFromSchedulesInput = z.strictObject({ week: ZIsoWeek });
/** Body of POST /krye/shifts/publish. */
export const ZShiftPublishInput = ZShiftRangeQuery;

/** One shift as the roster answers it. */
export const ZShift = z.object({
  id: z.number().int(),
  employee_id: z.number().int().nullable(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  break_minutes: z.number().int(),
  note: z.string(),
  /** True when the workers see the shift as it is; false while it has changes not yet published. */
  published: z.boolean(),
});
export type TShift = z.infer<typeof ZShift>;

/** Planned hours and their cost for one employee on one date (open shifts are not counted). */
export const ZShiftDayTotal = z.object({
  employee_id: z.number().int(),
  date: z.string(),
  hours: z.number(),
  cost: z.number(),
});
export type TShiftDayTotal = z.infer<typeof ZShiftDayTotal>;

export const ZShiftListResponse = resultEnvelope(
  z.object({ shifts: z.array(ZShift), totals: z.array(ZShiftDayTotal), unpublished: z.number().int() }),
);
export const ZShiftResponse = resultEnvelope(ZShift);
export const ZShiftCopyResponse = resultEnvelope(z.object({ copied: z.number().int() }));
export const ZShiftFromSchedulesResponse = resultEnvelope(
  z.object({ created: z.number().int(), skipped: z.number().int() }),
);
export const ZShiftPublishResponse = resultEnvelope(
  z.object({ published: z.number().int(), removed: z.number().int(), notified: z.number().int() }),
);
export const ZWorkerShiftListResponse = resultEnvelope(
  z.object({ shifts: z.array(ZShift.omit({ published: true })), open: z.array(ZShift.omit({ published: true })) }),
);

/** The Monday of an ISO week (`2026-W01` → 2025-12-29), or null for a week the year does not have. */
export function isoWeekMonday(week: string): string | null {
  const match = /^(\d{4})-W(\d{2})$/.exec(week);
  if (!match) return null;
  const year = Number(match[1]);
  const number = Number(match[2]);
  // 4 January is always in week 1.
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const mondayOfWeek1 = Date.UTC(year, 0, 4 - ((jan4.getUTCDay() + 6) % 7));
  const monday = new Date(mondayOfWeek1 + (number - 1) * 7 * 86_400_000);
  // Week 53 exists only in years whose week 53 still holds 4 January's weekday-year: check it maps back.
  if (isoWeekOf(monday.toISOString().slice(0, 10)) !== week) return null;
  return monday.toISOString().slice(0, 10);
}

/** The ISO week (`YYYY-Www`) a date is in. */
export function isoWeekOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const weekday = (day.getUTCDay() + 6) % 7;
  // The week's Thursday decides its year.
  const thursday = new Date(day.getTime() + (3 - weekday) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const week1Thursday = Date.UTC(year, 0, 4 + (3 - ((new Date(Date.UTC(year, 0, 4)).getUTCDay() + 6) % 7)));
  const number = 1 + Math.round((thursday.getTime() - week1Thursday) / (7 * 86_400_000));
  return `${year}-W${String(number).padStart(2, '0')}`;
}

/** The seven dates of an ISO week, Monday first. */
export function weekDates(week: string): string[] {
  const monday = isoWeekMonday(week);
  if (!monday) return [];
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** A shift's start and end as minutes on one line (the date's day number × 1440 + minutes). */
function absoluteSpan(shift: { date: string; start: string; end: string }): { start: number; end: number } {
  const day = Date.parse(`${shift.date}T00:00:00Z`) / 86_400_000;
  const { start, end } = shiftSpan(shift);
  return { start: day * MINUTES_PER_DAY + start, end: day * MINUTES_PER_DAY + end };
}

/** Whether two shifts share a minute (one ending when the other starts does not), across midnight too. */
export function shiftsOverlap(
  a: { date: string; start: string; end: string },
  b: { date: string; start: string; end: string },
): boolean {
  const x = absoluteSpan(a);
  const y = absoluteSpan(b);
  return x.start < y.end && y.start < x.end;
}

/**
 * A shift's planned working minutes: its real length (a night the clocks change is an hour shorter
 * in spring and longer in autumn, `clockChangeWithin`) less its unpaid break — the larger of the
 * shift's own break and the one the break rules give a shift of that length, as the payroll
 * statement takes it off the scanned hours (`paidShiftHours`). Without rules, the shift's own break.
 */
export function plannedMinutes(
  shift: { date: string; start: string; end: string; break_minutes: number },
  timeZone: string,
  rules: readonly TBreakRule[] = [],
): number {
  const { start, end } = shiftSpan(shift);
  const change = clockChangeWithin(timeZone, shift.date, start, end);
  const length = shiftMinutes(start, end, change);
  return Math.max(0, length - Math.max(shift.break_minutes, unpaidBreakMinutes(rules, length)));
}

/**
 * The unpaid break a shift gets by default, by the jurisdiction's rule. Kosovo: a break of at least
 * 30 minutes in a working day of more than 6 hours (Law No. 03/L-212 on Labour, as summarised by
 * knowyourrightsks.org and in LABOUR-NOTES; the article is to confirm in the official text).
 * Albania: a break of at least 20 minutes in a working day of more than 6 hours (the Labour Code's
 * daily break; article and figure to confirm). Both are defaults an employer may raise
 * (docs/labour-rules.md#breaks); `verified` says whether the official text was read.
 */
export const BREAK_RULES = {
  XK: { overMinutes: 6 * 60, breakMinutes: 30, source: 'Law No. 03/L-212 on Labour (daily break)', verified: false },
  AL: { overMinutes: 6 * 60, breakMinutes: 20, source: 'Labour Code of Albania (daily break)', verified: false },
} as const;

/** The break a shift of this length gets by default in a jurisdiction (0 up to 6 hours). */
export function defaultBreakMinutes(jurisdiction: keyof typeof BREAK_RULES, lengthMinutes: number): number {
  return unpaidBreakMinutes(defaultBreakRules(jurisdiction), lengthMinutes);
}

/** The most rules an employer sets for unpaid breaks. */
export const BREAK_RULES_MAX = 12;
/** The longest unpaid break a rule gives, in minutes. */
export const BREAK_RULE_MINUTES_MAX = 180;

/**
 * One rule for unpaid breaks: a shift longer than `from_minutes` gets `break_minutes` unpaid (the
 * rule with the highest `from_minutes` the shift is longer than wins; none: no break).
 */
export const ZBreakRule = z.strictObject({
  from_minutes: z
    .number({ error: messages.breakRulesInvalid })
    .int({ error: messages.breakRulesInvalid })
    .min(0, { error: messages.breakRulesInvalid })
    .max(MINUTES_PER_DAY, { error: messages.breakRulesInvalid }),
  break_minutes: z
    .number({ error: messages.breakRulesInvalid })
    .int({ error: messages.breakRulesInvalid })
    .min(0, { error: messages.breakRulesInvalid })
    .max(BREAK_RULE_MINUTES_MAX, { error: messages.breakRulesInvalid }),
});
export type TBreakRule = z.infer<typeof ZBreakRule>;

/** The jurisdiction's rule for unpaid breaks, as an employer's rules are written. */
export function defaultBreakRules(jurisdiction: keyof typeof BREAK_RULES): TBreakRule[] {
  const rule = BREAK_RULES[jurisdiction];
  return [{ from_minutes: rule.overMinutes, break_minutes: rule.breakMinutes }];
}

/** The unpaid break of a shift this many minutes long by the rules (sorted by `from_minutes`). */
export function unpaidBreakMinutes(rules: readonly TBreakRule[], lengthMinutes: number): number {
  let minutes = 0;
  for (const rule of rules) if (lengthMinutes > rule.from_minutes) minutes = rule.break_minutes;
  return Math.min(minutes, Math.max(0, lengthMinutes));
}

/** Body of PUT /krye/roster-settings (docs/product.md#shifts-and-the-roster). */
export const ZRosterSettingsInput = z.strictObject({
  shift_requests_auto: z.boolean({ error: messages.rosterSettingFlagInvalid }),
  no_show_alert: z.boolean({ error: messages.rosterSettingFlagInvalid }),
  /** null: the jurisdiction's rule (`break_rules_default`). */
  unpaid_break_rules: z
    .array(ZBreakRule, { error: messages.breakRulesInvalid })
    .max(BREAK_RULES_MAX, { error: messages.breakRulesInvalid })
    .refine(
      (rules) => rules.every((rule, i) => i === 0 || (rules[i - 1] as TBreakRule).from_minutes < rule.from_minutes),
      {
        error: messages.breakRulesInvalid,
      },
    )
    .nullable(),
});
export type TRosterSettingsInput = z.infer<typeof ZRosterSettingsInput>;

/** GET /krye/roster-settings: the settings, with the jurisdiction's break rule the null rules stand for. */
export const ZRosterSettings = z.object({
  shift_requests_auto: z.boolean(),
  no_show_alert: z.boolean(),
  unpaid_break_rules: z.array(ZBreakRule).nullable(),
  break_rules_default: z.array(ZBreakRule),
});
export type TRosterSettings = z.infer<typeof ZRosterSettings>;
export const ZRosterSettingsResponse = resultEnvelope(ZRosterSettings);

/** The rules in force: the employer's, else the jurisdiction's. */
export function breakRulesOf(settings: Pick<TRosterSettings, 'unpaid_break_rules' | 'break_rules_default'>) {
  return settings.unpaid_break_rules ?? settings.break_rules_default;
}

/** Minutes after a published shift's start with no scan before the employer is told of a no-show. */
export const NO_SHOW_AFTER_MINUTES = 15;
/** A scan up to this many minutes before a shift's start counts as the worker's arrival for it. */
export const ARRIVAL_BEFORE_MINUTES = 120;

/**
 * Whether a shift (minutes on its date, `shiftSpan`) is a no-show `now` (minutes on the same date;
 * past 1440 the next day): 15 minutes after its start have passed, it has not ended, and no scan
 * (minutes on its date) falls from two hours before its start up to now.
 */
export function isNoShow(shift: { start: number; end: number }, now: number, scans: readonly number[]): boolean {
  if (now < shift.start + NO_SHOW_AFTER_MINUTES || now >= shift.end) return false;
  return !scans.some((minutes) => minutes >= shift.start - ARRIVAL_BEFORE_MINUTES && minutes <= now);
}

/**
 * What a day's planned hours cost: the pay of a month holding only that day (`computeMonthPay`, the
 * one place the pay rule lives), so an hourly wage pays the hours, a daily one the counted day, and
 * a monthly one the counted day's share of the month's working days.
 */
export function plannedCost(input: { wages: TWageBasis; salary: number; date: string; hours: number }): number {
  if (input.hours <= 0) return 0;
  return computeMonthPay({
    wages: input.wages,
    salary: input.salary,
    month: input.date.slice(0, 7),
    hours: [input.hours],
  }).pay;
}

/** A shift copied `days` days later, for a week copied onto another. */
export function movedShift<T extends { date: string }>(shift: T, days: number): T {
  return { ...shift, date: addDays(shift.date, days) };
}

/**
 * A worker's published shifts as the planned days take them (`TPlannedDaysInput.rostered`): per
 * date, one span from the first start to the last end (minutes on the date; past 1440 the next day),
 * and the planned hours of all of them.
 */
export function rosteredDays(
  shifts: readonly { date: string; start: string; end: string; break_minutes: number }[],
  timeZone: string,
): Map<string, TRosteredDay> {
  const days = new Map<string, TRosteredDay>();
  for (const shift of shifts) {
    const span = shiftSpan(shift);
    const hours = plannedMinutes(shift, timeZone) / 60;
    const known = days.get(shift.date);
    if (!known) {
      days.set(shift.date, { shift: span, hours, breakMinutes: shift.break_minutes });
      continue;
    }
    known.shift = { start: Math.min(known.shift.start, span.start), end: Math.max(known.shift.end, span.end) };
    known.hours += hours;
    known.breakMinutes += shift.break_minutes;
  }
  for (const day of days.values()) day.hours = Math.round(day.hours * 100) / 100;
  return days;
}

/**
 * A worker's request about a shift: a **claim** of an open shift, or a **swap** of its own shift to
 * a colleague. A swap is `offered` until the colleague accepts; then both kinds are `pending` until
 * the employer approves or declines.
 */
export const SHIFT_REQUEST_KINDS = ['claim', 'swap'] as const;
export const SHIFT_REQUEST_STATUSES = ['offered', 'pending', 'approved', 'declined'] as const;
export type TShiftRequestStatus = (typeof SHIFT_REQUEST_STATUSES)[number];

/** Body of POST /krye/worker/me/shifts/{id}/swap: the colleague offered the shift. */
export const ZShiftSwapInput = z.strictObject({ employee_id: idField(messages.shiftEmployeeInvalid) });
/** Query of GET /krye/shift-requests. */
export const ZShiftRequestListQuery = z.strictObject({
  status: z.enum(SHIFT_REQUEST_STATUSES, { error: messages.shiftRequestStatusInvalid }).optional(),
});
/** Body of PUT /krye/shift-requests/{id}. */
export const ZShiftRequestDecision = z.strictObject({
  status: z.enum(['approved', 'declined'], { error: messages.shiftDecisionInvalid }),
});

export const ZShiftRequest = z.object({
  id: z.number().int(),
  kind: z.enum(SHIFT_REQUEST_KINDS),
  status: z.enum(SHIFT_REQUEST_STATUSES),
  /** Who asked: the claimant, or the worker offering its shift. */
  employee_id: z.number().int(),
  employee_name: z.string(),
  /** A swap's colleague; null for a claim. */
  to_employee_id: z.number().int().nullable(),
  to_employee_name: z.string().nullable(),
  shift: ZShift.omit({ published: true }),
  created_at: z.string(),
});
export type TShiftRequest = z.infer<typeof ZShiftRequest>;
export const ZShiftRequestResponse = resultEnvelope(ZShiftRequest);
export const ZShiftRequestListResponse = resultEnvelope(z.array(ZShiftRequest));

/** Body of the claim and accept routes: nothing, or an empty object (a client may send either). */
export const ZShiftActionBody = z.strictObject({}).nullish();

/**
 * A published shift's state on the board of today (`TODAY_SHIFT_STATES`, today-api.ts). `shift` and
 * `now` are minutes on the shift's date (past 1440 the next day); `scans` the worker's scans on that
 * line. The arrival is the first scan from two hours before the start up to the shift's end (and
 * not after now); late by more than the tolerance is `late`.
 */
export function shiftStateNow(input: {
  shift: { start: number; end: number };
  now: number;
  scans: readonly number[];
  toleranceMinutes: number;
  onLeave: boolean;
}): { state: 'due' | 'in' | 'late' | 'missing' | 'left' | 'leave'; first: number | null; lateBy: number | null } {
  const { shift, now, toleranceMinutes } = input;
  const arrivals = input.scans
    .filter((minutes) => minutes >= shift.start - ARRIVAL_BEFORE_MINUTES && minutes < shift.end && minutes <= now)
    .sort((a, b) => a - b);
  const first = arrivals[0] ?? null;
  if (input.onLeave) return { state: 'leave', first, lateBy: null };
  if (first === null) {
    return {
      state: now < shift.start + toleranceMinutes || now < shift.start ? 'due' : 'missing',
      first,
      lateBy: null,
    };
  }
  const lateBy = first - shift.start > toleranceMinutes ? first - shift.start : null;
  if (now >= shift.end) return { state: 'left', first, lateBy };
  return { state: lateBy === null ? 'in' : 'late', first, lateBy };
}

/**
 * A scanned shift's paid hours on a date with a published roster shift (docs/product.md#shifts-and-the-roster):
 * its hours less the unpaid break — the larger of the break the roster planned that date and the
 * break the rules give a shift of its length (the employer's, else the jurisdiction's) — to the
 * quarter hour. Night hours stay by the clock (the statement counts at most the paid hours as night).
 */
export function paidShiftHours(hours: number, plannedBreak: number, rules: readonly TBreakRule[]): number {
  const minutes = hours * 60;
  const unpaid = Math.max(plannedBreak, unpaidBreakMinutes(rules, minutes));
  return Math.round(Math.max(0, minutes - unpaid) / 15) / 4;
}
