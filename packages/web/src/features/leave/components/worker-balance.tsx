import type { TLeaveBalance } from '@puna/domain';
import { useTranslation } from '../../../lib/i18n';

/** The worker's year at a glance: annual leave left (with what it is made of), taken, pending, sick days. */
export function WorkerBalance({ balance }: { balance: TLeaveBalance }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="leave-balance" className="space-y-3">
      <h2 id="leave-balance" className="text-lg font-semibold text-slate-900">
        {t('leave.balance.title', { year: balance.year })}
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <div className="card col-span-2 p-4 sm:col-span-1">
          <p className="text-sm text-slate-600">{t('leave.balance.remaining')}</p>
          <p className="mt-1 text-3xl font-bold text-brand-800" data-testid="leave-remaining">
            {balance.remaining}
          </p>
          <p className="mt-1 text-xs text-slate-600">
            {t('leave.balance.ofEntitled', { entitled: balance.entitled, carried: balance.carried_over })}
          </p>
        </div>
        <div className="card p-4">
          <p className="text-sm text-slate-600">{t('leave.balance.taken')}</p>
          <p className="mt-1 text-2xl font-bold text-slate-900" data-testid="leave-taken">
            {balance.taken}
          </p>
        </div>
        <div className="card p-4">
          <p className="text-sm text-slate-600">{t('leave.balance.pending')}</p>
          <p className="mt-1 text-2xl font-bold text-slate-900">{balance.pending}</p>
        </div>
        <div className="card col-span-2 p-4 sm:col-span-1">
          <p className="text-sm text-slate-600">{t('leave.balance.sick')}</p>
          <p className="mt-1 text-base font-semibold text-slate-900">
            {t('leave.balance.sickOf', { taken: balance.sick.taken, paid: balance.sick.paid_days })}
          </p>
          {balance.sick.over > 0 ? (
            <p className="mt-1 text-xs font-medium text-amber-800">
              {t('leave.balance.sickOver', { over: balance.sick.over })}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
