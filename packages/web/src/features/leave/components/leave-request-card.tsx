import type { TLeaveRequest } from '@puna/domain';
import { DecidedRequest } from './leave-parts';
import { PendingCard } from './pending-requests';

/**
 * One leave request as a card of the employer's requests inbox: a pending one to approve or
 * decline in place, a decided one with its status and answer.
 */
export function LeaveRequestCard({ request }: { request: TLeaveRequest }) {
  if (request.status === 'pending') return <PendingCard request={request} />;
  return (
    <li className="card flex items-start justify-between gap-3 p-4" data-leave-id={request.id}>
      <DecidedRequest request={request} />
    </li>
  );
}
