import type { TServerEvent } from '@puna/domain';
import { describe, expect, it } from 'vitest';
import { EventBus } from '../../lib/events';
import type { Realtime } from '../../plugins/realtime';
import { listenForLiveUpdates } from './listeners';

type Sent = { to: string; event: TServerEvent | 'disconnect'; payload?: unknown };

/** A realtime stand-in that records what would reach which sockets. */
function recordingRealtime(sent: Sent[]): Realtime {
  return {
    emitToEmployer: (id: number, event: TServerEvent, payload: unknown) =>
      sent.push({ to: `employer:${id}`, event, payload }),
    emitToWorker: (id: number, event: TServerEvent, payload: unknown) =>
      sent.push({ to: `worker:${id}`, event, payload }),
    emitToStaff: (id: number, event: TServerEvent, payload: unknown) =>
      sent.push({ to: `staff:${id}`, event, payload }),
    disconnectSession: (id: number) => sent.push({ to: `session:${id}`, event: 'disconnect' }),
    disconnectWorker: (id: number) => sent.push({ to: `worker:${id}`, event: 'disconnect' }),
  } as unknown as Realtime;
}

function setUp() {
  const sent: Sent[] = [];
  const events = new EventBus();
  listenForLiveUpdates(events, recordingRealtime(sent));
  return { sent, events };
}

describe('live updates: announced facts become socket events', () => {
  it('hours: the employer hears every employee and date, each worker only its own dates', async () => {
    const { sent, events } = setUp();
    await events.announce('hours.changed', {
      employerId: 3,
      changes: [
        { employeeId: 9, date: '2026-11-02' },
        { employeeId: 4, date: '2026-11-03' },
        { employeeId: 9, date: '2026-11-01' },
        { employeeId: 9, date: '2026-11-02' },
      ],
    });
    expect(sent).toEqual([
      {
        to: 'employer:3',
        event: 'hours_update',
        payload: { employee_ids: [4, 9], dates: ['2026-11-01', '2026-11-02', '2026-11-03'] },
      },
      { to: 'worker:4', event: 'hours_update', payload: { employee_ids: [4], dates: ['2026-11-03'] } },
      { to: 'worker:9', event: 'hours_update', payload: { employee_ids: [9], dates: ['2026-11-01', '2026-11-02'] } },
    ]);
  });

  it('the roster: a plan change to the employer; a publish and a decision to all its workers; a request to those it names', async () => {
    const { sent, events } = setUp();
    await events.announce('roster.changed', { employerId: 3 });
    await events.announce('roster.published', {
      employerId: 3,
      employeeIds: [9],
      from: '2026-11-30',
      to: '2026-12-06',
    });
    const swap = { id: 7, employee_id: 9, to_employee_id: 4 } as never;
    await events.announce('shift.offered', { employerId: 3, request: swap });
    const claim = { id: 8, employee_id: 4, to_employee_id: null } as never;
    await events.announce('shift.requested', { employerId: 3, request: claim });
    await events.announce('shift.decided', { employerId: 3, request: claim });
    const update = (reason: string) => ({ event: 'shift_update', payload: { reason } });
    expect(sent).toEqual([
      { to: 'employer:3', ...update('changed') },
      { to: 'employer:3', ...update('published') },
      { to: 'staff:3', ...update('published') },
      { to: 'employer:3', ...update('request') },
      { to: 'worker:9', ...update('request') },
      { to: 'worker:4', ...update('request') },
      { to: 'employer:3', ...update('request') },
      { to: 'worker:4', ...update('request') },
      { to: 'employer:3', ...update('request') },
      { to: 'staff:3', ...update('request') },
    ]);
  });

  it('no hours changed: nothing is sent', async () => {
    const { sent, events } = setUp();
    await events.announce('hours.changed', { employerId: 3, changes: [] });
    expect(sent).toEqual([]);
  });

  it('leave reaches the employer and the worker it is for; a decided correction refreshes the scans', async () => {
    const { sent, events } = setUp();
    const request = { id: 11, employee_id: 9, status: 'approved' } as never;
    await events.announce('leave.decided', { employerId: 3, request });
    await events.announce('correction.decided', {
      employerId: 3,
      correction: {
        id: 5,
        employeeId: 9,
        employeeName: 'Arta',
        kind: 'out',
        date: '2026-11-02',
        time: '16:00',
        status: 'approved',
        decisionNote: null,
      },
    });
    expect(sent).toEqual([
      { to: 'employer:3', event: 'leave_update', payload: { id: 11, employee_id: 9, status: 'approved' } },
      { to: 'worker:9', event: 'leave_update', payload: { id: 11, employee_id: 9, status: 'approved' } },
      { to: 'employer:3', event: 'correction_update', payload: { id: 5, status: 'approved' } },
      { to: 'employer:3', event: 'rfid_update', payload: { worker: { id: 9, name: 'Arta' }, scanData: [] } },
    ]);
  });

  it('revoked access closes the sessions and the worker sockets; a removed device is told as removed', async () => {
    const { sent, events } = setUp();
    await events.announce('access.revoked', { sessionIds: [21], employeeIds: [9] });
    await events.announce('device.removed', { employerId: 3, deviceId: 'ZK1' });
    expect(sent).toEqual([
      { to: 'session:21', event: 'disconnect' },
      { to: 'worker:9', event: 'disconnect' },
      { to: 'employer:3', event: 'device_update', payload: { device_id: 'ZK1', removed: true } },
    ]);
  });
});
