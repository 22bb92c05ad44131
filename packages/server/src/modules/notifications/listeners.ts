import type { EventBus } from '../../lib/events';
import type { ServiceDeps } from '../../plugins/deps';
import {
  chatNotice,
  clockMovedNotice,
  correctionDecisionNotice,
  digestNotice,
  leaveDecisionNotice,
  missedCheckoutNotice,
  newCorrectionNotice,
  newLeaveNotice,
  noShowNotice,
  rosterNotice,
  shiftDecisionNotice,
  shiftOfferNotice,
  shiftRequestNotice,
} from './notices';
import { pushToMembers } from './service';

/**
 * The browsers' notifications (docs/product.md#push-notifications): each announced fact someone should
 * hear about while Puna is closed becomes a push to the employer's or the worker's subscribed
 * browsers. A push that fails is logged by the bus and never fails the request that caused it.
 */
export function listenForNotices(events: EventBus, deps: Pick<ServiceDeps, 'db' | 'push'>): void {
  events.listen('leave.requested', ({ employerId, employeeName, request }) =>
    pushToMembers(deps, [{ type: 'employer', id: employerId, payload: newLeaveNotice(employeeName, request) }]),
  );
  events.listen('leave.decided', ({ request }) =>
    pushToMembers(deps, [{ type: 'worker', id: request.employee_id, payload: leaveDecisionNotice(request) }]),
  );
  events.listen('correction.requested', ({ employerId, correction }) =>
    pushToMembers(deps, [{ type: 'employer', id: employerId, payload: newCorrectionNotice(correction) }]),
  );
  events.listen('correction.decided', ({ correction }) =>
    pushToMembers(deps, [{ type: 'worker', id: correction.employeeId, payload: correctionDecisionNotice(correction) }]),
  );
  events.listen('attendance.checkoutMissed', (event) =>
    pushToMembers(deps, [{ type: 'worker', id: event.employeeId, payload: missedCheckoutNotice(event) }]),
  );
  events.listen('attendance.digest', (event) =>
    pushToMembers(deps, [{ type: 'employer', id: event.employerId, payload: digestNotice(event) }]),
  );
  events.listen('clock.moved', (event) =>
    pushToMembers(deps, [{ type: 'employer', id: event.employerId, payload: clockMovedNotice(event) }]),
  );
  events.listen('roster.published', (event) =>
    pushToMembers(
      deps,
      event.employeeIds.map((id) => ({ type: 'worker' as const, id, payload: rosterNotice(event) })),
    ),
  );
  events.listen('shift.requested', ({ employerId, request }) =>
    pushToMembers(deps, [{ type: 'employer', id: employerId, payload: shiftRequestNotice(request) }]),
  );
  events.listen('shift.offered', ({ request }) =>
    request.to_employee_id === null
      ? undefined
      : pushToMembers(deps, [{ type: 'worker', id: request.to_employee_id, payload: shiftOfferNotice(request) }]),
  );
  events.listen('shift.decided', ({ request }) =>
    pushToMembers(
      deps,
      [request.employee_id, request.to_employee_id]
        .filter((id): id is number => id !== null)
        .map((id) => ({ type: 'worker' as const, id, payload: shiftDecisionNotice(request) })),
    ),
  );
  events.listen('shift.noShow', (event) =>
    pushToMembers(deps, [{ type: 'employer', id: event.employerId, payload: noShowNotice(event) }]),
  );
  events.listen('chat.unseen', ({ message, recipients }) =>
    pushToMembers(
      deps,
      recipients.map((member) => ({ type: member.type, id: member.id, payload: chatNotice(message, member.type) })),
    ),
  );
}
