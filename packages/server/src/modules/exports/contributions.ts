import {
  computeDeductions,
  LABOUR_RULE_SETS,
  type TLabourRuleSet,
  type TPayrollStatement,
  type TPayrollWorker,
  toMajor,
  toMinor,
} from '@puna/domain';

/** One contribution of a worker's month in the major unit, with its rates in percent. */
export type ContributionLine = {
  key: string;
  name: string;
  base: number;
  employee: number;
  employer: number;
  employeeRate: number;
  employerRate: number;
};

export type WorkerDeductions = { taxableIncome: number; contributions: ContributionLine[] };

/** The contribution lines a statement row may carry on the wire (issue 30 adds them); read loosely. */
type WireLine = {
  key?: unknown;
  name?: unknown;
  base?: unknown;
  employee?: unknown;
  employer?: unknown;
  employee_rate?: unknown;
  employer_rate?: unknown;
};

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

/** The rule set a statement was computed under, by the id it names. */
export function ruleSetOfStatement(statement: Pick<TPayrollStatement, 'rule_set'>): TLabourRuleSet | undefined {
  return LABOUR_RULE_SETS.find((ruleSet) => ruleSet.id === statement.rule_set.id);
}

/**
 * Each contribution of a worker's month (social and health apart in Albania) and the taxable
 * income: from the statement row when it carries them, else recomputed from the row's gross under
 * the statement's own rule set (the same `computeDeductions` that made the row, so the amounts
 * agree with its totals; a closed month's snapshot from before issue 30 carries none).
 */
export function deductionsOf(statement: TPayrollStatement, worker: TPayrollWorker): WorkerDeductions {
  const ruleSet = ruleSetOfStatement(statement);
  const computed = ruleSet ? computeDeductions(toMinor(worker.gross), ruleSet) : undefined;
  const rates = new Map(
    (ruleSet?.contributions ?? []).map((line) => [
      line.key,
      { employee: line.employeeBps.value / 100, employer: line.employerBps.value / 100 },
    ]),
  );
  const row = worker as TPayrollWorker & { contributions?: WireLine[]; taxable_income?: unknown };
  const wire = Array.isArray(row.contributions) ? row.contributions : undefined;
  const contributions: ContributionLine[] = wire
    ? wire.map((line) => {
        const key = String(line.key ?? '');
        const rate = rates.get(key);
        return {
          key,
          name: typeof line.name === 'string' ? line.name : key,
          base: numberOr(line.base, 0),
          employee: numberOr(line.employee, 0),
          employer: numberOr(line.employer, 0),
          employeeRate: numberOr(line.employee_rate, rate?.employee ?? 0),
          employerRate: numberOr(line.employer_rate, rate?.employer ?? 0),
        };
      })
    : (computed?.contributions ?? []).map((line) => ({
        key: line.key,
        name: line.name,
        base: toMajor(line.base),
        employee: toMajor(line.employee),
        employer: toMajor(line.employer),
        employeeRate: rates.get(line.key)?.employee ?? 0,
        employerRate: rates.get(line.key)?.employer ?? 0,
      }));
  const taxableIncome = numberOr(
    row.taxable_income,
    computed ? toMajor(computed.taxableIncome) : worker.gross - worker.employee_contributions,
  );
  return { taxableIncome, contributions };
}

/**
 * Hours the base pay does not hold, paid at the hourly rate (a monthly worker's overtime and hours on
 * unscheduled days; issue 30 adds `extra_hours_pay` to the statement row): read loosely, absent before.
 */
export function extraHoursPayOf(worker: TPayrollWorker): { hours: number; hourlyRate: number; amount: number } | null {
  const extra = (worker as { extra_hours_pay?: { hours?: unknown; hourly_rate?: unknown; amount?: unknown } })
    .extra_hours_pay;
  if (!extra || typeof extra.amount !== 'number') return null;
  return { hours: numberOr(extra.hours, 0), hourlyRate: numberOr(extra.hourly_rate, 0), amount: extra.amount };
}
