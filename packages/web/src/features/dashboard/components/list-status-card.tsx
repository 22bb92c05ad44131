import { CircleCheck, ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/skeleton';
import { useTranslation } from '../../../lib/i18n';

type ListStatusCardProps = {
  /** Names of the employees with no entry in today's list, in list order. */
  missing: readonly { id: number; name: string }[];
  loading: boolean;
};

/** 'Statusi i Listës': who has not been added to today's list, or 'Lista është kompletuar'. */
export function ListStatusCard({ missing, loading }: ListStatusCardProps) {
  const { t } = useTranslation();
  return (
    <section className="card flex h-full flex-col p-5" aria-labelledby="list-status-title">
      <h2 id="list-status-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <ClipboardList className="size-5 text-brand-700" aria-hidden="true" />
        {t('dashboard.status.title')}
      </h2>
      {loading ? (
        <div className="mt-4 space-y-3" aria-hidden="true">
          <Skeleton className="h-4 w-3/4" />
          {['a', 'b', 'c', 'd'].map((key) => (
            <Skeleton key={key} className="h-9 w-full" />
          ))}
        </div>
      ) : missing.length === 0 ? (
        <p className="mt-4 flex items-center gap-2 rounded-lg bg-emerald-50 px-3 py-3 font-medium text-emerald-900">
          <CircleCheck className="size-5 text-emerald-600" aria-hidden="true" />
          {t('dashboard.status.complete')}
        </p>
      ) : (
        <>
          <p className="mt-4 text-sm font-medium text-slate-800">
            {t('dashboard.status.missing', { count: missing.length })}
          </p>
          <ul className="mt-3 max-h-72 space-y-1.5 overflow-y-auto">
            {missing.map((employee) => (
              <li key={employee.id} className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
                {employee.name}
              </li>
            ))}
          </ul>
          <Link to="/kryepuntor/add_klista" className="btn-secondary mt-4 self-start">
            {t('dashboard.status.addLink')}
          </Link>
        </>
      )}
    </section>
  );
}
