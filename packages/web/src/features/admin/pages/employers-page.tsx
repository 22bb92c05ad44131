import type { TAdminEmployer } from '@puna/domain';
import { Search, X } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { matchesSearch, useEmployers } from '../api/get-employers';
import { useImpersonateEmployer } from '../api/impersonate-employer';
import { EditEmployerModal } from '../components/edit-employer-modal';
import { EmployerCards } from '../components/employer-cards';
import { EmployersTable } from '../components/employers-table';
import { LoadFailed } from '../components/load-failed';

/** /admin: every employer account, searchable, with Edit and Access (docs/product.md#admin). */
export function EmployersPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const searchId = useId();
  const employers = useEmployers();
  const impersonate = useImpersonateEmployer();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [editing, setEditing] = useState<TAdminEmployer | null>(null);

  const all = employers.data ?? [];
  const shown = all.filter((employer) => matchesSearch(employer, deferredSearch));
  const actions = {
    onEdit: setEditing,
    onAccess: (employer: TAdminEmployer) =>
      impersonate.mutate(employer.id, {
        onError: (error) => {
          console.error('Impersonation failed', error);
          toast.error(translateError(error, t('admin.employers.accessFailed')));
        },
      }),
    accessingId: impersonate.isPending ? (impersonate.variables ?? null) : null,
  };

  return (
    <>
      <PageHeader title={t('admin.employers.title')} description={t('admin.employers.description')} />

      <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative w-full sm:max-w-md">
          <label htmlFor={searchId} className="sr-only">
            {t('admin.employers.searchLabel')}
          </label>
          {/* On a phone the whole placeholder needs the room: no icon, a smaller hint (typed text stays 16 px). */}
          <Search
            className="pointer-events-none absolute top-1/2 left-3 hidden size-4 -translate-y-1/2 text-slate-500 sm:block"
            aria-hidden="true"
          />
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('admin.employers.searchPlaceholder')}
            autoComplete="off"
            className={`field-input pl-3 max-sm:placeholder:text-[13px] sm:pl-9 [&::-webkit-search-cancel-button]:appearance-none ${
              search ? 'pr-10' : 'pr-3'
            }`}
          />
          {search ? (
            <button
              type="button"
              onClick={() => setSearch('')}
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-slate-500 hover:text-slate-800"
              aria-label={t('admin.employers.clearSearch')}
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          ) : null}
        </div>
        {employers.isSuccess ? (
          <p className="text-sm text-slate-600" aria-live="polite">
            {deferredSearch.trim()
              ? t('admin.employers.shown', { shown: shown.length, total: all.length })
              : t('admin.employers.count', { count: all.length })}
          </p>
        ) : null}
      </div>

      {employers.isPending ? (
        <div className="card space-y-3 p-4" aria-busy="true">
          <span className="sr-only">{t('common.loading')}</span>
          {Array.from({ length: 6 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
            <Skeleton key={index} className="h-10 w-full" />
          ))}
        </div>
      ) : employers.isError ? (
        <LoadFailed text={t('admin.employers.loadFailed')} onRetry={() => void employers.refetch()} />
      ) : shown.length === 0 ? (
        <p className="card px-4 py-10 text-center text-slate-600">
          {all.length === 0 ? t('admin.employers.empty') : t('admin.employers.noMatch', { search: deferredSearch })}
        </p>
      ) : (
        <>
          <div className="hidden lg:block">
            <EmployersTable employers={shown} {...actions} />
          </div>
          <div className="lg:hidden">
            <EmployerCards employers={shown} {...actions} />
          </div>
        </>
      )}

      <EditEmployerModal employer={editing} onClose={() => setEditing(null)} />
    </>
  );
}
