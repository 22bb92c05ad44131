import { z } from 'zod';
import { ZIsoMonth } from './calendar';
import { resultEnvelope } from './envelope';
import { EXCEPTION_KINDS, type TMonthException } from './labour/exceptions';
import { PREMIUM_KINDS, type TPayrollTotals, type TPayrollWarning, type TWorkerPayroll } from './labour/payroll';
import { type TJurisdiction, type TLabourRuleSet, ZJurisdiction } from './labour/rule-set-schema';
import { LABOUR_SOURCES } from './labour/sources';
import { messages } from './messages';

/** The currency each jurisdiction pays in (docs/labour-rules.md). */
export const CURRENCY_OF: Record<TJurisdiction, TLabourRuleSet['currency']> = { XK: 'EUR', AL: 'ALL' };

/** The longest company address printed on payslips. */
export const ADDRESS_MAX = 200;

/**
 * The employer's fiscal number as each tax administration writes it: Kosovo's NUI (numri unik
 * identifikues, 9 digits) and Albania's NIPT (a letter, 8 digits and a check letter, e.g. L12345678A).
 */
export const FISCAL_NUMBER_SHAPE: Record<TJurisdiction, RegExp> = { XK: /^\d{9}$/, AL: /^[A-Z]\d{8}[A-Z]$/ };
const FISCAL_NUMBER_SHAPES = Object.values(FISCAL_NUMBER_SHAPE);

/** Whether a fiscal number has the shape of the jurisdiction's (NUI or NIPT). */
export function fiscalNumberFits(jurisdiction: TJurisdiction, fiscalNumber: string): boolean {
  return FISCAL_NUMBER_SHAPE[jurisdiction].test(fiscalNumber);
}

/** What the fiscal number is called in the jurisdiction: NUI in Kosovo, NIPT in Albania. */
export const FISCAL_NUMBER_NAME: Record<TJurisdiction, 'NUI' | 'NIPT'> = { XK: 'NUI', AL: 'NIPT' };

/** GET/PUT /krye/labour-settings: whose law applies and whether the payroll statement is on. */
export const ZLabourSettings = z.object({
  jurisdiction: ZJurisdiction,
  apply_labour_rules: z.boolean(),
  currency: z.enum(['EUR', 'ALL']),
  /** The employer's fiscal number on payslips and declarations (NUI in Kosovo, NIPT in Albania); absent when not set. */
  fiscal_number: z.string().optional(),
  /** The employer's address on payslips; absent when not set. */
  address: z.string().optional(),
});
export type TLabourSettings = z.infer<typeof ZLabourSettings>;
export const ZLabourSettingsResponse = resultEnvelope(ZLabourSettings);

/** PUT /krye/labour-settings: either field or both; an absent one stays as it is. */
export const ZLabourSettingsRequest = z.strictObject({
  jurisdiction: z.enum(['XK', 'AL'], { error: messages.jurisdictionInvalid }).optional(),
  apply_labour_rules: z.boolean({ error: messages.applyLabourRulesInvalid }).optional(),
  /** The NUI (Kosovo) or NIPT (Albania), spaces dropped and in capitals; null or empty clears it. */
  fiscal_number: z
    .string({ error: messages.fiscalNumberInvalid })
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .refine((value) => value === '' || FISCAL_NUMBER_SHAPES.some((shape) => shape.test(value)), {
      error: messages.fiscalNumberInvalid,
    })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
  /** The company's address as it is printed; null or empty clears it. */
  address: z
    .string({ error: messages.addressTooLong })
    .trim()
    .max(ADDRESS_MAX, { error: messages.addressTooLong })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
});
export type TLabourSettingsRequest = z.infer<typeof ZLabourSettingsRequest>;

/** An amount in minor units (cents, qindarka) as the wire's major unit with two decimals. */
export function toMajor(minor: number): number {
  return Math.round(minor) / 100;
}

const ZMoney = z.number();

export const ZPayrollPremium = z.object({
  kind: z.enum(PREMIUM_KINDS),
  hours: z.number(),
  /** The allowance in percent of the hourly rate (30 is +30 %). */
  rate: z.number(),
  /** The hourly rate the allowance is on. */
  hourly_rate: ZMoney,
  amount: ZMoney,
});

