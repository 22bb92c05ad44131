import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import type { TScanBatchResponse } from '@puna/domain';
import { describe, expect, it } from 'vitest';
import { DeviceRequestError } from '../api/device-client';
import { ScanQueue } from './scan-queue';
import { type ScanOutcome, ScanSender, type SenderState, withinBodyLimit } from './scan-sender';

/** A server stand-in: records each batch, stores seqs once, answers as protocol v1 does. */
function fakeServer() {
  const stored: { seq: number; uid?: string }[] = [];
  const batches: number[][] = [];
  let failNext = 0;
  let refuse = false;
  const rejectUids = new Set<string>();
  const send = async (scans: { seq: number; uid?: string }[]): Promise<TScanBatchResponse> => {
    batches.push(scans.map((scan) => scan.seq));
    if (refuse) throw new DeviceRequestError(401);
    if (failNext > 0) {
      failNext -= 1;
      throw new DeviceRequestError(0);
    }
    const accepted: number[] = [];
    const rejected: TScanBatchResponse['rejected'] = [];
    for (const scan of scans) {
      if (rejectUids.has(scan.uid ?? '')) rejected.push({ seq: scan.seq, error: 'uid: Invalid' });
      else {
        if (!stored.some((row) => row.seq === scan.seq)) stored.push(scan);
        accepted.push(scan.seq);
      }
    }
    const results = accepted.map((seq) => ({
      seq,
      employee: scans.find((scan) => scan.seq === seq)?.uid === 'ANA001' ? { id: 1, name: 'Ana' } : null,
    }));
    return { accepted, rejected, results };
  };
  return {
    stored,
    batches,
    send,
    failTimes: (n: number) => {
      failNext = n;
    },
    refuseAll: (value: boolean) => {
      refuse = value;
    },
    rejectUid: (uid: string) => rejectUids.add(uid),
  };
}

/** Timers the test fires by hand. */
function manualTimers() {
  const pending: { run: () => void; delayMs: number }[] = [];
  return {
    pending,
    schedule: (run: () => void, delayMs: number) => {
      const entry = { run, delayMs };
      pending.push(entry);
      return () => pending.splice(pending.indexOf(entry) >>> 0, 1);
    },
  };
}

async function setup(batchSize = 2) {
  const queue = await ScanQueue.open(`sender-test-${randomUUID()}`);
  const server = fakeServer();
  const timers = manualTimers();
  const outcomes: ScanOutcome[] = [];
  const states: SenderState[] = [];
  const sender = new ScanSender({
    queue,
    send: server.send,
    batchSize,
    schedule: timers.schedule,
    onOutcomes: (list) => outcomes.push(...list),
    onState: (state) => states.push(state),
  });
  const read = async (uid: string, at: number) => queue.add(uid, new Date(at).toISOString(), at);
  return { queue, server, timers, outcomes, states, sender, read };
}

