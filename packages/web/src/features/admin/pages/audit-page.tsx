import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { SelectField } from '../../../components/select-field';
import { Skeleton } from '../../../components/skeleton';
import { useTranslation } from '../../../lib/i18n';
import { AUDIT_LIMIT, useAudit } from '../api/get-audit';
import { useEmployers } from '../api/get-employers';
import { AuditTable } from '../components/audit-table';
import { LoadFailed } from '../components/load-failed';

/** /admin/audit: writes made while an admin viewed an employer's account, filtered by employer. */
export function AuditPage() {
  const { t } = useTranslation();
  const employers = useEmployers();
  const [employerId, setEmployerId] = useState<number | null>(null);
  const audit = useAudit(employerId);
  const entries = audit.data ?? [];

  return (
    <>
      <PageHeader title={t('admin.audit.title')} description={t('admin.audit.description')} />

      <SelectField
        label={t('admin.audit.filterLabel')}
        className="mb-4 max-w-sm"
        value={employerId ?? ''}
        onChange={(event) => setEmployerId(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">{t('admin.audit.allEmployers')}</option>
        {(employers.data ?? []).map((employer) => (
          <option key={employer.id} value={employer.id}>
            {employer.company_name} ({employer.email})
          </option>
        ))}
      </SelectField>

      {audit.isPending ? (
        <div className="card space-y-3 p-4" aria-busy="true">
          <span className="sr-only">{t('common.loading')}</span>
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      ) : audit.isError ? (
        <LoadFailed text={t('admin.audit.loadFailed')} onRetry={() => void audit.refetch()} />
      ) : entries.length === 0 ? (
        <p className="card px-4 py-10 text-center text-slate-600">{t('admin.audit.empty')}</p>
      ) : (
        <div className={audit.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}>
          <AuditTable entries={entries} />
          {entries.length >= AUDIT_LIMIT ? (
            <p className="mt-3 text-sm text-slate-600">{t('admin.audit.limitNote', { count: AUDIT_LIMIT })}</p>
          ) : null}
        </div>
      )}
    </>
  );
}