/** A cap passed or a base adjusted (docs/labour-rules.md#payroll); money fields in the major unit. */
export const ZPayrollWarning = z
  .object({
    code: z.string(),
    weekStart: z.string().optional(),
    hours: z.number().optional(),
    cap: z.number().optional(),
    contribution: z.string().optional(),
    gross: ZMoney.optional(),
    base: ZMoney.optional(),
    salary: ZMoney.optional(),
    minimumWage: ZMoney.optional(),
    /** nightHoursUnknown: the days with hours whose times are unknown. */
    days: z.array(z.string()).optional(),
  })
  .strict();
export type TPayrollWarningWire = z.infer<typeof ZPayrollWarning>;

/** The money of a payroll row, from the gross to what the worker costs the employer: a worker's and the totals'. */
const payrollMoney = {
  gross: ZMoney,
  employee_contributions: ZMoney,
  income_tax: ZMoney,
  net: ZMoney,
  employer_contributions: ZMoney,
  employer_cost: ZMoney,
};

export const ZPayrollWorker = z.object({
  employee_id: z.number().int(),
  name: z.string(),
  wages: z.string(),
  salary: z.number(),
  /** Hours counted in the month (entered, or from scans). */
  hours: z.number(),
  base_pay: ZMoney,
  paid_holidays: z.object({ days: z.number().int(), amount: ZMoney }),
  premiums: z.array(ZPayrollPremium),
  ...payrollMoney,
  warnings: z.array(ZPayrollWarning),
  /** Paid leave days not worked and their pay (docs/product.md#leave); absent when the month has no leave. */
  paid_leave: z.object({ days: z.number().int(), amount: ZMoney }).optional(),
  /** Unpaid leave days (not paid); absent when the month has no leave. */
  unpaid_leave_days: z.number().int().optional(),
  /**
   * Hours the base pay does not hold, at the hourly rate (a monthly worker's overtime and hours on
   * unscheduled days, a daily worker's hours above the daily normal hours); absent when none.
   */
  extra_hours_pay: z.object({ hours: z.number(), hourly_rate: ZMoney, amount: ZMoney }).optional(),
  /** Monthly workers: the month's scheduled days (the salary's divisor), those inside employment, the absent ones. */
  salary_days: z
    .object({ scheduled: z.number().int(), employed: z.number().int(), absent: z.number().int() })
    .optional(),
  /**
   * Each contribution line: the base it was levied on and each side's rate (percent) and amount.
   * Absent in statements stored before issue 30.
   */
  contributions: z
    .array(
      z.object({
        key: z.string(),
        name: z.string(),
        base: ZMoney,
        employee_rate: z.number(),
        employer_rate: z.number(),
        employee: ZMoney,
        employer: ZMoney,
      }),
    )
    .optional(),
});
export type TPayrollWorker = z.infer<typeof ZPayrollWorker>;

export const ZPayrollTotals = z.object({
  workers: z.number().int(),
  base_pay: ZMoney,
  paid_holidays: ZMoney,
  premiums: ZMoney,
  ...payrollMoney,
  /** Absent when no worker has leave this month. */
  paid_leave: ZMoney.optional(),
  /** Absent when no worker has hours outside the base pay. */
  extra_hours_pay: ZMoney.optional(),
});

export const ZRuleSetSummary = z.object({
  id: z.string(),
  effective_from: z.string(),
  /** How many of the rule set's figures were checked against an official text, and how many are defaults. */
  figures: z.object({ verified: z.number().int(), default: z.number().int() }),
  // The optional url last: the compiled serializer writes required properties first (serializers.test.ts).
  sources: z.array(z.object({ id: z.string(), title: z.string(), official: z.boolean(), url: z.string().optional() })),
});

/** One thing to fix or acknowledge before the month is closed (docs/labour-rules.md#exceptions). */
export const ZMonthException = z.object({
  kind: z.enum(EXCEPTION_KINDS),
  employee_id: z.number().int(),
  name: z.string(),
  /** The day (a week's Monday for a weekly cap), or null for the whole month. */
  date: z.string().nullable(),
  detail: z
    .object({
      hours: z.number().optional(),
      code: z.enum(['overtimeWeekCap', 'weekHoursCap', 'overtimeYearCap']).optional(),
      cap: z.number().optional(),
      holiday: z.string().optional(),
      source: z.enum(['entries', 'scans']).optional(),
      days: z.number().int().optional(),
      /** late: minutes after the shift's start. */
      minutes: z.number().int().optional(),
    })
    .strict(),
});
export type TMonthExceptionWire = z.infer<typeof ZMonthException>;

