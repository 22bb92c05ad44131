import type { TLeaveRequest } from '@puna/domain';
import { CalendarDays } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Alert } from '../../../components/alert';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useCancelLeave, useWorkerLeave } from '../api/worker-leave';
import { AskLeaveForm } from '../components/ask-leave-form';
import { RequestSummary, StatusBadge } from '../components/leave-parts';
import { WorkerBalance } from '../components/worker-balance';

/**
 * /datapuntoret/pushimet (docs/product.md#leave): the worker's balance for the year, a form to ask
 * for leave, and its own requests newest first, a pending one with Withdraw. Phone first.
 */
export function WorkerLeavePage() {
  const { t } = useTranslation();
  const leave = useWorkerLeave();

  let body: ReactNode;
  if (leave.isError) {
    body = (
      <Alert tone="error">
        <p>{t('leave.loadFailed')}</p>
        <button type="button" className="link mt-1" onClick={() => leave.refetch()}>
          {t('leave.retry')}
        </button>
      </Alert>
    );
  } else if (!leave.data) {
    body = (
      <div className="space-y-3" aria-hidden="true">
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} className="h-24" />
          ))}
        </div>
        <Skeleton className="h-64" />
      </div>
    );
  } else {
    body = (
      <div className="space-y-6">
        <WorkerBalance balance={leave.data.balance} />
        <AskLeaveForm types={leave.data.types} />
        <OwnRequests requests={leave.data.requests} />
      </div>
    );
  }
  return (
    <>
      <PageHeader title={t('leave.title')} description={t('leave.workerDescription')} />
      <div aria-busy={leave.isPending}>{body}</div>
    </>
  );
}

function OwnRequests({ requests }: { requests: TLeaveRequest[] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const cancel = useCancelLeave();
  const [withdrawing, setWithdrawing] = useState<TLeaveRequest | null>(null);

  return (
    <section aria-labelledby="own-leave" className="space-y-3">
      <h2 id="own-leave" className="text-lg font-semibold text-slate-900">
        {t('leave.mine.title')}
      </h2>
      {requests.length === 0 ? (
        <div className="card px-6 py-8 text-center">
          <CalendarDays className="mx-auto size-8 text-slate-400" aria-hidden="true" />
          <p className="mt-2 text-sm text-slate-600">{t('leave.mine.empty')}</p>
        </div>
      ) : (
        <ul className="space-y-3" data-testid="own-leave">
          {requests.map((request) => (
            <li key={request.id} className="card flex flex-col gap-2 p-4" data-status={request.status}>
              <div className="flex items-start justify-between gap-3">
                <RequestSummary request={request} />
                <StatusBadge status={request.status} />
              </div>
              {request.decision_note ? (
                <p className="text-sm wrap-anywhere text-slate-600">
                  {t('leave.mine.decisionNote', { note: request.decision_note })}
                </p>
              ) : null}
              {request.status === 'pending' ? (
                <div>
                  <button type="button" className="btn-secondary px-3 py-1.5" onClick={() => setWithdrawing(request)}>
                    {t('leave.mine.cancel')}
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={withdrawing !== null}
        title={t('leave.mine.cancelTitle')}
        description={t('leave.mine.cancelText')}
        confirmLabel={t('leave.mine.cancel')}
        cancelLabel={t('leave.balances.cancel')}
        tone="danger"
        busy={cancel.isPending}
        onCancel={() => setWithdrawing(null)}
        onConfirm={() => {
          if (!withdrawing) return;
          cancel.mutate(withdrawing.id, {
            onSuccess: () => toast.success(t('leave.mine.cancelled')),
            onError: (error) => toast.error(translateError(error, t('leave.mine.cancelFailed'))),
            onSettled: () => setWithdrawing(null),
          });
        }}
      />
    </section>
  );
}
