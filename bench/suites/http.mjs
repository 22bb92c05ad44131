import { expectStatus, jsonClient } from '../lib/http.mjs';
import { pinning, runLoad, sampleRss, startHelloServer, waitIdle } from '../lib/load.mjs';
import { analyzeAfterSeeding, onEachDatabase } from '../lib/postgres.mjs';
import { rowsOf } from '../lib/rows.mjs';
import { employerWithWorkers, PAY_DAYS, PAY_MONTH, seedPayMonth, WRITE_FROM } from '../lib/seed.mjs';
import { processCpuMs, startServer } from '../lib/server.mjs';

const PAY_P99_TARGET_MS = 50;
/** Issue 17: the pay summary for 500 employees from one client at a time, on PostgreSQL. */
const PAY_SINGLE_P99_TARGET_MS = 25;
const RSS_TARGET_MB = 400;
/** Long enough for PGlite, whose 100 queued pay summaries take seconds: slow is measured, not an error. */
const TIMEOUT_SECONDS = 60;

/** @typedef {import('../lib/types.mjs').Row} Row */
/** @typedef {import('../lib/load.mjs').LoadResult} LoadResult */
/** @typedef {import('../lib/load.mjs').LoadRoute} LoadRoute */
/** @typedef {import('../lib/seed.mjs').Team} Team */
/**
 * How each route is hit: a warm-up of `warmup` seconds (none when 0), then `seconds` measured, with
 * `connections` connections.
 * @typedef {{ warmup: number, seconds: number, connections: number }} Timing
 */
/**
 * A load run and the CPU the server spent per request sent (ms; null off Linux).
 * @typedef {LoadResult & { cpuPerRequest: number | null }} Measurement
 */

/**
 * A route measured: what it asks, what its answer must hold, whether it is a read (with a target).
 * @typedef {object} Measured
 * @property {string} label
 * @property {boolean} read a read (its ratio to the hello-world is context only)
 * @property {boolean} [pay] the pay summary: its p99 has a target, and a full run measures it with 1 connection too
 * @property {LoadRoute} route
 * @property {(body: unknown) => boolean} expect
 * @property {{ body: unknown, status: number }} [check] the request that checks the answer, when not `route` itself
 * @property {string} [warmupFrom] the first date of the warm-up's writes
 */

/**
 * Authenticated reads and writes of the built server under autocannon (100 connections, no
 * pipelining, in its own process on another core), against a bare Fastify hello-world on the same
 * core measured in the same run. The server's RSS is sampled during the runs (peak under load).
 * @type {import('../lib/types.mjs').Suite}
 */
export default {
  name: 'http',
  async run({ quick, log, note }) {
    const pins = pinning();
    if (pins.note) note(pins.note);
    // A quick run is a smoke test (every route answers under load, without errors): no warm-up, 1 s
    // per route and 10 connections, so that PGlite, which serves queries in turn, drains fast.
    const timing = quick ? { warmup: 0, seconds: 1, connections: 10 } : { warmup: 3, seconds: 15, connections: 100 };
    const baseline = await measureBaseline(timing, log);
    return [
      row('GET / on a bare Fastify hello-world (baseline)', 'none', Math.round(baseline.requestsPerSecond), 'req/s'),
      row('baseline: server CPU per request', 'none', cpuValue(baseline.cpuPerRequest), 'ms'),
      latencyRow('baseline: latency p50 / p99', 'none', baseline),
      // A quick run measures PGlite only: it is a smoke test, and CI has minutes, not hours.
      ...(await onEachDatabase({ quick, log }, (db, databaseUrl) =>
        measureDb(db, databaseUrl, { quick, timing, baseline, log }),
      )),
    ];
  },
};

const row = rowsOf('http');

/** @param {number | null} value */
const cpuValue = (value) => (value === null ? null : Number(value.toPrecision(2)));
/** @param {number} value */
const ms = (value) => (value < 10 ? value.toFixed(1) : String(Math.round(value)));
/** @param {unknown} body a list's answer */
const resultLength = (body) => /** @type {{ Result: unknown[] }} */ (body).Result.length;

/**
 * @param {string} metric
 * @param {string} db
 * @param {LoadResult} result
 * @param {Partial<Row>} [extra]
 */
