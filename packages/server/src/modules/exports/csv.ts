/** A cell of an exported table: text, a number, or empty. */
export type Cell = string | number | null;

/** Characters that make a spreadsheet read a cell as a formula (CSV injection, OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180). Text is always quoted, with quotes doubled; text a spreadsheet would
 * run as a formula gets a leading apostrophe. Numbers are written plainly, so -5 stays a number.
 */
export function csvField(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

/** A whole CSV file: UTF-8 with a byte-order mark (so spreadsheets read ë and ç), CRLF line ends. */
export function toCsv(header: string[], rows: Cell[][]): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
