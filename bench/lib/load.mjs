import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROFILES_DIR, processCpuMs } from './server.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/**
 * A body made fresh for every request (lib/load-worker.mjs), so writes never collide: one hours
 * entry, each (worker, date) once; or a batch of card scans with the device's next sequence numbers.
 * @typedef {{ kind: 'hours', workerIds: number[], firstDate: string }
 *   | { kind: 'scans', cards: string[], perRequest: number, firstSeq: number, daysAgo: number }} Make
 */

/**
 * One route of a load run. Requests cycle through the routes by `weight` (1 when absent).
 * `check: 'scans'` counts a 200 that did not accept the whole batch of scans as a failure.
 * @typedef {object} LoadRoute
 * @property {string} method
 * @property {string} path
 * @property {Record<string, string>} [headers]
 * @property {unknown} [body] a fixed JSON body
 * @property {Make} [make]
 * @property {'scans'} [check]
 * @property {number} [weight]
 */

/**
 * What the load generator is asked to do (passed to it as JSON).
 * @typedef {object} LoadJob
 * @property {string} url
 * @property {LoadRoute[]} routes
 * @property {number} seconds
 * @property {number} connections
 * @property {boolean} inspect read every answer: name a failure's route and apply `check`
 * @property {number} [timeoutSeconds] per request; autocannon's 10 when absent
 */

/**
 * What the load generator answers (as JSON on its stdout).
 * @typedef {object} LoadResult
 * @property {number} requestsPerSecond
 * @property {number} total answers received
 * @property {number} sent requests sent, those still in flight when the run stopped included
 * @property {number} seconds
 * @property {{ p50: number, p99: number, max: number }} latency ms
 * @property {number} non2xx
 * @property {number} errors
 * @property {number} timeouts
 * @property {{ byRoute: Record<string, number>, samples: string[], rejected: number }} failures with
 *   `inspect`: failed answers by route path, a few of them quoted, and how many 200s refused some scans
 */

/**
 * @typedef {object} Pinning
 * @property {string[]} server the command prefix for the server (and the baseline)
 * @property {string[]} load the command prefix for the load generator
 * @property {string | null} note for the table header when they could not be pinned
 */

/** @type {Pinning | null} */
let cachedPinning = null;

/**
 * Where the server and the load generator run: with `taskset` (util-linux) and two CPUs or more,
 * the server on CPU 0 and autocannon on CPU 1, so neither steals the other's core. Otherwise both
 * float, and `note` says so for the table header; so they do with `PUNA_BENCH_PIN=off`, which a
 * quick run sets when it runs two suites at a time (run.mjs).
 * @returns {Pinning}
 */
export function pinning() {
  if (cachedPinning) return cachedPinning;
  if (process.env.PUNA_BENCH_PIN === 'off') {
    cachedPinning = {
      server: [],
      load: [],
      note: 'server and load generator NOT pinned: a quick run runs two suites at a time on the shared CPUs',
    };
    return cachedPinning;
  }
  const cpus = os.availableParallelism?.() ?? os.cpus().length;
  const hasTaskset = spawnSync('taskset', ['-c', '0', 'true']).status === 0;
  if (hasTaskset && cpus >= 2) {
    cachedPinning = { server: ['taskset', '-c', '0'], load: ['taskset', '-c', '1'], note: null };
  } else {
    const why = hasTaskset ? 'only one CPU' : '`taskset` (util-linux) not found';
    cachedPinning = {
      server: [],
      load: [],
      note: `server and load generator NOT pinned to separate cores (${why}): they share the CPUs`,
    };
  }
  return cachedPinning;
}

/**
 * A process's resident memory (VmRSS in /proc/<pid>/status) in MB; null where there is no /proc.
 * @param {number | undefined} pid
 * @returns {number | null}
 */
export function rssMb(pid) {
  if (pid === undefined) return null;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(status.match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Reads a process's RSS every `everyMs` until stopped; `stop()` returns the samples
 * `[{ at: seconds since start, mb }]`.
 * @param {number | undefined} pid
 * @param {number} everyMs
 */
export function sampleRss(pid, everyMs) {
  const started = Date.now();
  /** @type {{ at: number, mb: number }[]} */
  const samples = [];
  const take = () => {
    const mb = rssMb(pid);
    if (mb !== null) samples.push({ at: (Date.now() - started) / 1000, mb });
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}

/**
 * Runs autocannon (lib/load-worker.mjs) in its own process on the load generator's core, 100
 * connections without pipelining unless told otherwise. Resolves the worker's JSON result:
 * `{ requestsPerSecond, total, latency: { p50, p99, max }, non2xx, errors, timeouts, failures }`.
 * @param {Omit<LoadJob, 'connections' | 'inspect'> & { connections?: number, inspect?: boolean }} job
 * @returns {Promise<LoadResult>}
 */
export async function runLoad({ url, routes, seconds, connections = 100, inspect = false, timeoutSeconds }) {
  /** @type {LoadJob} */
  const spec = { url, routes, seconds, connections, inspect, timeoutSeconds };
  const job = JSON.stringify(spec);
  const [command, ...prefix] = [...pinning().load, process.execPath];
  const child = spawn(command, [...prefix, path.join(HERE, 'load-worker.mjs'), job], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  /** @type {number | null} */
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the load generator exited with code ${code}\n${stderr}`);
  return /** @type {LoadResult} */ (JSON.parse(stdout));
}

/**
 * Waits until a process is idle (under 10 % of a CPU over a quarter second), at most `timeoutMs`.
 * When autocannon stops, the requests it had in flight are still being answered — on PGlite, whose
 * one connection serves queries in turn, for seconds — and must not be billed to the next run.
 * @param {number | undefined} pid
 * @param {number} [timeoutMs]
 */
export async function waitIdle(pid, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let before = processCpuMs(pid);
  if (before === null) return;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = processCpuMs(pid);
    if (now === null || now - before < 25) return;
    before = now;
  }
}

/**
 * A baseline server of the bench (`script`, with `args`) in a process of its own, on the cores of
 * `pin`; resolves `{ url, pid, stop }` once it prints `listening on <port>`. `what` names it in the
 * error when it exits first.
 * @param {{ script: string, args?: string[], pin: string[], what: string }} options
 * @returns {Promise<{ url: string, pid: number | undefined, stop(): Promise<void> }>}
 */
export async function startListening({ script, args = [], pin, what }) {
  const [command, ...prefix] = [...pin, process.execPath];
  // PUNA_BENCH_PROFILE=1: a CPU profile of this process too, named after its script, when it stops.
  const profile = process.env.PUNA_BENCH_PROFILE
    ? [
        '--cpu-prof',
        '--cpu-prof-dir',
        PROFILES_DIR,
        '--cpu-prof-name',
        `${path.basename(script, '.mjs')}.${Date.now()}.cpuprofile`,
      ]
    : [];
  const child = spawn(command, [...prefix, ...profile, script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  /** @type {number} */
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = out.match(/listening on (\d+)/);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`${what} exited with code ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The bare Fastify hello-world (lib/hello-server.mjs) on the server's core; resolves `{ url, stop }`. */
export function startHelloServer() {
  return startListening({
    script: path.join(HERE, 'hello-server.mjs'),
    pin: pinning().server,
    what: 'the hello-world server',
  });
}

/**
 * @param {number[]} values at least one
 * @returns {number}
 */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const at = (/** @type {number} */ i) => sorted[i] ?? Number.NaN;
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
}
