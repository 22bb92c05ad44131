import type { TPayrollStatement } from '@puna/domain';
import { Table, type TableColumn } from '../../../components/table';
import { formatNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { formatAmount } from './money';
import { PayslipLink } from './payslip-link';
import { monthText } from './period-text';
import { COLUMN_LABELS, GrossParts, MONEY_COLUMNS, PremiumLines, premiumsTotal, WarningList } from './statement-parts';

export const PAYROLL_SKELETON_ROWS = 4;

/** A money column: its header may wrap (the labels are long), its figures never do. */
const NUMBER = 'px-3 text-right';
const FIGURE = 'whitespace-nowrap tabular-nums';

/** Wide screens: one row per worker with every figure of the statement, then the employer's totals. */
export function PayrollTable({ statement, loading }: { statement: TPayrollStatement | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatAmount(amount, statement?.currency ?? 'EUR', i18n.language);
  const columns: TableColumn[] = [
    { key: 'worker', header: t('monthClose.columns.worker'), className: 'px-4', skeleton: 'h-4 w-36' },
    { key: 'gross', header: t(COLUMN_LABELS.gross), className: NUMBER, skeleton: 'ml-auto h-4 w-16' },
    { key: 'premiums', header: t(COLUMN_LABELS.premiums), className: 'px-3', skeleton: 'h-4 w-24' },
    ...MONEY_COLUMNS.slice(1).map((column) => ({
      key: column,
      header: t(COLUMN_LABELS[column]),
      className: NUMBER,
      skeleton: 'ml-auto h-4 w-16',
    })),
    { key: 'payslip', header: t('payrollFiles.payslipColumn'), className: 'px-3', skeleton: 'h-4 w-20' },
  ];
  return (
    <Table
      className="card overflow-x-auto"
      caption={statement ? t('monthClose.caption', { month: monthText(statement.month, i18n.language) }) : undefined}
      columns={columns}
      loading={loading || !statement}
      skeletonRows={PAYROLL_SKELETON_ROWS}
      empty={t('monthClose.empty')}
      rowCount={statement?.workers.length}
    >
      {statement ? (
        <>
          {statement.workers.map((worker) => (
            <tr key={worker.employee_id} className="align-top hover:bg-slate-50">
              <th scope="row" className="min-w-44 px-4 py-3 text-left font-semibold wrap-anywhere text-slate-900">
                {worker.name}
                <span className="block text-xs font-normal text-slate-600">
                  {t('monthClose.hours', { hours: formatNumber(worker.hours, i18n.language) })}
                </span>
                <WarningList worker={worker} currency={statement.currency} />
              </th>
              <td className={`${NUMBER} ${FIGURE} py-3 text-slate-900`}>
                <span data-testid="payroll-gross">{money(worker.gross)}</span>
                <GrossParts worker={worker} currency={statement.currency} />
              </td>
              <td className="min-w-48 px-3 py-3">
                {worker.premiums.length > 0 ? (
                  <span className="block font-medium whitespace-nowrap text-slate-900 tabular-nums">
                    {money(premiumsTotal(worker))}
                  </span>
                ) : null}
                <PremiumLines worker={worker} />
              </td>
              {MONEY_COLUMNS.slice(1).map((column) => (
                <td
                  key={column}
                  data-testid={`payroll-${column}`}
                  className={`${NUMBER} ${FIGURE} py-3 ${column === 'net' ? 'font-semibold text-slate-900' : 'text-slate-700'}`}
                >
                  {money(worker[column])}
                </td>
              ))}
              <td className="px-3 py-2">
                <PayslipLink worker={worker} month={statement.month} />
              </td>
            </tr>
          ))}
          <tr className="border-t-2 border-slate-200 bg-slate-50 font-semibold text-slate-900">
            <th scope="row" className="px-4 py-3 text-left">
              {t('monthClose.totals')}
            </th>
            <td className={`${NUMBER} ${FIGURE} py-3`}>{money(statement.totals.gross)}</td>
            <td className="px-3 py-3 whitespace-nowrap tabular-nums">{money(statement.totals.premiums)}</td>
            {MONEY_COLUMNS.slice(1).map((column) => (
              <td key={column} className={`${NUMBER} ${FIGURE} py-3`}>
                {money(statement.totals[column])}
              </td>
            ))}
            <td />
          </tr>
        </>
      ) : null}
    </Table>
  );
}
