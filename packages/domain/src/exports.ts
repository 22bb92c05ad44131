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
  /** CSV only: `sq` (default) writes `;` and `1.234,56`, `en` writes `,` and `1,234.56`. */
  locale: z.enum(['sq', 'en'], { error: messages.exportLocaleInvalid }).optional().default('sq'),
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

/**
 * The locales the accountant's files are written in (docs/product.md#month-close): `sq`, the
 * default, writes `1.234,56` and separates CSV fields with `;` (what a Kosovo or Albania locale
 * spreadsheet opens in columns); `en` writes `1,234.56` and separates with `,`.
 */
export const NUMBER_LOCALES = ['sq', 'en'] as const;
export type TNumberLocale = (typeof NUMBER_LOCALES)[number];

const SEPARATORS: Record<TNumberLocale, { decimal: string; group: string; csv: string }> = {
  sq: { decimal: ',', group: '.', csv: ';' },
  en: { decimal: '.', group: ',', csv: ',' },
};

/** The CSV field separator of a locale: `;` for sq (its decimal mark is the comma), `,` for en. */
export function csvSeparatorOf(locale: TNumberLocale): string {
  return SEPARATORS[locale].csv;
}

/** The number locale of a UI language: `en…` is en, everything else sq. */
export function numberLocaleOf(language: string | undefined): TNumberLocale {
  return language?.toLowerCase().startsWith('en') ? 'en' : 'sq';
}

/**
 * The one number formatter of the payroll documents, used by the web, the payslip PDF and the CSV
 * (XLSX cells stay numbers, with the number format `#,##0.00`): `1234.5` → `1.234,50` in sq,
 * `1,234.50` in en. Rounded half away from zero on the decimal digits, grouped by thousands.
 */
export function formatNumber(value: number, locale: TNumberLocale = 'sq', decimals = 2): string {
  const { decimal, group } = SEPARATORS[locale];
  // Scaled to whole hundredths (for two decimals) through 15 significant digits, so 2.005 is 201, not 200.49….
  const scale = 10 ** decimals;
  const scaled = Math.round(Number((Math.abs(value) * scale).toPrecision(15)));
  const whole = String(Math.floor(scaled / scale));
  const fraction = decimals > 0 ? String(scaled % scale).padStart(decimals, '0') : '';
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const sign = value < 0 && scaled > 0 ? '-' : '';
  return `${sign}${grouped}${fraction ? `${decimal}${fraction}` : ''}`;
}

/** Hours with at most two decimals and no trailing zeros: 7.5 → `7,5`, 14 → `14` (sq). */
export function formatHours(value: number, locale: TNumberLocale = 'sq'): string {
  const { decimal } = SEPARATORS[locale];
  const text = formatNumber(value, locale, 2);
  const [whole, fraction = ''] = text.split(decimal);
  const kept = fraction.replace(/0+$/, '');
  return kept ? `${whole}${decimal}${kept}` : (whole ?? text);
}

/** Reads back what `formatNumber` or `formatHours` wrote (for checks of the files); NaN when it is not a number. */
export function parseFormattedNumber(text: string, locale: TNumberLocale = 'sq'): number {
  const { decimal, group } = SEPARATORS[locale];
  const plain = text.trim().split(group).join('').replace(decimal, '.');
  return /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : Number.NaN;
}

/** GET /krye/payslips: every payslip of a month in one PDF (current month when absent). */
export const ZMonthPayslipsQuery = z.strictObject({ month: ZIsoMonth.optional() });

/** GET /krye/declaration: the month's declaration list for the jurisdiction's monthly filing, as XLSX. */
export const ZDeclarationQuery = z.strictObject({ month: ZIsoMonth.optional() });
