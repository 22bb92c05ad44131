import type { TExportFormat, TNumberLocale } from '@puna/domain';

/**
 * The month's documents as plain links (same-origin GETs that carry the session cookie, like the
 * exports' buttons), so the browser downloads the file and no script holds it.
 */

/**
 * `GET /krye/export/payroll`: the payroll list for the accountant, CSV or XLSX. A CSV is written
 * for the screen's language: `sq` opens in columns in a Kosovo or Albania locale spreadsheet
 * (`;` and `1.234,56`), `en` in an English one (`,` and `1,234.56`).
 */
export function payrollListUrl(month: string, format: TExportFormat, locale: TNumberLocale = 'sq'): string {
  const query = new URLSearchParams({ month, format });
  if (format === 'csv') query.set('locale', locale);
  return `/krye/export/payroll?${query.toString()}`;
}

/** `GET /krye/payslip/{employeeId}`: one worker's payslip PDF. */
export function payslipUrl(employeeId: number, month: string): string {
  return `/krye/payslip/${employeeId}?${new URLSearchParams({ month }).toString()}`;
}

/** `GET /krye/payslips`: every payslip of the month in one PDF. */
export function monthPayslipsUrl(month: string): string {
  return `/krye/payslips?${new URLSearchParams({ month }).toString()}`;
}

/** `GET /krye/declaration`: the month's declaration list (ATK's in Kosovo, E-SIG 025/a in Albania), XLSX. */
export function declarationUrl(month: string): string {
  return `/krye/declaration?${new URLSearchParams({ month }).toString()}`;
}
