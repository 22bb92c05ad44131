import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openPglite, openPostgres, pgliteDir } from '../src/db/client';
import { moveToPostgres } from '../src/db/move';
import { serverRoot } from '../src/paths';
import type { TestContext } from './helpers/app';
import { generousLimits } from './helpers/app';
import { connected, createChat, joinChat, say, socketPool } from './helpers/chat-factories';
import { addEmployeeWithPin, createPremiumWorkspace, deviceCall, registerDevice } from './helpers/device-factories';
import { login } from './helpers/factories';
import { scheduleOf } from './helpers/schedules';
import {
  addEmployee,
  addHours,
  addRole,
  call,
  createWorker,
  labourRulesOn,
  resultOf,
} from './helpers/workspace-factories';

/**
 * `npm run move-to-postgres` (docs/operations.md#moving-from-pglite-to-postgresql): a PGlite data
 * folder with rows of every kind, moved into a new PostgreSQL database, serves the same answers
 * there. Needs the PostgreSQL at TEST_DATABASE_URL (the server creates and drops its own database).
 */

const adminUrl = process.env.TEST_DATABASE_URL;

/** Runs the CLI the way the root script does (tsx), with the data folder as the server's settings. */
function runMove(dataDir: string, args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/move-to-postgres.ts', ...args], {
    cwd: serverRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  );
}

/** Every file under a folder with its SHA-256. */
function hashTree(dir: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    hashes[path.relative(dir, file)] = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  }
  return hashes;
}

