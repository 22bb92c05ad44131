import type { TPayRow } from '@puna/domain';
import { Eye } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/skeleton';
import { StatementPayLine } from '../../../components/statement-pay-line';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/** Skeleton cards while the month loads (docs/product.md#pay: 6). */
export const PAY_SKELETON_CARDS = 6;

/** One employee's month: pay in euro, rate and type, total hours, 'Shiko Detajet', and a closed month's payslip. */
export function PayCard({
  row,
  onDetails,
  payslip,
}: {
  row: TPayRow;
  onDetails: (row: TPayRow) => void;
  /** The payslip's download (a closed month only). */
  payslip?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const titleId = `pay-${row.id}`;
  // With the labour rules on, the payroll statement's figures (docs/product.md#one-pay-figure).
  const statement = row.statement;
  const currency = statement?.currency ?? 'EUR';
  return (
    <article className="card flex min-w-0 flex-col p-5" aria-labelledby={titleId} data-testid="pay-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="truncate text-lg font-semibold text-slate-900" title={row.name}>
            {row.name}
          </h2>
          <p className="truncate text-sm text-slate-600" title={row.role}>
            {row.role}
          </p>
        </div>
        <span className="shrink-0 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
          {t(`pay.wages.${row.wages}`)}
        </span>
      </div>
      <dl className="mt-4 mb-5 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        <div className="col-span-2">
          <dt className="text-xs font-medium text-slate-600">{t(statement ? 'common.statementPay.net' : 'pay.pay')}</dt>
          <dd className="text-2xl font-bold text-slate-900 tabular-nums" data-testid="pay-amount">
            {formatMoney(row.pay, language, currency)}
          </dd>
          <dd className="text-xs text-slate-600 tabular-nums">
            {t('pay.gross', { amount: formatMoney(row.gross, language, currency) })}
          </dd>
          {statement ? <StatementPayLine statement={statement} /> : null}
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-600">{t('pay.rate')}</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">
            {t('pay.perBasis', {
              amount: formatMoney(row.salary, language),
              basis: t(`pay.wages.${row.wages}`),
            })}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-600">{t('pay.totalHours')}</dt>
          <dd className="font-semibold text-slate-900 tabular-nums" data-testid="pay-hours">
            {formatNumber(row.totalHours, language)}
          </dd>
        </div>
        {row.wages === 'Orë' || statement ? null : (
          <div className="col-span-2">
            <dt className="text-xs font-medium text-slate-600">{t('pay.countedDays')}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">
              {t('pay.countedOfWorking', {
                counted: formatNumber(row.countedDays, language),
                working: row.workingDays,
              })}
            </dd>
          </div>
        )}
      </dl>
      {/* At the card's foot, so the buttons of a row line up whatever each card holds. */}
      <button type="button" className="btn-secondary mt-auto w-full" onClick={() => onDetails(row)}>
        <Eye className="size-4" aria-hidden="true" />
        {t('pay.details')}
        <span className="sr-only"> {row.name}</span>
      </button>
      {payslip}
    </article>
  );
}

export function PayCardSkeleton() {
  return (
    <div className="card space-y-4 p-5" aria-hidden="true">
      <Skeleton className="h-5 w-2/3" />
      <Skeleton className="h-8 w-1/2" />
      <div className="grid grid-cols-2 gap-4">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-full" />
      </div>
      <Skeleton className="h-10 w-full" />
    </div>
  );
}
