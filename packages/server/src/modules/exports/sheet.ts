import type { TNumberLocale } from '@puna/domain';
import { type Cell, type NumberKind, toCsv } from './csv';

export type SheetColumn = {
  header: string;
  width: number;
  /** A number column: how the CSV writes it and which XLSX number format its cells get. */
  kind?: NumberKind;
  /** Summed into the totals row. */
  total?: boolean;
};

/**
 * A table to export, written the same way as CSV or XLSX. `period` is the CSV's first line;
 * `preamble` lines (a declaration's heading: fiscal number, period) go above the header in both;
 * the totals row, when any column is summed, comes last.
 */
export type Sheet = {
  title: string;
  columns: SheetColumn[];
  rows: Cell[][];
  period?: { from: string; to: string };
  preamble?: Cell[][];
  /** The first cell of the totals row. */
  totalsLabel?: string;
};

export type ExportFile = { body: Buffer; contentType: string; extension: 'csv' | 'xlsx' | 'pdf' };

/** XLSX number formats: the cell stays a number, shown `1.234,56` or `1,234.56` by the reader's locale. */
const NUMBER_FORMATS: Record<NumberKind, string> = { money: '#,##0.00', hours: '#,##0.00', count: '0' };

/** 2026-03-01 → 01.03.2026. */
function dottedDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}.${month}.${year}`;
}

/**
 * The totals row: each summed column added in hundredths (so 0.1 + 0.2 is 0.3), the rest empty;
 * null when no column is summed.
 */
export function totalsRow(sheet: Sheet): Cell[] | null {
  if (!sheet.columns.some((column) => column.total)) return null;
  return sheet.columns.map((column, index) => {
    if (index === 0) return sheet.totalsLabel ?? 'Gjithsej';
    if (!column.total) return null;
    const hundredths = sheet.rows.reduce((sum, row) => {
      const cell = row[index];
      return sum + (typeof cell === 'number' ? Math.round(cell * 100) : 0);
    }, 0);
    return hundredths / 100;
  });
}

export function sheetToCsv(sheet: Sheet, locale: TNumberLocale = 'sq'): ExportFile {
  const totals = totalsRow(sheet);
  const lines: Cell[][] = [
    ...(sheet.period ? [['Periudha', `${dottedDate(sheet.period.from)}–${dottedDate(sheet.period.to)}`]] : []),
    ...(sheet.preamble ?? []),
    sheet.columns.map((column) => column.header),
    ...sheet.rows,
    ...(totals ? [totals] : []),
  ];
  const text = toCsv(lines, { locale, kinds: sheet.columns.map((column) => column.kind) });
  return { body: Buffer.from(text, 'utf8'), contentType: 'text/csv; charset=utf-8', extension: 'csv' };
}

/** Worksheet names: at most 31 characters, none of : \ / ? * [ ]. */
function worksheetName(title: string): string {
  return title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);
}

/**
 * XLSX through ExcelJS. Text goes in as plain strings (ExcelJS never turns a string into a formula),
 * so no formula injection is possible here; numbers stay numbers with a number format. ExcelJS is
 * loaded on the first export, not at start: its modules took about 270 ms of a later start's 2 s of
 * CPU (bench/README.md#startup).
 */
export async function sheetToXlsx(sheet: Sheet): Promise<ExportFile> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Puna';
  workbook.created = new Date();
  const preamble = sheet.preamble ?? [];
  const worksheet = workbook.addWorksheet(worksheetName(sheet.title), {
    views: [{ state: 'frozen', ySplit: preamble.length + 1 }],
  });
  worksheet.columns = sheet.columns.map((column, index) => ({
    key: String(index),
    width: column.width,
    ...(column.kind ? { style: { numFmt: NUMBER_FORMATS[column.kind] } } : {}),
  }));
  for (const line of preamble) worksheet.addRow(line.map((cell) => cell ?? '')).font = { bold: true };
  worksheet.addRow(sheet.columns.map((column) => column.header)).font = { bold: true };
  for (const row of sheet.rows) worksheet.addRow(row.map((cell) => cell ?? ''));
  const totals = totalsRow(sheet);
  if (totals) worksheet.addRow(totals.map((cell) => cell ?? '')).font = { bold: true };
  const buffer = await workbook.xlsx.writeBuffer();
  return {
    body: Buffer.from(buffer as ArrayBuffer),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
  };
}
