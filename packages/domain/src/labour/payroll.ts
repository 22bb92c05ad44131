import { addDays, daysBetween, monthOf, monthRange, weekStart } from '../calendar';
import { computeMonthPay, type TWageBasis } from '../pay';
import { computeDeductions, type TDeductions, type TDeductionWarning } from './deductions';
import { roundToUnit, toHundredths, toMinor } from './money';
import type { TLabourRuleSet } from './rule-set-schema';

export type TPayrollDay = {
  date: string;
  hours: number;
  /**
   * Hours of `hours` inside the night window (from times: scans, or entries with from/to or placed on
   * the schedule; see nightHoursOf). Null: the times of these hours are unknown, so whether any were
   * night hours is unknown (the result warns `nightHoursUnknown`). Absent: none.
   */
  nightHours?: number | null;
};

/** One scheduled working day of the worker: the date and the hours its schedule works that day. */
export type TScheduledDay = { date: string; hours: number };

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
  /**
   * The worker's scheduled working days of the month, from the schedule in force each day, holidays
   * included (the payroll knows which are days off). Absent, or none in the month: the rule set's
   * working week (workingWeekSlots) at the daily normal hours. They measure a monthly salary (a month
   * worked as scheduled), which holidays an hourly or daily worker is paid, and the hours a paid
   * holiday is worth (docs/labour-rules.md#monthly-salary).
   */
  scheduledDays?: readonly TScheduledDay[];
  /**
   * Employment dates (YYYY-MM-DD, inclusive); either may be absent. Days outside pay nothing: their
   * hours, leave and holidays are ignored, and a monthly salary is pro-rated to the scheduled days inside.
   */
  employment?: { start?: string | null; end?: string | null };
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
  /**
   * The pay for the month's paid hours is below the minimum wage for them (docs/labour-rules.md#minimum-wage):
   * `salary` the pay compared, `minimumWage` the minimum pro-rated to the same hours (a monthly
   * worker: the salary against the minimum for its weekly schedule), `hours` the paid hours (hourly
   * and daily workers).
   */
  | { code: 'belowMinimumWage'; salary: number; minimumWage: number; hours?: number }
  /** Days with hours whose times are unknown, so their night hours are too (not an exception of the month). */
  | { code: 'nightHoursUnknown'; days: string[] };

export type TWorkerPayroll = Omit<TDeductions, 'warnings'> & {
  month: string;
  ruleSetId: string;
  currency: TLabourRuleSet['currency'];
  /**
   * Pay for the hours and days worked (docs/labour-rules.md#payroll): hourly, the hours × the rate;
   * daily, the counted days × the day rate (the pay card's days, docs/product.md#pay); monthly, the
   * salary for the scheduled days inside employment less the absent ones, less the paid holidays and
   * paid leave shown on their own lines (which are part of the salary, never paid twice).
   */
  basePay: number;
  /** Official days off on the worker's scheduled days, inside employment, not worked: paid to every pay basis. */
  paidHolidays: { days: number; amount: number };
  /** Paid leave days (not worked) in the month and their pay; present only when the month has leave. */
  paidLeave?: { days: number; amount: number };
  /** Unpaid leave days in the month (not paid; a monthly worker's are absent days); present only with leave. */
  unpaidLeaveDays?: number;
  /**
   * Hours the base pay does not hold, paid at the hourly rate before their allowances: a monthly
   * worker's overtime and hours on unscheduled days, a daily worker's hours above the daily normal
   * hours. Present only when there are some.
   */
  extraHoursPay?: { hours: number; hourlyRate: number; amount: number };
  /** Monthly workers: the month's scheduled working days (the salary's divisor) and the absent ones deducted. */
  salaryDays?: { scheduled: number; employed: number; absent: number };
  premiums: TPremiumLine[];
  /** Overtime hours paid this month (daily, weekly and on rest days or holidays). */
  overtimeHours: number;
  /** Where weekly overtime starts: the weekly normal hours, or a part-time worker's schedule. */
  weeklyLimitHours: number;
  /** Caps exceeded and bases adjusted: reported, never truncated. */
  warnings: TPayrollWarning[];
};

