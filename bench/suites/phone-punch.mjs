import { randomBytes, randomUUID } from 'node:crypto';
import { expectStatus, jsonClient } from '../lib/http.mjs';
import { waitIdle } from '../lib/load.mjs';
import { rowsOf } from '../lib/rows.mjs';
import { inParallel } from '../lib/seed.mjs';
import { BENCH_ADMIN, processCpuMs, startServer } from '../lib/server.mjs';
import { createPremiumEmployer } from '../lib/workspace.mjs';

/** Issue 36's target: a phone punch with a 200 KB photo, 20 workers at once, on PGlite. */
const P99_TARGET_MS = 150;
const CONCURRENT = 20;
/** A worker may send 6 punches a minute (docs/product.md#phone-clock): each worker sends that many. */
const PUNCHES_PER_WORKER = 6;
const PHOTO_BYTES = 200 * 1024;
const WORKPLACE = { lat: 41.3275, lng: 19.8187 };
const WORKER_PASSWORD = 'bench-worker-1';

/** @typedef {import('../lib/types.mjs').Row} Row */

/**
 * Phone clock-in (docs/product.md#phone-clock): an employer with a workplace and phone punches on,
 * N workers with logins (100; 20 in a quick run), each sending 6 punches (its per-minute allowance:
 * the first warms the server up, 5 are measured) from inside the workplace with a 200 KB JPEG, 20 at
 * a time over 20 connections — every punch a
 * new row of scans, its photo in scan_photos in the same statement, the month's check, the day's
 * direction. PGlite only (the target's database): p99 ≤ 150 ms.
 * @type {import('../lib/types.mjs').Suite}
 */
export default {
  name: 'phone-punch',
  async run({ quick, log }) {
    return measure(quick, log);
  },
};

const row = rowsOf('phone-punch');
/** @param {number} value */
const ms = (value) => (value < 10 ? value.toFixed(1) : String(Math.round(value)));

/**
 * A JPEG of `size` bytes as a phone's camera leaves it: start and end markers around the data.
 * @param {number} size
 */
function photoOf(size) {
  // Random bytes: a JPEG's data is as incompressible (the database's compression gives up on it).
  const bytes = randomBytes(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  bytes.set([0xff, 0xd9], size - 2);
  return bytes.toString('base64');
}

/**
 * @param {number[]} sorted
 * @param {number} share
 */
const percentile = (sorted, share) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;

/**
 * @param {boolean} quick
 * @param {(line: string) => void} log
 * @returns {Promise<Row[]>}
 */
async function measure(quick, log) {
  const workers = quick ? CONCURRENT : 100;
  const server = await startServer({ databaseUrl: null, migrated: quick });
  const client = jsonClient(server.url, { connections: CONCURRENT });
  try {
    const started = Date.now();
    const employer = await createPremiumEmployer(server, client);
    const admin = /** @type {{ token: string }} */ (
      expectStatus(await client.request('POST', '/auth/login', { body: BENCH_ADMIN }), 200, 'admin login')
    );
    expectStatus(
      await client.request('PUT', `/auth/updateEmployer/${employer.employerId}`, {
        body: { type: 'premium', limit_workers: workers },
        headers: { authorization: `Bearer ${admin.token}` },
      }),
      200,
      'raise the worker limit',
    );
    expectStatus(
      await client.request('PUT', '/krye/phone-clock-settings', {
        body: { phone_punches: true, phone_photo_required: true },
        headers: employer.headers,
      }),
      200,
      'phone clock settings',
    );
    expectStatus(
      await client.request('POST', '/krye/locations', {
        body: { name: 'Dyqani', ...WORKPLACE, radius_m: 100 },
        headers: employer.headers,
      }),
      201,
      'workplace',
    );
    const tokens = await inParallel(workers, 4, async (i) => {
      const email = `${employer.employerId}-${i}@telefoni.example.test`;
      expectStatus(
        await client.request('POST', '/krye/add_employee', {
          body: {
            name: `Punëtori ${i + 1}`,
            salary: 4,
            wages: 'Orë',
            role: 'Punëtor',
            email,
            password: WORKER_PASSWORD,
          },
          headers: employer.headers,
        }),
        201,
        'add employee',
      );
      const login = /** @type {{ token: string }} */ (
        expectStatus(
          await client.request('POST', '/auth/login', { body: { email, password: WORKER_PASSWORD } }),
          200,
          'worker login',
        )
      );
      return login.token;
    });
    log(`pglite: seeded ${workers} workers with logins in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const photo = photoOf(PHOTO_BYTES);
    /** @param {string} token */
    const send = (token) =>
      client.request('POST', '/krye/worker/me/punch', {
        body: {
          id: randomUUID(),
          lat: WORKPLACE.lat + Math.random() * 0.0005,
          lng: WORKPLACE.lng,
          accuracy: 12,
          taken_at: new Date().toISOString(),
          photo,
        },
        headers: { authorization: `Bearer ${token}` },
      });
    // Each worker's first punch warms the server up (not measured); the other 5 are, in rounds.
    await inParallel(tokens.length, CONCURRENT, async (i) => {
      expectStatus(await send(/** @type {string} */ (tokens[i])), 201, 'warm-up punch');
    });
    /** @type {string[]} */
    const jobs = [];
    for (let k = 1; k < PUNCHES_PER_WORKER; k += 1) for (const token of tokens) jobs.push(token);
    await waitIdle(/** @type {number} */ (server.pid));
    const cpuBefore = processCpuMs(server.pid);
    /** @type {number[]} */
    const latencies = [];
    let failed = 0;
    let next = 0;
    const runStarted = performance.now();
    const lane = async () => {
      while (next < jobs.length) {
        const token = jobs[next];
        next += 1;
        const sent = performance.now();
        const res = await send(/** @type {string} */ (token));
        latencies.push(performance.now() - sent);
        if (res.status !== 201) {
          failed += 1;
          if (failed <= 3) log(`pglite: punch answered ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENT }, lane));
    const elapsedS = (performance.now() - runStarted) / 1000;
    await waitIdle(/** @type {number} */ (server.pid));
    const cpuAfter = processCpuMs(server.pid);
    const cpuPerPunch = cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / jobs.length;
    const sorted = [...latencies].sort((a, b) => a - b);
    const p50 = percentile(sorted, 0.5);
    const p99 = percentile(sorted, 0.99);
    log(
      `pglite: ${jobs.length} punches, ${CONCURRENT} at once: p50 ${ms(p50)} ms, p99 ${ms(p99)} ms, ${(jobs.length / elapsedS).toFixed(0)}/s, ${failed} failed`,
    );
    const hasTarget = !quick;
    return [
      row(
        `POST /krye/worker/me/punch with a 200 KB photo, ${CONCURRENT} workers at once (${jobs.length} punches): latency p50 / p99`,
        'pglite',
        `${ms(p50)} / ${ms(p99)}`,
        'ms',
        {
          target: hasTarget ? `p99 ≤ ${P99_TARGET_MS} ms` : null,
          met: hasTarget ? latencies.length > 0 && p99 <= P99_TARGET_MS : null,
        },
      ),
      row('  server CPU per punch', 'pglite', cpuPerPunch === null ? null : Number(cpuPerPunch.toPrecision(2)), 'ms'),
      row('  non-201 answers', 'pglite', failed === 0 ? 0 : `${failed} FAILED`, '', { ok: failed === 0 }),
    ];
  } finally {
    client.close();
    await server.stop();
  }
}