async function adminQuery(text: string, connectionString = adminUrl): Promise<void> {
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

type Query = (text: string) => Promise<{ rows: unknown[] }>;

/** Every row of every table of `public` as JSON text (sorted), and every sequence's position. */
async function contents(query: Query): Promise<Record<string, string[]>> {
  await query("set timezone to 'UTC'");
  const tables = (await query("select tablename as name from pg_tables where schemaname = 'public' order by 1"))
    .rows as { name: string }[];
  const all: Record<string, string[]> = {};
  for (const { name } of tables) {
    const { rows } = await query(`select row_to_json(t)::text as r from "${name}" t`);
    all[name] = (rows as { r: string }[]).map((row) => row.r).sort();
  }
  const sequences = await query(
    "select sequencename || ' ' || coalesce(last_value::text, 'unused') as r from pg_sequences where schemaname = 'public'",
  );
  all['(sequences)'] = (sequences.rows as { r: string }[]).map((row) => row.r).sort();
  return all;
}

/** The app on a database, listening (chat goes over sockets), with the data folder's settings. */
async function appOn(database: Database, dataDir: string): Promise<TestContext & { url: string }> {
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_EMAIL: 'admin@puna.test' },
    { limits: generousLimits() },
  );
  const app = await buildApp(config, { database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    routes: [],
    database,
    config,
    dataDir,
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

describe('moving without a PGlite database', () => {
  it('refuses a data folder that holds no PGlite database, before reaching PostgreSQL', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'puna-move-none-'));
    try {
      await expect(moveToPostgres(pgliteDir(dataDir), 'postgres://nobody@127.0.0.1:1/none')).rejects.toThrow(
        `There is no PGlite database in ${pgliteDir(dataDir)}`,
      );
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!adminUrl)('npm run move-to-postgres', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it('moves every row, id and login of a PGlite folder into PostgreSQL and leaves the folder as it was', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'puna-move-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const folder = pgliteDir(dataDir);

    // Rows of every kind on PGlite, written through the app.
    let ctx = await appOn(await openPglite(folder, { fsync: false }), dataDir);
    const employer = await createPremiumWorkspace(ctx, 'Kafe Drini');
    await addRole(ctx, employer.token, 'Kamarier');
    const schedule = JSON.stringify(scheduleOf({ monday: ['08:00', '16:00'] }));
    const worker = await createWorker(ctx, employer.token, { name: 'Arta', schedule, start_date: '2025-01-01' });
    const besa = await addEmployee(ctx, employer.token, { name: 'Besa', salary: 600, wages: 'Muaj', role: 'Kamarier' });
    const card = { name: 'Arta', salary: 4, wages: 'Orë', role: 'Punëtor', rfid: 'CAFE01' };
    expect((await call(ctx, employer.token, 'PUT', `/krye/edit_employee/${worker.employee.id}`, card)).statusCode).toBe(
      200,
    );
    const hours = await addHours(ctx, employer.token, [
      { worker_id: worker.employee.id, data: '2025-03-04', ora: 7.5 },
      { worker_id: besa.id, data: '2025-03-04', ora: 8 },
    ]);
    const reader = await registerDevice(ctx, employer.token, { name: 'Hyrja', protocol: 'puna' });
    const scans = [
      { seq: 1, uid: 'CAFE01', ts: '2025-03-03T07:01:00Z' },
      { seq: 2, uid: 'CAFE01', ts: '2025-03-03T15:02:30Z' },
      { seq: 3, uid: 'BEEF99', ts: '2025-03-03T09:00:00Z' }, // a card nobody holds: an unknown scan
    ];
    expect((await deviceCall(ctx, reader, '/device/v1/scans', { scans })).statusCode).toBe(200);
    const clock = await registerDevice(ctx, employer.token, { name: 'Ora', protocol: 'zkteco' });
    await addEmployeeWithPin(ctx, employer.token, 'Drini', '17');
    // Punches of three days ago are stored; those of March 2025, over 400 days old, are refused (kept as refusals).
    const recent = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const punch = await ctx.app.inject({
      method: 'POST',
      url: `/iclock/cdata?SN=${clock.device_id}&table=ATTLOG`,
      headers: { 'content-type': 'text/plain' },
      payload: ['2025-03-05 08:00:00', `${recent} 08:00:00`, `${recent} 16:00:00`]
        .map((when, i) => `17\t${when}\t${i % 2}\t1\n`)
        .join(''),
    });
    expect(punch.statusCode).toBe(200);
    // The clock's users, as it reports them (kept for "Import users from this clock").
    const users = await ctx.app.inject({
      method: 'POST',
      url: `/iclock/cdata?SN=${clock.device_id}&table=OPERLOG&Stamp=1`,
      headers: { 'content-type': 'text/plain' },
      payload: 'USER PIN=17\tName=Drini\tPri=0\tCard=\nUSER PIN=99\tName=Gëzim Çela\tPri=0\n',
    });
    expect(users.statusCode).toBe(200);
    const types = resultOf<{ id: number; kind: string }[]>(await call(ctx, employer.token, 'GET', '/krye/leave-types'));
    const sick = types.find((type) => type.kind === 'sick')?.id;
    const leave = { employee_id: besa.id, from: '2025-03-10', to: '2025-03-11', type: sick, note: 'Raport mjekësor' };
    expect((await call(ctx, employer.token, 'POST', '/krye/leave', leave)).statusCode).toBe(201);
    const asked = { type: sick, from: '2026-12-07', to: '2026-12-08' };
    expect((await call(ctx, worker.token, 'POST', '/krye/worker/me/leave', asked)).statusCode).toBe(201);
    await labourRulesOn(ctx, employer.token, 'XK');
    const closed = await call(ctx, employer.token, 'POST', '/krye/months/2025-03/close', {
      acknowledge_exceptions: true,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const chat = await createChat(ctx, employer.token, [worker.employee.id]);
    const sockets = socketPool(() => ctx);
    const socket = await connected(sockets.connect(employer.token));
    expect((await joinChat(socket, chat.id)).ok).toBe(true);
    await say(socket, chat.id, 'Mirëmëngjes, Arta! ☕');
    await sockets.closeAll();

    const reads = [
      '/krye/employee',
      '/krye/klista?from=2025-03-01&to=2025-03-31',
      '/krye/rfid_day?date=2025-03-03',
      `/krye/rfid_day?date=${recent}`,
      '/krye/rfid/unknown',
      '/krye/pay?month=2025-03',
      '/krye/payroll?month=2025-03',
      '/krye/leave',
      '/krye/employers/roles',
      `/chat/chats/${chat.id}/messages`,
    ];
    const answers = async (app: TestContext, token: string, urls: string[]) => {
      const answered: Record<string, unknown> = {};
      for (const url of urls) {
        const res = await call(app, token, 'GET', url);
        answered[url] = { status: res.statusCode, body: res.json() };
      }
      return answered;
    };
    // A first read marks the leave list read (as an employer opening it does); the second is the one to compare.
    await answers(ctx, employer.token, reads);
    const before = await answers(ctx, employer.token, reads);
    const listed = (url: string) => (before[url] as { body: { Result: unknown[] } }).body.Result;
    expect(listed('/krye/employee')).toHaveLength(3);
    expect(listed('/krye/rfid_day?date=2025-03-03')).toHaveLength(1);
    expect(listed(`/krye/rfid_day?date=${recent}`)).toHaveLength(1);
    expect(listed(`/chat/chats/${chat.id}/messages`)).toHaveLength(1);
    const workerBefore = await answers(ctx, worker.token, ['/krye/worker/me/leave']);
    expect(
      (before['/krye/payroll?month=2025-03'] as { body: { Result: { closed: boolean } } }).body.Result.closed,
    ).toBe(true);

    // A server holds the folder: the move is refused.
    const busy = await runMove(dataDir, ['postgres://postgres@127.0.0.1:5432/unused']);
    expect(busy.output).toMatch(/in use by process/);
    expect(busy.code).toBe(1);
    await ctx.close();

    const hashes = hashTree(folder);
    const name = `puna_move_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    cleanups.push(() => adminQuery(`drop database if exists ${name} with (force)`));
    const url = new URL(adminUrl as string);
    url.pathname = `/${name}`;

    // A copy that fails half-way (a constraint the target alone has refuses the logins) leaves no row behind.
    const migrated = await openPostgres(url.toString(), { max: 1 });
    await migrated.migrate();
    await migrated.close();
    await adminQuery(`alter table users add constraint no_logins check (false) not valid`, url.toString());
    const failed = await runMove(dataDir, [url.toString()]);
    expect(failed.output).toMatch(/Move failed: .*no_logins/);
    expect(failed.code).toBe(1);
    const empty = new pg.Client({ connectionString: url.toString() });
    await empty.connect();
    const left = await contents((text) => empty.query(text));
    await empty.end();
    const { '(sequences)': sequences, ...tables } = left;
    expect(Object.values(tables).flat()).toEqual([]);
    expect(sequences?.filter((sequence) => !sequence.endsWith(' unused'))).toEqual([]);
    await adminQuery('alter table users drop constraint no_logins', url.toString());

    // Two rows per INSERT: most tables go in several batches.
    const moved = await runMove(dataDir, [url.toString(), '--batch-rows', '2']);
    expect(moved.output).toMatch(
      /Moved .* tables, \d+ rows, \d+ sequences; counts, sequences and foreign keys checked/,
    );
    expect(moved.output).toMatch(/^scans +5$/m);
    expect(moved.code).toBe(0);
    expect(hashTree(folder)).toEqual(hashes);
    // Neither the working copy nor a lock file is left beside it.
    expect(fs.readdirSync(dataDir)).toEqual(['pglite']);

    // Every row and sequence arrived as it was (read from a copy: opening the folder would write to it).
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'puna-move-copy-'));
    cleanups.push(async () => fs.rmSync(copy, { recursive: true, force: true }));
    fs.cpSync(folder, copy, { recursive: true });
    const source = await openPglite(copy, { fsync: false });
    const sourceRows = await contents((text) => (source.pglite as PGlite).query(text));
    await source.close();
    const target = new pg.Client({ connectionString: url.toString() });
    await target.connect();
    const targetRows = await contents((text) => target.query(text));
    await target.end();
    expect(sourceRows.scans).toHaveLength(5);
    expect(sourceRows.scan_days).toHaveLength(2);
    expect(sourceRows.clock_users).toHaveLength(2);
    expect(targetRows).toEqual(sourceRows);

    // The app on PostgreSQL answers as it did, to the sessions made on PGlite.
    ctx = await appOn(await openPostgres(url.toString(), { max: 5 }), dataDir);
    cleanups.push(() => ctx.close());
    expect(await answers(ctx, employer.token, reads)).toEqual(before);
    expect(await answers(ctx, worker.token, ['/krye/worker/me/leave'])).toEqual(workerBefore);
    // Passwords, the device's secret, and ids that continue after the old ones.
    await login(ctx, employer.email, employer.password);
    await login(ctx, worker.email, worker.password);
    const more = [{ seq: 4, uid: 'CAFE01', ts: '2025-04-01T07:00:00Z' }];
    expect((await deviceCall(ctx, reader, '/device/v1/scans', { scans: more })).statusCode).toBe(200);
    const wrongSecret = { ...reader, secret: `${reader.secret}x` };
    expect((await deviceCall(ctx, wrongSecret, '/device/v1/scans', { scans: more })).statusCode).toBe(401);
    const later = await addEmployee(ctx, employer.token, { name: 'Dea' });
    expect(later.id).toBeGreaterThan(Math.max(worker.employee.id, besa.id));
    const [entry] = await addHours(ctx, employer.token, [{ worker_id: later.id, data: '2025-04-02', ora: 6 }]);
    expect(entry?.id).toBeGreaterThan(Math.max(...hours.map((row) => row.id)));
    await ctx.close();

    // The target now holds data: a second move is refused and changes nothing.
    const again = await runMove(dataDir, [url.toString()]);
    expect(again.output).toMatch(/already holds data/);
    expect(again.code).toBe(1);
    expect(hashTree(folder)).toEqual(hashes);
  }, 240_000);
});
