import {
  formatHours,
  formatNumber,
  type TJurisdiction,
  type TPayrollStatement,
  type TPayrollWarningWire,
  type TPremiumKind,
} from '@puna/domain';

/**
 * The Albanian words of the payroll documents (the payroll export's headers and the payslip), in
 * one place so both say the same. Contributions and the tax carry each jurisdiction's own names:
 * Kosovo's pension contribution (Trusti) and wage tax, Albania's social and health insurance and
 * personal income tax (docs/labour-rules.md#payroll-documents).
 */
export const PREMIUM_LABELS: Record<TPremiumKind, string> = {
  overtimeDaily: 'Orë shtesë mbi normën ditore',
  overtimeWeekly: 'Orë shtesë mbi normën javore',
  overtimeRestDayOrHoliday: 'Orë shtesë në ditë pushimi ose feste',
  holiday: 'Punë në festë zyrtare',
  restDay: 'Punë në ditën e pushimit javor',
  night: 'Punë natën',
};

export type PayrollWords = {
  employeeContributions: string;
  incomeTax: string;
  employerContributions: string;
  country: string;
};

export const PAYROLL_WORDS: Record<TJurisdiction, PayrollWords> = {
  XK: {
    employeeContributions: 'Kontributi pensional i punëtorit',
    incomeTax: 'Tatimi në pagë',
    employerContributions: 'Kontributi pensional i punëdhënësit',
    country: 'Kosovë',
  },
  AL: {
    employeeContributions: 'Sigurimet shoqërore dhe shëndetësore të punëmarrësit',
    incomeTax: 'Tatimi mbi të ardhurat personale',
    employerContributions: 'Sigurimet shoqërore dhe shëndetësore të punëdhënësit',
    country: 'Shqipëri',
  },
};

/** How an amount's unit is written: € for euros, lekë for lek. */
export function currencyUnit(currency: TPayrollStatement['currency']): string {
  return currency === 'EUR' ? '€' : 'lekë';
}

/** 1234.5 → "1.234,50": the domain's one number format (`formatNumber`), as the web and the CSV write it. */
export function albanianNumber(value: number, decimals = 2): string {
  return formatNumber(value, 'sq', decimals);
}

/** An amount with its unit: "1.397,00 €", "8.000,00 lekë". */
export function albanianMoney(value: number, currency: TPayrollStatement['currency']): string {
  return `${albanianNumber(value)} ${currencyUnit(currency)}`;
}

/** Hours as Albanians write them: 7.5 → "7,5", 14 → "14". */
export function albanianHours(hours: number): string {
  return formatHours(hours, 'sq');
}

/** 2026-03-02 → 02.03.2026. */
export function albanianDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return `${day}.${month}.${year}`;
}

/** A statement warning (a cap passed, a contribution base adjusted) as an Albanian sentence. */
export function warningSentence(warning: TPayrollWarningWire, currency: TPayrollStatement['currency']): string {
  const money = (value: number | undefined) => albanianMoney(value ?? 0, currency);
  const hours = albanianHours(warning.hours ?? 0);
  const cap = albanianHours(warning.cap ?? 0);
  const week = warning.weekStart ? albanianDate(warning.weekStart) : '';
  switch (warning.code) {
    case 'overtimeWeekCap':
      return `Java që nis më ${week}: ${hours} orë shtesë, mbi kufirin prej ${cap} orësh në javë.`;
    case 'weekHoursCap':
      return `Java që nis më ${week}: ${hours} orë pune, mbi kufirin prej ${cap} orësh në javë.`;
    case 'overtimeYearCap':
      return `${hours} orë shtesë këtë vit, mbi kufirin prej ${cap} orësh në vit.`;
    case 'belowMinimumWage':
      return `Paga (${money(warning.salary)}) për orët e muajit është nën pagën minimale për to (${money(warning.minimumWage)}).`;
    case 'nightHoursUnknown':
      return `Orët e ${warning.days?.length ?? 0} ditëve janë pa orë fillimi e mbarimi: nuk dihet sa prej tyre ishin natën.`;
    case 'contributionBaseRaised':
      return `Kontributet janë llogaritur mbi bazën minimale ${money(warning.base)}, jo mbi pagën bruto ${money(warning.gross)}.`;
    case 'contributionCeilingApplied':
      return `Kontributet janë llogaritur deri në tavanin ${money(warning.base)} (paga bruto ${money(warning.gross)}).`;
    default:
      return warning.code;
  }
}
