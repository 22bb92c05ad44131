import type { UseQueryResult } from '@tanstack/react-query';
import { useEmployerCorrections } from '../../features/corrections/api/corrections';
import { CorrectionCard } from '../../features/corrections/pages/employer-corrections-page';
import { useLeaveRequests } from '../../features/leave/api/employer-leave';
import { LeaveRequestCard } from '../../features/leave/components/leave-request-card';
import type { TInboxItem, TInboxSource, TRequestKind } from '../../features/requests/inbox';
import { RequestsPage as RequestsScreen } from '../../features/requests/pages/requests-page';
import { hasPremiumAccess, useSession } from '../../lib/auth';

/**
 * The requests inbox (features/requests) over leave's and corrections' own queries and cards:
 * features never import one another. Corrections come with Premium, so a basic employer's inbox
 * holds leave only (and never asks for corrections, which would answer 403).
 */
export function RequestsPage() {
  const user = useSession().data?.user;
  return user && hasPremiumAccess(user) ? <LeaveAndCorrections /> : <LeaveOnly />;
}

function LeaveOnly() {
  return <RequestsScreen sources={[useLeaveSource()]} />;
}

function LeaveAndCorrections() {
  const leave = useLeaveSource();
  const corrections = useEmployerCorrections(undefined);
  const items = corrections.data?.corrections.map(
    (correction): TInboxItem => ({
      key: `correction-${correction.id}`,
      isPending: correction.status === 'pending',
      createdAt: correction.created_at,
      card: <CorrectionCard correction={correction} />,
    }),
  );
  return <RequestsScreen sources={[leave, source('correction', corrections, items)]} />;
}

/** Every leave request (listing them clears the leave dot, as the leave page does). */
function useLeaveSource(): TInboxSource {
  const leave = useLeaveRequests();
  const items = leave.data?.requests.map(
    (request): TInboxItem => ({
      key: `leave-${request.id}`,
      isPending: request.status === 'pending',
      createdAt: request.created_at,
      card: <LeaveRequestCard request={request} />,
    }),
  );
  return source('leave', leave, items);
}

function source(kind: TRequestKind, query: UseQueryResult<unknown>, items: TInboxItem[] | undefined): TInboxSource {
  return { kind, items, isError: query.isError, retry: () => void query.refetch() };
}
