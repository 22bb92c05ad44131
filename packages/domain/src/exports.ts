import { z } from 'zod';
import { ZIsoMonth } from './calendar';
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
