import { percentOf, roundToUnit } from './money';
import type { TLabourRuleSet, TTaxBracket } from './rule-set-schema';

export type TContributionLine = {
  key: string;
  name: string;
  /** The part of gross the contribution was levied on (after the minimum base and the ceiling). */
  base: number;
  /** The employee's and the employer's rates, in basis points (950 is 9.5 %). */
  employeeBps: number;
  employerBps: number;
  employee: number;
  employer: number;
};

export type TDeductionWarning =
  | { code: 'contributionBaseRaised'; contribution: string; gross: number; base: number }
  | { code: 'contributionCeilingApplied'; contribution: string; gross: number; base: number };

export type TDeductions = {
  gross: number;
  contributions: TContributionLine[];
  employeeContributions: number;
  /** What the income tax was computed on. */
  taxableIncome: number;
  incomeTax: number;
  net: number;
  employerContributions: number;
  employerCost: number;
  warnings: TDeductionWarning[];
};

/** The table row a taxable amount falls in: the first whose `upTo` holds it. */
export function taxBracketOf(taxable: number, brackets: readonly TTaxBracket[]): TTaxBracket {
  const bracket = brackets.find((row) => row.upTo === null || taxable <= row.upTo) ?? brackets[brackets.length - 1];
  if (!bracket) throw new RangeError('A tax table needs at least one row.');
  return bracket;
}

/** Income tax on a taxable amount: fixed + rate × (taxable − over), rounded once to the unit. */
export function incomeTaxOf(taxable: number, brackets: readonly TTaxBracket[], unit: number): number {
  const bracket = taxBracketOf(taxable, brackets);
  const above = Math.max(0, taxable - bracket.over);
  return roundToUnit(BigInt(bracket.fixed) * 10_000n + BigInt(above) * BigInt(bracket.rateBps), 10_000n, unit);
}

/**
 * From a month's gross (minor units) to contributions, income tax, net and the employer's cost
 * under a rule set (docs/labour-rules.md#payroll-arithmetic). Each contribution is levied on gross
 * raised to its minimum base (when anything is paid) and cut at its ceiling, each rounded once;
 * the tax is on gross or on gross less the employee's contributions, as the rule set says; net and
 * cost are sums of rounded lines, so the statement always adds up. A raised base or a ceiling is
 * reported, never hidden.
 */
export function computeDeductions(gross: number, ruleSet: TLabourRuleSet): TDeductions {
  const unit = ruleSet.roundingUnit.value;
  const warnings: TDeductionWarning[] = [];
  const contributions = ruleSet.contributions.map((contribution): TContributionLine => {
    let base = gross;
    const minimumBase = contribution.minimumBase.value;
    const ceiling = contribution.ceiling.value;
    if (minimumBase !== null && gross > 0 && base < minimumBase) {
      base = minimumBase;
      warnings.push({ code: 'contributionBaseRaised', contribution: contribution.key, gross, base });
    }
    if (ceiling !== null && base > ceiling) {
      base = ceiling;
      warnings.push({ code: 'contributionCeilingApplied', contribution: contribution.key, gross, base });
    }
    return {
      key: contribution.key,
      name: contribution.name,
      base,
      employeeBps: contribution.employeeBps.value,
      employerBps: contribution.employerBps.value,
      employee: percentOf(base, contribution.employeeBps.value, unit),
      employer: percentOf(base, contribution.employerBps.value, unit),
    };
  });
  const employeeContributions = contributions.reduce((sum, line) => sum + line.employee, 0);
  const employerContributions = contributions.reduce((sum, line) => sum + line.employer, 0);
  const taxableIncome = Math.max(0, ruleSet.incomeTax.base.value === 'gross' ? gross : gross - employeeContributions);
  const incomeTax = incomeTaxOf(taxableIncome, ruleSet.incomeTax.brackets.value, unit);
  return {
    gross,
    contributions,
    employeeContributions,
    taxableIncome,
    incomeTax,
    net: gross - employeeContributions - incomeTax,
    employerContributions,
    employerCost: gross + employerContributions,
    warnings,
  };
}
