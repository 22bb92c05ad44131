import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { processCpuMs } from './server.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));

let cachedPinning = null;

/**
 * Where the server and the load generator run: with `taskset` (util-linux) and two CPUs or more,
 * the server on CPU 0 and autocannon on CPU 1, so neither steals the other's core. Otherwise both
 * float, and `note` says so for the table header.
 */
export function pinning() {
  if (cachedPinning) return cachedPinning;
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

/** A process's resident memory (VmRSS in /proc/<pid>/status) in MB; null where there is no /proc. */
export function rssMb(pid) {
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
 */
export function sampleRss(pid, everyMs) {
  const started = Date.now();
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
 */
export async function runLoad({ url, routes, seconds, connections = 100, inspect = false, timeoutSeconds }) {
  const job = JSON.stringify({ url, routes, seconds, connections, inspect, timeoutSeconds });
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
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the load generator exited with code ${code}\n${stderr}`);
  return JSON.parse(stdout);
}

/**
 * Waits until a process is idle (under 10 % of a CPU over a quarter second), at most `timeoutMs`.
 * When autocannon stops, the requests it had in flight are still being answered — on PGlite, whose
 * one connection serves queries in turn, for seconds — and must not be billed to the next run.
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

/** The bare Fastify hello-world (lib/hello-server.mjs) on the server's core; resolves `{ url, stop }`. */
export async function startHelloServer() {
  const [command, ...prefix] = [...pinning().server, process.execPath];
  const child = spawn(command, [...prefix, path.join(HERE, 'hello-server.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = out.match(/listening on (\d+)/);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the hello-world server exited with code ${code}`)));
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

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
