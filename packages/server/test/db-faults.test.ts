import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ClientToServerEvents, ServerToClientEvents } from '@puna/domain';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPostgres } from '../src/db/client';
import { DATABASE_RETRY_AFTER_SECONDS } from '../src/lib/errors';
import type { TestContext } from './helpers/app';
import { eventually } from './helpers/chat-factories';
import { createPostgresDatabase, testDatabaseKind } from './helpers/database';
import { bearer, createEmployer } from './helpers/factories';
import {
  api,
  createServerStorage,
  employerWithWorkersAndReader,
  type ServerProcess,
  startServer,
  stopServer,
} from './helpers/server-process';
import { startTcpProxy } from './helpers/tcp-proxy';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

function connectSocket(base: string, token: string): Promise<ClientSocket> {
  const socket: ClientSocket = io(base, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Every backend of the database but the caller's ends at once, as a failover or `pg_terminate_backend` does. */
async function terminateEveryBackend(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

const WORKERS = 4;
const HOURS_WRITERS = 4;
const TERMINATIONS = 4;

const dayFrom = (offset: number) => new Date(Date.UTC(2031, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);

describe.runIf(testDatabaseKind === 'postgres')('database faults on PostgreSQL', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  /** The app on its own database, reached through a relay the test can cut (a database gone away). */
  async function appThroughRelay() {
    const target = await createPostgresDatabase();
    cleanups.push(() => target.drop());
    const direct = new URL(target.url);
    const relay = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    cleanups.push(() => relay.close());
    const database = await openPostgres(relay.through(target.url), { max: 5 });
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'puna-relay-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: 'admin@puna.test',
    });
    const app = await buildApp(config, { database, logger: false });
    await app.ready();
    cleanups.push(async () => {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    });
    return { app, relay, ctx: { app, routes: [], database, config, dataDir } as unknown as TestContext };
  }

  it('two processes under write load survive every backend being terminated, answer, and lose no acknowledged write', async () => {
    const storage = await createServerStorage('puna-db-faults-');
    cleanups.push(() => storage.remove());
    const servers: ServerProcess[] = [await startServer(storage.env), await startServer(storage.env)];
    for (const server of servers) cleanups.push(() => stopServer(server));
    const [a, b] = servers as [ServerProcess, ServerProcess];

    const { employer, workerIds, deviceAuth } = await employerWithWorkersAndReader(
      a.url,
      storage.outboxDir,
      WORKERS,
      `FAULT-${Date.now().toString(36)}`,
    );

    // A socket on each process: each is told to refresh once its process hears the others again.
    const refreshed = new Set<string>();
    for (const server of servers) {
      const socket = await connectSocket(server.url, employer.token);
      cleanups.push(async () => socket.disconnect());
      socket.on('refresh', (events) => {
        if (events === null) refreshed.add(server.url);
      });
    }

    const acked = new Map<string, number>();
    const ackedSeqs: number[] = [];
    const unexpected: string[] = [];
    let unavailable = 0;
    let stop = false;
    let terminated = 0;

    /** A 503 must carry Retry-After; anything else but success is a failure of the test. */
    const note503 = (what: string, res: Response) => {
      if (res.headers.get('retry-after') !== String(DATABASE_RETRY_AFTER_SECONDS)) {
        unexpected.push(`${what} 503 without Retry-After`);
      }
      unavailable += 1;
    };

    const hoursWriter = async (writer: number) => {
      for (let k = 0; !stop && unexpected.length === 0; k += 1) {
        const server = servers[k % 2] as ServerProcess;
        const entry = {
          worker_id: workerIds[k % WORKERS] as number,
          data: dayFrom(writer * 3000 + k),
          ora: 1 + (k % 8),
        };
        // As a client does: send again what got no answer or a 503; a 409 then means the first try was stored.
        for (let attempt = 0; ; attempt += 1) {
          let res: Response;
          try {
            res = await fetch(`${server.url}/krye/addworkerklista`, {
              method: 'POST',
              headers: { ...bearer(employer.token), 'content-type': 'application/json' },
              body: JSON.stringify([entry]),
            });
          } catch (error) {
            unexpected.push(`hours: no answer from ${server.url}: ${String(error)}`);
            return;
          }
          if (res.status === 201 || (res.status === 409 && attempt > 0)) {
            acked.set(`${entry.worker_id}|${entry.data}`, entry.ora);
            break;
          }
          if (res.status === 503) {
            note503('hours', res);
            await new Promise((resolve) => setTimeout(resolve, 50));
            continue;
          }
          unexpected.push(`hours ${res.status} ${await res.text()}`);
          return;
        }
      }
    };

    const device = async () => {
      for (let batch = 0; !stop && unexpected.length === 0; batch += 1) {
        const server = servers[batch % 2] as ServerProcess;
        const scans = Array.from({ length: 5 }, (_, i) => {
          const seq = batch * 5 + i + 1;
          return { seq, uid: `CARD${seq % 5}`, ts: new Date(Date.UTC(2026, 0, 1, 6) + seq * 1000).toISOString() };
        });
        for (;;) {
          let res: Response;
          try {
            res = await fetch(`${server.url}/device/v1/scans`, {
              method: 'POST',
              headers: { authorization: deviceAuth, 'content-type': 'application/json' },
              body: JSON.stringify({ scans }),
            });
          } catch (error) {
            unexpected.push(`scans: no answer from ${server.url}: ${String(error)}`);
            return;
          }
          if (res.status === 200) {
            const { accepted } = (await res.json()) as { accepted: number[] };
            if (accepted.join() !== scans.map((scan) => scan.seq).join()) {
              unexpected.push(`scans: accepted ${accepted.join()} of ${scans.map((scan) => scan.seq).join()}`);
              return;
            }
            ackedSeqs.push(...accepted);
            break;
          }
          if (res.status === 503) {
            note503('scans', res);
            await new Promise((resolve) => setTimeout(resolve, 50));
            continue;
          }
          unexpected.push(`scans ${res.status} ${await res.text()}`);
          return;
        }
      }
    };

    const faults = async () => {
      while (acked.size < 30 && unexpected.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      for (let round = 0; round < TERMINATIONS && unexpected.length === 0; round += 1) {
        terminated += await terminateEveryBackend(storage.databaseUrl as string);
        await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 200));
      }
      // Writes go on for a while on the new connections.
      const after = acked.size;
      const deadline = Date.now() + 20_000;
      while (acked.size < after + 30 && Date.now() < deadline && unexpected.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      stop = true;
    };

    await Promise.all([...Array.from({ length: HOURS_WRITERS }, (_, w) => hoursWriter(w)), device(), faults()]);
    expect(unexpected).toEqual([]);
    expect(terminated).toBeGreaterThan(0);

    // Both processes are alive and answer.
    for (const server of servers) {
      expect(server.child.exitCode, server.output.join('')).toBeNull();
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      expect((await api(server.url, employer.token, 'GET', '/krye/employee')).status).toBe(200);
    }
    expect(server503Sentences(servers)).toEqual([]);

    // Every acknowledged write is stored once.
    const database = await openPostgres(storage.databaseUrl as string, { max: 1 });
    try {
      const hours = (
        await database.pool?.query<{ worker_id: number; data: string; ora: string; n: number }>(
          'select worker_id, data::text as data, max(ora)::text as ora, count(*)::int as n from hours_entries where employer_id = $1 group by worker_id, data',
          [employer.employerId],
        )
      )?.rows;
      const stored = new Map((hours ?? []).map((row) => [`${row.worker_id}|${row.data}`, row]));
      for (const [key, ora] of acked) {
        expect(stored.get(key)?.n, key).toBe(1);
        expect(Number(stored.get(key)?.ora)).toBe(ora);
      }
      const scans = (
        await database.pool?.query<{ seq: string; n: number }>(
          'select seq::text as seq, count(*)::int as n from scans where employer_id = $1 group by seq',
          [employer.employerId],
        )
      )?.rows;
      const storedSeqs = new Map((scans ?? []).map((row) => [Number(row.seq), row.n]));
      for (const seq of ackedSeqs) expect(storedSeqs.get(seq), `scan ${seq}`).toBe(1);
    } finally {
      await database.close();
    }

    // The sockets were told to refresh: events between the processes may have been lost meanwhile.
    await eventually(() => expect([...refreshed].sort()).toEqual([a.url, b.url].sort()), 15_000);
    console.info(
      `terminated ${terminated} backends in ${TERMINATIONS} rounds; ${acked.size} hours entries and ` +
        `${ackedSeqs.length} scans acknowledged; ${unavailable} answers were 503 with Retry-After`,
    );
  }, 180_000);

  it('answers 503 with Retry-After while the database is away (API, device, clock), and works again when it is back', async () => {
    const { app, relay, ctx } = await appThroughRelay();
    const employer = await createEmployer(ctx);
    expect(
      (await app.inject({ method: 'GET', url: '/krye/employee', headers: bearer(employer.token) })).statusCode,
    ).toBe(200);

    relay.cut();
    const list = await app.inject({ method: 'GET', url: '/krye/employee', headers: bearer(employer.token) });
    expect(list.statusCode).toBe(503);
    expect(list.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(list.json()).toEqual({
      Status: false,
      Error: 'The service is briefly unavailable. Please try again in a few seconds.',
      code: 'serviceUnavailable',
    });
    const write = await app.inject({
      method: 'POST',
      url: '/krye/addworkerklista',
      headers: bearer(employer.token),
      payload: [{ worker_id: 1, data: '2031-01-01', ora: 8 }],
    });
    expect(write.statusCode).toBe(503);
    const scans = await app.inject({
      method: 'POST',
      url: '/device/v1/scans',
      headers: { authorization: 'Device ESP-X:secret' },
      payload: { scans: [{ seq: 1, uid: 'CARD1', ts: '2031-01-01T06:00:00Z' }] },
    });
    expect(scans.statusCode).toBe(503);
    expect(scans.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    // A ZKTeco clock reads text only: a line it understands, and Retry-After.
    const clock = await app.inject({ method: 'GET', url: '/iclock/cdata?SN=AWAY0001&options=all' });
    expect(clock.statusCode).toBe(503);
    expect(clock.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(clock.headers['content-type']).toMatch(/^text\/plain/);
    expect(clock.body).toMatch(/^ERROR: /);
    const login = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: employer.email, password: employer.password },
    });
    expect(login.statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);

    relay.restore();
    await eventually(async () => {
      const again = await app.inject({ method: 'GET', url: '/krye/employee', headers: bearer(employer.token) });
      expect(again.statusCode).toBe(200);
    }, 15_000);
  }, 60_000);

  it('tells every socket to refresh once the link between processes is back', async () => {
    const { app, relay, ctx } = await appThroughRelay();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${address.port}`;
    const employer = await createEmployer(ctx);
    const socket = await connectSocket(base, employer.token);
    cleanups.push(async () => socket.disconnect());
    const refreshes: unknown[] = [];
    socket.on('refresh', (events) => refreshes.push(events));

    relay.cut();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(refreshes).toEqual([]);
    relay.restore();
    await eventually(() => expect(refreshes).toEqual([null]), 15_000);
  }, 60_000);
});

/** Lines the processes logged at error level while the database was away (a 503 is a warning, not an error). */
function server503Sentences(servers: ServerProcess[]): string[] {
  return servers.flatMap((server) =>
    server.output
      .join('')
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line) && !/adapter/.test(line)),
  );
}