type TRate = { numerator: bigint; denominator: bigint };

/**
 * Minor units per hour as an exact fraction (docs/labour-rules.md#hourly-rate): per hour, the rate;
 * per day, the day rate ÷ the daily normal hours; per month, salary × 12 ÷ (52 × the worker's weekly
 * hours: the weekly normal hours, or a part-time worker's schedule).
 */
function hourlyRateOf(input: TWorkerMonthInput, ruleSet: TLabourRuleSet, weeklyHours: number): TRate {
  const salary = BigInt(toMinor(input.salary));
  const daily = BigInt(toHundredths(ruleSet.workingTime.dailyNormalHours.value));
  const weekly = BigInt(toHundredths(weeklyHours));
  switch (input.wages) {
    case 'Orë':
      return { numerator: salary, denominator: 1n };
    case 'Ditë':
      return { numerator: salary * 100n, denominator: daily };
    case 'Muaj':
      // A month is 52 weeks ÷ 12 of the worker's weekly hours.
      return { numerator: salary * 12n * 100n, denominator: 52n * weekly };
  }
}

/**
 * The rule set's working week, for a worker whose schedule is not given: the weekdays (0 = Monday)
 * that are not rest days, from Monday, as many as the weekly normal hours hold days of the daily
 * normal hours (40 ÷ 8 = 5: Monday to Friday in both jurisdictions).
 */
export function workingWeekDays(ruleSet: TLabourRuleSet): number[] {
  const { restDays, weeklyNormalHours, dailyNormalHours } = ruleSet.workingTime;
  const count = Math.max(1, Math.round(weeklyNormalHours.value / dailyNormalHours.value));
  return [0, 1, 2, 3, 4, 5, 6].filter((day) => !restDays.value.includes(day)).slice(0, count);
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
  /** Whether the day is in the rule set's working week (workingWeekDays), for a worker without a schedule. */
  isWorkingWeekDay: readonly boolean[];
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
  const week = workingWeekDays(ruleSet);
  const isWorkingWeekDay = dates.map((_, slot) => week.includes(slot % 7));
  return {
    month,
    ruleSetId: ruleSet.id,
    holidays,
    slotOf,
    dates,
    inMonth,
    isRest,
    isHoliday,
    paidDayOffSlots,
    isWorkingWeekDay,
  };
}

