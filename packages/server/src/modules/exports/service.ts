import { monthLabel, monthRange, PREMIUM_KINDS, type TExportFormat, type TNumberLocale } from '@puna/domain';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../plugins/deps';
import { listEmployees } from '../employees/service';
import { listEntries } from '../hours/service';
import { payrollStatement } from '../month-close/service';
import { paySummary } from '../pay/service';
import { deductionsOf, extraHoursPayOf, ruleSetOfStatement } from './contributions';
import { currencyUnit, PAYROLL_WORDS, PREMIUM_LABELS } from './payroll-labels';
import { type ExportFile, type Sheet, sheetToCsv, sheetToXlsx } from './sheet';

/** A month's hours entries, by name then date. */
export async function hoursSheet(deps: ServiceDeps, actor: Actor, month: string): Promise<Sheet> {
  const entries = await listEntries(deps, actor, monthRange(month));
  return {
    title: `Orët ${monthLabel(month)}`,
    period: monthRange(month),
    columns: [
      { header: 'Emri', width: 28 },
      { header: 'Data', width: 12 },
      { header: 'Dita', width: 12 },
      { header: 'Orë', width: 8, kind: 'hours', total: true },
    ],
    rows: entries.map((entry) => [entry.name, entry.data, entry.dita, entry.ora]),
  };
}

/** A month's pay summary, the same figures as GET /krye/pay. */
export async function paySheet(deps: ServiceDeps, actor: Actor, month: string): Promise<Sheet> {
  const rows = await paySummary(deps, actor, month);
  return {
    title: `Rroga ${monthLabel(month)}`,
    period: monthRange(month),
    columns: [
      { header: 'Emri', width: 28 },
      { header: 'Roli', width: 14 },
      { header: 'Lloji i pagës', width: 13 },
      { header: 'Paga', width: 10, kind: 'money' },
      { header: 'Orë gjithsej', width: 12, kind: 'hours', total: true },
      { header: 'Ditë të numëruara', width: 17, kind: 'count', total: true },
      { header: 'Ditë pune', width: 10, kind: 'count' },
      { header: 'Rroga neto (€)', width: 15, kind: 'money', total: true },
      { header: 'Rroga bruto (€)', width: 15, kind: 'money', total: true },
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
 * the monthly declaration, and the worker's personal ID number as it is now; a totals row last
 * (the statement's totals). Where the rule set has more than one contribution (Albania's social and
 * health insurance), each has its own employee and employer columns beside their sums.
 */
export async function payrollSheet(deps: ServiceDeps, actor: Actor, month: string): Promise<Sheet> {
  const [statement, employees] = await Promise.all([payrollStatement(deps, actor, month), listEmployees(deps, actor)]);
  const personalIds = new Map(employees.map((employee) => [employee.id, employee.personal_id]));
  const words = PAYROLL_WORDS[statement.jurisdiction];
  const unit = currencyUnit(statement.currency);
  const amount = (header: string) => ({
    header: `${header} (${unit})`,
    width: Math.max(12, header.length),
    kind: 'money' as const,
    total: true,
  });
  const split = (ruleSetOfStatement(statement)?.contributions ?? []).filter((_, __, all) => all.length > 1);
  return {
    title: `Lista e pagave ${monthLabel(month)}`,
    period: monthRange(month),
    columns: [
      { header: 'Emri', width: 28 },
      { header: 'Numri personal', width: 16 },
      { header: 'Orë', width: 8, kind: 'hours', total: true },
      amount('Paga bazë'),
      amount('Festat e paguara'),
      { header: 'Ditë pushimi të paguara', width: 12, kind: 'count', total: true },
      amount('Pushimi i paguar'),
      { header: 'Ditë pushimi pa pagesë', width: 12, kind: 'count', total: true },
      amount('Orë përtej pagës bazë'),
      ...PREMIUM_KINDS.map((kind) => amount(PREMIUM_LABELS[kind])),
      amount('Paga bruto'),
      ...split.map((line) => amount(`${line.name} – punëmarrësi`)),
      amount(words.employeeContributions),
      amount('Baza e tatueshme'),
      amount(words.incomeTax),
      amount('Paga neto'),
      ...split.map((line) => amount(`${line.name} – punëdhënësi`)),
      amount(words.employerContributions),
      amount('Kostoja e punëdhënësit'),
    ],
    rows: statement.workers.map((worker) => {
      const premium = (kind: (typeof PREMIUM_KINDS)[number]) =>
        Math.round(
          worker.premiums.filter((line) => line.kind === kind).reduce((sum, line) => sum + line.amount * 100, 0),
        ) / 100;
      const deductions = deductionsOf(statement, worker);
      const line = (key: string) => deductions.contributions.find((each) => each.key === key);
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
        extraHoursPayOf(worker)?.amount ?? 0,
        ...PREMIUM_KINDS.map(premium),
        worker.gross,
        ...split.map((each) => line(each.key)?.employee ?? 0),
        worker.employee_contributions,
        deductions.taxableIncome,
        worker.income_tax,
        worker.net,
        ...split.map((each) => line(each.key)?.employer ?? 0),
        worker.employer_contributions,
        worker.employer_cost,
      ];
    }),
  };
}

export async function renderSheet(
  sheet: Sheet,
  format: TExportFormat,
  locale: TNumberLocale = 'sq',
): Promise<ExportFile> {
  return format === 'xlsx' ? sheetToXlsx(sheet) : sheetToCsv(sheet, locale);
}
