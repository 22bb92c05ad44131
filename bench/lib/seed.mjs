import { expectStatus } from './http.mjs';
import { BENCH_ADMIN } from './server.mjs';
import { createPremiumEmployer } from './workspace.mjs';

/** @typedef {import('./http.mjs').JsonClient} JsonClient */
/** @typedef {import('./server.mjs').Server} Server */
/** @typedef {import('./workspace.mjs').Employer} Employer */
/** @typedef {import('./workspace.mjs').Added} Added */

/**
 * An employer with its workers' ids, its session as a browser's cookie (`puna_session=…`), and the
 * workers whose schedule was changed with the schedule they had before (`backdateScheduleChanges`).
 * @typedef {{ employer: Employer, ids: number[], cookie: string, changes: { id: number, schedule: string }[] }} Team
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
export async function inParallel(count, parallel, task) {
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
 * Albanian first and family names, with ë and ç as real clients type them (the list's sort,
 * `compareNames`, orders them by the Albanian alphabet).
 */
const FIRST_NAMES = [
  'Arbër',
  'Blerina',
  'Çlirim',
  'Dëshira',
  'Ermira',
  'Fatmir',
  'Gëzim',
  'Hënëza',
  'Ilir',
  'Jetmirë',
  'Kaltrina',
  'Lëndita',
  'Mërgim',
  'Njomëza',
  'Përparim',
  'Rrezarta',
  'Shpëtim',
  'Vjosë',
  'Xhevdet',
  'Zërije',
];
const FAMILY_NAMES = [
  'Çela',
  'Gashi',
  'Krasniqi',
  'Hoxha',
  'Berisha',
  'Kelmendi',
  'Shala',
  'Morina',
  'Bytyçi',
  'Rexhëpi',
  'Dërguti',
  'Lleshi',
  'Mehmeti',
  'Qorraj',
  'Tërshnjaku',
];
/** @param {number} i */
export const nameOf = (i) =>
  `${FIRST_NAMES[i % FIRST_NAMES.length]} ${FAMILY_NAMES[Math.floor(i / FIRST_NAMES.length) % FAMILY_NAMES.length]}`;

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/**
 * A weekly schedule as the web app's employee form sends it (packages/web/src/features/employees/
 * api/create-employee.ts): all seven days, JSON text. Most work Monday to Friday 08:00–16:00; one in
 * three also Saturday morning, one in five 07:00–15:30.
 * @param {number} i @param {number} [variant] another pattern, for a schedule change
 */
export function scheduleOf(i, variant = 0) {
  const k = i + variant;
  const [startTime, endTime] = k % 5 === 0 ? ['07:00', '15:30'] : ['08:00', '16:00'];
  const saturday = k % 3 === 0;
  return JSON.stringify(
    Object.fromEntries(
      DAYS.map((day, d) => {
        if (d < 5) return [day, { selected: true, startTime, endTime }];
        if (d === 5 && saturday) return [day, { selected: true, startTime: '08:00', endTime: '12:00' }];
        return [day, { selected: false, startTime: '', endTime: '' }];
      }),
    ),
  );
}

/** Of every 20 employees one gets a worker login (e-mail and password), one in 4 a schedule change, one in 10 leave. */
const LOGIN_EVERY = 20;
const SCHEDULE_CHANGE_EVERY = 4;
const LEAVE_EVERY = 10;
/** Without `cards`, one in 3 employees holds a card. */
const CARD_EVERY = 3;
/** A month before the reads' pay month, closed (its statement stored), as an employer's past months are. */
export const CLOSED_MONTH = '2025-02';
/** Leave in the month after the pay month: stored and counted, away from the days the reads ask for. */
const LEAVE_FROM = '2025-04-07';
const LEAVE_TO = '2025-04-09';
const WORKER_PASSWORD = 'bench-worker-1';

