import type { TStatementPay } from '@puna/domain';
import { formatMoney } from '../lib/format';
import { useTranslation } from '../lib/i18n';

/**
 * Under a net figure that comes from the payroll statement (docs/product.md#one-pay-figure): the
 * contributions and tax withheld, and that the figures are the statement's.
 */
export function StatementPayLine({ statement }: { statement: TStatementPay }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, i18n.language, statement.currency);
  return (
    <dd className="mt-1 text-xs text-slate-600 tabular-nums" data-testid="statement-line">
      {t('common.statementPay.withheld', {
        contributions: money(statement.employee_contributions),
        tax: money(statement.income_tax),
      })}{' '}
      · {t(statement.closed ? 'common.statementPay.fromClosedStatement' : 'common.statementPay.fromStatement')}
    </dd>
  );
}
