import { spawnSync } from 'node:child_process';
import { expectStatus, jsonClient } from '../lib/http.mjs';
import { pinning, runLoad, waitIdle } from '../lib/load.mjs';
import { analyzeAfterSeeding, onEachDatabase } from '../lib/postgres.mjs';
import { rowsOf } from '../lib/rows.mjs';
import { cardOf, employerWithWorkers, PAY_DAYS, PAY_MONTH } from '../lib/seed.mjs';
import { processCpuMs, startServer } from '../lib/server.mjs';
import { postScans, registerDevice } from '../lib/workspace.mjs';

const P99_TARGET_MS = 100;
/** Scans per device request (the device API takes up to 500). */
const SCANS_PER_REQUEST = 500;

/** @typedef {import('../lib/types.mjs').Row} Row */
/** @typedef {{ seq: number, uid: string, ts: string }} Scan */

/**
 * `GET /krye/payroll?month=` (docs/product.md#month-close) for an employer with the labour-law
 * rules on, its hours taken from card scans: N workers (500; 20 in a quick run) each with a check-in
 * and a check-out on every working day of the month, one worker in five staying into the night.
 * Measured with one connection (what one statement costs, without a queue), the server free to use
 * every core as a deployment's is (one request at a time leaves the load generator next to nothing
 * to do); target on PostgreSQL: p99 ≤ 100 ms. A full run measures the same server held to one core
 * too, as context.
 * @type {import('../lib/types.mjs').Suite}
 */
export default {
  name: 'payroll',
  async run({ quick, log, note }) {
    const pins = pinning();
    if (pins.note) note(pins.note);
    return onEachDatabase({ quick, log }, (db, databaseUrl) => measure(db, databaseUrl, quick, log));
  },
};

const row = rowsOf('payroll');
/** @param {number} value */
const ms = (value) => (value < 10 ? value.toFixed(1) : String(Math.round(value)));

/**
 * A month of scans: each worker checks in between 07:00 and 07:45 and out eight to nine hours
 * later (Europe/Belgrade, +01:00 in March); every fifth worker stays until 23:00, so the statement
 * has night hours and daily overtime to compute.
 * @param {number} workers
 * @returns {Scan[]}
 */
function monthOfScans(workers) {
  /** @type {Scan[]} */
  const scans = [];
  let seq = 0;
  for (const date of PAY_DAYS) {
    for (let i = 0; i < workers; i += 1) {
      const inMinute = 7 * 60 + ((i * 7) % 46);
      const outMinute = i % 5 === 4 ? 23 * 60 : inMinute + 8 * 60 + ((i + date.length) % 4) * 15;
      for (const minute of [inMinute, outMinute]) {
        const clock = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
        seq += 1;
        scans.push({ seq, uid: cardOf(i), ts: `${date}T${clock}:00+01:00` });
      }
    }
  }
  return scans;
}

/**
 * @param {'pglite' | 'postgres'} db
 * @param {string | null} databaseUrl
 * @param {boolean} quick
 * @param {(line: string) => void} log
 * @returns {Promise<Row[]>}
 */
