import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serverRoot } from '../../src/paths';
import { createPostgresDatabase, testDatabaseKind } from './database';
import { randomEmail } from './factories';
import { latestCode } from './outbox';

/** A free TCP port on 127.0.0.1 (asked of the OS, then released for the server to take). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export type ServerProcess = { url: string; child: ChildProcess; output: string[]; exited: Promise<number | null> };

/** One server process as production runs it (`src/main.ts`, through tsx instead of a build). */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // tsx compiles the whole server on start: on a loaded 2-core machine that took over 45 s once.
  const deadline = Date.now() + 90_000;
  for (;;) {
    const ready = await fetch(`${url}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return { url, child, output, exited };
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`server did not start:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Stops a server with SIGTERM (it closes its database) and resolves its exit code. */
export async function stopServer(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  return server.exited;
}

export async function api(base: string, token: string | null, method: string, route: string, body?: unknown) {
  const res = await fetch(`${base}${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

export const ADMIN = { email: 'admin@puna.test', password: 'admin password 1' };

/**
 * A data folder and a database of their own for server processes: PGlite in the folder, or with
 * PUNA_TEST_DB=postgres a fresh PostgreSQL database. `env` starts a server on them; `remove()` drops both.
 */
export async function createServerStorage(prefix: string) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const database = testDatabaseKind === 'postgres' ? await createPostgresDatabase() : null;
  return {
    kind: testDatabaseKind,
    dataDir,
    databaseUrl: database?.url,
    outboxDir: path.join(dataDir, 'outbox'),
    env: {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      MAIL_OUTBOX_DIR: path.join(dataDir, 'outbox'),
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      IP_RATE_LIMIT_FACTOR: '100',
    },
    async remove() {
      await database?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A premium employer made through the API of a running server: sign-up, the mailed code, log in, and
 * the platform admin switching it to premium with room for `limitWorkers` workers.
 */
export async function signUpPremiumEmployer(base: string, outboxDir: string, limitWorkers = 10) {
  const email = randomEmail('employer');
  const password = 'employer password 1';
  const signup = await api(base, null, 'POST', '/auth/signup', { email, password, companyName: 'Kompania' });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${JSON.stringify(signup.json)}`);
  const code = await latestCode(outboxDir, email);
  await api(base, null, 'POST', '/auth/verify', { email, code });
  const login = await api(base, null, 'POST', '/auth/login', { email, password });
  const token: string = login.json.token;
  const employerId: number = (await api(base, token, 'GET', '/auth/check')).json.user.employerId;
  const admin = await api(base, null, 'POST', '/auth/login', ADMIN);
  const premium = await api(base, admin.json.token, 'PUT', `/auth/updateEmployer/${employerId}`, {
    type: 'premium',
    limit_workers: limitWorkers,
  });
  if (premium.status !== 200) throw new Error(`premium: ${premium.status} ${JSON.stringify(premium.json)}`);
  return { email, password, token, employerId };
}

/**
 * A premium employer with `workers` hourly employees ('Punëtor 1', …) and a registered reader, made
 * through the API of a running server: what the fault tests write with.
 */
export async function employerWithWorkersAndReader(base: string, outboxDir: string, workers: number, deviceId: string) {
  const employer = await signUpPremiumEmployer(base, outboxDir, workers);
  const workerIds: number[] = [];
  for (let i = 0; i < workers; i += 1) {
    const added = await api(base, employer.token, 'POST', '/krye/add_employee', {
      name: `Punëtor ${i + 1}`,
      salary: 4,
      wages: 'Orë',
      role: 'Punëtor',
    });
    if (added.status !== 201) throw new Error(`add employee: ${added.status} ${JSON.stringify(added.json)}`);
    workerIds.push(added.json.Result.id);
  }
  const registered = await api(base, employer.token, 'POST', '/api/controllers', {
    device_id: deviceId,
    name: 'Hyrja',
    protocol: 'puna',
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.json)}`);
  const deviceAuth = `Device ${registered.json.Result.device_id}:${registered.json.Result.secret}`;
  return { employer, workerIds, deviceAuth };
}