/**
 * One worker's month under the labour-law rules (docs/labour-rules.md#payroll): base pay, paid
 * holidays and leave, hours outside the base pay, every premium with its hours and rate, then
 * contributions, tax, net and the employer's cost. Hours are exact hundredths and money exact minor
 * units; each line is rounded once, half up, to the rule set's unit. A monthly salary is the pay for
 * a month worked as scheduled: each absent scheduled day is deducted at salary ÷ the month's
 * scheduled days. Overtime is what a day works above the daily normal hours plus what a
 * Monday-to-Sunday week works above the weekly limit (a part-time worker's schedule), counted from
 * the week's first hours on; a week is settled in the month of its Sunday. Days outside employment
 * pay nothing. Caps are warnings: every hour worked is paid. A statement of many workers passes the
 * month's `calendar` (payrollCalendar, for the same month, rule set and holidays) to compute it once.
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
  const dailyNormal = workingTime.dailyNormalHours.value;
  const dailyLimit = toHundredths(dailyNormal);
  const schedule = input.weeklyScheduleHours;
  const weeklyLimitHours =
    schedule != null && schedule > 0
      ? Math.min(schedule, workingTime.weeklyNormalHours.value)
      : workingTime.weeklyNormalHours.value;
  const weeklyLimit = toHundredths(weeklyLimitHours);
  const special = premiums.overtimeOnRestDayOrHolidayBps.value;
  const { slotOf, dates, inMonth, isRest, isHoliday } = calendar;
  const slots = dates.length;

  // Employment: days before the start or after the end pay nothing.
  const start = input.employment?.start ?? null;
  const end = input.employment?.end ?? null;
  const employed = (date: string) => (start === null || date >= start) && (end === null || date <= end);

  // The scheduled hours (hundredths) of each day of the month: the worker's, or the rule set's week.
  const scheduledAt = new Array<number>(slots).fill(0);
  let givenInMonth = false;
  for (const day of input.scheduledDays ?? []) {
    const slot = slotOf.get(day.date);
    if (slot === undefined || !inMonth[slot] || day.hours <= 0) continue;
    scheduledAt[slot] = toHundredths(day.hours);
    givenInMonth = true;
  }
  if (!givenInMonth) {
    for (let slot = 0; slot < slots; slot += 1) {
      if (inMonth[slot] && calendar.isWorkingWeekDay[slot]) scheduledAt[slot] = dailyLimit;
    }
  }

  // Hours and night hours in hundredths by day number; days outside the month's weeks pay nothing.
  const hoursAt = new Array<number>(slots).fill(0);
  const nightAt = new Array<number>(slots).fill(0);
  const hasDay = new Array<boolean>(slots).fill(false);
  const weeks = slots / 7;
  const weekHasMonthDay = new Array<boolean>(weeks).fill(false);
  const nightUnknown = new Set<string>();
  for (const day of input.days) {
    const slot = slotOf.get(day.date);
    if (slot === undefined || !employed(day.date)) continue;
    hoursAt[slot] = (hoursAt[slot] as number) + toHundredths(day.hours);
    nightAt[slot] = (nightAt[slot] as number) + toHundredths(day.nightHours ?? 0);
    if (day.nightHours === null && day.hours > 0 && inMonth[slot]) nightUnknown.add(day.date);
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
  // Hours the base pay does not hold: regular hours on unscheduled days (monthly) and each day's hours
  // above the daily normal hours (daily).
  let regularOffSchedule = 0;
  let aboveDaily = 0;
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
      aboveDaily += daily;
      if (scheduledAt[slot] === 0) regularOffSchedule += hours - daily - weekly;
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
  if (nightUnknown.size > 0) warnings.push({ code: 'nightHoursUnknown', days: [...nightUnknown].sort() });

  const rate = hourlyRateOf(input, ruleSet, weeklyLimitHours);
  const displayRate = Number(roundToUnit(rate.numerator * 100n, rate.denominator, 1)) / 100;
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
    hourlyRate: displayRate,
    amount: roundToUnit(
      BigInt(hoursOf[kind]) * rate.numerator * BigInt(rateBpsOf[kind]),
      100n * rate.denominator * 10_000n,
      unit,
    ),
  }));

  const monthHours: number[] = [];
  let workedHundredths = 0;
  for (let slot = 0; slot < slots; slot += 1) {
    if (hasDay[slot] && inMonth[slot]) {
      monthHours.push((hoursAt[slot] as number) / 100);
      workedHundredths += hoursAt[slot] as number;
    }
  }
  const worked = workedHundredths > 0;
  const salary = toMinor(input.salary);
  const leave = leaveOf(input, calendar, hoursAt, employed);
  const paidLeaveDays = leave?.paid.length ?? 0;
  // Holidays are paid to a worker who worked or was on paid leave in the month (not to one who was away all month).
  const paysHolidays = worked || paidLeaveDays > 0;
  const holidaySlots: number[] = [];
  if (paysHolidays) {
    for (const slot of calendar.paidDayOffSlots) {
      if (hoursAt[slot] === 0 && (scheduledAt[slot] as number) > 0 && employed(dates[slot] as string)) {
        holidaySlots.push(slot);
      }
    }
  }
  const holidayHundredths = holidaySlots.reduce((sum, slot) => sum + (scheduledAt[slot] as number), 0);

  let basePay: number;
  let paidHolidayAmount: number;
  let paidLeaveAmount: number;
  let extraHundredths: number;
  let salaryDays: TWorkerPayroll['salaryDays'];
  if (input.wages === 'Muaj') {
    // The salary is the month worked as scheduled: its scheduled days inside employment, less the
    // absent ones (no hours, not a paid day off, not paid leave), each at salary ÷ scheduled days.
    const paidLeaveDates = new Set(leave?.paid.map((day) => day.date));
    const holidaySet = new Set(holidaySlots);
    let scheduled = 0;
    let inEmployment = 0;
    let absent = 0;
    let leaveDays = 0;
    for (let slot = 0; slot < slots; slot += 1) {
      if (!inMonth[slot] || (scheduledAt[slot] as number) === 0) continue;
      scheduled += 1;
      if (!employed(dates[slot] as string)) continue;
      inEmployment += 1;
      if (holidaySet.has(slot) || (hoursAt[slot] as number) > 0) continue;
      if (paidLeaveDates.has(dates[slot] as string)) leaveDays += 1;
      else absent += 1;
    }
    const divisor = BigInt(Math.max(1, scheduled));
    const paidDays = paysHolidays ? inEmployment - absent : 0;
    const total = roundToUnit(BigInt(paidDays) * BigInt(salary), divisor, unit);
    paidHolidayAmount = roundToUnit(BigInt(holidaySlots.length) * BigInt(salary), divisor, unit);
    paidLeaveAmount = paysHolidays ? roundToUnit(BigInt(leaveDays) * BigInt(salary), divisor, unit) : 0;
    basePay = total - paidHolidayAmount - paidLeaveAmount;
    extraHundredths = overtime + regularOffSchedule;
    salaryDays = { scheduled, employed: inEmployment, absent };
    if (leave) leave.paidDaysCounted = leaveDays;
  } else {
    const pay = computeMonthPay({ wages: input.wages, salary: input.salary, month: input.month, hours: monthHours });
    basePay = roundToUnit(BigInt(toMinor(pay.pay)), 1n, unit);
    paidHolidayAmount =
      input.wages === 'Orë'
        ? roundToUnit(BigInt(holidayHundredths) * BigInt(salary), 100n, unit)
        : roundToUnit(BigInt(holidaySlots.length * salary), 1n, unit);
    const leaveHundredths = leave?.paid.reduce((sum, day) => sum + toHundredths(day.hours), 0) ?? 0;
    paidLeaveAmount =
      input.wages === 'Orë'
        ? roundToUnit(BigInt(leaveHundredths) * BigInt(salary), 100n, unit)
        : roundToUnit(BigInt(paidLeaveDays * salary), 1n, unit);
    extraHundredths = input.wages === 'Ditë' ? aboveDaily : 0;
  }
  const extraAmount = roundToUnit(BigInt(extraHundredths) * rate.numerator, 100n * rate.denominator, unit);

  // The minimum wage (docs/labour-rules.md#minimum-wage): a monthly worker's salary against the
  // minimum for its weekly schedule; an hourly or daily worker's pay for its paid hours against the
  // minimum for those hours (the monthly minimum ÷ (52 × 40 h ÷ 12) an hour).
  const minimumWage = ruleSet.minimumWage.value;
  const weeklyNormal = toHundredths(workingTime.weeklyNormalHours.value);
  if (input.wages === 'Muaj') {
    const minimum = roundToUnit(BigInt(minimumWage) * BigInt(weeklyLimit), BigInt(weeklyNormal), unit);
    if (paysHolidays && salary < minimum) {
      warnings.push({ code: 'belowMinimumWage', salary, minimumWage: minimum });
    }
  } else {
    const leaveHundredths = leave?.paid.reduce((sum, day) => sum + toHundredths(day.hours), 0) ?? 0;
    const paidHundredths = workedHundredths + holidayHundredths + leaveHundredths;
    const paid = basePay + paidHolidayAmount + paidLeaveAmount + extraAmount;
    const minimum = roundToUnit(BigInt(minimumWage) * BigInt(paidHundredths) * 12n, BigInt(weeklyNormal) * 52n, unit);
    if (paidHundredths > 0 && paid < minimum) {
      warnings.push({ code: 'belowMinimumWage', salary: paid, minimumWage: minimum, hours: paidHundredths / 100 });
    }
  }

  const gross =
    basePay +
    paidHolidayAmount +
    paidLeaveAmount +
    extraAmount +
    premiumLines.reduce((sum, line) => sum + line.amount, 0);
  const { warnings: deductionWarnings, ...deductions } = computeDeductions(gross, ruleSet);
  return {
    month: input.month,
    ruleSetId: ruleSet.id,
    currency: ruleSet.currency,
    basePay,
    paidHolidays: { days: holidaySlots.length, amount: paidHolidayAmount },
    ...(leave
      ? {
          paidLeave: { days: leave.paidDaysCounted ?? paidLeaveDays, amount: paidLeaveAmount },
          unpaidLeaveDays: leave.unpaidDays,
        }
      : {}),
    ...(extraHundredths > 0
      ? { extraHoursPay: { hours: extraHundredths / 100, hourlyRate: displayRate, amount: extraAmount } }
      : {}),
    ...(salaryDays ? { salaryDays } : {}),
    premiums: premiumLines,
    overtimeHours: overtime / 100,
    weeklyLimitHours,
    ...deductions,
    warnings: [...warnings, ...deductionWarnings],
  };
}

/**
 * The month's leave (docs/product.md#leave) inside employment: the paid days not worked (paid like a
 * worked scheduled day: its scheduled hours at the hourly rate, a day's rate, or a monthly salary's
 * share of a scheduled day) and the count of unpaid ones (not paid; a monthly worker's are absent
 * days). A leave day with hours worked pays the hours, not the leave; a paid day off inside a leave
 * is paid as the holiday, never twice. Undefined when the month has no leave.
 */
