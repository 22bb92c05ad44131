import { describe, expect, it } from 'vitest';
import type { Executor } from '../db/executor';
import { EventBus } from './events';

const tx = {} as Executor;

describe('EventBus', () => {
  it('runs domain-event handlers in order inside the publisher, and lets their errors fail it', async () => {
    const bus = new EventBus();
    const seen: string[] = [];
    bus.on('clock.rosterRequested', async (_tx, event) => {
      seen.push(`first ${event.deviceId}`);
    });
    bus.on('clock.rosterRequested', async () => {
      seen.push('second');
    });
    await bus.publish(tx, 'clock.rosterRequested', { employerId: 1, deviceId: 7 });
    expect(seen).toEqual(['first 7', 'second']);

    bus.on('employee.saved', async () => {
      throw new Error('the clock queue is full');
    });
    await expect(bus.publish(tx, 'employee.saved', { employerId: 1, employeeId: 2, before: null })).rejects.toThrow(
      'the clock queue is full',
    );
  });

  it('tells every listener of an announced fact; a failing one is logged and fails nobody', async () => {
    const warnings: { details: object; message: string }[] = [];
    const bus = new EventBus({ warn: (details, message) => warnings.push({ details, message }) });
    const told: string[] = [];
    bus.listen('device.removed', () => {
      throw new Error('socket gone');
    });
    bus.listen('device.removed', async ({ deviceId }) => {
      told.push(deviceId);
    });
    await expect(bus.announce('device.removed', { employerId: 1, deviceId: 'ZK1' })).resolves.toBeUndefined();
    expect(told).toEqual(['ZK1']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toBe('an event listener failed');
    expect(warnings[0]?.details).toMatchObject({ event: 'device.removed' });
  });

  it('runs a listener that does not wait before announce returns, so an unawaited announce is not late', () => {
    const bus = new EventBus();
    const told: number[] = [];
    bus.listen('access.revoked', ({ sessionIds = [] }) => {
      told.push(...sessionIds);
    });
    void bus.announce('access.revoked', { sessionIds: [4, 5] });
    expect(told).toEqual([4, 5]);
  });

  it('announces to nobody without failing when no one listens', async () => {
    await expect(new EventBus().announce('hours.changed', { employerId: 1, changes: [] })).resolves.toBeUndefined();
  });
});
