import { describe, expect, it } from 'vitest';
import { NOTIFY_BATCH_MAX, notifyBatcher, transactionsOf } from './realtime-adapter';

/** A publisher that records each round trip and answers when told to. */
function fakePublisher() {
  const trips: { text: string; finish(error?: Error): void }[] = [];
  return {
    trips,
    query(text: string) {
      return new Promise<unknown>((resolve, reject) => {
        trips.push({ text, finish: (error) => (error ? reject(error) : resolve({ rows: [] })) });
      });
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
const payloadsOf = (text: string) => [...text.matchAll(/pg_notify\('c', '([^']*)'\)/g)].map((m) => m[1]);

describe('notifyBatcher', () => {
  it('sends what queues up during a round trip in the next one, in order, in one transaction when none repeats', async () => {
    const publisher = fakePublisher();
    const notify = notifyBatcher(publisher);
    const settled: string[] = [];
    const all = Array.from({ length: 50 }, (_, i) => notify('c', `e${i}`).then(() => settled.push(`e${i}`)));
    await tick();
    // The first went out alone; the other 49 wait for it.
    expect(publisher.trips).toHaveLength(1);
    expect(payloadsOf(publisher.trips[0]?.text ?? '')).toEqual(['e0']);
    publisher.trips[0]?.finish();
    await tick();
    expect(publisher.trips).toHaveLength(2);
    const second = publisher.trips[1]?.text ?? '';
    expect(payloadsOf(second)).toEqual(Array.from({ length: 49 }, (_, i) => `e${i + 1}`));
    // All different: one transaction.
    expect(second.match(/begin;/g)).toHaveLength(1);
    expect(second.match(/commit;/g)).toHaveLength(1);
    publisher.trips[1]?.finish();
    await Promise.all(all);
    expect(settled).toEqual(Array.from({ length: 50 }, (_, i) => `e${i}`));
  });

  it('starts a new transaction where a notification repeats one of its transaction: PostgreSQL would fold the two', async () => {
    const batch = ['a', 'b', 'a', 'c', 'b', 'b', 'd'].map((payload) => ({ channel: 'c', payload }));
    const groups = transactionsOf(batch).map((group) => group.map((n) => n.payload));
    expect(groups).toEqual([
      ['a', 'b'],
      ['a', 'c', 'b'],
      ['b', 'd'],
    ]);
    // The same payload on another channel is another notification.
    expect(
      transactionsOf([
        { channel: 'x', payload: 'a' },
        { channel: 'y', payload: 'a' },
      ]),
    ).toHaveLength(1);

    const publisher = fakePublisher();
    const notify = notifyBatcher(publisher);
    const first = notify('c', 'first');
    const rest = ['same', 'same', 'other'].map((payload) => notify('c', payload));
    await tick();
    publisher.trips[0]?.finish();
    await tick();
    const text = publisher.trips[1]?.text ?? '';
    expect(text).toBe(
      "begin; select pg_notify('c', 'same'); commit; begin; select pg_notify('c', 'same'); select pg_notify('c', 'other'); commit;",
    );
    publisher.trips[1]?.finish();
    await Promise.all([first, ...rest]);
  });

  it('tells when everything queued so far has gone out, a failed round trip included', async () => {
    const publisher = fakePublisher();
    const notify = notifyBatcher(publisher);
    await notify.drained(); // nothing queued: at once
    let drained = false;
    const first = notify('c', 'hello');
    const second = notify('c', 'goodbye').catch(() => 'failed');
    const waiting = notify.drained().then(() => {
      drained = true;
    });
    await tick();
    publisher.trips[0]?.finish();
    await tick();
    expect(drained).toBe(false);
    publisher.trips[1]?.finish(new Error('connection lost'));
    await waiting;
    await first;
    expect(await second).toBe('failed');
    expect(publisher.trips.map((trip) => payloadsOf(trip.text))).toEqual([['hello'], ['goodbye']]);
  });

  it('caps a round trip and quotes what it sends', async () => {
    const publisher = fakePublisher();
    const notify = notifyBatcher(publisher);
    const all = Array.from({ length: NOTIFY_BATCH_MAX + 2 }, (_, i) => notify('c', i === 1 ? `it's \\ ${i}` : `${i}`));
    await tick();
    publisher.trips[0]?.finish();
    await tick();
    const second = publisher.trips[1]?.text ?? '';
    expect(second.match(/pg_notify/g)).toHaveLength(NOTIFY_BATCH_MAX);
    // A quote is doubled, a backslash makes it an E'' literal: nothing escapes the string.
    expect(second).toContain(`pg_notify('c',  E'it''s \\\\ 1')`);
    publisher.trips[1]?.finish();
    await tick();
    expect(payloadsOf(publisher.trips[2]?.text ?? '')).toEqual([`${NOTIFY_BATCH_MAX + 1}`]);
    publisher.trips[2]?.finish();
    await Promise.all(all);
  });

  it('rejects the callers of a failed round trip and goes on with the next', async () => {
    const publisher = fakePublisher();
    const notify = notifyBatcher(publisher);
    const first = notify('c', 'a');
    const second = notify('c', 'b');
    const third = notify('c', 'c');
    await tick();
    publisher.trips[0]?.finish(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await tick();
    publisher.trips[1]?.finish();
    await expect(Promise.all([second, third])).resolves.toEqual([undefined, undefined]);
    const later = notify('c', 'd');
    await tick();
    expect(payloadsOf(publisher.trips[2]?.text ?? '')).toEqual(['d']);
    publisher.trips[2]?.finish();
    await later;
  });
});
