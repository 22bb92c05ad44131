import type { TAdminEmployer } from '@puna/domain';
import { LogIn, Mail, Pencil, Users } from 'lucide-react';
import { Spinner } from '../../../components/spinner';
import { useTranslation } from '../../../lib/i18n';
import { PlanBadge, VerifiedBadge } from './employer-badges';
import type { EmployerActions } from './employers-table';

type EmployerCardsProps = EmployerActions & { employers: TAdminEmployer[] };

/** Small screens: company, plan badge, email, status, workers limit, 'Edit Details', 'Access Account'. */
export function EmployerCards({ employers, onEdit, onAccess, accessingId }: EmployerCardsProps) {
  const { t } = useTranslation();
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {employers.map((employer) => (
        <li key={employer.id} className="card flex min-w-0 flex-col p-4">
          <div className="flex items-start justify-between gap-3">
            <h2 className="min-w-0 text-base font-semibold wrap-anywhere text-slate-900">{employer.company_name}</h2>
            <PlanBadge type={employer.type} />
          </div>
          <dl className="mt-3 space-y-1.5 text-sm">
            <div>
              <dt className="sr-only">{t('admin.employers.columns.email')}</dt>
              <dd className="flex items-center gap-2 text-slate-700">
                <Mail className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
                <span className="min-w-0 break-all">{employer.email}</span>
              </dd>
            </div>
            <div>
              <dt className="sr-only">{t('admin.employers.columns.status')}</dt>
              <dd>
                <VerifiedBadge verified={employer.is_verified} />
              </dd>
            </div>
            <div className="flex items-center gap-1.5 text-slate-700">
              <dt className="flex items-center gap-2">
                <Users className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
                {t('admin.employers.workersLimit')}:
              </dt>
              <dd className="font-semibold text-slate-900 tabular-nums">
                {employer.limit_workers}{' '}
                <span className="font-normal text-slate-600">
                  ({t('admin.employers.workersNow', { count: employer.worker_count })})
                </span>
              </dd>
            </div>
          </dl>
          <div className="mt-4 flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-secondary flex-1 basis-36 px-3 whitespace-nowrap"
              onClick={() => onEdit(employer)}
            >
              <Pencil className="size-4" aria-hidden="true" />
              {t('admin.employers.editDetails')}
              <span className="sr-only"> {employer.company_name}</span>
            </button>
            <button
              type="button"
              className="btn-primary flex-1 basis-36 px-3 whitespace-nowrap"
              disabled={accessingId !== null}
              onClick={() => onAccess(employer)}
            >
              {accessingId === employer.id ? (
                <Spinner className="size-4" />
              ) : (
                <LogIn className="size-4" aria-hidden="true" />
              )}
              {t('admin.employers.accessAccount')}
              <span className="sr-only"> {employer.company_name}</span>
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
