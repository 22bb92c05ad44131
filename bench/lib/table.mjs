/** @typedef {import('./types.mjs').Row} Row */

/** @type {(keyof Row)[]} */
const COLUMNS = ['suite', 'metric', 'db', 'value', 'unit', 'baseline', 'ratio', 'target', 'met'];

/**
 * @param {Row} row
 * @param {keyof Row} column
 * @returns {string}
 */
function cell(row, column) {
  const value = row[column];
  if (value === null || value === undefined) return '—';
  if (column === 'met') return value ? 'yes' : 'NO';
  if (column === 'target' && typeof value === 'number') return `≥ ${value}`;
  return String(value);
}

/**
 * The rows as a Markdown table, columns padded so it also reads well in a terminal.
 * @param {Row[]} rows
 * @returns {string}
 */
export function formatTable(rows) {
  const cells = rows.map((row) => COLUMNS.map((column) => cell(row, column)));
  const widths = COLUMNS.map((column, i) => Math.max(column.length, ...cells.map((line) => line[i]?.length ?? 0)));
  /** @param {string[]} values */
  const line = (values) => `| ${values.map((value, i) => value.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(COLUMNS), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n');
}
