import type { TPayrollStatement, TPayrollWorker } from '@puna/domain';
import { Skeleton } from '../../../components/skeleton';
import { formatNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { formatAmount } from './money';
import { PAYROLL_SKELETON_ROWS } from './payroll-table';
import { PayslipLink } from './payslip-link';
import { COLUMN_LABELS, GrossParts, MONEY_COLUMNS, PremiumLines, premiumsTotal, WarningList } from './statement-parts';

/** Small screens: a card per worker (net first), then a card with the employer's totals. */
export function PayrollCards({ statement, loading }: { statement: TPayrollStatement | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation();
  if (loading || !statement) {
    return (
      <ul className="space-y-3" aria-hidden="true">
        {Array.from({ length: PAYROLL_SKELETON_ROWS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          <li key={index} className="card space-y-3 p-4">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </li>
        ))}
      </ul>
    );
  }
  if (statement.workers.length === 0) {
    return <p className="card px-6 py-10 text-center text-slate-600">{t('monthClose.empty')}</p>;
  }
  const money = (amount: number) => formatAmount(amount, statement.currency, i18n.language);
  return (
    <div className="space-y-3">
      <ul className="space-y-3">
        {statement.workers.map((worker) => (
          <li key={worker.employee_id}>
            <WorkerCard worker={worker} statement={statement} />
          </li>
        ))}
      </ul>
      <section aria-labelledby="payroll-totals" className="card bg-slate-50 p-4">
        <h2 id="payroll-totals" className="text-base font-semibold text-slate-900">
          {t('monthClose.totals')}
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2.5 text-sm">
          <Figure label={t(COLUMN_LABELS.premiums)} value={money(statement.totals.premiums)} />
          {MONEY_COLUMNS.map((column) => (
            <Figure
              key={column}
              label={t(COLUMN_LABELS[column])}
              value={money(statement.totals[column])}
              strong={column === 'net'}
            />
          ))}
        </dl>
      </section>
    </div>
  );
}

function WorkerCard({ worker, statement }: { worker: TPayrollWorker; statement: TPayrollStatement }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatAmount(amount, statement.currency, i18n.language);
  const headingId = `payroll-worker-${worker.employee_id}`;
  return (
    <article aria-labelledby={headingId} className="card p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="font-semibold wrap-anywhere text-slate-900">
            {worker.name}
          </h2>
          <p className="text-xs text-slate-600">
            {t('monthClose.hours', { hours: formatNumber(worker.hours, i18n.language) })}
          </p>
        </div>
        <div className="shrink-0 text-right">
          <p className="text-xs font-medium text-slate-600">{t(COLUMN_LABELS.net)}</p>
          <p data-testid="payroll-net" className="text-lg font-bold text-slate-900 tabular-nums">
            {money(worker.net)}
          </p>
        </div>
      </div>
      <WarningList worker={worker} currency={statement.currency} />
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2.5 border-t border-slate-100 pt-3 text-sm">
        <div>
          <dt className="text-xs font-medium text-slate-600">{t(COLUMN_LABELS.gross)}</dt>
          <dd className="font-medium text-slate-900 tabular-nums">
            {money(worker.gross)}
            <GrossParts worker={worker} currency={statement.currency} />
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-600">{t(COLUMN_LABELS.premiums)}</dt>
          <dd className="font-medium text-slate-900 tabular-nums">
            {worker.premiums.length > 0 ? <span className="block">{money(premiumsTotal(worker))}</span> : null}
            <PremiumLines worker={worker} />
          </dd>
        </div>
        {MONEY_COLUMNS.filter((column) => column !== 'gross' && column !== 'net').map((column) => (
          <Figure key={column} label={t(COLUMN_LABELS[column])} value={money(worker[column])} />
        ))}
      </dl>
      <PayslipLink worker={worker} month={statement.month} wide />
    </article>
  );
}

function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className={`tabular-nums ${strong ? 'font-bold text-slate-900' : 'font-medium text-slate-900'}`}>{value}</dd>
    </div>
  );
}
