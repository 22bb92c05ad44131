import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Where `PUNA_BENCH_PROFILE=1` puts the CPU profiles of the servers the bench starts. */
export const PROFILES_DIR = path.join(ROOT, 'bench/results/profiles');
/** PUNA_BENCH_SERVER points at another server bundle, e.g. one built from an older commit for an A/B run. */
export const SERVER_ENTRY = path.resolve(ROOT, process.env.PUNA_BENCH_SERVER || 'packages/server/dist/main.js');
/**
 * The V8 flags `npm start` gives the server (the root package.json's `start` script, e.g. a larger
 * young generation, docs/operations.md), so the bench runs the server as production does;
 * `PUNA_BENCH_NODE_FLAGS` replaces them for an A/B run (an empty string: none).
 * @type {string[]}
 */
export const SERVER_NODE_FLAGS = (() => {
  const override = process.env.PUNA_BENCH_NODE_FLAGS;
  if (override !== undefined) return override.split(/\s+/).filter(Boolean);
  const start = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start;
  return String(start)
    .split(/\s+/)
    .filter((word) => word.startsWith('--'));
})();
export const BENCH_ADMIN = { email: 'admin@puna.bench', password: 'bench-admin-password-1' };

/**
 * A running server (see `startServer`).
 * @typedef {Awaited<ReturnType<typeof startServer>>} Server
 */

/** @type {number | null} */
let clockTicks = null;
/** @type {Promise<string> | null} */
let template = null;

/**
 * A PGlite data folder that a server has started on once (every migration run, the platform admin
 * created) and stopped: made at most once per bench run (by a first start of its own unless the
 * startup suite has given one, `keepAsTemplate`), removed when the bench exits.
 * @returns {Promise<string>}
 */
function migratedTemplate() {
  template ??= (async () => {
    const server = await startServer({});
    await server.stop({ keepData: true });
    process.once('exit', () => server.removeData());
    return server.dataDir;
  })();
  return template;
}

/**
 * Keeps a copy of a stopped server's PGlite data folder, fresh from its first start, as the
 * template of `migrated` starts, unless there is one already: the startup suite's first start then
 * saves the run another.
 * @param {string} dataDir
 */
export function keepAsTemplate(dataDir) {
  if (template) return;
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'puna-bench-template-'));
  fs.cpSync(dataDir, copy, { recursive: true, filter: (src) => !src.endsWith('.lock') });
  process.once('exit', () => fs.rmSync(copy, { recursive: true, force: true }));
  template = Promise.resolve(copy);
}

/**
 * A process's user + system CPU time from /proc (Linux), in ms; null where there is no /proc.
 * @param {number | undefined} pid
 * @returns {number | null}
 */
export function processCpuMs(pid) {
  if (pid === undefined) return null;
  try {
    const fields = (fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
    clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    // After the command name: field 14 (utime) and 15 (stime) of proc(5) are at 11 and 12 here.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
  } catch {
    return null;
  }
}

/** @returns {Promise<number>} */
async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/**
 * @param {string} url
 * @param {import('node:child_process').ChildProcess} child
 * @param {number} [timeoutMs]
 * @param {number} [pollMs]
 */
async function waitUntilReady(url, child, timeoutMs = 60_000, pollMs = 100) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`the server did not become ready within ${timeoutMs} ms`);
}

/**
 * Starts the built server (`packages/server/dist/main.js`, what production runs) as its own process
 * with a fresh data folder: PGlite there, or PostgreSQL at `databaseUrl`. The bench talks to it over
 * real HTTP, so routing, validation, serialization and the database all count, and the client's own
 * work runs in another process. `dataDir` reuses a folder (a later start); `pin` is a command prefix
 * such as `['taskset', '-c', '0']` that keeps the server on one core; `readyPollMs` how often
 * `/readyz` is asked while it starts. `migrated` (quick runs, PGlite): the new data folder is a copy
 * of one already migrated (`migratedTemplate`), so the start skips PGlite's first-start setup and
 * every migration, which take most of a first start.
 * @param {object} [options]
 * @param {string | null} [options.databaseUrl] PostgreSQL; null or absent: PGlite in the data folder
 * @param {Record<string, string>} [options.env] more environment for the server
 * @param {string} [options.dataDir] an existing data folder (a later start)
 * @param {boolean} [options.migrated] start PGlite from a copy of a migrated data folder
 * @param {string[]} [options.pin] a command prefix that pins the server to a core
 * @param {number} [options.readyPollMs]
 */
export async function startServer({
  databaseUrl,
  env = {},
  dataDir: reuse,
  migrated = false,
  pin = [],
  readyPollMs = 100,
} = {}) {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error('the server is not built: run `npm run build -w @puna/server`');
  let dataDir = reuse;
  if (!dataDir) {
    const template = migrated && !databaseUrl ? await migratedTemplate() : null;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'puna-bench-'));
    if (template) fs.cpSync(template, dataDir, { recursive: true, filter: (src) => !src.endsWith('.lock') });
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const startedAt = process.hrtime.bigint();
  // PUNA_BENCH_PROFILE=1: the server writes a CPU profile (open it in Chrome DevTools) when it stops.
  const profile = process.env.PUNA_BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', PROFILES_DIR] : [];
  // taskset execs node in place, so child.pid is the server's own pid (for /proc readings).
  const [command, ...prefix] = [...pin, process.execPath];
  const child = spawn(command, [...prefix, ...SERVER_NODE_FLAGS, ...profile, SERVER_ENTRY], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      LOG_LEVEL: 'warn',
      IP_RATE_LIMIT_FACTOR: '100',
      // The fan-out suite sends faster than a person chats.
      CHAT_RATE_LIMIT: '100000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
      ...env,
    },
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  try {
    await waitUntilReady(url, child, 60_000, readyPollMs);
  } catch (error) {
    child.kill('SIGKILL');
    // A folder made for this start goes with it; a reused one (a later start) stays.
    if (!reuse) fs.rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${stderr}`);
  }
  const readyMs = Number(process.hrtime.bigint() - startedAt) / 1e6;
  return {
    url,
    dataDir,
    pid: child.pid,
    /** CPU time (user + system) the server process has used so far, in ms; null off Linux. */
    cpuMs: () => processCpuMs(child.pid),
    readyMs,
    outboxDir: path.join(dataDir, 'outbox'),
    /**
     * Stops the process (SIGTERM, then SIGKILL) and, unless kept, removes its data folder.
     * @param {{ keepData?: boolean }} [options]
     */
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
    removeData() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
