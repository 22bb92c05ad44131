import type { EventBus } from '../../lib/events';
import type { Realtime } from '../../plugins/realtime';

/**
 * The open pages follow what changed (docs/product.md#realtime): each announced fact becomes the
 * socket event the web client listens for, sent to the employer's sockets and, where the fact is a
 * worker's own, to that worker's. Features announce facts (`lib/events.ts`); none emits to sockets
 * itself, except the chat, whose messages are the sockets' own traffic.
 */
export function listenForLiveUpdates(events: EventBus, realtime: Realtime): void {
  events.listen('hours.changed', ({ employerId, changes }) => {
    if (changes.length === 0) return;
    const employeeIds = [...new Set(changes.map((change) => change.employeeId))].sort((a, b) => a - b);
    const dates = [...new Set(changes.map((change) => change.date))].sort();
    realtime.emitToEmployer(employerId, 'hours_update', { employee_ids: employeeIds, dates });
    for (const employeeId of employeeIds) {
      const own = changes.filter((change) => change.employeeId === employeeId).map((change) => change.date);
      realtime.emitToWorker(employeeId, 'hours_update', {
        employee_ids: [employeeId],
        dates: [...new Set(own)].sort(),
      });
    }
  });
  events.listen('scans.changed', ({ employerId, updates }) => {
    for (const update of updates) realtime.emitToEmployer(employerId, 'rfid_update', update);
  });
  events.listen('device.changed', ({ employerId, device }) =>
    realtime.emitToEmployer(employerId, 'device_update', device),
  );
  events.listen('device.removed', ({ employerId, deviceId }) =>
    realtime.emitToEmployer(employerId, 'device_update', { device_id: deviceId, removed: true }),
  );
  events.listen('employees.changed', ({ employerId, employees }) =>
    realtime.emitToEmployer(employerId, 'employee_update', employees),
  );
  events.listen('access.revoked', ({ sessionIds = [], employeeIds = [] }) => {
    for (const sessionId of sessionIds) realtime.disconnectSession(sessionId);
    for (const employeeId of employeeIds) realtime.disconnectWorker(employeeId);
  });
  for (const name of ['leave.requested', 'leave.decided', 'leave.cancelled'] as const) {
    events.listen(name, ({ employerId, request }) => {
      const update = { id: request.id, employee_id: request.employee_id, status: request.status };
      realtime.emitToEmployer(employerId, 'leave_update', update);
      realtime.emitToWorker(request.employee_id, 'leave_update', update);
    });
  }
  events.listen('correction.requested', ({ employerId, correction }) =>
    realtime.emitToEmployer(employerId, 'correction_update', { id: correction.id, status: correction.status }),
  );
  events.listen('correction.decided', ({ employerId, correction }) => {
    // The employer's other open screens (another tab, another admin) drop the request from pending.
    realtime.emitToEmployer(employerId, 'correction_update', { id: correction.id, status: correction.status });
    if (correction.status === 'approved') {
      realtime.emitToEmployer(employerId, 'rfid_update', {
        worker: { id: correction.employeeId, name: correction.employeeName },
        scanData: [],
      });
    }
  });
  // The roster (docs/product.md#realtime): the screens refetch; the payload says why.
  events.listen('roster.changed', ({ employerId }) =>
    realtime.emitToEmployer(employerId, 'shift_update', { reason: 'changed' }),
  );
  events.listen('roster.published', ({ employerId }) => {
    realtime.emitToEmployer(employerId, 'shift_update', { reason: 'published' });
    realtime.emitToStaff(employerId, 'shift_update', { reason: 'published' });
  });
  for (const name of ['shift.requested', 'shift.offered'] as const) {
    events.listen(name, ({ employerId, request }) => {
      realtime.emitToEmployer(employerId, 'shift_update', { reason: 'request' });
      for (const id of new Set([request.employee_id, request.to_employee_id])) {
        if (id !== null) realtime.emitToWorker(id, 'shift_update', { reason: 'request' });
      }
    });
  }
  // An approved claim or swap moves a published shift, and a claimed open shift is gone for everyone.
  events.listen('shift.decided', ({ employerId }) => {
    realtime.emitToEmployer(employerId, 'shift_update', { reason: 'request' });
    realtime.emitToStaff(employerId, 'shift_update', { reason: 'request' });
  });
}
