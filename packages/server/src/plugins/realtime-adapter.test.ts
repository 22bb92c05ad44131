import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { Server } from 'socket.io';
import { io as connectTo, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDatabaseKind } from '../../test/helpers/database';
import { createPostgresAdapter, NOTIFY_BATCH_MAX, notifyBatcher, transactionsOf } from './realtime-adapter';

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

/** A short heartbeat, so that "alone" is reached in a test's time: 100 ms, gone after 200 ms. */
const QUICK_HEARTBEAT = { heartbeatInterval: 100, heartbeatTimeout: 200 };

async function waitFor(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`not ${what} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A socket.io server on the Postgres adapter, and the events it sends as realtime.ts does. */
async function startProcess(url: string) {
  const server = http.createServer();
  const io = new Server(server, { path: '/socket.io', serveClient: false });
  const postgres = createPostgresAdapter(
    { connectionString: url },
    () => {},
    () => {},
    QUICK_HEARTBEAT,
  );
  io.adapter(postgres.adapter);
  io.on('connection', (socket) => void socket.join('room'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const adapter = io.of('/').adapter;
  return {
    port,
    alone: () => postgres.alone(adapter),
    /** An event to 'room', sent to this process's sockets only when the process is alone. */
    emit(value: string) {
      const local = postgres.alone(adapter);
      void adapter.broadcast(
        { type: 2, data: ['note', value] },
        { rooms: new Set(['room']), except: new Set(), flags: local ? { local: true } : {} },
      );
      return local;
    },
    async stop() {
      io.local.disconnectSockets(true);
      io.engine.close();
      await adapter.close();
      await postgres.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.runIf(testDatabaseKind === 'postgres')('createPostgresAdapter: a process alone sends no NOTIFY', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let observer: pg.Client;
  /** The broadcasts seen on the namespace's channel, by their event's value. */
  const published: string[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    observer = new pg.Client({ connectionString: database.url });
    await observer.connect();
    observer.on('notification', (message) => {
      const body = JSON.parse(message.payload ?? '{}') as { type?: number; data?: { packet?: { data?: unknown[] } } };
      if (body.type === 3) published.push(String(body.data?.packet?.data?.[1]));
    });
    await observer.query('LISTEN "socket.io#/"');
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await observer?.end();
    await database?.drop();
  });

  async function socketOf(port: number, heard: string[]): Promise<Socket> {
    const socket = connectTo(`http://127.0.0.1:${port}`, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
    });
    sockets.push(socket);
    socket.on('note', (value: string) => heard.push(value));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  it('publishes until it knows it is alone, then only while another process runs', async () => {
    const a = await startProcess(database.url);
    const onA: string[] = [];
    await socketOf(a.port, onA);
    // Just started: it cannot know yet whether another process runs, so it publishes.
    expect(a.emit('first')).toBe(false);
    await waitFor(() => published.includes('first'), 'published');
    await waitFor(() => onA.includes('first'), 'heard on A');

    // A heartbeat timeout and an interval of LISTENing without hearing another: alone.
    await waitFor(a.alone, 'alone');
    expect(a.emit('alone')).toBe(true);
    await waitFor(() => onA.includes('alone'), 'heard on A');

    // B starts and says so: A publishes again, and B's socket hears A's event.
    const b = await startProcess(database.url);
    await waitFor(() => !a.alone(), 'told of B');
    const onB: string[] = [];
    await socketOf(b.port, onB);
    expect(a.emit('both')).toBe(false);
    await waitFor(() => onB.includes('both'), 'heard on B');
    expect(onA).toEqual(['first', 'alone', 'both']);
    expect(b.alone()).toBe(false);

    // B stops (its goodbye): A is alone again at once.
    await b.stop();
    await waitFor(a.alone, 'alone again');
    expect(a.emit('after')).toBe(true);
    await waitFor(() => onA.includes('after'), 'heard on A');
    await a.stop();
    // What A sent alone never went through the database.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(published).toEqual(['first', 'both']);
  }, 30_000);
});
