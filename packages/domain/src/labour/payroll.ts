import { addDays, daysBetween, monthOf, monthRange, weekStart } from '../calendar';
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
  /**
   * Approved leave on the worker's scheduled working days that are not days off (docs/product.md#leave),
   * each with its paid flag and the day's scheduled hours. Absent or empty: the month has none.
   */
  leaveDays?: readonly TPayrollLeaveDay[];
};

/** One working day of approved leave: paid like a worked scheduled day, or unpaid (not paid). */
export type TPayrollLeaveDay = { date: string; paid: boolean; hours: number };

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
  /** Paid leave days (not worked) in the month and their pay; present only when the month has leave. */
  paidLeave?: { days: number; amount: number };
  /** Unpaid leave days in the month (not paid: the base pay counts only days worked); present only with leave. */
  unpaidLeaveDays?: number;
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

/**
 * What a month's statement needs to know about its calendar, the same for every worker: the days
 * from the Monday of the month's first week to the Sunday of its last, each with its date, whether
 * it is in the month, a rest day or a holiday, and the paid days off to check. Computed once per
 * statement (payrollCalendar) so the per-worker loop works on day numbers (bench/README.md#payroll).
 */
export type TPayrollCalendar = {
  month: string;
  ruleSetId: string;
  holidays: readonly TPayrollHoliday[];
  /** Day number (0 = the first week's Monday) of each date. */
  slotOf: ReadonlyMap<string, number>;
  dates: readonly string[];
  inMonth: readonly boolean[];
  isRest: readonly boolean[];
  isHoliday: readonly boolean[];
  /** Day numbers of the month's paid days off on working days, once per holiday listed. */
  paidDayOffSlots: readonly number[];
};

/** The calendar of a month's statement under a rule set and its holidays (see TPayrollCalendar). */
export function payrollCalendar(
  month: string,
  ruleSet: TLabourRuleSet,
  holidays: readonly TPayrollHoliday[],
): TPayrollCalendar {
  const first = weekStart(`${month}-01`);
  const restDays = ruleSet.workingTime.restDays.value;
  const holidayDates = new Set(holidays.map((holiday) => holiday.date));
  const slotOf = new Map<string, number>();
  const dates: string[] = [];
  const inMonth: boolean[] = [];
  const isRest: boolean[] = [];
  const isHoliday: boolean[] = [];
  // Whole weeks, up to the one holding the month's last day.
  const slots = (Math.floor(daysBetween(first, monthRange(month).to) / 7) + 1) * 7;
  for (let slot = 0; slot < slots; slot += 1) {
    const date = addDays(first, slot);
    slotOf.set(date, slot);
    dates.push(date);
    inMonth.push(monthOf(date) === month);
    isRest.push(restDays.includes(slot % 7));
    isHoliday.push(holidayDates.has(date));
  }
  const paidDayOffSlots: number[] = [];
  for (const holiday of holidays) {
    const slot = slotOf.get(holiday.date);
    if (!holiday.dayOff || slot === undefined || !inMonth[slot] || isRest[slot]) continue;
    paidDayOffSlots.push(slot);
  }
  return { month, ruleSetId: ruleSet.id, holidays, slotOf, dates, inMonth, isRest, isHoliday, paidDayOffSlots };
}

/**
 * One worker's month under the labour-law rules (docs/labour-rules.md#payroll): base pay as the pay
 * card computes it, paid holidays, every premium with its hours and rate, then contributions, tax,
 * net and the employer's cost. Hours are exact hundredths and money exact minor units; each line
 * is rounded once, half up, to the rule set's unit. Overtime is what a day works above the daily
 * normal hours plus what a Monday-to-Sunday week works above the weekly limit (a part-time worker's
 * schedule), counted from the week's first hours on; a week is settled in the month of its Sunday.
 * Caps are warnings: every hour worked is paid. A statement of many workers passes the month's
 * `calendar` (payrollCalendar, for the same month, rule set and holidays) to compute it once.
 */