describe('ScanSender', () => {
  it('sends the queue in order, in batches, and empties it', async () => {
    const { queue, server, sender, read, outcomes } = await setup(2);
    for (const [i, uid] of ['ANA001', 'CARD02', 'CARD03', 'ANA001', 'CARD05'].entries()) await read(uid, 100 + i);
    expect(await sender.flush()).toBe(true);
    expect(server.batches).toEqual([[100, 101], [102, 103], [104]]);
    expect(server.stored.map((scan) => scan.seq)).toEqual([100, 101, 102, 103, 104]);
    expect(await queue.count()).toBe(0);
    expect(outcomes.slice(0, 2)).toEqual([
      { seq: 100, status: 'accepted', employee: { id: 1, name: 'Ana' } },
      { seq: 101, status: 'accepted', employee: null },
    ]);
  });

  it('keeps everything while offline, retries with a growing pause, and replays once in order', async () => {
    const { queue, server, sender, read, timers, states } = await setup(10);
    await read('CARD01', 1);
    await read('CARD02', 2);
    server.failTimes(2);
    expect(await sender.flush()).toBe(false);
    expect(await queue.count()).toBe(2);
    expect(states.at(-1)).toEqual({ pending: 2, failing: true, refused: false });
    expect(timers.pending.map((timer) => timer.delayMs)).toEqual([1000]);

    timers.pending.shift()?.run();
    await sender.flush();
    expect(timers.pending.map((timer) => timer.delayMs)).toEqual([2000]);
    await read('CARD03', 3);

    // The network is back: no waiting for the timer.
    expect(await sender.wake()).toBe(true);
    expect(timers.pending).toEqual([]);
    expect(server.stored.map((scan) => scan.seq)).toEqual([1, 2, 3]);
    expect(states.at(-1)).toEqual({ pending: 0, failing: false, refused: false });
  });

  it('removes only accepted scans and drops rejected ones with their error', async () => {
    const { queue, server, sender, read, outcomes } = await setup(10);
    server.rejectUid('BAD001');
    await read('CARD01', 1);
    await read('BAD001', 2);
    await read('CARD03', 3);
    await sender.flush();
    expect(outcomes.map((outcome) => [outcome.seq, outcome.status])).toEqual([
      [1, 'accepted'],
      [2, 'rejected'],
      [3, 'accepted'],
    ]);
    expect(await queue.count()).toBe(0);
  });

  it('leaves a scan the server did not settle in the queue', async () => {
    const queue = await ScanQueue.open(`sender-test-${randomUUID()}`);
    const timers = manualTimers();
    await queue.add('CARD01', new Date(1).toISOString(), 1);
    await queue.add('CARD02', new Date(2).toISOString(), 2);
    const sender = new ScanSender({
      queue,
      schedule: timers.schedule,
      send: async () => ({ accepted: [2], rejected: [] }),
    });
    await sender.flush();
    expect((await queue.peek(10)).map((scan) => scan.seq)).toEqual([1]);
    // Seq 1 is never settled: the sender backs off instead of looping.
    expect(await sender.flush()).toBe(false);
    expect(timers.pending).toHaveLength(1);
  });

  it('says when the credentials are refused and keeps the scans', async () => {
    const { queue, server, sender, read, states } = await setup();
    await read('CARD01', 1);
    server.refuseAll(true);
    await sender.flush();
    expect(states.at(-1)).toEqual({ pending: 1, failing: true, refused: true });
    expect(await queue.count()).toBe(1);
  });

  it('runs one drain at a time: a scan read during a send goes in the next batch, once', async () => {
    const { server, sender, read } = await setup(10);
    await read('CARD01', 1);
    const first = sender.flush();
    await read('CARD02', 2);
    const second = sender.flush();
    const third = sender.flush();
    expect(second).toBe(third);
    await Promise.all([first, second]);
    expect(server.stored.map((scan) => scan.seq)).toEqual([1, 2]);
    expect(server.batches.flat().filter((seq) => seq === 1)).toHaveLength(1);
  });
});

describe('batches carrying photos', () => {
  it('sends only as many photos as fit in one request, and at least one scan', () => {
    const photo = 'A'.repeat(1_000_000);
    const batch = [1, 2, 3, 4].map((seq) => ({ seq, ts: '2025-03-03T07:00:00Z', pin: '1234', photo }));
    expect(withinBodyLimit(batch).map((scan) => scan.seq)).toEqual([1, 2]);
    const huge = [{ seq: 9, ts: '2025-03-03T07:00:00Z', pin: '1234', photo: 'A'.repeat(3_000_000) }];
    expect(withinBodyLimit(huge)).toEqual(huge);
    const plain = [1, 2, 3].map((seq) => ({ seq, ts: '2025-03-03T07:00:00Z', uid: 'ABCD' }));
    expect(withinBodyLimit(plain)).toEqual(plain);
  });
});

describe('a kiosk answer naming no one', () => {
  it("passes on the server's reason a PIN or badge found no one", async () => {
    const queue = await ScanQueue.open(`sender-test-${randomUUID()}`);
    const outcomes: ScanOutcome[] = [];
    const sender = new ScanSender({
      queue,
      send: async (scans) => ({
        accepted: scans.map((scan) => scan.seq),
        rejected: [],
        results: scans.map((scan) => ({
          seq: scan.seq,
          employee: null,
          error: scan.pin === '1111' ? 'unknown' : 'locked',
        })),
      }),
      onOutcomes: (list) => outcomes.push(...list),
    });
    await queue.add({ pin: '1111' }, '2025-03-03T07:00:00.000Z', 1);
    await queue.add({ pin: '4821' }, '2025-03-03T07:00:01.000Z', 1);
    expect(await sender.flush()).toBe(true);
    expect(outcomes).toEqual([
      { seq: 1, status: 'accepted', employee: null, error: 'unknown' },
      { seq: 2, status: 'accepted', employee: null, error: 'locked' },
    ]);
  });
});
