import { addDays, monthOf, weekdayIndex, weekStart } from '../calendar';
import { computeMonthPay, type TWageBasis, workingDaysInMonth } from '../pay';
import { computeDeductions, type TDeductions, type TDeductionWarning } from './deductions';
import { roundToUnit, toHundredths, toMinor } from './money';
import type { TLabourRuleSet } from './rule-set-schema';

export type TPayrollDay = {
  date: string;
  hours: number;
  /** Hours of `hours` inside the night window (from scans, which have times; see nightHoursOf). */
  nightHours?: number;
};

export type TWorkerMonthInput = {
  /** YYYY-MM. */
  month: string;
  wages: TWageBasis;
  /** The rate as stored (per hour, day or month), read as the gross rate under the rules. */
  salary: number;
  /** A part-time worker's scheduled hours a week; overtime starts above them. Null or absent: full time. */
  weeklyScheduleHours?: number | null;
  /**
   * The days with hours. Days of the month's first week that fall in the previous month may be
   * included: they count towards that week's limit and pay nothing themselves.
   */
  days: readonly TPayrollDay[];
  /** Overtime hours already worked this calendar year before the month, for the yearly cap. */
  overtimeHoursBeforeMonth?: number;
};

/** Official holiday dates around the month; `dayOff` marks the paid days off (holidaysOf). */
export type TPayrollHoliday = { date: string; dayOff: boolean };

export const PREMIUM_KINDS = [
  'overtimeDaily',
  'overtimeWeekly',
  'overtimeRestDayOrHoliday',
  'holiday',
  'restDay',
  'night',
] as const;
export type TPremiumKind = (typeof PREMIUM_KINDS)[number];

export type TPremiumLine = {
  kind: TPremiumKind;
  hours: number;
  /** The allowance, in basis points of the hourly rate. */
  rateBps: number;
  /** The hourly rate the allowance is on, in minor units, rounded for display (amounts use it exactly). */
  hourlyRate: number;
  amount: number;
};

export type TPayrollWarning =
  | TDeductionWarning
  | { code: 'overtimeWeekCap'; weekStart: string; hours: number; cap: number }
  | { code: 'weekHoursCap'; weekStart: string; hours: number; cap: number }
  | { code: 'overtimeYearCap'; hours: number; cap: number }
  | { code: 'belowMinimumWage'; salary: number; minimumWage: number };

export type TWorkerPayroll = Omit<TDeductions, 'warnings'> & {
  month: string;
  ruleSetId: string;
  currency: TLabourRuleSet['currency'];
  /** Pay for the hours and days worked, as the pay card computes it (docs/product.md#pay). */
  basePay: number;
  /** Holidays on working days not worked, paid to monthly and daily workers. */
  paidHolidays: { days: number; amount: number };
  premiums: TPremiumLine[];
  /** Overtime hours paid this month (daily, weekly and on rest days or holidays). */
  overtimeHours: number;
  /** Where weekly overtime starts: the weekly normal hours, or a part-time worker's schedule. */
  weeklyLimitHours: number;
  /** Caps exceeded and bases adjusted: reported, never truncated. */
  warnings: TPayrollWarning[];
};

type TRate = { numerator: bigint; denominator: bigint };

/** Minor units per hour as an exact fraction (docs/labour-rules.md#hourly-rate). */
function hourlyRateOf(input: TWorkerMonthInput, ruleSet: TLabourRuleSet): TRate {
  const salary = BigInt(toMinor(input.salary));
  const daily = BigInt(toHundredths(ruleSet.workingTime.dailyNormalHours.value));
  const weekly = BigInt(toHundredths(ruleSet.workingTime.weeklyNormalHours.value));
  switch (input.wages) {
    case 'Orë':
      return { numerator: salary, denominator: 1n };
    case 'Ditë':
      return { numerator: salary * 100n, denominator: daily };
    case 'Muaj':
      // A month is 52 weeks ÷ 12 of the weekly normal hours.
      return { numerator: salary * 12n * 100n, denominator: 52n * weekly };
  }
}

type TDayHours = { hours: number; night: number };

/**
 * One worker's month under the labour-law rules (docs/labour-rules.md#payroll): base pay as the pay
 * card computes it, paid holidays, every premium with its hours and rate, then contributions, tax,
 * net and the employer's cost. Hours are exact hundredths and money exact minor units; each line
 * is rounded once, half up, to the rule set's unit. Overtime is what a day works above the daily
 * normal hours plus what a Monday-to-Sunday week works above the weekly limit (a part-time worker's
 * schedule), counted from the week's first hours on; a week is settled in the month of its Sunday.
 * Caps are warnings: every hour worked is paid.
 */
