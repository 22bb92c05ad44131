import { z } from 'zod';
import { ZIsoMonth } from './calendar';
import { messages } from './messages';

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type TExportFormat = (typeof EXPORT_FORMATS)[number];

/** GET /krye/export/hours and /krye/export/pay: a month (current when absent) and a file format. */
export const ZExportQuery = z.strictObject({
  month: ZIsoMonth.optional(),
  format: z.enum(EXPORT_FORMATS, { error: messages.exportFormatInvalid }).optional().default('csv'),
});
export type TExportQuery = z.infer<typeof ZExportQuery>;
