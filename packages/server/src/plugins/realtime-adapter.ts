import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';

type ListenClient = pg.Client & { release(): void };

/**
 * `@socket.io/postgres-adapter` with a shutdown that cannot hang. The adapter holds one connection
 * for LISTEN, taken from the "pool" it is given, and publishes with NOTIFY through that pool's
 * `query`. If it closes while that connection is still being opened, it never releases it, and
 * ending a real pool then waits forever. So the LISTEN connection is a client owned here: `close()`
 * ends it whatever state the adapter is in, and once closed no new one is handed out (the adapter's
 * reconnection then waits on a promise that never settles, holding no timer or socket).
 */
export function createPostgresAdapter(connection: pg.PoolConfig, onError: (error: Error) => void) {
  const publisher = new pg.Pool({ ...connection, max: 2 });
  publisher.on('error', onError);
  const listeners = new Set<ListenClient>();
  let closed = false;

  const source = {
    async connect(): Promise<ListenClient> {
      if (closed) return new Promise<never>(() => {});
      const client = new pg.Client(connection) as ListenClient;
      // A dropped connection also emits 'end', on which the adapter reconnects.
      client.on('error', onError);
      client.release = () => {
        listeners.delete(client);
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
      return client;
    },
    query: (text: string, values?: unknown[]) => publisher.query(text, values),
  };

  return {
    adapter: createAdapter(source as unknown as pg.Pool, { errorHandler: onError }),
    /** Ends the LISTEN connection and the publishing pool; call after closing the adapter. */
    async close(): Promise<void> {
      closed = true;
      await Promise.allSettled([...listeners].map((client) => client.end()));
      listeners.clear();
      await publisher.end();
    },
  };
}
