import type { ComponentType } from 'react';
import { Navigate } from 'react-router';
import { Alert } from '../../../components/alert';
import { DayMarkBadges } from '../../../components/day-mark-badges';
import { HoursByWeek } from '../../../components/hours-by-week';
import { LoadingScreen } from '../../../components/loading-screen';
import { MonthPicker } from '../../../components/month-picker';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { StatementPayLine } from '../../../components/statement-pay-line';
import { usePeriodParam } from '../../../hooks/use-period-param';
import { ApiError } from '../../../lib/api';
import { monthText } from '../../../lib/date-names';
import { formatIsoDate } from '../../../lib/dates';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useWorkerId } from '../api/get-worker-id';
import { useWorkerMonth } from '../api/get-worker-month';

/**
 * /datapuntoret: the worker's own month, weeks Monday to Sunday with the Sunday rules, pay and
 * total hours, all as the server computed them with the domain's rules; then the month's marks
 * (late, left early, absent, no checkout, leave: docs/product.md#marks).
 */
export function MyHoursPage({ PunchCard }: { PunchCard?: ComponentType<{ workerId: number }> } = {}) {
  const { t, i18n } = useTranslation();
  const [month, setMonth] = usePeriodParam('month');
  const workerId = useWorkerId();
  const data = useWorkerMonth(month, workerId.isSuccess);
  const language = i18n.language;
  const format = (value: number) => formatNumber(value, language);

  // The lookup was refused (docs/product.md#worker-area: redirect to /). A network or server failure is shown instead,
  // since / would send a worker straight back here.
  if (workerId.error instanceof ApiError && workerId.error.status < 500) return <Navigate to="/" replace />;
  if (workerId.isPending) return <LoadingScreen />;

  const current = data.data;
  return (
    <>
      <PageHeader
        title={t('worker.screens.myHours')}
        description={
          current
            ? t('workerAccount.greeting', { name: current.name, month: monthText(month, i18n.language) })
            : monthText(month, i18n.language)
        }
      />
      {/* The phone clock's 'Hyr' / 'Dil' (features/phone-clock), shown only when the employer allows it. */}
      {PunchCard && workerId.data ? <PunchCard workerId={workerId.data} /> : null}
      <MonthPicker className="mb-5" label={t('workerAccount.month')} month={month} onChange={setMonth} />

      {workerId.isError || data.isError ? (
        <Alert tone="error">
          <p>{t('workerAccount.loadFailed')}</p>
          <button
            type="button"
            className="link mt-1"
            onClick={() => (workerId.isError ? workerId.refetch() : data.refetch())}
          >
            {t('workerAccount.retry')}
          </button>
        </Alert>
      ) : (
        <>
          <dl className="mb-6 grid grid-cols-1 gap-3 sm:grid-cols-3">
            <div className="card p-4">
              <dt className="text-xs font-medium text-slate-600">
                {current?.statement ? t('common.statementPay.net') : t('workerAccount.pay')}
              </dt>
              <dd className="text-2xl font-bold text-slate-900 tabular-nums" data-testid="worker-pay">
                {current ? (
                  formatMoney(current.pay, language, current.statement?.currency)
                ) : (
                  <Skeleton className="mt-1 h-7 w-28" />
                )}
              </dd>
              {current ? (
                <dd className="text-xs text-slate-600 tabular-nums">
                  {t('workerAccount.gross', {
                    amount: formatMoney(current.gross, language, current.statement?.currency),
                  })}
                </dd>
              ) : null}
              {current?.statement ? <StatementPayLine statement={current.statement} /> : null}
            </div>
            <div className="card p-4">
              <dt className="text-xs font-medium text-slate-600">{t('workerAccount.totalHours')}</dt>
              <dd className="text-2xl font-bold text-slate-900 tabular-nums" data-testid="worker-hours">
                {current ? format(current.totalHours) : <Skeleton className="mt-1 h-7 w-16" />}
              </dd>
              {current && current.wages !== 'Orë' && !current.statement ? (
                <dd className="text-xs text-slate-600 tabular-nums">
                  {t('workerAccount.countedDays')}:{' '}
                  {t('workerAccount.countedOfWorking', {
                    counted: format(current.countedDays),
                    working: current.workingDays,
                  })}
                </dd>
              ) : null}
            </div>
            <div className="card p-4">
              <dt className="text-xs font-medium text-slate-600">{t('workerAccount.rate')}</dt>
              <dd className="text-2xl font-bold text-slate-900 tabular-nums">
                {current ? (
                  t('workerAccount.perBasis', {
                    amount: formatMoney(current.salary, language),
                    basis: t(`workerAccount.wages.${current.wages}`),
                  })
                ) : (
                  <Skeleton className="mt-1 h-7 w-32" />
                )}
              </dd>
            </div>
          </dl>

          {!current ? (
            <div className="space-y-3" aria-hidden="true">
              {['a', 'b'].map((key) => (
                <Skeleton key={key} className="h-32 w-full" />
              ))}
            </div>
          ) : current.weeks.length === 0 ? (
            <p className="card px-6 py-10 text-center text-slate-600">{t('workerAccount.empty')}</p>
          ) : (
            <div className="card p-4 sm:p-5">
              <HoursByWeek
                weeks={current.weeks}
                formatHours={format}
                labels={{
                  date: t('workerAccount.columns.date'),
                  weekday: t('workerAccount.columns.weekday'),
                  hours: t('workerAccount.columns.hours'),
                  week: (n) => t('workerAccount.week', { n }),
                  total: (hours) => t('workerAccount.weekTotal', { hours }),
                }}
              />
            </div>
          )}
          {current?.marks && current.marks.length > 0 ? (
            <section aria-labelledby="worker-marks-title" className="card mt-6 p-4 sm:p-5" data-testid="worker-marks">
              <h2 id="worker-marks-title" className="text-base font-semibold text-slate-900">
                {t('workerAccount.marks.title')}
              </h2>
              <p className="text-sm text-slate-600">{t('workerAccount.marks.hint')}</p>
              <ul className="mt-3 divide-y divide-slate-100">
                {current.marks.map((mark) => (
                  <li key={mark.date} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                    <span className="w-24 shrink-0 text-sm font-medium text-slate-900 tabular-nums">
                      {formatIsoDate(mark.date)}
                    </span>
                    <span className="flex flex-wrap gap-1">
                      <DayMarkBadges mark={mark} />
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </>
  );
}
