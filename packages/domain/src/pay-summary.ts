import { z } from 'zod';
import { resultEnvelope } from './envelope';
import { ZWageBasis } from './pay';

/** One employee's month in GET /krye/pay, the figures of `computeMonthPay`. */
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
});
export type TPayRow = z.infer<typeof ZPayRow>;

export const ZPaySummaryResponse = resultEnvelope(z.array(ZPayRow));