/**
 * A premium employer allowed `workers` employees (the platform admin raises `limit_workers`), with
 * `workers` employees on an hourly wage, made as real clients make them (issue 37), all through the
 * API: `POST /krye/add_employee` with Albanian names (`nameOf`) and a weekly schedule as the web app
 * sends it (`scheduleOf`); a worker login for one in 20; a card for every one with `cards`, else for
 * one in 3; a schedule change (so a schedule history) for one in 4; approved leave for one in 10;
 * and a closed month (`CLOSED_MONTH`). `checkRealShaped` says whether a seed has all of it.
 * Returns `{ employer, ids, cookie }`: `cookie` is the session as a browser sends it (`puna_session=…`).
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
  /** @type {{ id: number, schedule: string }[]} */
  const changes = [];
  const ids = await inParallel(workers, 8, async (i) => {
    const body = {
      name: nameOf(i),
      salary: 4 + (i % 5),
      wages: 'Orë',
      role: 'Punëtor',
    };
    const login =
      i % LOGIN_EVERY === 0
        ? { email: `${employer.employerId}-${i}@punetoret.example.test`, password: WORKER_PASSWORD }
        : {};
    const added = /** @type {Added} */ (
      expectStatus(
        await client.request('POST', '/krye/add_employee', {
          body: { ...body, ...login, schedule: scheduleOf(i) },
          headers: employer.headers,
        }),
        201,
        'add employee',
      )
    );
    const card = cards || i % CARD_EVERY === 0 ? { rfid: cardOf(i) } : {};
    const change = i % SCHEDULE_CHANGE_EVERY === 0 ? { schedule: scheduleOf(i, 1) } : {};
    if ('rfid' in card || 'schedule' in change) {
      expectStatus(
        await client.request('PUT', `/krye/edit_employee/${added.Result.id}`, {
          body: { ...body, ...card, ...change },
          headers: employer.headers,
        }),
        200,
        'give card, change schedule',
      );
    }
    if ('schedule' in change) changes.push({ id: added.Result.id, schedule: scheduleOf(i) });
    return added.Result.id;
  });
  const types = /** @type {{ Result: { id: number }[] }} */ (
    expectStatus(await client.request('GET', '/krye/leave-types', { headers: employer.headers }), 200, 'leave types')
  );
  const type = types.Result[0]?.id;
  if (type === undefined) throw new Error('the employer has no leave type');
  await inParallel(Math.ceil(workers / LEAVE_EVERY), 4, async (k) => {
    expectStatus(
      await client.request('POST', '/krye/leave', {
        body: { employee_id: ids[k * LEAVE_EVERY], from: LEAVE_FROM, to: LEAVE_TO, type },
        headers: employer.headers,
      }),
      201,
      'record leave',
    );
  });
  // A month closes with the labour rules on; they are turned off again, as the pay summary with
  // them on is the payroll statement (the payroll suite's), which the reads' bare handler does not make.
  /** @param {boolean} on */
  const labourRules = async (on) =>
    expectStatus(
      await client.request('PUT', '/krye/labour-settings', {
        body: { jurisdiction: 'XK', apply_labour_rules: on },
        headers: employer.headers,
      }),
      200,
      'labour rules',
    );
  await labourRules(true);
  expectStatus(
    await client.request('POST', `/krye/months/${CLOSED_MONTH}/close`, {
      body: { acknowledge_exceptions: true },
      headers: employer.headers,
    }),
    200,
    'close a month',
  );
  await labourRules(false);
  const token = employer.headers.authorization.slice('Bearer '.length);
  return { employer, ids, cookie: `${SESSION_COOKIE}=${token}`, changes };
}

/** The day the changed workers' earlier schedule starts (`backdateScheduleChanges`): before every day the reads ask for. */
const EARLIER_SCHEDULE_FROM = '2025-01-01';

/**
 * A schedule change made through the API lands on today, and a second one the same day replaces
 * it: the history real employers have (a schedule until some day, another since) needs earlier
 * days. Each changed worker's schedule before the change is written straight into
 * `employee_schedules` from `EARLIER_SCHEDULE_FROM`, as the API stores it (normalised, issue 37);
 * the days the reads ask for fall under it, the current schedule from today on.
 * @param {{ query: (text: string, params?: unknown[]) => Promise<unknown> }} driver
 * @param {number} employerId
 * @param {Team['changes']} changes
 */
export async function backdateScheduleChanges(driver, employerId, changes) {
  if (changes.length === 0) return;
  await driver.query(
    `insert into employee_schedules (employer_id, employee_id, effective_from, schedule)
     select $1::int, c.id, $2::date, c.schedule::jsonb from unnest($3::int[], $4::text[]) as c(id, schedule)`,
    [employerId, EARLIER_SCHEDULE_FROM, changes.map((c) => c.id), changes.map((c) => c.schedule)],
  );
}

/**
 * What real data has, counted in an employer's rows (issue 37): the reads' figures mean little on a
 * seed without it (a seed without schedules made the employee list read 4 × cheaper than real).
 * Throws naming what is missing.
 * @param {{ query: (text: string, params?: unknown[]) => Promise<{ rows: any[] }> }} driver
 * @param {number} employerId
 * @param {string} label what the employer is for, in the error
 */
export async function checkRealShaped(driver, employerId, label) {
  const { rows } = await driver.query(
    `select
       (select count(*) from employees where employer_id = $1)::int as employees,
       (select count(*) from employees where employer_id = $1 and schedule is null)::int as without_schedule,
       (select count(*) from employees where employer_id = $1 and name ~ '[ëçËÇ]')::int as albanian_names,
       (select count(*) from employees where employer_id = $1 and rfid is not null)::int as cards,
       (select count(*) from users where employer_id = $1 and kind = 'worker')::int as logins,
       (select count(*) from (select employee_id from employee_schedules where employer_id = $1
          group by employee_id having count(*) > 1) as changed)::int as changes,
       (select count(*) from leave_requests where employer_id = $1)::int as leave,
       (select count(*) from closed_months where employer_id = $1)::int as closed_months`,
    [employerId],
  );
  const counts = rows[0];
  const missing = [
    counts.employees === 0 && 'employees',
    counts.without_schedule > 0 && `a weekly schedule (${counts.without_schedule} employees without)`,
    counts.albanian_names === 0 && 'names with ë or ç',
    counts.cards === 0 && 'cards',
    counts.logins === 0 && 'worker logins',
    counts.changes === 0 && 'schedule history',
    counts.leave === 0 && 'leave',
    counts.closed_months === 0 && 'a closed month',
  ].filter(Boolean);
  if (missing.length > 0) throw new Error(`${label}: the seed lacks what real data has: ${missing.join(', ')}`);
  return counts;
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
