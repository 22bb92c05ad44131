import { CHAT_PUSH_ICON, type TLeaveRequest } from '@puna/domain';
import type { ServiceDeps } from '../../plugins/deps';
import { pushToMembers } from '../notifications/service';

/** The pages a leave notification opens (packages/web/src/app/router.tsx). */
export const EMPLOYER_LEAVE_URL = '/kryepuntor/pushimet';
export const WORKER_LEAVE_URL = '/datapuntoret/pushimet';

/** Albanian, the product language: a push carries its text ready to show. */
const period = (request: TLeaveRequest) =>
  request.from === request.to ? request.from : `${request.from} – ${request.to}`;

/** A worker's new request, to the employer's browsers. */
export async function pushNewLeave(deps: ServiceDeps, employerId: number, name: string, request: TLeaveRequest) {
  await pushToMembers(deps, [
    {
      type: 'employer',
      id: employerId,
      payload: {
        title: request.status === 'approved' ? 'Pushim i regjistruar' : 'Kërkesë e re për pushim',
        body: `${name}: ${request.type_name}, ${period(request)} (${request.days} ditë)`,
        icon: CHAT_PUSH_ICON,
        tag: `leave-${request.id}`,
        data: { url: EMPLOYER_LEAVE_URL, leaveId: request.id },
      },
    },
  ]);
}

/** A decision (or leave the employer recorded), to the worker's browsers. */
export async function pushLeaveDecision(deps: ServiceDeps, request: TLeaveRequest) {
  const title = request.status === 'approved' ? 'Pushimi u miratua' : 'Pushimi nuk u miratua';
  await pushToMembers(deps, [
    {
      type: 'worker',
      id: request.employee_id,
      payload: {
        title,
        body: `${request.type_name}, ${period(request)}${request.decision_note ? `: ${request.decision_note}` : ''}`,
        icon: CHAT_PUSH_ICON,
        tag: `leave-${request.id}`,
        data: { url: WORKER_LEAVE_URL, leaveId: request.id },
      },
    },
  ]);
}
