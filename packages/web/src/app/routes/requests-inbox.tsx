import type { UseQueryResult } from '@tanstack/react-query';
import { useEmployerCorrections } from '../../features/corrections/api/corrections';
import { CorrectionCard } from '../../features/corrections/pages/employer-corrections-page';
import { useLeaveRequests } from '../../features/leave/api/employer-leave';
import { LeaveRequestCard } from '../../features/leave/components/leave-request-card';
import type { TInboxItem, TInboxSource, TRequestKind } from '../../features/requests/inbox';
import { RequestsPage as RequestsScreen } from '../../features/requests/pages/requests-page';
import { useEmployerShiftRequests } from '../../features/roster/api/roster';
import { ShiftRequestCard } from '../../features/roster/components/shift-requests';
import { hasPremiumAccess, useSession } from '../../lib/auth';

/**
 * The requests inbox (features/requests) over leave's, corrections' and the roster's own queries and cards:
 * features never import one another. Corrections come with Premium, so a basic employer's inbox
 * holds leave only (and never asks for corrections, which would answer 403).
 */
export function RequestsPage() {
  const user = useSession().data?.user;
  return user && hasPremiumAccess(user) ? <LeaveAndCorrections /> : <LeaveOnly />;
}

function LeaveOnly() {
  return <RequestsScreen sources={[useLeaveSource(), useShiftSource()]} />;
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
  const shifts = useShiftSource();
  return <RequestsScreen sources={[leave, source('correction', corrections, items), shifts]} />;
}

/**
 * Claims of open shifts and swaps between colleagues: a swap still `offered` waits for the
 * colleague, not the employer, so it joins the inbox once accepted.
 */
function useShiftSource(): TInboxSource {
  const shifts = useEmployerShiftRequests();
  const items = shifts.data
    ?.filter((request) => request.status !== 'offered')
    .map(
      (request): TInboxItem => ({
        key: `shift-${request.id}`,
        isPending: request.status === 'pending',
        createdAt: request.created_at,
        card: <ShiftRequestCard request={request} />,
      }),
    );
  return source('shift', shifts, items);
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
