import type { TLeaveRequest } from '@puna/domain';
import { Check, Inbox, X } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { Skeleton } from '../../../components/skeleton';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useDecideLeave, useLeaveRequests } from '../api/employer-leave';
import { RequestSummary } from './leave-parts';

/** The requests waiting for a decision, oldest concern first on the page: approve or decline, with a note. */
export function PendingRequests() {
  const { t } = useTranslation();
  const pending = useLeaveRequests('pending');
  return (
    <section aria-labelledby="pending-leave" className="space-y-3">
      <h2 id="pending-leave" className="text-lg font-semibold text-slate-900">
        {t('leave.requests.pendingTitle')}
      </h2>
      {pending.isError ? (
        <Alert tone="error">
          <p>{t('leave.loadFailed')}</p>
          <button type="button" className="link mt-1" onClick={() => pending.refetch()}>
            {t('leave.retry')}
          </button>
        </Alert>
      ) : !pending.data ? (
        <Skeleton className="h-28" />
      ) : pending.data.requests.length === 0 ? (
        <div className="card flex items-center gap-3 px-4 py-6 text-sm text-slate-600">
          <Inbox className="size-6 text-slate-400" aria-hidden="true" />
          {t('leave.requests.pendingEmpty')}
        </div>
      ) : (
        <ul className="space-y-3" data-testid="pending-leave">
          {pending.data.requests.map((request) => (
            <PendingCard key={request.id} request={request} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One pending request with its note field, Approve and Decline (the requests inbox shows it too). */
export function PendingCard({ request }: { request: TLeaveRequest }) {
  const { t } = useTranslation();
  const toast = useToast();
  const decide = useDecideLeave();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const noteId = `decision-note-${request.id}`;

  function send(status: 'approved' | 'declined') {
    setError(null);
    decide.mutate(
      { id: request.id, status, note: note || null },
      {
        onSuccess: () =>
          toast.success(t(status === 'approved' ? 'leave.requests.approved' : 'leave.requests.declined')),
        onError: (failure) => setError(translateError(failure, t('leave.requests.decideFailed'))),
      },
    );
  }

  return (
    <li className="card space-y-3 p-4" data-leave-id={request.id}>
      <div className="flex items-center gap-2">
        <p className="min-w-0 font-semibold wrap-anywhere text-slate-900">{request.name}</p>
        {request.unread ? (
          <span className="inline-block size-2.5 rounded-full bg-red-600">
            <span className="sr-only">{t('leave.new')}</span>
          </span>
        ) : null}
      </div>
      <RequestSummary request={request} />
      {request.note ? (
        <p className="text-sm wrap-anywhere text-slate-600">{t('leave.requests.note', { note: request.note })}</p>
      ) : null}
      <div>
        <label htmlFor={noteId} className="field-label">
          {t('leave.requests.decisionNote')}
        </label>
        <input
          id={noteId}
          className="field-input"
          maxLength={500}
          autoComplete="off"
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-primary" disabled={decide.isPending} onClick={() => send('approved')}>
          <Check className="size-4" aria-hidden="true" />
          {t('leave.requests.approve')}
        </button>
        <button type="button" className="btn-secondary" disabled={decide.isPending} onClick={() => send('declined')}>
          <X className="size-4" aria-hidden="true" />
          {t('leave.requests.decline')}
        </button>
      </div>
    </li>
  );
}