async function measure(db, databaseUrl, quick, log) {
  const workers = quick ? 20 : 500;
  const timing = quick ? { warmup: 0, seconds: 1 } : { warmup: 3, seconds: 15 };
  // The server floats (see `measureAt`); its load generator sends one request at a time.
  const server = await startServer({ databaseUrl, migrated: quick });
  const client = jsonClient(server.url, { connections: 8 });
  try {
    const seedStarted = Date.now();
    const team = await employerWithWorkers(server, client, workers, { cards: true });
    const { employer } = team;
    expectStatus(
      await client.request('PUT', `/krye/employers/${employer.employerId}/updateListaType`, {
        body: { listaType: 'rfid' },
        headers: employer.headers,
      }),
      200,
      'list type rfid',
    );
    expectStatus(
      await client.request('PUT', '/krye/labour-settings', {
        body: { jurisdiction: 'XK', apply_labour_rules: true },
        headers: employer.headers,
      }),
      200,
      'labour rules on',
    );
    const device = await registerDevice(client, employer, `BENCH-PAYROLL-${db}-${Date.now().toString(36)}`);
    const scans = monthOfScans(workers);
    for (let start = 0; start < scans.length; start += SCANS_PER_REQUEST) {
      await postScans(client, device, scans.slice(start, start + SCANS_PER_REQUEST));
    }
    const took = ((Date.now() - seedStarted) / 1000).toFixed(1);
    log(`${db}: seeded ${workers} carded workers and ${scans.length} scans in ${took} s`);
    if (databaseUrl) await analyzeAfterSeeding(databaseUrl);

    const route = {
      method: 'GET',
      path: `/krye/payroll?month=${PAY_MONTH}`,
      headers: { cookie: team.cookie, 'x-requested-with': 'puna' },
    };
    // One request first: the statement has every worker, with hours from the scans and night premiums.
    const answer =
      /** @type {{ Result: { hours_source: string, workers: { hours: number, premiums: { kind: string }[] }[], exceptions: { kind: string }[] } }} */ (
        expectStatus(await client.request('GET', route.path, { headers: route.headers }), 200, 'payroll statement')
      );
    const statement = answer.Result;
    const withHours = statement.workers.filter((worker) => worker.hours > 0).length;
    const withNight = statement.workers.filter((worker) => worker.premiums.some((p) => p.kind === 'night')).length;
    if (statement.hours_source !== 'scans' || statement.workers.length !== workers || withHours !== workers) {
      throw new Error(
        `payroll statement: ${statement.workers.length} workers, ${withHours} with hours, from ${statement.hours_source}`,
      );
    }
    if (withNight === 0) throw new Error('payroll statement: no night premium computed');
    const size = Buffer.byteLength(JSON.stringify(answer));
    /** @type {Record<string, number>} */
    const kinds = {};
    for (const exception of statement.exceptions) kinds[exception.kind] = (kinds[exception.kind] ?? 0) + 1;
    log(
      `${db}: the statement is ${(size / 1024).toFixed(0)} KB of JSON: ${statement.workers.length} workers, exceptions ${JSON.stringify(kinds)}`,
    );

    const label = `GET /krye/payroll?month= (${workers} workers × ${PAY_DAYS.length} days of scans)`;
    const hasTarget = !quick && db === 'postgres';
    const rows = await measureAt(server, route, timing, { db, label, hasTarget, log, where: 'server on any core' });
    // Context only, in a full run: the same server held to one core, as the suites that measure
    // throughput hold it. V8's concurrent marking and parallel scavenges then take that core from
    // the statements (bench/README.md#payroll).
    const pinned = pinning().server;
    if (!quick && pinned.length > 0 && server.pid !== undefined) {
      spawnSync('taskset', ['-a', '-p', '-c', '0', String(server.pid)], { stdio: 'ignore' });
      rows.push(
        ...(await measureAt(server, route, timing, {
          db,
          label,
          hasTarget: false,
          log,
          where: 'server held to one core',
        })),
      );
    }
    return rows;
  } finally {
    client.close();
    await server.stop();
  }
}

/**
 * One connection for `timing.seconds` after `timing.warmup`: the statement's latency, req/s and the
 * server's CPU per request.
 * @param {import('../lib/server.mjs').Server} server
 * @param {import('../lib/load.mjs').LoadRoute} route
 * @param {{ warmup: number, seconds: number }} timing
 * @param {{ db: 'pglite' | 'postgres', label: string, hasTarget: boolean, log: (line: string) => void, where: string }} shape
 * @returns {Promise<Row[]>}
 */
async function measureAt(server, route, timing, { db, label, hasTarget, log, where }) {
  if (timing.warmup > 0) {
    await runLoad({ url: server.url, routes: [route], seconds: timing.warmup, connections: 1 });
    await waitIdle(server.pid);
  }
  const cpuBefore = processCpuMs(server.pid);
  const result = await runLoad({ url: server.url, routes: [route], seconds: timing.seconds, connections: 1 });
  await waitIdle(server.pid);
  const cpuAfter = processCpuMs(server.pid);
  const cpuPerRequest = cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / result.sent;
  const bad = result.non2xx + result.errors + result.timeouts;
  log(
    `${db}: payroll statement, 1 connection, ${where}: ${result.total} requests, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${bad} failed`,
  );
  const latency = result.total === 0 ? 'none finished' : `${ms(result.latency.p50)} / ${ms(result.latency.p99)}`;
  return [
    row(`${label}: latency p50 / p99 with 1 connection, ${where}`, db, latency, 'ms', {
      target: hasTarget ? `p99 ≤ ${P99_TARGET_MS} ms` : null,
      met: hasTarget ? result.total > 0 && result.latency.p99 <= P99_TARGET_MS : null,
      latency: result.latency,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
    }),
    row('  req/s with 1 connection', db, Math.round(result.requestsPerSecond), 'req/s'),
    row('  server CPU per request', db, cpuPerRequest === null ? null : Number(cpuPerRequest.toPrecision(2)), 'ms'),
    row('  non-2xx + errors + timeouts', db, bad === 0 ? 0 : `${bad} FAILED`, '', { ok: bad === 0 }),
  ];
}
