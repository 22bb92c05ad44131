import type { TLeaveRequest } from '@puna/domain';
import { useTranslation } from '../../../lib/i18n';
import { RequestSummary, StatusBadge } from './leave-parts';
import { PendingCard } from './pending-requests';

/**
 * One leave request as a card of the employer's requests inbox: a pending one to approve or
 * decline in place, a decided one with its status and answer.
 */
export function LeaveRequestCard({ request }: { request: TLeaveRequest }) {
  const { t } = useTranslation();
  if (request.status === 'pending') return <PendingCard request={request} />;
  return (
    <li className="card flex items-start justify-between gap-3 p-4" data-leave-id={request.id}>
      <div className="min-w-0">
        <p className="font-semibold wrap-anywhere text-slate-900">{request.name}</p>
        <RequestSummary request={request} />
        {request.decision_note ? (
          <p className="text-sm wrap-anywhere text-slate-600">
            {t('leave.mine.decisionNote', { note: request.decision_note })}
          </p>
        ) : null}
      </div>
      <StatusBadge status={request.status} />
    </li>
  );
}
