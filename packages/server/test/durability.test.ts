import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type Database, openPglite, openPostgres, pgliteDir } from '../src/db/client';
import { testDatabaseKind } from './helpers/database';
import {
  api,
  createServerStorage,
  employerWithWorkersAndReader,
  type ServerProcess,
  startServer,
  stopServer,
} from './helpers/server-process';

type Scan = { seq: number; uid: string; ts: string };

const WORKERS = 6;
const HOURS_WRITERS = 3;
const SCAN_BATCH = 10;
/** The kill comes at a random moment after at least this many acknowledgements of each kind. */
const MIN_HOURS_ACKS = 40;
const MIN_SCAN_BATCH_ACKS = 8;

const dayFrom = (offset: number) => new Date(Date.UTC(2030, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
const hoursKey = (workerId: number, date: string) => `${workerId}|${date}`;

/** Rows of a raw query on either driver. */
async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe(`durability on ${testDatabaseKind}: the server is killed (SIGKILL) while writes stream`, () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it('keeps every acknowledged hours entry and scan exactly once, and a device retry stores nothing twice', async () => {
    const storage = await createServerStorage('puna-durability-');
    cleanups.push(() => storage.remove());
    let server: ServerProcess = await startServer(storage.env);
    cleanups.push(() => stopServer(server));

    const { employer, workerIds, deviceAuth } = await employerWithWorkersAndReader(
      server.url,
      storage.outboxDir,
      WORKERS,
      `DUR-${Date.now().toString(36)}`,
    );

    // What the clients know: acknowledged writes, and writes sent without an answer (they may or may not be stored).
    const ackedHours = new Map<string, number>();
    const unansweredHours: { worker_id: number; data: string; ora: number }[] = [];
    const ackedSeqs: number[] = [];
    const unansweredBatches: Scan[][] = [];
    const unexpected: string[] = [];
    let scanBatchAcks = 0;
    let killedAt: number | null = null;

    const postScans = (base: string, scans: Scan[]) =>
      fetch(`${base}/device/v1/scans`, {
        method: 'POST',
        headers: { authorization: deviceAuth, 'content-type': 'application/json' },
        body: JSON.stringify({ scans }),
      });

    const hoursWriter = async (writer: number) => {
      for (let k = 0; unexpected.length === 0; k += 1) {
        const entry = {
          worker_id: workerIds[k % WORKERS] as number,
          data: dayFrom(writer * 2000 + Math.floor(k / WORKERS)),
          ora: 1 + (k % 8),
        };
        let res: Awaited<ReturnType<typeof api>>;
        try {
          res = await api(server.url, employer.token, 'POST', '/krye/addworkerklista', [entry]);
        } catch {
          unansweredHours.push(entry); // the connection died with the server
          return;
        }
        if (res.status !== 201) {
          unexpected.push(`hours ${res.status} ${JSON.stringify(res.json)}`);
          return;
        }
        ackedHours.set(hoursKey(entry.worker_id, entry.data), entry.ora);
      }
    };

    const device = async () => {
      for (let batch = 0; unexpected.length === 0; batch += 1) {
        const scans = Array.from({ length: SCAN_BATCH }, (_, i) => {
          const seq = batch * SCAN_BATCH + i + 1;
          return { seq, uid: `CARD${seq % 7}`, ts: new Date(Date.UTC(2025, 0, 1, 6) + seq * 1000).toISOString() };
        });
        let answer: { status: number; body: { accepted?: number[] } };
        try {
          const res = await postScans(server.url, scans);
          answer = { status: res.status, body: (await res.json()) as { accepted?: number[] } };
        } catch {
          unansweredBatches.push(scans); // kept by the device, sent again later
          return;
        }
        const accepted = answer.body.accepted ?? [];
        if (answer.status !== 200 || accepted.join() !== scans.map((scan) => scan.seq).join()) {
          unexpected.push(`scans ${answer.status} ${JSON.stringify(answer.body)}`);
          return;
        }
        ackedSeqs.push(...accepted);
        scanBatchAcks += 1;
      }
    };

    const killer = async () => {
      while (ackedHours.size < MIN_HOURS_ACKS || scanBatchAcks < MIN_SCAN_BATCH_ACKS) {
        if (unexpected.length > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 250));
      killedAt = ackedHours.size;
      server.child.kill('SIGKILL');
    };

    await Promise.all([...Array.from({ length: HOURS_WRITERS }, (_, w) => hoursWriter(w)), device(), killer()]);
    expect(unexpected).toEqual([]);
    expect(killedAt).not.toBeNull();
    await server.exited;
    expect(server.child.signalCode).toBe('SIGKILL');

    // A restart on the same data; the device sends what it never saw answered, the employer re-adds
    // the entries it never saw confirmed (409 means the first try had been stored).
    server = await startServer(storage.env);
    for (const scans of unansweredBatches) {
      const res = await postScans(server.url, scans);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { accepted: number[] }).accepted).toEqual(scans.map((scan) => scan.seq));
    }
    // Once more, as a device that lost the answer to its retry would: still stored once.
    for (const scans of unansweredBatches) expect((await postScans(server.url, scans)).status).toBe(200);
    const storedBeforeKill: string[] = [];
    for (const entry of unansweredHours) {
      const res = await api(server.url, employer.token, 'POST', '/krye/addworkerklista', [entry]);
      expect([201, 409]).toContain(res.status);
      if (res.status === 409) storedBeforeKill.push(hoursKey(entry.worker_id, entry.data));
    }
    expect(await stopServer(server)).toBe(0);

    const database =
      storage.kind === 'pglite'
        ? await openPglite(pgliteDir(storage.dataDir))
        : await openPostgres(storage.databaseUrl as string, { max: 1 });
    try {
      const hours = await rows<{ worker_id: number; data: string; ora: string | number; n: number }>(
        database,
        sql`select worker_id, data::text as data, max(ora) as ora, count(*)::int as n
            from hours_entries where employer_id = ${employer.employerId} group by worker_id, data`,
      );
      const stored = new Map(hours.map((row) => [hoursKey(row.worker_id, row.data), row]));
      // Every acknowledged entry is there, once, with its hours.
      for (const [key, ora] of ackedHours) {
        expect(stored.get(key)?.n, key).toBe(1);
        expect(Number(stored.get(key)?.ora)).toBe(ora);
      }
      // Nothing else: the unanswered entries, each once, after the retry.
      const expectedKeys = new Set([
        ...ackedHours.keys(),
        ...unansweredHours.map((entry) => hoursKey(entry.worker_id, entry.data)),
      ]);
      expect(hours.every((row) => row.n === 1)).toBe(true);
      expect(new Set(stored.keys())).toEqual(expectedKeys);

      const scans = await rows<{ seq: string | number; n: number }>(
        database,
        sql`select seq, count(*)::int as n from scans where employer_id = ${employer.employerId} group by seq order by seq`,
      );
      const sent = [...ackedSeqs, ...unansweredBatches.flat().map((scan) => scan.seq)].sort((a, b) => a - b);
      expect(scans.map((row) => Number(row.seq))).toEqual(sent);
      expect(scans.every((row) => row.n === 1)).toBe(true);
      console.info(
        `${storage.kind}: killed after ${killedAt} hours acks; ${ackedHours.size} hours entries and ${ackedSeqs.length} scans acknowledged, ` +
          `${unansweredHours.length} entries (${storedBeforeKill.length} already stored) and ${unansweredBatches.length} scan batch retried`,
      );
    } finally {
      await database.close();
    }
  }, 120_000);
});

