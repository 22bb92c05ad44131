import type { TExportFormat } from '@puna/domain';

/**
 * The month's documents as plain links (same-origin GETs that carry the session cookie, like the
 * exports' buttons), so the browser downloads the file and no script holds it.
 */

/** `GET /krye/export/payroll`: the payroll list for the accountant, CSV or XLSX. */
export function payrollListUrl(month: string, format: TExportFormat): string {
  return `/krye/export/payroll?${new URLSearchParams({ month, format }).toString()}`;
}

/** `GET /krye/payslip/{employeeId}`: one worker's payslip PDF. */
export function payslipUrl(employeeId: number, month: string): string {
  return `/krye/payslip/${employeeId}?${new URLSearchParams({ month }).toString()}`;
}
