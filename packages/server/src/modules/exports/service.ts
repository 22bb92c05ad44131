import { monthLabel, monthRange, type TExportFormat } from '@puna/domain';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { listEntries } from '../hours/service';
import { paySummary } from '../pay/service';
import { type ExportFile, type Sheet, sheetToCsv, sheetToXlsx } from './sheet';

const MONEY = '#,##0.00';
const HOURS = '0.00';

/** A month's hours entries, by name then date. */
export async function hoursSheet(deps: ServiceDeps, actor: Actor, month: string): Promise<Sheet> {
  const entries = await listEntries(deps, actor, monthRange(month));
  return {
    title: `Orët ${monthLabel(month)}`,
    columns: [
      { header: 'Emri', width: 28 },
      { header: 'Data', width: 12 },
      { header: 'Dita', width: 12 },
      { header: 'Orë', width: 8, numFmt: HOURS },
    ],
    rows: entries.map((entry) => [entry.name, entry.data, entry.dita, entry.ora]),
  };
}

/** A month's pay summary, the same figures as GET /krye/pay. */
export async function paySheet(deps: ServiceDeps, actor: Actor, month: string): Promise<Sheet> {
  const rows = await paySummary(deps, actor, month);
  return {
    title: `Rroga ${monthLabel(month)}`,
    columns: [
      { header: 'Emri', width: 28 },
      { header: 'Roli', width: 14 },
      { header: 'Lloji i pagës', width: 13 },
      { header: 'Paga', width: 10, numFmt: MONEY },
      { header: 'Orë gjithsej', width: 12, numFmt: HOURS },
      { header: 'Ditë të numëruara', width: 17 },
      { header: 'Ditë pune', width: 10 },
      { header: 'Rroga neto (€)', width: 15, numFmt: MONEY },
      { header: 'Rroga bruto (€)', width: 15, numFmt: MONEY },
    ],
    rows: rows.map((row) => [
      row.name,
      row.role,
      row.wages,
      row.salary,
      row.totalHours,
      row.countedDays,
      row.workingDays,
      row.pay,
      row.gross,
    ]),
  };
}

export async function renderSheet(sheet: Sheet, format: TExportFormat): Promise<ExportFile> {
  return format === 'xlsx' ? sheetToXlsx(sheet) : sheetToCsv(sheet);
}
