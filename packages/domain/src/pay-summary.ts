import { z } from 'zod';
import { resultEnvelope } from './envelope';
import { ZListType } from './list-type';
import { ZWageBasis } from './pay';

/**
 * With the labour rules on, the month's payroll-statement figures for one employee (the same as the
 * statement, the payslip and the exports: docs/product.md#one-pay-figure). The row's `pay` and
 * `gross` are then the statement's net and gross.
 */
export const ZStatementPay = z.object({
  currency: z.enum(['EUR', 'ALL']),
  gross: z.number(),
  employee_contributions: z.number(),
  income_tax: z.number(),
  net: z.number(),
  employer_cost: z.number(),
  /** True when the month is closed: the figures are the stored statement's. */
  closed: z.boolean(),
});
export type TStatementPay = z.infer<typeof ZStatementPay>;

/**
 * One employee's month in GET /krye/pay: the figures of `computeMonthPay`, or with the labour rules
 * on the payroll statement's net and gross, with `statement` beside them.
 */
export const ZPayRow = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.string(),
  wages: ZWageBasis,
  /** The rate: per hour, per day or per month as `wages` says. */
  salary: z.number(),
  totalHours: z.number(),
  countedDays: z.number(),
  workingDays: z.number().int(),
  pay: z.number(),
  gross: z.number(),
  statement: ZStatementPay.optional(),
});
export type TPayRow = z.infer<typeof ZPayRow>;

export const ZPaySummaryResponse = resultEnvelope(z.array(ZPayRow));

/** A month's pay added up over every employee, under one list type. */
export const ZPayTotal = z.object({ pay: z.number(), totalHours: z.number() });
export type TPayTotal = z.infer<typeof ZPayTotal>;

/**
 * GET /krye/pay/by-list-type: the month's pay total under each list type (entered hours for
 * 'klista', scans for 'rfid') and the list type the pay page uses now, so switching the type can
 * say what it does to the month's pay before it is saved (docs/product.md#list-type).
 */
export const ZListTypePayPreview = z.object({
  month: z.string(),
  current: ZListType,
  totals: z.object({ klista: ZPayTotal, rfid: ZPayTotal }),
});
export type TListTypePayPreview = z.infer<typeof ZListTypePayPreview>;
export const ZListTypePayPreviewResponse = resultEnvelope(ZListTypePayPreview);