export function computeWorkerPayroll(
  input: TWorkerMonthInput,
  ruleSet: TLabourRuleSet,
  holidays: readonly TPayrollHoliday[],
): TWorkerPayroll {
  const unit = ruleSet.roundingUnit.value;
  const { workingTime, premiums } = ruleSet;
  const holidayDates = new Set(holidays.map((holiday) => holiday.date));
  const isRestDay = (date: string) => workingTime.restDays.value.includes(weekdayIndex(date));
  const dailyLimit = toHundredths(workingTime.dailyNormalHours.value);
  const schedule = input.weeklyScheduleHours;
  const weeklyLimitHours =
    schedule != null && schedule > 0
      ? Math.min(schedule, workingTime.weeklyNormalHours.value)
      : workingTime.weeklyNormalHours.value;
  const weeklyLimit = toHundredths(weeklyLimitHours);
  const special = premiums.overtimeOnRestDayOrHolidayBps.value;

  const byDate = new Map<string, TDayHours>();
  for (const day of input.days) {
    const entry = byDate.get(day.date) ?? { hours: 0, night: 0 };
    entry.hours += toHundredths(day.hours);
    entry.night += toHundredths(day.nightHours ?? 0);
    byDate.set(day.date, entry);
  }
  const inMonth = (date: string) => monthOf(date) === input.month;

  const hoursOf: Record<TPremiumKind, number> = {
    overtimeDaily: 0,
    overtimeWeekly: 0,
    overtimeRestDayOrHoliday: 0,
    holiday: 0,
    restDay: 0,
    night: 0,
  };
  const warnings: TPayrollWarning[] = [];
  const weekStarts = [...new Set([...byDate.keys()].filter(inMonth).map(weekStart))].sort();
  for (const monday of weekStarts) {
    const settled = inMonth(addDays(monday, 6));
    let cumulative = 0;
    let weekHours = 0;
    let weekOvertime = 0;
    for (let offset = 0; offset < 7; offset += 1) {
      const date = addDays(monday, offset);
      const day = byDate.get(date);
      if (!day || day.hours === 0) continue;
      const daily = Math.max(0, day.hours - dailyLimit);
      const before = cumulative;
      cumulative += day.hours - daily;
      const weekly = settled ? Math.max(0, cumulative - weeklyLimit) - Math.max(0, before - weeklyLimit) : 0;
      weekHours += day.hours;
      weekOvertime += daily + weekly;
      if (!inMonth(date)) {
        // Its own hours were paid last month; only the week's overtime lands here.
        hoursOf.overtimeWeekly += weekly;
        continue;
      }
      const isHoliday = holidayDates.has(date);
      const isRest = isRestDay(date);
      let dayPremiumHours = day.hours;
      if (special !== null && (isHoliday || isRest)) {
        hoursOf.overtimeRestDayOrHoliday += daily + weekly;
        dayPremiumHours -= daily + weekly;
      } else {
        hoursOf.overtimeDaily += daily;
        hoursOf.overtimeWeekly += weekly;
      }
      // A holiday on a rest day earns the larger of the two allowances, not both.
      if (isHoliday && (!isRest || premiums.holidayBps.value >= premiums.restDayBps.value)) {
        hoursOf.holiday += dayPremiumHours;
      } else if (isRest) hoursOf.restDay += dayPremiumHours;
      hoursOf.night += Math.min(day.night, day.hours);
    }
    if (!settled) continue;
    const overtimeCap = workingTime.overtimeWeeklyCap.value;
    if (overtimeCap !== null && weekOvertime > toHundredths(overtimeCap)) {
      warnings.push({ code: 'overtimeWeekCap', weekStart: monday, hours: weekOvertime / 100, cap: overtimeCap });
    }
    const weekCap = workingTime.weeklyMaxHours.value;
    if (weekCap !== null && weekHours > toHundredths(weekCap)) {
      warnings.push({ code: 'weekHoursCap', weekStart: monday, hours: weekHours / 100, cap: weekCap });
    }
  }

  const overtime = hoursOf.overtimeDaily + hoursOf.overtimeWeekly + hoursOf.overtimeRestDayOrHoliday;
  const yearCap = workingTime.overtimeYearlyCap.value;
  const yearOvertime = toHundredths(input.overtimeHoursBeforeMonth ?? 0) + overtime;
  if (yearCap !== null && yearOvertime > toHundredths(yearCap)) {
    warnings.push({ code: 'overtimeYearCap', hours: yearOvertime / 100, cap: yearCap });
  }

  const rate = hourlyRateOf(input, ruleSet);
  const rateBpsOf: Record<TPremiumKind, number> = {
    overtimeDaily: premiums.overtimeBps.value,
    overtimeWeekly: premiums.overtimeBps.value,
    overtimeRestDayOrHoliday: special ?? 0,
    holiday: premiums.holidayBps.value,
    restDay: premiums.restDayBps.value,
    night: ruleSet.night.premiumBps.value,
  };
  const premiumLines: TPremiumLine[] = PREMIUM_KINDS.filter((kind) => hoursOf[kind] > 0).map((kind) => ({
    kind,
    hours: hoursOf[kind] / 100,
    rateBps: rateBpsOf[kind],
    hourlyRate: Number(roundToUnit(rate.numerator * 100n, rate.denominator, 1)) / 100,
    amount: roundToUnit(
      BigInt(hoursOf[kind]) * rate.numerator * BigInt(rateBpsOf[kind]),
      100n * rate.denominator * 10_000n,
      unit,
    ),
  }));

  const monthHours = [...byDate.entries()].filter(([date]) => inMonth(date)).map(([, day]) => day.hours / 100);
  const pay = computeMonthPay({ wages: input.wages, salary: input.salary, month: input.month, hours: monthHours });
  const basePay = roundToUnit(BigInt(toMinor(pay.pay)), 1n, unit);

  const salary = toMinor(input.salary);
  let paidHolidayDays = 0;
  if (input.wages !== 'Orë' && monthHours.some((hours) => hours > 0)) {
    for (const holiday of holidays) {
      if (!holiday.dayOff || !inMonth(holiday.date) || isRestDay(holiday.date)) continue;
      if ((byDate.get(holiday.date)?.hours ?? 0) === 0) paidHolidayDays += 1;
    }
  }
  const paidHolidayAmount =
    input.wages === 'Muaj'
      ? roundToUnit(BigInt(paidHolidayDays * salary), BigInt(workingDaysInMonth(input.month)), unit)
      : roundToUnit(BigInt(paidHolidayDays * salary), 1n, unit);
  if (input.wages === 'Muaj' && schedule == null && salary < ruleSet.minimumWage.value) {
    warnings.push({ code: 'belowMinimumWage', salary, minimumWage: ruleSet.minimumWage.value });
  }

  const gross = basePay + paidHolidayAmount + premiumLines.reduce((sum, line) => sum + line.amount, 0);
  const { warnings: deductionWarnings, ...deductions } = computeDeductions(gross, ruleSet);
  return {
    month: input.month,
    ruleSetId: ruleSet.id,
    currency: ruleSet.currency,
    basePay,
    paidHolidays: { days: paidHolidayDays, amount: paidHolidayAmount },
    premiums: premiumLines,
    overtimeHours: overtime / 100,
    weeklyLimitHours,
    ...deductions,
    warnings: [...warnings, ...deductionWarnings],
  };
}

