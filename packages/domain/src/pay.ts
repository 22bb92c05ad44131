import { z } from 'zod';
import { daysInMonth, SUNDAY, weekdayIndex } from './calendar';

/** Pay bases: per hour, per day, per month. */
export const WAGE_BASES = ['Orë', 'Ditë', 'Muaj'] as const;
export const ZWageBasis = z.enum(WAGE_BASES);
export type TWageBasis = z.infer<typeof ZWageBasis>;

/** Gross shown = net × 1.125 (docs/product.md#pay). */
export const GROSS_FACTOR = 1.125;

/** A day of at least this many hours counts as a whole day; fewer (but not 0) as half. */
export const FULL_DAY_HOURS = 7;

/**
 * Rounds to 2 decimals, halves away from zero, on the number's decimal writing: 1.005 → 1.01
 * (plain `Math.round(x * 100) / 100` gives 1.00 because 1.005 × 100 is 100.49999…).
 */
export function roundMoney(value: number): number {
  const magnitude = Math.abs(value);
  const written = String(magnitude);
  // Exponent notation (1e-7, 1e21) has no decimal writing to shift; those are far from a cent edge.
  const cents = written.includes('e') ? Math.round(magnitude * 100) : Math.round(Number(`${written}e2`));
  const rounded = cents / 100;
  return rounded === 0 ? 0 : Math.sign(value) * rounded;
}

/** numerator ÷ denominator rounded half up, exactly (both non-negative). */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

function toCents(amount: number): bigint {
  return BigInt(Math.round(Number(`${amount}e2`)) || Math.round(amount * 100));
}

/** Gross of a net amount: net × 1.125, rounded to 2 decimals (exact, in cents). */
export function grossOf(net: number): number {
  return Number(divideRounded(toCents(net) * 9n, 8n)) / 100;
}

/** How much one day counts for per-day and per-month pay: 0 hours → 0, under 7 → 0.5, 7 or more → 1. */
export function countedDayValue(hours: number): 0 | 0.5 | 1 {
  if (hours <= 0) return 0;
  return hours < FULL_DAY_HOURS ? 0.5 : 1;
}

/**
 * Working days of a month: every day except Sundays. Counted rather than listed day by day: the
 * pay summary asks once per employee, and listing the month's dates was most of its time.
 */
export function workingDaysInMonth(month: string): number {
  const days = daysInMonth(month);
  // The month's first Sunday falls on day 1–7; then one every 7 days.
  const firstSunday = 1 + ((SUNDAY - weekdayIndex(`${month}-01`) + 7) % 7);
  return days - (Math.floor((days - firstSunday) / 7) + 1);
}

export type TPayFigures = {
  /** Sum of the month's hours, 2 decimals. */
  totalHours: number;
  /** Sum of the days' counted values (0, 0.5 or 1 each). */
  countedDays: number;
  /** Days of the month except Sundays. */
  workingDays: number;
  /** Net pay for the month, 2 decimals. */
  pay: number;
  /** pay × 1.125, 2 decimals. */
  gross: number;
};

/**
 * A month's pay (docs/product.md#pay), the one place the rule lives:
 * - Orë (per hour): total hours × salary;
 * - Ditë (per day): counted days × salary;
 * - Muaj (per month): counted days ÷ working days × salary.
 * `hours` are the month's entries, one per day worked. Net is rounded to 2 decimals, and gross is
 * the rounded net × 1.125, rounded again, so gross always matches the net shown beside it.
 */
export function computeMonthPay(input: {
  wages: TWageBasis;
  salary: number;
  month: string;
  hours: readonly number[];
}): TPayFigures {
  // Exact integer arithmetic: hours in hundredths, days in halves, money in cents.
  let hundredths = 0;
  let halves = 0;
  for (const hours of input.hours) {
    hundredths += Math.round(hours * 100);
    halves += countedDayValue(hours) * 2;
  }
  const workingDays = workingDaysInMonth(input.month);
  const salaryCents = toCents(input.salary);
  let payCents: bigint;
  switch (input.wages) {
    case 'Orë':
      payCents = divideRounded(BigInt(hundredths) * salaryCents, 100n);
      break;
    case 'Ditë':
      payCents = divideRounded(BigInt(halves) * salaryCents, 2n);
      break;
    case 'Muaj':
      payCents = divideRounded(BigInt(halves) * salaryCents, 2n * BigInt(workingDays));
      break;
  }
  const pay = Number(payCents) / 100;
  return { totalHours: hundredths / 100, countedDays: halves / 2, workingDays, pay, gross: grossOf(pay) };
}
