import { LEAVE_STATUSES, type TLeaveStatus } from '@puna/domain';
import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { SelectField } from '../../../components/select-field';
import { Skeleton } from '../../../components/skeleton';
import { useTranslation } from '../../../lib/i18n';
import { useLeaveRequests } from '../api/employer-leave';
import { DecidedRequest } from './leave-parts';

/** Every leave, newest first, filtered by status. */
export function AllRequests() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TLeaveStatus | ''>('');
  const list = useLeaveRequests(status || undefined);
  return (
    <section aria-labelledby="all-leave" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="all-leave" className="text-lg font-semibold text-slate-900">
          {t('leave.requests.allTitle')}
        </h2>
        <SelectField
          id="leave-filter"
          label={t('leave.requests.filter')}
          className="w-44"
          value={status}
          onChange={(event) => setStatus(event.target.value as TLeaveStatus | '')}
        >
          <option value="">{t('leave.requests.all')}</option>
          {LEAVE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`leave.status.${value}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {list.isError ? (
        <Alert tone="error">{t('leave.loadFailed')}</Alert>
      ) : !list.data ? (
        <Skeleton className="h-32" />
      ) : list.data.requests.length === 0 ? (
        <p className="card px-4 py-6 text-sm text-slate-600">{t('leave.requests.empty')}</p>
      ) : (
        <ul className="card divide-y divide-slate-100" data-testid="all-leave">
          {list.data.requests.map((request) => (
            <li
              key={request.id}
              className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
            >
              <DecidedRequest request={request} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
