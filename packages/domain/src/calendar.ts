import { z } from 'zod';
import { messages } from './messages';

/**
 * Calendar rules. Dates travel as `YYYY-MM-DD` strings in the employer's time zone and months as
 * `YYYY-MM`; all arithmetic runs on UTC dates built from those parts, so the machine's own time
 * zone and daylight-saving changes never shift a day.
 */

/** Albanian weekday names, Monday first (weeks run Monday to Sunday). */
export const WEEKDAY_NAMES = ['E Hënë', 'E Martë', 'E Mërkurë', 'E Enjte', 'E Premte', 'E Shtunë', 'E Dielë'] as const;
export type TWeekdayName = (typeof WEEKDAY_NAMES)[number];

/** Albanian month names, January first. */
export const MONTH_NAMES = [
  'Janar',
  'Shkurt',
  'Mars',
  'Prill',
  'Maj',
  'Qershor',
  'Korrik',
  'Gusht',
  'Shtator',
  'Tetor',
  'Nëntor',
  'Dhjetor',
] as const;
export type TMonthName = (typeof MONTH_NAMES)[number];

/** Index of Sunday in a Monday-first week. */
export const SUNDAY = 6;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DAY_MS = 24 * 60 * 60 * 1000;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

const ISO_DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
/** Sakamoto's month offsets for the day of the week. */
const SAKAMOTO = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4] as const;

/** The digits at `from`…`from + length - 1` of a string known to hold digits there. */
function digitsAt(text: string, from: number, length: number): number {
  let value = 0;
  for (let i = from; i < from + length; i += 1) value = value * 10 + text.charCodeAt(i) - 48;
  return value;
}

