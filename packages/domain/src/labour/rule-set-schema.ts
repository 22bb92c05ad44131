import { z } from 'zod';
import { ZIsoDate } from '../calendar';
import { LABOUR_SOURCES } from './sources';

/** The two jurisdictions: Kosovo (ISO 3166 user-assigned code XK) and Albania. */
export const JURISDICTIONS = ['XK', 'AL'] as const;
export const ZJurisdiction = z.enum(JURISDICTIONS);
export type TJurisdiction = z.infer<typeof ZJurisdiction>;

/**
 * Whether a figure was checked against an official text (`verified`: the law, a gazette, or a
 * government or tax-authority publication quoting it) or is a default to confirm with an
 * accountant (`default`). docs/labour-rules.md says which text each verified figure was read in.
 */
export const FIGURE_STATUSES = ['verified', 'default'] as const;
export const ZFigureStatus = z.enum(FIGURE_STATUSES);

const sourceIds = Object.keys(LABOUR_SOURCES) as [keyof typeof LABOUR_SOURCES, ...(keyof typeof LABOUR_SOURCES)[]];
export const ZLabourSourceId = z.enum(sourceIds);

/** One figure of a rule set: its value, where it comes from and whether it was verified. */
export function figure<T extends z.ZodType>(value: T) {
  return z.strictObject({
    value,
    status: ZFigureStatus,
    source: ZLabourSourceId,
    note: z.string().min(1).optional(),
  });
}

/** Hours as a number (a week's or a day's limit). */
const ZLimitHours = z.number().positive().max(168);
/** A rate in basis points: 500 is 5 %, 2500 is 25 %. Integers keep the arithmetic exact. */
export const ZBasisPoints = z.number().int().min(0).max(100_00);
/** An amount in the currency's minor unit (cents for EUR, qindarka for ALL): 25000 is €250.00. */
export const ZMinorAmount = z.number().int().min(0);
const ZClock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/**
 * One row of an income-tax table: for a taxable amount up to `upTo` (inclusive; null for the last
 * row), tax = `fixed` + `rateBps` × (taxable − `over`). Both laws write their tables this way
 * (Kosovo: "€192 plus 10 % of the amount over €5,400"; Albania: "ALL 22,100 + 23 % of the amount
 * over ALL 200,000"), and Albania's rows are not a plain progressive ladder (50,001–60,000 is taxed
 * above 35,000, 60,001–200,000 above 30,000), so each row carries its own formula.
 */
export const ZTaxBracket = z.strictObject({
  upTo: ZMinorAmount.nullable(),
  fixed: ZMinorAmount,
  rateBps: ZBasisPoints,
  over: ZMinorAmount,
});
export type TTaxBracket = z.infer<typeof ZTaxBracket>;

/** A contribution levied on gross pay, with its employee and employer rates. */
export const ZContribution = z.strictObject({
  key: z.string().regex(/^[a-z][a-zA-Z]*$/),
  /** Albanian name, shown on the statement. */
  name: z.string().min(1),
  employeeBps: figure(ZBasisPoints),
  employerBps: figure(ZBasisPoints),
  /** The most of gross a month's contribution is levied on; null for none. */
  ceiling: figure(ZMinorAmount.nullable()),
  /** The least it is levied on when anything is paid (Albania: the minimum wage); null for none. */
  minimumBase: figure(ZMinorAmount.nullable()),
});
export type TContribution = z.infer<typeof ZContribution>;

export const TAX_BASES = ['gross', 'grossLessEmployeeContributions'] as const;

export const ZLabourRuleSet = z
  .strictObject({
    id: z.string().min(1),
    jurisdiction: ZJurisdiction,
    /** First day this version applies; a month uses the newest version in force on its last day. */
    effectiveFrom: ZIsoDate,
    currency: z.enum(['EUR', 'ALL']),
    timeZone: z.string().min(1),
    /** Every computed amount is rounded half up to a multiple of this many minor units. */
    roundingUnit: figure(z.number().int().positive()),
    workingTime: z.strictObject({
      dailyNormalHours: figure(ZLimitHours),
      weeklyNormalHours: figure(ZLimitHours),
      /** Total hours a week above which the week is flagged (Albania 48); null for none. */
      weeklyMaxHours: figure(ZLimitHours.nullable()),
      /** Overtime hours a week above which the week is flagged (Kosovo 8); null for none. */
      overtimeWeeklyCap: figure(ZLimitHours.nullable()),
      /** Overtime hours a calendar year above which the month is flagged (Albania 200); null for none. */
      overtimeYearlyCap: figure(z.number().positive().nullable()),
      /** Weekly rest days, 0 = Monday … 6 = Sunday. */
      restDays: figure(z.array(z.number().int().min(0).max(6)).min(1)),
    }),
    night: z.strictObject({
      window: figure(z.strictObject({ start: ZClock, end: ZClock })),
      premiumBps: figure(ZBasisPoints),
    }),
    premiums: z.strictObject({
      overtimeBps: figure(ZBasisPoints),
      /** Overtime on a rest day or a holiday at this rate instead of overtime + day premium; null: they add. */
      overtimeOnRestDayOrHolidayBps: figure(ZBasisPoints.nullable()),
      holidayBps: figure(ZBasisPoints),
      restDayBps: figure(ZBasisPoints),
    }),
    contributions: z.array(ZContribution).min(1),
    incomeTax: z.strictObject({
      base: figure(z.enum(TAX_BASES)),
      brackets: figure(z.array(ZTaxBracket).min(1)),
    }),
    /** Gross monthly minimum wage for a full-time worker. */
    minimumWage: figure(ZMinorAmount),
  })
  .superRefine((ruleSet, ctx) => {
    const brackets = ruleSet.incomeTax.brackets.value;
    brackets.forEach((bracket, index) => {
      const isLast = index === brackets.length - 1;
      if ((bracket.upTo === null) !== isLast) {
        ctx.addIssue({ code: 'custom', message: 'Only the last tax bracket is open-ended.', path: ['incomeTax'] });
      }
      const previous = brackets[index - 1];
      if (previous?.upTo != null && bracket.upTo !== null && bracket.upTo <= previous.upTo) {
        ctx.addIssue({ code: 'custom', message: 'Tax brackets must rise.', path: ['incomeTax'] });
      }
      if (bracket.over > (bracket.upTo ?? Number.POSITIVE_INFINITY)) {
        ctx.addIssue({ code: 'custom', message: 'A bracket taxes above a point inside it.', path: ['incomeTax'] });
      }
    });
    const keys = ruleSet.contributions.map((contribution) => contribution.key);
    if (new Set(keys).size !== keys.length) {
      ctx.addIssue({ code: 'custom', message: 'Contribution keys must be unique.', path: ['contributions'] });
    }
  });
export type TLabourRuleSet = z.infer<typeof ZLabourRuleSet>;
