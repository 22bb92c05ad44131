import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { createPool } from '../db/client';

type ListenClient = pg.Client & { release(): void };

/** The cluster adapter's heartbeat, in ms: how often a process says it is there, and after how long without a word it counts as gone. */
export type Heartbeat = { heartbeatInterval: number; heartbeatTimeout: number };
/** socket.io-adapter's own defaults. */
export const DEFAULT_HEARTBEAT: Heartbeat = { heartbeatInterval: 5000, heartbeatTimeout: 10_000 };

/** The one statement the adapter publishes with (`PubSubClient.publish`). */
export const NOTIFY_STATEMENT = 'SELECT pg_notify($1, $2)';
/** At most this many notifications go in one round trip. */
export const NOTIFY_BATCH_MAX = 200;

type Publisher = { query(text: string, values?: unknown[]): Promise<unknown> };
type PendingNotify = { channel: string; payload: string; resolve(): void; reject(error: unknown): void };

/**
 * Publishes notifications in order, batching those that queue up while one round trip is under way
 * into the next one (docs/architecture.md#realtime-and-scale-out). One NOTIFY per round trip cannot keep up
 * with a busy process: each answer waits for a turn of the event loop, and under load events came in
 * faster than they went out, so a queue of them grew without end (the 5-minute PostgreSQL soak:
 * 33,000 pending publishes, the RSS +48 %). PostgreSQL folds identical notifications sent in one
 * transaction into one, so a round trip's notifications share a transaction until one repeats an
 * earlier one of it, which starts the next (`transactionsOf`); one transaction per notification cost
 * a scan batch's nine `rfid_update`s 0.5–0.6 ms of database CPU against 0.2–0.5 ms together. A
 * transaction's notifications arrive in the order sent, and transactions in the order they commit.
 * Each caller's promise settles, in the order called, once its batch has run.
 */
/** Notifications in order, cut into transactions wherever one repeats an earlier one of its transaction. */
export function transactionsOf<T extends { channel: string; payload: string }>(batch: readonly T[]): T[][] {
  const groups: T[][] = [];
  let group: T[] = [];
  let seen = new Set<string>();
  for (const n of batch) {
    const key = `${n.channel}\u0000${n.payload}`;
    if (seen.has(key)) {
      groups.push(group);
      group = [];
      seen = new Set();
    }
    group.push(n);
    seen.add(key);
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

export function notifyBatcher(publisher: Publisher) {
  let queue: PendingNotify[] = [];
  let flushing = false;
  const idle: (() => void)[] = [];
  async function flush() {
    flushing = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, NOTIFY_BATCH_MAX);
      queue = queue.slice(batch.length);
      const text = transactionsOf(batch)
        .map(
          (group) =>
            `begin; ${group.map((n) => `select pg_notify(${pg.escapeLiteral(n.channel)}, ${pg.escapeLiteral(n.payload)});`).join(' ')} commit;`,
        )
        .join(' ');
      try {
        await publisher.query(text);
        for (const n of batch) n.resolve();
      } catch (error) {
        for (const n of batch) n.reject(error);
      }
    }
    flushing = false;
    for (const done of idle.splice(0)) done();
  }
  const notify = (channel: string, payload: string) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ channel, payload, resolve, reject });
      if (!flushing) void flush();
    });
  /** Settles once every notification queued so far has been sent (or has failed). */
  const drained = () =>
    flushing || queue.length > 0 ? new Promise<void>((resolve) => idle.push(resolve)) : Promise.resolve();
  return Object.assign(notify, { drained });
}

/**
 * `@socket.io/postgres-adapter` with a shutdown that cannot hang. The adapter holds one connection
 * for LISTEN, taken from the "pool" it is given, and publishes with NOTIFY through that pool's
 * `query`. If it closes while that connection is still being opened, it never releases it, and
 * ending a real pool then waits forever. So the LISTEN connection is a client owned here: `close()`
 * ends it whatever state the adapter is in, and once closed no new one is handed out (the adapter's
 * reconnection then waits on a promise that never settles, holding no timer or socket).
 */
