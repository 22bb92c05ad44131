import { type Cell, toCsv } from './csv';

export type SheetColumn = { header: string; width: number; numFmt?: string };

/** A table to export, written the same way as CSV or XLSX. */
export type Sheet = { title: string; columns: SheetColumn[]; rows: Cell[][] };

export type ExportFile = { body: Buffer; contentType: string; extension: 'csv' | 'xlsx' };

export function sheetToCsv(sheet: Sheet): ExportFile {
  const text = toCsv(
    sheet.columns.map((column) => column.header),
    sheet.rows,
  );
  return { body: Buffer.from(text, 'utf8'), contentType: 'text/csv; charset=utf-8', extension: 'csv' };
}

/** Worksheet names: at most 31 characters, none of : \ / ? * [ ]. */
function worksheetName(title: string): string {
  return title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);
}

/**
 * XLSX through ExcelJS. Text goes in as plain strings (ExcelJS never turns a string into a formula),
 * so no formula injection is possible here. ExcelJS is loaded on the first export, not at start: its
 * modules took about 270 ms of a later start's 2 s of CPU (bench/README.md#startup).
 */
export async function sheetToXlsx(sheet: Sheet): Promise<ExportFile> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Puna';
  workbook.created = new Date();
  const worksheet = workbook.addWorksheet(worksheetName(sheet.title), { views: [{ state: 'frozen', ySplit: 1 }] });
  worksheet.columns = sheet.columns.map((column, index) => ({
    header: column.header,
    key: String(index),
    width: column.width,
    ...(column.numFmt ? { style: { numFmt: column.numFmt } } : {}),
  }));
  worksheet.getRow(1).font = { bold: true };
  for (const row of sheet.rows) worksheet.addRow(row.map((cell) => cell ?? ''));
  const buffer = await workbook.xlsx.writeBuffer();
  return {
    body: Buffer.from(buffer as ArrayBuffer),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
  };
}