export type TPayrollTotals = Pick<
  TWorkerPayroll,
  'gross' | 'employeeContributions' | 'incomeTax' | 'net' | 'employerContributions' | 'employerCost'
> & { workers: number; basePay: number; premiums: number; paidHolidays: number };

/** The employer's totals over its workers' statements (all in one currency). */
export function payrollTotals(rows: readonly TWorkerPayroll[]): TPayrollTotals {
  const currencies = new Set(rows.map((row) => row.currency));
  if (currencies.size > 1) throw new RangeError('Payroll totals need one currency.');
  const totals: TPayrollTotals = {
    workers: rows.length,
    basePay: 0,
    premiums: 0,
    paidHolidays: 0,
    gross: 0,
    employeeContributions: 0,
    incomeTax: 0,
    net: 0,
    employerContributions: 0,
    employerCost: 0,
  };
  for (const row of rows) {
    totals.basePay += row.basePay;
    totals.premiums += row.premiums.reduce((sum, line) => sum + line.amount, 0);
    totals.paidHolidays += row.paidHolidays.amount;
    totals.gross += row.gross;
    totals.employeeContributions += row.employeeContributions;
    totals.incomeTax += row.incomeTax;
    totals.net += row.net;
    totals.employerContributions += row.employerContributions;
    totals.employerCost += row.employerCost;
  }
  return totals;
}
