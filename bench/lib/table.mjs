const COLUMNS = ['suite', 'metric', 'db', 'value', 'unit', 'baseline', 'ratio', 'target', 'met'];

function cell(row, column) {
  const value = row[column];
  if (value === null || value === undefined) return '—';
  if (column === 'met') return value ? 'yes' : 'NO';
  if (column === 'target' && typeof value === 'number') return `≥ ${value}`;
  return String(value);
}

/** The rows as a Markdown table, columns padded so it also reads well in a terminal. */
export function formatTable(rows) {
  const cells = rows.map((row) => COLUMNS.map((column) => cell(row, column)));
  const widths = COLUMNS.map((column, i) => Math.max(column.length, ...cells.map((line) => line[i].length)));
  const line = (values) => `| ${values.map((value, i) => value.padEnd(widths[i])).join(' | ')} |`;
  return [line(COLUMNS), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n');
}
