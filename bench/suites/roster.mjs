import { expectStatus, jsonClient } from '../lib/http.mjs';
import { runLoad, waitIdle } from '../lib/load.mjs';
import { analyzeAfterSeeding, onEachDatabase } from '../lib/postgres.mjs';
import { rowsOf } from '../lib/rows.mjs';
import { employerWithWorkers } from '../lib/seed.mjs';
import { processCpuMs, startServer } from '../lib/server.mjs';

/** Issue 35's targets: a week's roster read at one connection, and its publish. */
const P99_TARGET_MS = 100;
const PUBLISH_TARGET_MS = 2000;
/** The bench's week: far ahead, so no month is closed and no seeded leave falls in it. */
const MONDAY = '2031-01-06';
const WEEK = Array.from({ length: 7 }, (_, i) => `2031-01-${String(6 + i).padStart(2, '0')}`);
/** Morning, evening and night shifts, in turn. */
const SHIFTS = [
  { start: '06:00', end: '14:00', break_minutes: 30 },
  { start: '14:00', end: '22:00', break_minutes: 30 },
  { start: '22:00', end: '06:00', break_minutes: 30 },
];

/** @typedef {import('../lib/types.mjs').Row} Row */

/**
 * The roster (docs/product.md#shifts-and-the-roster): an employer of N workers (300; 8 in a quick
 * run), seeded like a real client, with one shift per worker and day for a week (2,100 shifts),
 * mornings, evenings and nights in turn. `GET /krye/shifts` for that week with one connection
 * (target on PostgreSQL: p99 ≤ 100 ms), then the week's publish, timed once (≤ 2 s).
 * @type {import('../lib/types.mjs').Suite}
 */
export default {
  name: 'roster',
  async run({ quick, log }) {
    return onEachDatabase({ quick, log }, (db, databaseUrl) => measure(db, databaseUrl, quick, log));
  },
};

const row = rowsOf('roster');
/** @param {number} value */
const ms = (value) => (value < 10 ? value.toFixed(1) : String(Math.round(value)));

/**
 * @param {'pglite' | 'postgres'} db
 * @param {string | null} databaseUrl
 * @param {boolean} quick
 * @param {(line: string) => void} log
 * @returns {Promise<Row[]>}
 */
async function measure(db, databaseUrl, quick, log) {
  const workers = quick ? 8 : 300;
  const seconds = quick ? 1 : 10;
  const server = await startServer({ databaseUrl, migrated: quick });
  const client = jsonClient(server.url, { connections: 8 });
  try {
    const started = Date.now();
    const team = await employerWithWorkers(server, client, workers);
    const { employer, ids } = team;
    let planned = 0;
    for (let start = 0; start < ids.length * WEEK.length; start += 8) {
      const batch = [];
      for (let k = start; k < Math.min(start + 8, ids.length * WEEK.length); k += 1) {
        const worker = k % ids.length;
        const day = Math.floor(k / ids.length);
        const shift = SHIFTS[(worker + day) % SHIFTS.length];
        batch.push(
          client.request('POST', '/krye/shifts', {
            body: { employee_id: ids[worker], date: WEEK[day], ...shift },
            headers: employer.headers,
          }),
        );
      }
      // A night shift ends at 06:00, when the next morning's starts: back to back, every one fits.
      for (const res of await Promise.all(batch)) {
        expectStatus(res, 201, 'plan a shift');
        planned += 1;
      }
    }
    log(
      `${db}: seeded ${workers} workers and planned ${planned} shifts in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    if (databaseUrl) await analyzeAfterSeeding(databaseUrl);

    const path = `/krye/shifts?from=${MONDAY}&to=${WEEK[6]}`;
    const headers = { cookie: team.cookie, 'x-requested-with': 'puna' };
    const first = /** @type {{ Result: { shifts: unknown[], totals: unknown[], unpublished: number } }} */ (
      expectStatus(await client.request('GET', path, { headers }), 200, 'the week')
    );
    if (first.Result.shifts.length !== planned || first.Result.unpublished !== planned) {
      throw new Error(
        `roster: ${first.Result.shifts.length} shifts, ${first.Result.unpublished} unpublished, ${planned} planned`,
      );
    }
    const route = { method: 'GET', path, headers };
    if (!quick) await runLoad({ url: server.url, routes: [route], seconds: 2, connections: 1 });
    await waitIdle(server.pid);
    const cpuBefore = processCpuMs(server.pid);
    const result = await runLoad({ url: server.url, routes: [route], seconds, connections: 1 });
    await waitIdle(server.pid);
    const cpuAfter = processCpuMs(server.pid);
    const cpuPerRequest = cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / result.sent;
    const bad = result.non2xx + result.errors + result.timeouts;
    log(`${db}: the week, 1 connection: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${bad} failed`);

    const publishStarted = performance.now();
    const published = /** @type {{ Result: { published: number, notified: number } }} */ (
      expectStatus(
        await client.request('POST', '/krye/shifts/publish', {
          body: { from: MONDAY, to: WEEK[6] },
          headers: employer.headers,
        }),
        200,
        'publish the week',
      )
    );
    const publishMs = performance.now() - publishStarted;
    if (published.Result.published !== planned)
      throw new Error(`roster: published ${published.Result.published} of ${planned}`);
    log(`${db}: published ${planned} shifts for ${published.Result.notified} workers in ${ms(publishMs)} ms`);

    const hasTarget = !quick && db === 'postgres';
    const label = `GET /krye/shifts, a week of ${workers} workers (${planned} shifts)`;
    return [
      row(
        `${label}: latency p50 / p99, 1 connection`,
        db,
        `${ms(result.latency.p50)} / ${ms(result.latency.p99)}`,
        'ms',
        {
          target: hasTarget ? `p99 ≤ ${P99_TARGET_MS} ms` : null,
          met: hasTarget ? result.total > 0 && result.latency.p99 <= P99_TARGET_MS : null,
          latency: result.latency,
        },
      ),
      row('  server CPU per request', db, cpuPerRequest === null ? null : Number(cpuPerRequest.toPrecision(2)), 'ms'),
      row(`POST /krye/shifts/publish, the same week`, db, Math.round(publishMs), 'ms', {
        target: hasTarget ? `≤ ${PUBLISH_TARGET_MS} ms` : null,
        met: hasTarget ? publishMs <= PUBLISH_TARGET_MS : null,
      }),
      row('  non-2xx + errors + timeouts', db, bad === 0 ? 0 : `${bad} FAILED`, '', { ok: bad === 0 }),
    ];
  } finally {
    client.close();
    await server.stop();
  }
}