export function monthExceptionToWire(exception: TMonthException): TMonthExceptionWire {
  return {
    kind: exception.kind,
    employee_id: exception.employeeId,
    name: exception.name,
    date: exception.date,
    detail: { ...exception.detail },
  };
}

/** Device scans dated in a closed month that arrived after it was closed, per worker and day. */
export const ZLateScans = z.object({
  count: z.number().int(),
  days: z.array(
    z.object({ employee_id: z.number().int(), name: z.string(), date: z.string(), count: z.number().int() }),
  ),
});
export type TLateScans = z.infer<typeof ZLateScans>;

export const ZPayrollStatement = z.object({
  month: z.string(),
  jurisdiction: ZJurisdiction,
  currency: z.enum(['EUR', 'ALL']),
  /** Where the hours came from: entered hours, or the RFID scans (night hours only from scans). */
  hours_source: z.enum(['entries', 'scans']),
  rule_set: ZRuleSetSummary,
  /** Closed: the figures are the snapshot stored at closing (later changes do not alter them). */
  closed: z.boolean(),
  closed_at: z.string().nullable(),
  workers: z.array(ZPayrollWorker),
  totals: ZPayrollTotals,
  /**
   * Open month: what to fix or acknowledge before closing. Closed month: the exceptions as they
   * stood at closing (acknowledged when `exceptions_acknowledged`).
   */
  exceptions: z.array(ZMonthException),
  exceptions_acknowledged: z.boolean(),
  /** Closed month: scans dated in it that devices delivered after closing (empty while open). */
  late_scans: ZLateScans,
});
export type TPayrollStatement = z.infer<typeof ZPayrollStatement>;
export const ZPayrollResponse = resultEnvelope(ZPayrollStatement);

type TFigure = { value: unknown; status: 'verified' | 'default'; source: string };

function isFigure(value: unknown): value is TFigure {
  return typeof value === 'object' && value !== null && 'status' in value && 'source' in value && 'value' in value;
}

/** Every figure of a rule set (its `{ value, status, source }` leaves), depth first. */
function figuresOf(node: unknown, out: TFigure[] = []): TFigure[] {
  if (isFigure(node)) out.push(node);
  else if (Array.isArray(node)) for (const item of node) figuresOf(item, out);
  else if (typeof node === 'object' && node !== null) for (const value of Object.values(node)) figuresOf(value, out);
  return out;
}

/** The rule set as the statement names it: its version, how much of it is verified, and its sources. */
export function ruleSetSummary(ruleSet: TLabourRuleSet): z.infer<typeof ZRuleSetSummary> {
  const figures = figuresOf(ruleSet);
  const sourceIds = [...new Set(figures.map((figure) => figure.source))].sort();
  return {
    id: ruleSet.id,
    effective_from: ruleSet.effectiveFrom,
    figures: {
      verified: figures.filter((figure) => figure.status === 'verified').length,
      default: figures.filter((figure) => figure.status === 'default').length,
    },
    sources: sourceIds.map((id) => {
      const source = LABOUR_SOURCES[id as keyof typeof LABOUR_SOURCES];
      return {
        id,
        title: source.title,
        ...('url' in source && source.url ? { url: source.url } : {}),
        official: source.official,
      };
    }),
  };
}

function warningToWire(warning: TPayrollWarning): TPayrollWarningWire {
  switch (warning.code) {
    case 'belowMinimumWage':
      return { ...warning, salary: toMajor(warning.salary), minimumWage: toMajor(warning.minimumWage) };
    case 'contributionBaseRaised':
    case 'contributionCeilingApplied':
      return { ...warning, gross: toMajor(warning.gross), base: toMajor(warning.base) };
    default:
      return { ...warning };
  }
}