function leaveOf(
  input: TWorkerMonthInput,
  calendar: TPayrollCalendar,
  hoursAt: readonly number[],
  employed: (date: string) => boolean,
): { paid: TPayrollLeaveDay[]; unpaidDays: number; paidDaysCounted?: number } | undefined {
  if (!input.leaveDays || input.leaveDays.length === 0) return undefined;
  const paid: TPayrollLeaveDay[] = [];
  let unpaidDays = 0;
  const seen = new Set<string>();
  const daysOff = new Set(calendar.paidDayOffSlots);
  for (const day of input.leaveDays) {
    const slot = calendar.slotOf.get(day.date);
    if (slot === undefined || !calendar.inMonth[slot] || seen.has(day.date) || daysOff.has(slot)) continue;
    if ((hoursAt[slot] as number) > 0 || !employed(day.date)) continue;
    seen.add(day.date);
    if (day.paid) paid.push(day);
    else unpaidDays += 1;
  }
  return { paid, unpaidDays };
}

export type TPayrollTotals = Pick<
  TWorkerPayroll,
  'gross' | 'employeeContributions' | 'incomeTax' | 'net' | 'employerContributions' | 'employerCost'
> & {
  workers: number;
  basePay: number;
  premiums: number;
  paidHolidays: number;
  paidLeave?: number;
  /** Absent when no worker has hours outside the base pay. */
  extraHoursPay?: number;
};

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
    if (row.extraHoursPay) totals.extraHoursPay = (totals.extraHoursPay ?? 0) + row.extraHoursPay.amount;
    totals.gross += row.gross;
    totals.employeeContributions += row.employeeContributions;
    totals.incomeTax += row.incomeTax;
    totals.net += row.net;
    totals.employerContributions += row.employerContributions;
    totals.employerCost += row.employerCost;
  }
  return totals;
}
