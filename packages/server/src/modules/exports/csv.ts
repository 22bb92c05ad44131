import { csvSeparatorOf, formatHours, formatNumber, type TNumberLocale } from '@puna/domain';

/** A cell of an exported table: text, a number, or empty. */
export type Cell = string | number | null;

/** How a number column is written: money with two decimals, hours with up to two, counts whole. */
export type NumberKind = 'money' | 'hours' | 'count';

/** Characters that make a spreadsheet read a cell as a formula (CSV injection, OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180). Text is always quoted, with quotes doubled; text a spreadsheet would
 * run as a formula gets a leading apostrophe. Numbers are written in the locale's format (the
 * domain's `formatNumber`, as on the web and the payslip), quoted only when they hold the separator.
 */
export function csvField(value: Cell, locale: TNumberLocale = 'sq', kind: NumberKind = 'hours'): string {
  if (value === null) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    const text =
      kind === 'money'
        ? formatNumber(value, locale, 2)
        : kind === 'count'
          ? formatNumber(value, locale, 0)
          : formatHours(value, locale);
    return text.includes(csvSeparatorOf(locale)) ? `"${text}"` : text;
  }
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * A whole CSV file: UTF-8 with a byte-order mark (so spreadsheets read ë and ç), CRLF line ends,
 * fields separated by the locale's separator (`;` in sq, whose decimal mark is the comma).
 * `kinds` says how each column's numbers are written (hours when absent).
 */
export function toCsv(
  lines: Cell[][],
  options: { locale?: TNumberLocale; kinds?: (NumberKind | undefined)[] } = {},
): string {
  const locale = options.locale ?? 'sq';
  const separator = csvSeparatorOf(locale);
  const text = lines.map((row) =>
    row.map((cell, index) => csvField(cell, locale, options.kinds?.[index] ?? 'hours')).join(separator),
  );
  return `\uFEFF${text.join('\r\n')}\r\n`;
}