if (testDatabaseKind === 'pglite')
  describe('PGlite data folder', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'puna-pglite-'));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('flushes every commit to the disk with fsync, and with PGLITE_FSYNC=off leaves it to the OS', async () => {
      const fsync = vi.spyOn(fs, 'fsyncSync');
      try {
        const durable = await openPglite(path.join(dir, 'db'));
        await durable.db.execute(sql`create table t (id serial primary key)`);
        fsync.mockClear();
        for (let i = 0; i < 20; i += 1) await durable.db.execute(sql`insert into t default values`);
        // One WAL flush per commit reaches the host (PostgreSQL's fdatasync).
        expect(fsync.mock.calls.length).toBeGreaterThanOrEqual(20);
        await durable.close();

        const relaxed = await openPglite(path.join(dir, 'db'), { fsync: false });
        fsync.mockClear();
        for (let i = 0; i < 20; i += 1) await relaxed.db.execute(sql`insert into t default values`);
        expect(fsync).not.toHaveBeenCalled();
        expect(await rows<{ n: number }>(relaxed, sql`select count(*)::int as n from t`)).toEqual([{ n: 40 }]);
        await relaxed.close();
      } finally {
        fsync.mockRestore();
      }
    }, 60_000);

    it('is opened by one process at a time; a lock left by a killed process is taken over', async () => {
      const folder = path.join(dir, 'db');
      const first = await openPglite(folder);
      await expect(openPglite(folder)).rejects.toThrow(/already open in this process/);
      await first.close();
      expect(fs.existsSync(`${folder}.lock`)).toBe(false);

      // A process that has exited leaves its pid behind, as a server killed with SIGKILL does.
      const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
        encoding: 'utf8',
      });
      fs.writeFileSync(`${folder}.lock`, gone.stdout);
      const next = await openPglite(folder);
      expect(fs.readFileSync(`${folder}.lock`, 'utf8')).toBe(String(process.pid));
      await next.close();
    }, 60_000);
  });
