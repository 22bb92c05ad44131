import { FISCAL_NUMBER_NAME, type TPayrollStatement } from '@puna/domain';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/errors';
import { tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { listEmployees } from '../employees/service';
import { employerIdentityOf } from '../employer-settings/service';
import { payrollStatement } from '../month-close/service';
import { deductionsOf } from './contributions';
import type { Cell } from './csv';
import { currencyUnit } from './payroll-labels';
import type { Sheet, SheetColumn } from './sheet';

/**
 * A name as the forms split it: the last word is the surname, the rest the first name(s). Puna
 * keeps one name field, so this is an assumption (docs/labour-rules.md#declaration-lists).
 */
export function splitName(name: string): { first: string; last: string } {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return { first: words[0] ?? '', last: '' };
  return { first: words.slice(0, -1).join(' '), last: words[words.length - 1] ?? '' };
}

type DeclarationInput = {
  statement: TPayrollStatement;
  personalIds: Map<number, string | null>;
  companyName: string;
  fiscalNumber: string | null;
};

const money = (header: string, unit: string): SheetColumn => ({
  header: `${header} (${unit})`,
  width: Math.max(14, header.length + 6),
  kind: 'money',
  total: true,
});

/** MM/YYYY, as both forms write the tax period. */
function periodOf(month: string): string {
  return `${month.slice(5, 7)}/${month.slice(0, 4)}`;
}

/**
 * Kosovo: the list of the monthly declaration and payment of wage tax and pension contributions
 * that ATK's EDI takes (docs/labour-rules.md#declaration-lists for what was checked): one row per
 * worker with the gross, the 5 % + 5 % mandatory pension contributions (Trusti), the taxable wage,
 * the wage tax, and column (k) "PO/JO", whether the wage tax is computed on this wage.
 */
export function kosovoDeclaration(input: DeclarationInput): Sheet {
  const { statement } = input;
  const unit = currencyUnit(statement.currency);
  const name = FISCAL_NUMBER_NAME.XK;
  return {
    title: `Deklarata ${periodOf(statement.month).replace('/', '-')}`,
    preamble: [
      ['Deklarata mujore e tatimit në paga dhe kontributeve pensionale (ATK)'],
      ['Punëdhënësi', input.companyName],
      [name, input.fiscalNumber ?? ''],
      ['Periudha tatimore', periodOf(statement.month)],
      [],
    ],
    totalsLabel: 'Gjithsej',
    columns: [
      { header: 'Nr.', width: 6 },
      { header: 'Numri personal', width: 16 },
      { header: 'Emri', width: 18 },
      { header: 'Mbiemri', width: 18 },
      money('Paga bruto', unit),
      money('Kontributi pensional i punëtorit', unit),
      money('Kontributi pensional i punëdhënësit', unit),
      money('Kontributet pensionale gjithsej', unit),
      money('Paga e tatueshme', unit),
      money('Tatimi në paga', unit),
      money('Paga neto', unit),
      { header: 'Llogaritet tatimi në paga (PO/JO)', width: 14 },
    ],
    rows: statement.workers.map((worker, index): Cell[] => {
      const { first, last } = splitName(worker.name);
      const { taxableIncome } = deductionsOf(statement, worker);
      return [
        index + 1,
        input.personalIds.get(worker.employee_id) ?? '',
        first,
        last,
        worker.gross,
        worker.employee_contributions,
        worker.employer_contributions,
        Math.round((worker.employee_contributions + worker.employer_contributions) * 100) / 100,
        taxableIncome,
        worker.income_tax,
        worker.net,
        // Puna computes the wage tax on every wage: the exemptions of the tax law are not modelled.
        'PO',
      ];
    }),
  };
}

/**
 * Albania: the rows of E-SIG 025/a, "Listëpagesa e sigurimeve shoqërore, shëndetësore dhe tatimi
 * mbi të ardhurat nga punësimi" (docs/labour-rules.md#declaration-lists): NIPT and period above,
 * one row per worker with the personal number, name, gross, the social and health contribution
 * bases, each contribution's employee and employer part, and the income tax.
 */
export function albaniaDeclaration(input: DeclarationInput): Sheet {
  const { statement } = input;
  const unit = currencyUnit(statement.currency);
  return {
    title: `E-SIG 025a ${periodOf(statement.month).replace('/', '-')}`,
    preamble: [
      ['Listëpagesa e sigurimeve shoqërore, shëndetësore dhe tatimi mbi të ardhurat nga punësimi (E-SIG 025/a)'],
      ['Punëdhënësi', input.companyName],
      [FISCAL_NUMBER_NAME.AL, input.fiscalNumber ?? ''],
      ['Periudha', periodOf(statement.month)],
      [],
    ],
    totalsLabel: 'Gjithsej',
    columns: [
      { header: 'Nr.', width: 6 },
      { header: 'Numri personal', width: 16 },
      { header: 'Emri', width: 18 },
      { header: 'Mbiemri', width: 18 },
      money('Paga bruto', unit),
      money('Paga për sigurimet shoqërore', unit),
      money('Paga për sigurimet shëndetësore', unit),
      money('Sigurime shoqërore – punëdhënësi', unit),
      money('Sigurime shoqërore – punëmarrësi', unit),
      money('Sigurime shëndetësore – punëdhënësi', unit),
      money('Sigurime shëndetësore – punëmarrësi', unit),
      money('Kontributet gjithsej', unit),
      money('Tatimi mbi të ardhurat personale', unit),
      money('Paga neto', unit),
    ],
    rows: statement.workers.map((worker, index): Cell[] => {
      const { first, last } = splitName(worker.name);
      const { contributions } = deductionsOf(statement, worker);
      const social = contributions.find((line) => line.key === 'social');
      const health = contributions.find((line) => line.key === 'health');
      return [
        index + 1,
        input.personalIds.get(worker.employee_id) ?? '',
        first,
        last,
        worker.gross,
        social?.base ?? 0,
        health?.base ?? 0,
        social?.employer ?? 0,
        social?.employee ?? 0,
        health?.employer ?? 0,
        health?.employee ?? 0,
        Math.round((worker.employee_contributions + worker.employer_contributions) * 100) / 100,
        worker.income_tax,
        worker.net,
      ];
    }),
  };
}

/**
 * GET /krye/declaration: the month's declaration list for the employer's jurisdiction, from the
 * payroll statement (the closed month's snapshot once closed; 409 while the rules are off).
 */
export async function declarationSheet(
  deps: ServiceDeps,
  actor: Actor,
  month: string,
): Promise<{ sheet: Sheet; fileName: string }> {
  const [statement, employees, identity] = await Promise.all([
    payrollStatement(deps, actor, month),
    listEmployees(deps, actor),
    employerIdentityOf(deps.db, tenantOf(actor)),
  ]);
  if (!identity) throw notFound('Company not found.');
  const input: DeclarationInput = {
    statement,
    personalIds: new Map(employees.map((employee) => [employee.id, employee.personal_id])),
    companyName: identity.companyName,
    fiscalNumber: identity.fiscalNumber,
  };
  return {
    sheet: statement.jurisdiction === 'AL' ? albaniaDeclaration(input) : kosovoDeclaration(input),
    fileName: declarationFileName(statement.jurisdiction, month),
  };
}

/** The declaration's file name: the form's name and the month. */
export function declarationFileName(jurisdiction: TPayrollStatement['jurisdiction'], month: string): string {
  return jurisdiction === 'AL' ? `puna-e-sig-025a-${month}` : `puna-deklarata-atk-${month}`;
}