// toUtc and fromUtc run tens of thousands of times for one payroll statement (bench/README.md#payroll):
// they read and write the digits directly rather than through a regex's groups and padStart.
function toUtc(date: string): Date {
  if (!ISO_DATE_SHAPE.test(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return new Date(Date.UTC(digitsAt(date, 0, 4), digitsAt(date, 5, 2) - 1, digitsAt(date, 8, 2)));
}

function fromUtc(value: Date): string {
  const year = value.getUTCFullYear();
  const month = value.getUTCMonth() + 1;
  const day = value.getUTCDate();
  return `${year < 1000 ? pad(year, 4) : year}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

/** True for a real calendar date written `YYYY-MM-DD` (2025-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match || !inYearRange(match[1])) return false;
  const [, y, m, d] = match;
  const parsed = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return (
    parsed.getUTCFullYear() === Number(y) && parsed.getUTCMonth() === Number(m) - 1 && parsed.getUTCDate() === Number(d)
  );
}

/**
 * Years a date or month may name. Outside them no attendance exists, and JavaScript reads years
 * 0–99 as 1900–1999 (so `0000-01` would quietly become January 1900).
 */
export const YEAR_RANGE = { min: 1900, max: 2200 } as const;

const inYearRange = (year: string | undefined) => Number(year) >= YEAR_RANGE.min && Number(year) <= YEAR_RANGE.max;

export function isIsoMonth(value: string): boolean {
  const match = ISO_MONTH.exec(value);
  return match !== null && inYearRange(match[1]);
}

export const ZIsoDate = z.string({ error: messages.dateRequired }).refine(isIsoDate, { error: messages.dateInvalid });

export const ZIsoMonth = z
  .string({ error: messages.monthRequired })
  .refine(isIsoMonth, { error: messages.monthInvalid });

/** Adds (or with a negative number subtracts) whole days. */
export function addDays(date: string, days: number): string {
  // Within days 1–28 no month ends: only the day's digits change.
  if (ISO_DATE_SHAPE.test(date)) {
    const day = digitsAt(date, 8, 2) + days;
    const from = day - days;
    if (from >= 1 && from <= 28 && day >= 1 && day <= 28 && Number.isInteger(days)) {
      return `${date.slice(0, 8)}${day < 10 ? '0' : ''}${day}`;
    }
  }
  return fromUtc(new Date(toUtc(date).getTime() + days * DAY_MS));
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / DAY_MS);
}

/** 0 for Monday … 6 for Sunday. */
export function weekdayIndex(date: string): number {
  if (!ISO_DATE_SHAPE.test(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  // Sakamoto's rule (0 = Sunday), without building a Date.
  const month = digitsAt(date, 5, 2);
  const year = digitsAt(date, 0, 4) - (month < 3 ? 1 : 0);
  const offset = SAKAMOTO[month - 1];
  if (offset === undefined) return (toUtc(date).getUTCDay() + 6) % 7;
  const sunday0 =
    (year + Math.floor(year / 4) - Math.floor(year / 100) + Math.floor(year / 400) + offset + digitsAt(date, 8, 2)) % 7;
  return (sunday0 + 6) % 7;
}

export function isSunday(date: string): boolean {
  return weekdayIndex(date) === SUNDAY;
}

/** The Albanian weekday of a date: `weekdayName('2025-03-03')` is 'E Hënë'. */
export function weekdayName(date: string): TWeekdayName {
  return WEEKDAY_NAMES[weekdayIndex(date)] as TWeekdayName;
}

/** The Monday that starts the week of `date`. */
export function weekStart(date: string): string {
  return addDays(date, -weekdayIndex(date));
}

/** The month of a date: '2025-03-17' → '2025-03'. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** The Albanian name of a month: `monthName('2025-03')` is 'Mars'. */
export function monthName(month: string): TMonthName {
  if (!isIsoMonth(month)) throw new RangeError(`Not a YYYY-MM month: ${month}`);
  return MONTH_NAMES[Number(month.slice(5, 7)) - 1] as TMonthName;
}

/** 'Mars 2025'. */
export function monthLabel(month: string): string {
  return `${monthName(month)} ${month.slice(0, 4)}`;
}

export function daysInMonth(month: string): number {
  if (!isIsoMonth(month)) throw new RangeError(`Not a YYYY-MM month: ${month}`);
  return new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
}

/** First and last day of a month, both inclusive. */
export function monthRange(month: string): { from: string; to: string } {
  return { from: `${month}-01`, to: `${month}-${pad(daysInMonth(month))}` };
}

/** Every date of a month in order. */
export function datesOfMonth(month: string): string[] {
  const { from } = monthRange(month);
  return Array.from({ length: daysInMonth(month) }, (_, i) => addDays(from, i));
}

/** The month before or after: `shiftMonth('2025-01', -1)` is '2024-12'. */
export function shiftMonth(month: string, months: number): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7)) - 1 + months;
  const shifted = new Date(Date.UTC(y, m, 1));
  return `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}`;
}

/**
 * Week number within the month, 'Java N': week 1 is the Monday-to-Sunday week holding the 1st,
 * so a month that starts on a Sunday has a one-day first week.
 */
export function weekOfMonth(date: string): number {
  const firstOffset = weekdayIndex(`${monthOf(date)}-01`);
  const day = Number(date.slice(8, 10));
  return Math.floor((day - 1 + firstOffset) / 7) + 1;
}

/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one. */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    // Throws for an unknown zone, as before; only zones that exist are kept (the employers' few).
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * A clock 'HH:MM' or 'HH:MM:SS' (two-digit hours) as whole minutes from midnight, seconds left out.
 * Read digit by digit (a month's payroll statement reads 26,000 scan clocks, bench/README.md#payroll);
 * any other spelling is read by its ':'-separated parts.
 */
export function clockMinutes(clock: string): number {
  const h1 = clock.charCodeAt(0) - 48;
  const h2 = clock.charCodeAt(1) - 48;
  const m1 = clock.charCodeAt(3) - 48;
  const m2 = clock.charCodeAt(4) - 48;
  if (
    clock.charCodeAt(2) === 58 &&
    h1 >= 0 &&
    h1 <= 9 &&
    h2 >= 0 &&
    h2 <= 9 &&
    m1 >= 0 &&
    m1 <= 9 &&
    m2 >= 0 &&
    m2 <= 9
  ) {
    return (h1 * 10 + h2) * 60 + m1 * 10 + m2;
  }
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return hours * 60 + minutes;
}

/** Today's date in a time zone, e.g. `todayIn('Europe/Tirane')`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = dayFormatterFor(timeZone)
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, part) => {
      acc[part.type] = part.value;
      return acc;
    }, {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

export function currentMonthIn(timeZone: string, now: Date = new Date()): string {
  return monthOf(todayIn(timeZone, now));
}

/** A local date (`YYYY-MM-DD`) and time (`HH:MM:SS`). */
export type TWallClock = { date: string; time: string };

/** One formatter per zone (seconds included): building one costs far more than using it. */
const clockFormatters = new Map<string, Intl.DateTimeFormat>();

function clockFormatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    clockFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The local date (`YYYY-MM-DD`) and time (`HH:MM:SS`) of an instant in a zone. */
export function wallClockOf(instant: Date, timeZone: string): TWallClock {
  const parts = Object.fromEntries(
    clockFormatterFor(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}:${parts.second}` };
}