export function createPostgresAdapter(
  connection: pg.PoolConfig,
  onError: (error: Error) => void,
  /**
   * Called each time the LISTEN connection is back after it was lost (and listening again). Events
   * other processes published while it was down never arrive (NOTIFY is not stored), so the
   * caller tells its sockets to refresh.
   */
  onReconnected: () => void = () => {},
  /** The cluster adapter's heartbeat (its defaults: 5 s, and 10 s before a silent process counts as gone). */
  heartbeat: Heartbeat = DEFAULT_HEARTBEAT,
) {
  const publisher = createPool({ ...connection, max: 2 }, onError);
  const notify = notifyBatcher(publisher);
  const listeners = new Set<ListenClient>();
  let closed = false;
  let connections = 0;
  /** Since when this process has been LISTENing without a break (null: it is not). */
  let listeningSince: number | null = null;

  const source = {
    async connect(): Promise<ListenClient> {
      if (closed) return new Promise<never>(() => {});
      const client = new pg.Client(connection) as ListenClient;
      // A dropped connection also emits 'end', on which the adapter reconnects.
      client.on('error', onError);
      client.on('end', () => {
        listeningSince = null;
      });
      client.release = () => {
        listeners.delete(client);
        listeningSince = null;
        client.end().catch(() => {});
      };
      listeners.add(client);
      try {
        await client.connect();
      } catch (error) {
        listeners.delete(client);
        throw error;
      }
      if (closed) {
        client.release();
        return new Promise<never>(() => {});
      }
      connections += 1;
      const reconnected = connections > 1;
      // The adapter LISTENs on the connection it is given; once that is done, this process hears
      // the others (again: after a reconnection what it missed meanwhile can be fetched).
      const query = client.query.bind(client) as (text: string) => Promise<unknown>;
      let heard = false;
      (client as unknown as { query: typeof query }).query = (text: string) => {
        const result = query(text);
        if (!heard && typeof text === 'string' && text.startsWith('LISTEN')) {
          result.then(() => {
            if (heard || closed || !listeners.has(client)) return;
            heard = true;
            listeningSince = Date.now();
            if (reconnected) onReconnected();
          }, onError);
        }
        return result;
      };
      return client;
    },
    // The adapter publishes through `query`: its notifications are batched, the rest (a large
    // event's attachment row) go straight to the pool.
    query: (text: string, values?: unknown[]) =>
      text === NOTIFY_STATEMENT && values?.length === 2
        ? notify(String(values[0]), String(values[1])).then(() => ({ rows: [] }))
        : publisher.query(text, values),
  };

  return {
    adapter: createAdapter(source as unknown as pg.Pool, { errorHandler: onError, ...heartbeat }),
    /**
     * Whether an event of `adapter` (this namespace's) may go to this process's sockets only,
     * without a NOTIFY: no other process is running. That is known once this process has been
     * LISTENing for a heartbeat timeout plus an interval without hearing another: every process
     * publishes at least once per interval (a heartbeat when it has nothing else to say), and a
     * process that starts says so at once, before it serves a socket. Most deployments run one
     * process, and there a scan batch's events cost the server about a quarter of its CPU in NOTIFYs it
     * then heard back (bench/NOTES.md, issue 37). A cluster adapter without the node list
     * (`nodesMap`, socket.io-adapter's) is never alone here: every event is published, as before.
     */
    alone(adapter: unknown): boolean {
      if (
        listeningSince === null ||
        Date.now() - listeningSince < heartbeat.heartbeatTimeout + heartbeat.heartbeatInterval
      )
        return false;
      const nodes = (adapter as { nodesMap?: unknown }).nodesMap;
      return nodes instanceof Map && nodes.size === 0;
    },
    /**
     * Ends the LISTEN connection and the publishing pool; call after closing the adapter. What is
     * still queued goes out first (for at most 2 s): the adapter's goodbye (`ADAPTER_CLOSE`) is
     * queued by its `close()`, often behind its hello, and a goodbye lost with the pool left the
     * other processes counting this one, waiting 5 s on each `fetchSockets` for 10 s.
     */
    async close(): Promise<void> {
      closed = true;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([notify.drained(), new Promise((resolve) => (timer = setTimeout(resolve, 2000)))]);
      clearTimeout(timer);
      await Promise.allSettled([...listeners].map((client) => client.end()));
      listeners.clear();
      await publisher.end();
    },
  };
}