/** One worker's statement row on the wire (amounts in the major unit). */
export function payrollWorkerToWire(
  employee: { id: number; name: string; wages: string; salary: number },
  hours: number,
  row: TWorkerPayroll,
): TPayrollWorker {
  return {
    employee_id: employee.id,
    name: employee.name,
    wages: employee.wages,
    salary: employee.salary,
    hours: Math.round(hours * 100) / 100,
    base_pay: toMajor(row.basePay),
    paid_holidays: { days: row.paidHolidays.days, amount: toMajor(row.paidHolidays.amount) },
    ...(row.paidLeave ? { paid_leave: { days: row.paidLeave.days, amount: toMajor(row.paidLeave.amount) } } : {}),
    ...(row.unpaidLeaveDays !== undefined ? { unpaid_leave_days: row.unpaidLeaveDays } : {}),
    ...(row.extraHoursPay
      ? {
          extra_hours_pay: {
            hours: row.extraHoursPay.hours,
            hourly_rate: toMajor(row.extraHoursPay.hourlyRate),
            amount: toMajor(row.extraHoursPay.amount),
          },
        }
      : {}),
    ...(row.salaryDays ? { salary_days: { ...row.salaryDays } } : {}),
    contributions: row.contributions.map((line) => ({
      key: line.key,
      name: line.name,
      base: toMajor(line.base),
      employee_rate: line.employeeBps / 100,
      employer_rate: line.employerBps / 100,
      employee: toMajor(line.employee),
      employer: toMajor(line.employer),
    })),
    premiums: row.premiums.map((line) => ({
      kind: line.kind,
      hours: line.hours,
      rate: line.rateBps / 100,
      hourly_rate: toMajor(line.hourlyRate),
      amount: toMajor(line.amount),
    })),
    gross: toMajor(row.gross),
    employee_contributions: toMajor(row.employeeContributions),
    income_tax: toMajor(row.incomeTax),
    net: toMajor(row.net),
    employer_contributions: toMajor(row.employerContributions),
    employer_cost: toMajor(row.employerCost),
    warnings: row.warnings.map(warningToWire),
  };
}

export function payrollTotalsToWire(totals: TPayrollTotals): z.infer<typeof ZPayrollTotals> {
  return {
    workers: totals.workers,
    base_pay: toMajor(totals.basePay),
    paid_holidays: toMajor(totals.paidHolidays),
    ...(totals.paidLeave !== undefined ? { paid_leave: toMajor(totals.paidLeave) } : {}),
    ...(totals.extraHoursPay !== undefined ? { extra_hours_pay: toMajor(totals.extraHoursPay) } : {}),
    premiums: toMajor(totals.premiums),
    gross: toMajor(totals.gross),
    employee_contributions: toMajor(totals.employeeContributions),
    income_tax: toMajor(totals.incomeTax),
    net: toMajor(totals.net),
    employer_contributions: toMajor(totals.employerContributions),
    employer_cost: toMajor(totals.employerCost),
  };
}

/** `{month}` of POST /krye/months/{YYYY-MM}/close and …/reopen. */
export const ZMonthParams = z.strictObject({ month: ZIsoMonth });

/** Longest reason for reopening a month. */
export const REOPEN_REASON_MAX = 500;

/** POST /krye/months/{YYYY-MM}/reopen: why (kept in the audit log). */
export const ZReopenMonthRequest = z.strictObject({
  reason: z
    .string({ error: messages.reasonRequired })
    .trim()
    .min(1, { error: messages.reasonRequired })
    .max(REOPEN_REASON_MAX, { error: messages.reasonTooLong }),
});
export type TReopenMonthRequest = z.infer<typeof ZReopenMonthRequest>;

/**
 * POST /krye/months/{YYYY-MM}/close: no body, or `{ acknowledge_exceptions: true }` to close a
 * month that still has exceptions.
 */
export const ZCloseMonthRequest = z
  .strictObject({
    acknowledge_exceptions: z.boolean({ error: messages.acknowledgeExceptionsInvalid }).optional(),
  })
  .nullish();
export type TCloseMonthRequest = z.infer<typeof ZCloseMonthRequest>;

/** The answer of close and reopen: the month's state. */
export const ZMonthStateResponse = resultEnvelope(
  z.object({ month: z.string(), closed: z.boolean(), closed_at: z.string().nullable() }),
);
