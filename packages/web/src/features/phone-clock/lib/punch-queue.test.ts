import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PunchQueue } from './punch-queue';

const punch = (taken_at: string) => ({ id: randomUUID(), lat: 41.3275, lng: 19.8187, accuracy: 12, taken_at });

describe('PunchQueue', () => {
  it('gives the punches back oldest first, and removes only the one named', async () => {
    const queue = await PunchQueue.open(`punch-test-${randomUUID()}`);
    const first = await queue.add(punch('2026-03-03T07:00:00.000Z'), 1000);
    const second = await queue.add(punch('2026-03-03T16:00:00.000Z'), 2000);
    const third = await queue.add(punch('2026-03-04T07:00:00.000Z'), 1500);
    expect((await queue.all()).map((item) => item.id)).toEqual([first.id, third.id, second.id]);
    await queue.remove(third.id);
    expect((await queue.all()).map((item) => item.id)).toEqual([first.id, second.id]);
    expect(await queue.count()).toBe(2);
  });

  it('keeps one punch per client id and keeps them across reopening', async () => {
    const name = `punch-test-${randomUUID()}`;
    const before = await PunchQueue.open(name);
    const made = punch('2026-03-03T07:00:00.000Z');
    await before.add(made, 10);
    await before.add({ ...made, photo: 'AAAA' }, 20);
    before.close();
    const after = await PunchQueue.open(name);
    expect(await after.all()).toEqual([{ ...made, photo: 'AAAA', queued_at: 20 }]);
  });
});
