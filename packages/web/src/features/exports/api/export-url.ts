import type { TExportFormat, TNumberLocale } from '@puna/domain';

export type TExportKind = 'hours' | 'pay';

/**
 * `GET /krye/export/hours` and `/krye/export/pay`: a month as a CSV or XLSX file. A plain link
 * downloads it (same-origin GET with the session cookie), so no script holds the file. A CSV is
 * written for the screen's language (`sq`: `;` and `1.234,56`; `en`: `,` and `1,234.56`).
 */
export function exportUrl(
  kind: TExportKind,
  month: string,
  format: TExportFormat,
  locale: TNumberLocale = 'sq',
): string {
  const query = new URLSearchParams({ month, format });
  if (format === 'csv') query.set('locale', locale);
  return `/krye/export/${kind}?${query.toString()}`;
}
