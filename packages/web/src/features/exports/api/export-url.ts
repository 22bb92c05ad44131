import type { TExportFormat } from '@puna/domain';

export type TExportKind = 'hours' | 'pay';

/**
 * `GET /krye/export/hours` and `/krye/export/pay`: a month as a CSV or XLSX file. A plain link
 * downloads it (same-origin GET with the session cookie), so no script holds the file.
 */
export function exportUrl(kind: TExportKind, month: string, format: TExportFormat): string {
  const query = new URLSearchParams({ month, format });
  return `/krye/export/${kind}?${query.toString()}`;
}