function latencyRow(metric, db, result, extra = {}) {
  const value = result.total === 0 ? 'none finished' : `${ms(result.latency.p50)} / ${ms(result.latency.p99)}`;
  return row(metric, db, value, 'ms', extra);
}

/**
 * One route's run on a server (or the baseline): the warm-up when `timing` has one, then the
 * measured run, each followed by a wait until the server is idle, and the CPU the server spent per
 * request sent (steadier than req/s on a shared machine; the in-flight requests' work included).
 * @param {{ url: string, pid: number | undefined }} server
 * @param {LoadRoute[]} warmupRoutes
 * @param {LoadRoute[]} routes
 * @param {Timing} timing
 * @returns {Promise<Measurement>}
 */
async function loadRun(server, warmupRoutes, routes, timing) {
  const { url, pid } = server;
  const connections = timing.connections;
  if (timing.warmup > 0) {
    await runLoad({ url, routes: warmupRoutes, seconds: timing.warmup, connections, timeoutSeconds: TIMEOUT_SECONDS });
    await waitIdle(pid);
  }
  const cpuBefore = processCpuMs(pid);
  const result = await runLoad({ url, routes, seconds: timing.seconds, connections, timeoutSeconds: TIMEOUT_SECONDS });
  await waitIdle(pid);
  const cpuAfter = processCpuMs(pid);
  const cpuPerRequest = cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / result.sent;
  return { ...result, cpuPerRequest };
}

/**
 * @param {Timing} timing
 * @param {(line: string) => void} log
 * @returns {Promise<Measurement>}
 */
async function measureBaseline(timing, log) {
  const hello = await startHelloServer();
  try {
    const routes = [{ method: 'GET', path: '/' }];
    const result = await loadRun(hello, routes, routes, timing);
    log(`baseline: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.latency.p99} ms`);
    return result;
  } finally {
    await hello.stop();
  }
}

/**
 * The routes measured: what each asks, what the answer must hold, and whether it is a read.
 * @param {Team} staff
 * @param {Team} payroll
 * @returns {Measured[]}
 */
function routesOf(staff, payroll) {
  /** @param {Team} who */
  const session = (who) => ({ cookie: who.cookie, 'x-requested-with': 'puna' });
  return [
    {
      label: `GET /krye/employee (${staff.ids.length} employees)`,
      read: true,
      route: { method: 'GET', path: '/krye/employee', headers: session(staff) },
      expect: (body) => resultLength(body) === staff.ids.length,
    },
    {
      label: `GET /krye/pay?month= (${payroll.ids.length} employees × ${PAY_DAYS.length} days)`,
      read: true,
      pay: true,
      route: { method: 'GET', path: `/krye/pay?month=${PAY_MONTH}`, headers: session(payroll) },
      expect: (body) => resultLength(body) === payroll.ids.length,
    },
    {
      label: `GET /krye/klista?date= (${payroll.ids.length} entries)`,
      read: true,
      route: { method: 'GET', path: `/krye/klista?date=${PAY_DAYS[0]}`, headers: session(payroll) },
      expect: (body) => resultLength(body) === payroll.ids.length,
    },
    {
      label: 'POST /krye/addworkerklista (1 new entry each)',
      read: false,
      route: {
        method: 'POST',
        path: '/krye/addworkerklista',
        headers: session(staff),
        make: { kind: 'hours', workerIds: staff.ids, firstDate: WRITE_FROM },
      },
      // The check request writes a day before the run's first date, so the run never collides with it.
      check: { body: [{ worker_id: staff.ids[0], data: '2030-12-31', ora: 8 }], status: 201 },
      warmupFrom: '2041-01-01',
      expect: (body) => resultLength(body) === 1,
    },
  ];
}

/**
 * @param {'pglite' | 'postgres'} db
 * @param {string | null} databaseUrl
 * @param {{ quick: boolean, timing: Timing, baseline: Measurement, log: (line: string) => void }} options
 * @returns {Promise<Row[]>}
 */
