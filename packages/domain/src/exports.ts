import { z } from 'zod';
import { ZIsoMonth } from './calendar';
import { resultEnvelope } from './envelope';
import { idField } from './ids';
import { messages } from './messages';

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type TExportFormat = (typeof EXPORT_FORMATS)[number];

/** GET /krye/export/hours, /krye/export/pay and /krye/export/payroll: a month (current when absent) and a file format. */
export const ZExportQuery = z.strictObject({
  month: ZIsoMonth.optional(),
  format: z.enum(EXPORT_FORMATS, { error: messages.exportFormatInvalid }).optional().default('csv'),
});
export type TExportQuery = z.infer<typeof ZExportQuery>;

/** `{employeeId}` of GET /krye/payslip/{employeeId}. */
export const ZPayslipParams = z.object({ employeeId: idField() });

/** GET /krye/worker/me/payslips takes no parameters (an unknown one is 400). */
export const ZWorkerPayslipsQuery = z.strictObject({});

/** A month whose payslip the worker can download: closed by its employer, with the worker in its statement. */
export const ZWorkerPayslip = z.object({
  month: ZIsoMonth,
  /** When the employer closed the month (ISO 8601). */
  closed_at: z.string(),
});
export type TWorkerPayslip = z.infer<typeof ZWorkerPayslip>;

/** GET /krye/worker/me/payslips: `{ Status: true, Result: [{ month, closed_at }] }`, newest month first. */
export const ZWorkerPayslipsResponse = resultEnvelope(z.array(ZWorkerPayslip));
