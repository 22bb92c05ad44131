import { expectStatus } from './http.mjs';
import { BENCH_ADMIN } from './server.mjs';
import { createPremiumEmployer } from './workspace.mjs';

/** @typedef {import('./http.mjs').JsonClient} JsonClient */
/** @typedef {import('./server.mjs').Server} Server */
/** @typedef {import('./workspace.mjs').Employer} Employer */
/** @typedef {import('./workspace.mjs').Added} Added */

/**
 * An employer with its workers' ids and its session as a browser's cookie (`puna_session=…`).
 * @typedef {{ employer: Employer, ids: number[], cookie: string }} Team
 */

/** The session cookie's name (SESSION_COOKIE in packages/server/src/plugins/auth.ts). */
const SESSION_COOKIE = 'puna_session';

/** The pay month the reads use: March 2025 has 26 days that are not Sundays. */
export const PAY_MONTH = '2025-03';
export const PAY_DAYS = Array.from({ length: 31 }, (_, i) => `2025-03-${String(i + 1).padStart(2, '0')}`).filter(
  (date) => new Date(`${date}T00:00:00Z`).getUTCDay() !== 0,
);
/** Writes during a run go to dates from here on, away from the month the reads ask for. */
export const WRITE_FROM = '2031-01-01';

const MAX_ENTRIES_PER_REQUEST = 1000;

/**
 * Runs `task(i)` for i in 0…count-1 with at most `parallel` at once; resolves the results in order.
 * @template T
 * @param {number} count
 * @param {number} parallel
 * @param {(i: number) => Promise<T>} task
 * @returns {Promise<T[]>}
 */
async function inParallel(count, parallel, task) {
  /** @type {T[]} */
  const results = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const i = next;
        next += 1;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

/**
 * A premium employer allowed `workers` employees (the platform admin raises `limit_workers`), with
 * `workers` employees on an hourly wage added through `POST /krye/add_employee`. Returns
 * `{ employer, ids, cookie }`: `cookie` is the session as a browser sends it (`puna_session=…`).
 * @param {Server} server
 * @param {JsonClient} client
 * @param {number} workers
 * @param {{ cards?: boolean }} [options] each worker also gets a card, `cardOf(i)`
 * @returns {Promise<Team>}
 */
export async function employerWithWorkers(server, client, workers, { cards = false } = {}) {
  const employer = await createPremiumEmployer(server, client);
  const admin = /** @type {import('./workspace.mjs').Login} */ (
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
  const ids = await inParallel(workers, 8, async (i) => {
    const body = {
      name: `Worker ${String(i + 1).padStart(4, '0')}`,
      salary: 4 + (i % 5),
      wages: 'Orë',
      role: 'Punëtor',
    };
    const added = /** @type {Added} */ (
      expectStatus(
        await client.request('POST', '/krye/add_employee', { body, headers: employer.headers }),
        201,
        'add employee',
      )
    );
    if (cards) {
      expectStatus(
        await client.request('PUT', `/krye/edit_employee/${added.Result.id}`, {
          body: { ...body, rfid: cardOf(i) },
          headers: employer.headers,
        }),
        200,
        'give card',
      );
    }
    return added.Result.id;
  });
  const token = employer.headers.authorization.slice('Bearer '.length);
  return { employer, ids, cookie: `${SESSION_COOKIE}=${token}` };
}

/** @param {number} i */
export const cardOf = (i) => `CARD${String(i + 1).padStart(5, '0')}`;

/**
 * Hours for every worker on every day of the pay month (6 to 10 hours), through the bulk route.
 * @param {JsonClient} client
 * @param {Employer} employer
 * @param {number[]} ids
 * @returns {Promise<number>} how many entries
 */
export async function seedPayMonth(client, employer, ids) {
  const entries = ids.flatMap((id, i) => PAY_DAYS.map((data, d) => ({ worker_id: id, data, ora: 6 + ((i + d) % 5) })));
  for (let start = 0; start < entries.length; start += MAX_ENTRIES_PER_REQUEST) {
    expectStatus(
      await client.request('POST', '/krye/addworkerklista', {
        body: entries.slice(start, start + MAX_ENTRIES_PER_REQUEST),
        headers: employer.headers,
      }),
      201,
      'add hours',
    );
  }
  return entries.length;
}
