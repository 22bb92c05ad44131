import { monthLabel, monthRange, PREMIUM_KINDS, type TExportFormat } from '@puna/domain';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { listEmployees } from '../employees/service';
import { listEntries } from '../hours/service';
import { payrollStatement } from '../labour/service';
import { paySummary } from '../pay/service';
import { currencyUnit, PAYROLL_WORDS, PREMIUM_LABELS } from './payroll-labels';
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

/**
 * The month's payroll list for the accountant (docs/product.md#month-close): one row per worker of
 * the payroll statement (the closed month's snapshot when it is closed) with the figures keyed into
 * the monthly declaration, and the worker's personal ID number as it is now.
 */
export async function payrollSheet(deps: ServiceDeps, actor: Actor, month: string): Promise<Sheet> {
  const [statement, employees] = await Promise.all([payrollStatement(deps, actor, month), listEmployees(deps, actor)]);
  const personalIds = new Map(employees.map((employee) => [employee.id, employee.personal_id]));
  const words = PAYROLL_WORDS[statement.jurisdiction];
  const unit = currencyUnit(statement.currency);
  const amount = (header: string) => ({
    header: `${header} (${unit})`,
    width: Math.max(12, header.length),
    numFmt: MONEY,
  });
  return {
    title: `Lista e pagave ${monthLabel(month)}`,
    columns: [
      { header: 'Emri', width: 28 },
      { header: 'Numri personal', width: 16 },
      { header: 'Orë', width: 8, numFmt: HOURS },
      amount('Paga bazë'),
      amount('Festat e paguara'),
      { header: 'Ditë pushimi të paguara', width: 12 },
      amount('Pushimi i paguar'),
      { header: 'Ditë pushimi pa pagesë', width: 12 },
      ...PREMIUM_KINDS.map((kind) => amount(PREMIUM_LABELS[kind])),
      amount('Paga bruto'),
      amount(words.employeeContributions),
      amount(words.incomeTax),
      amount('Paga neto'),
      amount(words.employerContributions),
      amount('Kostoja e punëdhënësit'),
    ],
    rows: statement.workers.map((worker) => {
      const premium = (kind: (typeof PREMIUM_KINDS)[number]) =>
        Math.round(
          worker.premiums.filter((line) => line.kind === kind).reduce((sum, line) => sum + line.amount * 100, 0),
        ) / 100;
      return [
        worker.name,
        personalIds.get(worker.employee_id) ?? '',
        worker.hours,
        worker.base_pay,
        worker.paid_holidays.amount,
        // Approved leave (docs/product.md#leave): the paid days are in the gross; the unpaid are counted.
        worker.paid_leave?.days ?? 0,
        worker.paid_leave?.amount ?? 0,
        worker.unpaid_leave_days ?? 0,
        ...PREMIUM_KINDS.map(premium),
        worker.gross,
        worker.employee_contributions,
        worker.income_tax,
        worker.net,
        worker.employer_contributions,
        worker.employer_cost,
      ];
    }),
  };
}

export async function renderSheet(sheet: Sheet, format: TExportFormat): Promise<ExportFile> {
  return format === 'xlsx' ? sheetToXlsx(sheet) : sheetToCsv(sheet);
}