export function computeWorkerPayroll(
  input: TWorkerMonthInput,
  ruleSet: TLabourRuleSet,
  holidays: readonly TPayrollHoliday[],
  calendar: TPayrollCalendar = payrollCalendar(input.month, ruleSet, holidays),
): TWorkerPayroll {
  if (calendar.month !== input.month || calendar.ruleSetId !== ruleSet.id || calendar.holidays !== holidays) {
    throw new RangeError('The payroll calendar is for another month, rule set or holidays.');
  }
  const unit = ruleSet.roundingUnit.value;
  const { workingTime, premiums } = ruleSet;
  const dailyLimit = toHundredths(workingTime.dailyNormalHours.value);
  const schedule = input.weeklyScheduleHours;
  const weeklyLimitHours =
    schedule != null && schedule > 0
      ? Math.min(schedule, workingTime.weeklyNormalHours.value)
      : workingTime.weeklyNormalHours.value;
  const weeklyLimit = toHundredths(weeklyLimitHours);
  const special = premiums.overtimeOnRestDayOrHolidayBps.value;
  const { slotOf, dates, inMonth, isRest, isHoliday } = calendar;

  // Hours and night hours in hundredths by day number; days outside the month's weeks pay nothing.
  const slots = dates.length;
  const hoursAt = new Array<number>(slots).fill(0);
  const nightAt = new Array<number>(slots).fill(0);
  const hasDay = new Array<boolean>(slots).fill(false);
  const weeks = slots / 7;
  const weekHasMonthDay = new Array<boolean>(weeks).fill(false);
  for (const day of input.days) {
    const slot = slotOf.get(day.date);
    if (slot === undefined) continue;
    hoursAt[slot] = (hoursAt[slot] as number) + toHundredths(day.hours);
    nightAt[slot] = (nightAt[slot] as number) + toHundredths(day.nightHours ?? 0);
    hasDay[slot] = true;
    if (inMonth[slot]) weekHasMonthDay[Math.floor(slot / 7)] = true;
  }

  const hoursOf: Record<TPremiumKind, number> = {
    overtimeDaily: 0,
    overtimeWeekly: 0,
    overtimeRestDayOrHoliday: 0,
    holiday: 0,
    restDay: 0,
    night: 0,
  };
  const holidayOverRest = premiums.holidayBps.value >= premiums.restDayBps.value;
  const warnings: TPayrollWarning[] = [];
  for (let week = 0; week < weeks; week += 1) {
    if (!weekHasMonthDay[week]) continue;
    const monday = week * 7;
    const settled = inMonth[monday + 6] === true;
    let cumulative = 0;
    let weekHours = 0;
    let weekOvertime = 0;
    for (let slot = monday; slot < monday + 7; slot += 1) {
      const hours = hoursAt[slot] as number;
      if (hours === 0) continue;
      const daily = Math.max(0, hours - dailyLimit);
      const before = cumulative;
      cumulative += hours - daily;
      const weekly = settled ? Math.max(0, cumulative - weeklyLimit) - Math.max(0, before - weeklyLimit) : 0;
      weekHours += hours;
      weekOvertime += daily + weekly;
      if (!inMonth[slot]) {
        // Its own hours were paid last month; only the week's overtime lands here.
        hoursOf.overtimeWeekly += weekly;
        continue;
      }
      const holiday = isHoliday[slot] === true;
      const rest = isRest[slot] === true;
      let dayPremiumHours = hours;
      if (special !== null && (holiday || rest)) {
        hoursOf.overtimeRestDayOrHoliday += daily + weekly;
        dayPremiumHours -= daily + weekly;
      } else {
        hoursOf.overtimeDaily += daily;
        hoursOf.overtimeWeekly += weekly;
      }
      // A holiday on a rest day earns the larger of the two allowances, not both.
      if (holiday && (!rest || holidayOverRest)) {
        hoursOf.holiday += dayPremiumHours;
      } else if (rest) hoursOf.restDay += dayPremiumHours;
      hoursOf.night += Math.min(nightAt[slot] as number, hours);
    }
    if (!settled) continue;
    const weekStartDate = dates[monday] as string;
    const overtimeCap = workingTime.overtimeWeeklyCap.value;
    if (overtimeCap !== null && weekOvertime > toHundredths(overtimeCap)) {
      warnings.push({ code: 'overtimeWeekCap', weekStart: weekStartDate, hours: weekOvertime / 100, cap: overtimeCap });
    }
    const weekCap = workingTime.weeklyMaxHours.value;
    if (weekCap !== null && weekHours > toHundredths(weekCap)) {
      warnings.push({ code: 'weekHoursCap', weekStart: weekStartDate, hours: weekHours / 100, cap: weekCap });
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

  const monthHours: number[] = [];
  for (let slot = 0; slot < slots; slot += 1) {
    if (hasDay[slot] && inMonth[slot]) monthHours.push((hoursAt[slot] as number) / 100);
  }
  const pay = computeMonthPay({ wages: input.wages, salary: input.salary, month: input.month, hours: monthHours });
  const basePay = roundToUnit(BigInt(toMinor(pay.pay)), 1n, unit);

  const salary = toMinor(input.salary);
  const leave = leavePay(input, calendar, hoursAt, salary, unit);
  let paidHolidayDays = 0;
  if (input.wages !== 'Orë' && (monthHours.some((hours) => hours > 0) || (leave?.paidLeave.days ?? 0) > 0)) {
    for (const slot of calendar.paidDayOffSlots) if (hoursAt[slot] === 0) paidHolidayDays += 1;
  }
  const paidHolidayAmount =
    input.wages === 'Muaj'
      ? roundToUnit(BigInt(paidHolidayDays * salary), BigInt(workingDaysInMonth(input.month)), unit)
      : roundToUnit(BigInt(paidHolidayDays * salary), 1n, unit);
  if (input.wages === 'Muaj' && schedule == null && salary < ruleSet.minimumWage.value) {
    warnings.push({ code: 'belowMinimumWage', salary, minimumWage: ruleSet.minimumWage.value });
  }

  const gross =
    basePay +
    paidHolidayAmount +
    (leave?.paidLeave.amount ?? 0) +
    premiumLines.reduce((sum, line) => sum + line.amount, 0);
  const { warnings: deductionWarnings, ...deductions } = computeDeductions(gross, ruleSet);
  return {
    month: input.month,
    ruleSetId: ruleSet.id,
    currency: ruleSet.currency,
    basePay,
    paidHolidays: { days: paidHolidayDays, amount: paidHolidayAmount },
    ...(leave ?? {}),
    premiums: premiumLines,
    overtimeHours: overtime / 100,
    weeklyLimitHours,
    ...deductions,
    warnings: [...warnings, ...deductionWarnings],
  };
}

/**
 * The month's leave (docs/product.md#leave): a paid leave day not worked is paid like a worked
 * scheduled day — its scheduled hours at the hourly rate, a day's rate, or a monthly salary ÷ the
 * month's working days (as a paid holiday is). An unpaid day is counted, not paid: the base pay
 * already counts only the days worked, so a monthly worker's salary is short by that day. A leave
 * day with hours worked pays the hours, not the leave; a holiday inside a leave is paid as a holiday. Undefined when the month has no leave.
 */
function leavePay(
  input: TWorkerMonthInput,
  calendar: TPayrollCalendar,
  hoursAt: readonly number[],
  salary: number,
  unit: number,
): { paidLeave: { days: number; amount: number }; unpaidLeaveDays: number } | undefined {
  if (!input.leaveDays || input.leaveDays.length === 0) return undefined;
  let paidDays = 0;
  let paidHundredths = 0;
  let unpaidDays = 0;
  const seen = new Set<string>();
  // A paid day off inside a leave is paid as the holiday, never twice.
  const daysOff = new Set(calendar.paidDayOffSlots);
  for (const day of input.leaveDays) {
    const slot = calendar.slotOf.get(day.date);
    if (slot === undefined || !calendar.inMonth[slot] || seen.has(day.date) || daysOff.has(slot)) continue;
    if ((hoursAt[slot] as number) > 0) continue;
    seen.add(day.date);
    if (day.paid) {
      paidDays += 1;
      paidHundredths += toHundredths(day.hours);
    } else unpaidDays += 1;
  }
  let amount: number;
  switch (input.wages) {
    case 'Orë':
      amount = roundToUnit(BigInt(paidHundredths) * BigInt(salary), 100n, unit);
      break;
    case 'Ditë':
      amount = roundToUnit(BigInt(paidDays * salary), 1n, unit);
      break;
    case 'Muaj':
      amount = roundToUnit(BigInt(paidDays * salary), BigInt(workingDaysInMonth(input.month)), unit);
      break;
  }
  return { paidLeave: { days: paidDays, amount }, unpaidLeaveDays: unpaidDays };
}

export type TPayrollTotals = Pick<
  TWorkerPayroll,
  'gross' | 'employeeContributions' | 'incomeTax' | 'net' | 'employerContributions' | 'employerCost'
> & { workers: number; basePay: number; premiums: number; paidHolidays: number; paidLeave?: number };

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
    if (row.paidLeave) totals.paidLeave = (totals.paidLeave ?? 0) + row.paidLeave.amount;
    totals.gross += row.gross;
    totals.employeeContributions += row.employeeContributions;
    totals.incomeTax += row.incomeTax;
    totals.net += row.net;
    totals.employerContributions += row.employerContributions;
    totals.employerCost += row.employerCost;
  }
  return totals;
}