async function measureDb(db, databaseUrl, { quick, timing, baseline, log }) {
  const server = await startServer({ databaseUrl, pin: pinning().server, migrated: quick });
  const client = jsonClient(server.url, { connections: 8 });
  try {
    const seedStarted = Date.now();
    // A quick run seeds less: adding 700 employees one by one through the API takes PGlite half a minute.
    const size = quick ? { staff: 10, payroll: 20 } : { staff: 200, payroll: 500 };
    const staff = await employerWithWorkers(server, client, size.staff);
    const payroll = await employerWithWorkers(server, client, size.payroll);
    const entries = await seedPayMonth(client, payroll.employer, payroll.ids);
    const took = ((Date.now() - seedStarted) / 1000).toFixed(1);
    log(`${db}: seeded ${size.staff + size.payroll} employees and ${entries} hours entries in ${took} s`);
    if (databaseUrl) await analyzeAfterSeeding(databaseUrl);

    /** @type {Row[]} */
    const rows = [];
    /** @type {string[]} */
    const failures = [];
    const rss = sampleRss(server.pid, 250);
    for (const measured of routesOf(staff, payroll)) {
      // One request first, as a browser would send it: the route answers, with the data seeded.
      const answer = await client.request(measured.route.method, measured.route.path, {
        headers: measured.route.headers,
        body: measured.check?.body,
      });
      const body = expectStatus(answer, measured.check?.status ?? 200, measured.label);
      if (!measured.expect(body)) throw new Error(`${measured.label}: unexpected answer ${JSON.stringify(body)}`);

      const { make } = measured.route;
      const warmupRoute =
        measured.warmupFrom && make?.kind === 'hours'
          ? { ...measured.route, make: { ...make, firstDate: measured.warmupFrom } }
          : measured.route;
      const result = await loadRun(server, [warmupRoute], [measured.route], timing);
      // Requests still in flight when a run ends are not counted. On PGlite (one connection, queries
      // served in turn) 100 concurrent pay summaries can all still be running after a few seconds:
      // slow, not wrong (the request before the run checked the answer), so it is not an error.
      if (result.total === 0) log(`${db}: ${measured.label}: no request finished within ${timing.seconds} s`);
      const bad = result.non2xx + result.errors + result.timeouts;
      if (bad > 0) failures.push(`${measured.label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      log(
        `${db}: ${measured.label}: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
      );
      const ratio = result.requestsPerSecond / baseline.requestsPerSecond;
      const hasTargets = !quick && db === 'postgres';
      rows.push(
        // The ratio to a hello-world is context only: the reads' targets are against a bare handler
        // doing the same work (suites/reads.mjs).
        row(measured.label, db, Math.round(result.requestsPerSecond), 'req/s', {
          baseline: Math.round(baseline.requestsPerSecond),
          ratio: Number(ratio.toPrecision(2)),
          latency: result.latency,
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
        }),
        row('  server CPU per request', db, cpuValue(result.cpuPerRequest), 'ms'),
        latencyRow('  latency p50 / p99', db, result, {
          target: hasTargets && measured.pay ? `p99 ≤ ${PAY_P99_TARGET_MS} ms` : null,
          met: hasTargets && measured.pay ? result.latency.p99 <= PAY_P99_TARGET_MS : null,
        }),
      );
      if (measured.pay && !quick) {
        // The same route from one client at a time: what one request costs, without the queue.
        const single = await runLoad({
          url: server.url,
          routes: [measured.route],
          seconds: timing.seconds,
          connections: 1,
        });
        await waitIdle(server.pid);
        log(`${db}: ${measured.label}, 1 connection: p50 ${single.latency.p50} ms, p99 ${single.latency.p99} ms`);
        const singleTarget = hasTargets;
        rows.push(
          latencyRow('  latency p50 / p99 with 1 connection', db, single, {
            target: singleTarget ? `p99 ≤ ${PAY_SINGLE_P99_TARGET_MS} ms` : null,
            met: singleTarget ? single.latency.p99 <= PAY_SINGLE_P99_TARGET_MS : null,
          }),
        );
      }
    }
    const samples = rss.stop();
    const peak = Math.max(...samples.map((sample) => sample.mb));
    rows.push(
      row(
        'non-2xx + errors + timeouts (all routes)',
        db,
        failures.length === 0 ? 0 : `${failures.join('; ')} FAILED`,
        '',
        {
          ok: failures.length === 0,
        },
      ),
      row(`RSS under load (peak of ${samples.length} samples)`, db, Math.round(peak), 'MB', {
        target: !quick && db === 'pglite' ? `≤ ${RSS_TARGET_MB}` : null,
        met: !quick && db === 'pglite' ? peak <= RSS_TARGET_MB : null,
      }),
    );
    return rows;
  } finally {
    client.close();
    await server.stop();
  }
}
