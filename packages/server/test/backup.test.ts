import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, pgliteDir } from '../src/db/client';
import { serverRoot } from '../src/paths';
import { testDatabaseKind } from './helpers/database';
import { randomEmail } from './helpers/factories';
import { api, createServerStorage, signUpPremiumEmployer, startServer, stopServer } from './helpers/server-process';

type Storage = Awaited<ReturnType<typeof createServerStorage>>;

/** Runs `npm run backup|restore` the way the root scripts do (tsx on the CLI), on the storage's settings. */
function runCli(storage: Storage, command: 'backup' | 'restore', args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', `src/cli/${command}.ts`, ...args], {
    cwd: serverRoot,
    env: { ...process.env, ...storage.env },
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

const TABLES = [
  'employers',
  'users',
  'employees',
  'hours_entries',
  'devices',
  'scans',
  'scan_days',
  'sessions',
  'roles',
];

/** Row counts of the main tables and a sample of their rows, read with the server stopped. */
async function snapshot(storage: Storage) {
  const database =
    storage.kind === 'pglite'
      ? await openPglite(pgliteDir(storage.dataDir))
      : await openPostgres(storage.databaseUrl as string, { max: 1 });
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  try {
    const counts: Record<string, unknown> = {};
    for (const table of TABLES) {
      counts[table] = (await rows(sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n;
    }
    return {
      counts,
      employees: await rows(sql`select id, name, salary::text, rfid from employees order by id`),
      hours: await rows(sql`select worker_id, data::text, ora::text from hours_entries order by id`),
      scans: await rows(sql`select seq, uid, scanned_at::text from scans order by seq`),
      // Kept by triggers on the scans: a restore brings them back as they were, not counted twice.
      scanDays: await rows(sql`select employee_id, day::text, scan_count, summary from scan_days order by 1, 2`),
      users: await rows(sql`select email, password_hash, kind from users order by id`),
    };
  } finally {
    await database.close();
  }
}

describe(`backup and restore on ${testDatabaseKind}`, () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it('restores a backup over a changed database: same rows, and logins work again', async () => {
    const storage = await createServerStorage('puna-backup-');
    cleanups.push(() => storage.remove());
    const file = path.join(storage.dataDir, 'backups', `puna.${storage.kind === 'pglite' ? 'tar.gz' : 'dump'}`);
    let server = await startServer(storage.env);
    cleanups.push(() => stopServer(server));

    // Data of every kind: an employer, workers (one with a login), hours, a device and its scans.
    const employer = await signUpPremiumEmployer(server.url, storage.outboxDir, 10);
    const worker = { email: randomEmail('worker'), password: 'worker password 1' };
    const ids: number[] = [];
    for (const [i, name] of ['Arta', 'Besa', 'Drini'].entries()) {
      const added = await api(server.url, employer.token, 'POST', '/krye/add_employee', {
        name,
        salary: 4 + i,
        wages: 'Orë',
        role: 'Punëtor',
        ...(i === 0 ? worker : {}),
      });
      expect(added.status).toBe(201);
      ids.push(added.json.Result.id);
    }
    // Arta holds the card the device's scans below come from: they make one scanned day.
    const card = { name: 'Arta', salary: 4, wages: 'Orë', role: 'Punëtor', rfid: 'CAFE01' };
    expect((await api(server.url, employer.token, 'PUT', `/krye/edit_employee/${ids[0]}`, card)).status).toBe(200);
    const entries = ids.map((id, i) => ({ worker_id: id, data: `2025-03-0${i + 3}`, ora: 6 + i }));
    expect((await api(server.url, employer.token, 'POST', '/krye/addworkerklista', entries)).status).toBe(201);
    const device = await api(server.url, employer.token, 'POST', '/api/controllers', {
      device_id: `BK-${Date.now().toString(36)}`,
      name: 'Hyrja',
      protocol: 'puna',
    });
    const scans = [1, 2, 3].map((seq) => ({ seq, uid: 'CAFE01', ts: `2025-03-03T07:0${seq}:00Z` }));
    const stored = await fetch(`${server.url}/device/v1/scans`, {
      method: 'POST',
      headers: {
        authorization: `Device ${device.json.Result.device_id}:${device.json.Result.secret}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ scans }),
    });
    expect(stored.status).toBe(200);

    if (storage.kind === 'pglite') {
      // A running server holds PGlite's folder: the backup is refused, not copied half-written.
      const refused = await runCli(storage, 'backup', [file]);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/in use by process/);
      expect(await stopServer(server)).toBe(0);
      const backup = await runCli(storage, 'backup', [file]);
      expect(backup.output).toMatch(/backed up to .* 1 employers?\)/);
      expect(backup.code).toBe(0);
    } else {
      // pg_dump takes a consistent snapshot while servers run.
      const backup = await runCli(storage, 'backup', [file]);
      expect(backup.output).toMatch(/backed up to/);
      expect(backup.code).toBe(0);
      expect(await stopServer(server)).toBe(0);
    }
    const before = await snapshot(storage);
    expect(before.counts).toMatchObject({ employers: 1, employees: 3, hours_entries: 3, scans: 3 });
    expect(before.scanDays).toHaveLength(1);

    // Afterwards the data changes: a worker (with its hours and login) is deleted, an entry added.
    server = await startServer(storage.env);
    expect((await api(server.url, employer.token, 'DELETE', `/krye/delete_employee/${ids[0]}`)).status).toBe(200);
    const later = [{ worker_id: ids[1], data: '2025-04-01', ora: 8 }];
    expect((await api(server.url, employer.token, 'POST', '/krye/addworkerklista', later)).status).toBe(201);
    if (storage.kind === 'postgres') {
      const busy = await runCli(storage, 'restore', [file, '--force']);
      expect(busy.code).toBe(1);
      expect(busy.output).toMatch(/other connection\(s\) use this database/);
    }
    expect(await stopServer(server)).toBe(0);

    const withoutForce = await runCli(storage, 'restore', [file]);
    expect(withoutForce.code).toBe(1);
    expect(withoutForce.output).toMatch(/--force/);
    const restored = await runCli(storage, 'restore', [file, '--force']);
    expect(restored.output).toMatch(/Restored .* \(1 employers?\)/);
    expect(restored.code).toBe(0);
    expect(await snapshot(storage)).toEqual(before);

    // The restored database serves: both logins work again (the worker's had been deleted).
    server = await startServer(storage.env);
    const employerLogin = await api(server.url, null, 'POST', '/auth/login', {
      email: employer.email,
      password: employer.password,
    });
    expect(employerLogin.status).toBe(200);
    expect((await api(server.url, null, 'POST', '/auth/login', worker)).status).toBe(200);
    const listed = await api(server.url, employerLogin.json.token, 'GET', '/krye/klista?from=2025-03-01&to=2025-04-30');
    expect(listed.status).toBe(200);
    expect(listed.json.Result).toHaveLength(3);
    expect(await stopServer(server)).toBe(0);
  }, 150_000);
});
