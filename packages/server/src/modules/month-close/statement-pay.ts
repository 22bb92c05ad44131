import { ruleSetFor, type TStatementPay } from '@puna/domain';
import type { ServiceDeps } from '../../plugins/deps';
import { labourSettingsOf } from '../employer-settings/service';
import { closedStatementOf, computeStatement } from './service';

/**
 * With the labour rules on, each employee's figures from the month's payroll statement — the stored
 * one once the month is closed — so the pay page, the worker's home, the pay export, the statement
 * and the payslip show one net and one gross (docs/product.md#one-pay-figure). Undefined while the
 * rules are off or no rule set covers the month: then the pay card's own rule stands.
 */
export async function statementPayOf(
  deps: ServiceDeps,
  employerId: number,
  month: string,
): Promise<Map<number, TStatementPay> | undefined> {
  const settings = await labourSettingsOf(deps.db, employerId);
  if (!settings?.applyLabourRules || !ruleSetFor(settings.jurisdiction, month)) return undefined;
  const statement =
    (await closedStatementOf(deps, employerId, month)) ?? (await computeStatement(deps, employerId, month));
  return new Map(
    statement.workers.map((worker) => [
      worker.employee_id,
      {
        currency: statement.currency,
        gross: worker.gross,
        employee_contributions: worker.employee_contributions,
        income_tax: worker.income_tax,
        net: worker.net,
        employer_cost: worker.employer_cost,
        closed: statement.closed,
      },
    ]),
  );
}
