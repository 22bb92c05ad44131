import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ScanQueue } from './scan-queue';

const openFresh = () => ScanQueue.open(`kiosk-test-${randomUUID()}`);

describe('ScanQueue', () => {
  it('keeps scans in the order they were read', async () => {
    const queue = await openFresh();
    const first = await queue.add('AAAA01', '2025-03-03T07:00:00.000Z', 1000);
    const second = await queue.add('AAAA02', '2025-03-03T07:00:01.000Z', 1000);
    const third = await queue.add('AAAA03', '2025-03-03T07:00:02.000Z', 900);
    expect([first.seq, second.seq, third.seq]).toEqual([1000, 1001, 1002]);
    expect((await queue.peek(10)).map((scan) => scan.uid)).toEqual(['AAAA01', 'AAAA02', 'AAAA03']);
    expect((await queue.peek(2)).map((scan) => scan.seq)).toEqual([1000, 1001]);
  });

  it('keeps PIN and badge punches, with their photo, in the same queue as card reads', async () => {
    const queue = await openFresh();
    await queue.add('AAAA01', '2025-03-03T07:00:00.000Z', 10);
    await queue.add({ pin: '4821', photo: '/9j/4AAQ' }, '2025-03-03T07:00:01.000Z', 10);
    await queue.add({ badge: 'PUNA1.1.2.1.abcdefghijklmnopqrstuv' }, '2025-03-03T07:00:02.000Z', 10);
    expect(await queue.peek(10)).toEqual([
      { seq: 10, uid: 'AAAA01', ts: '2025-03-03T07:00:00.000Z' },
      { seq: 11, pin: '4821', photo: '/9j/4AAQ', ts: '2025-03-03T07:00:01.000Z' },
      { seq: 12, badge: 'PUNA1.1.2.1.abcdefghijklmnopqrstuv', ts: '2025-03-03T07:00:02.000Z' },
    ]);
  });

  it('removes only the seqs it is given', async () => {
    const queue = await openFresh();
    const scans = [];
    for (let i = 0; i < 4; i += 1) scans.push(await queue.add(`CARD0${i}`, '2025-03-03T07:00:00.000Z', 50));
    await queue.remove([scans[1]?.seq ?? -1, scans[3]?.seq ?? -1]);
    expect((await queue.peek(10)).map((scan) => scan.uid)).toEqual(['CARD00', 'CARD02']);
    expect(await queue.count()).toBe(2);
  });

  it('persists the scans and the seq counter across reopening, and never reuses a seq', async () => {
    const name = `kiosk-test-${randomUUID()}`;
    const before = await ScanQueue.open(name);
    const kept = await before.add('BEEF01', '2025-03-03T07:00:00.000Z', 5000);
    const sent = await before.add('BEEF02', '2025-03-03T07:00:01.000Z', 5000);
    await before.remove([sent.seq]);
    before.close();

    const after = await ScanQueue.open(name);
    expect(await after.peek(10)).toEqual([kept]);
    // The clock went back (or the seq is simply next): still above every seq handed out.
    expect((await after.add('BEEF03', '2025-03-03T07:00:02.000Z', 10)).seq).toBe(sent.seq + 1);
    await after.clear();
    expect(await after.count()).toBe(0);
    expect((await after.add('BEEF04', '2025-03-03T07:00:03.000Z', 10)).seq).toBe(sent.seq + 2);
  });
});
