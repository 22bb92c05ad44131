import { expectStatus, jsonClient } from '../lib/http.mjs';
import { sampleRss } from '../lib/load.mjs';
import { analyzeAfterSeeding, createDatabase, findPostgres } from '../lib/postgres.mjs';
import { rowsOf } from '../lib/rows.mjs';
import { employerWithWorkers, inParallel, PAY_MONTH, seedPayMonth } from '../lib/seed.mjs';
import { processCpuMs, startServer } from '../lib/server.mjs';

/** Issue 37: the statement's p99 during the first-of-month wave. */
const STATEMENT_P99_TARGET_MS = 1000;

/** @typedef {import('../lib/types.mjs').Row} Row */
/** @typedef {import('../lib/server.mjs').Server} Server */
/** @typedef {Awaited<ReturnType<typeof employerWithWorkers>>} Team */

const row = rowsOf('month-wave');

/**
 * The first of the month (issue 37): many employers, each with its workers' month of hours entered,
 * open the payroll statement, close the month and download the month's payslips, all within the
 * same minute. A full run: 200 employers × 50 workers on two server processes sharing one
 * PostgreSQL database (employers alternate between them, as a load balancer would send them); the
 * employers start one after another, evenly over 60 s, and each makes its three requests in turn,
 * as a person clicking through the month-close screen does. A quick run (CI's smoke test): 3
 * employers × 5 workers on one PGlite process within 2 s. Reported: errors, the latency of each
 * step (p50 / p99 / max), the whole wave's time (the first request to the last byte of the last
 * PDF) and each process's peak RSS and CPU during the wave. Target: 0 errors, statement p99 ≤ 1 s.
 * @type {import('../lib/types.mjs').Suite}
 */
export default {
  name: 'month-wave',
  async run({ quick, log }) {
    if (quick) return measure({ employers: 3, workers: 5, windowSeconds: 2, databaseUrl: null, quick, log });
    const postgres = await findPostgres();
    if (!postgres) {
      log('month-wave: PostgreSQL not reachable (TEST_DATABASE_URL or the default): skipped');
      return [];
    }
    const database = await createDatabase(postgres);
    try {
      return await measure({ employers: 200, workers: 50, windowSeconds: 60, databaseUrl: database.url, quick, log });
    } finally {
      await database.drop();
    }
  },
};

/**
 * @param {{ employers: number, workers: number, windowSeconds: number, databaseUrl: string | null, quick: boolean, log: (line: string) => void }} shape
 * @returns {Promise<Row[]>}
 */
async function measure({ employers, workers, windowSeconds, databaseUrl, quick, log }) {
  const db = databaseUrl ? 'postgres' : 'pglite';
  const processes = databaseUrl ? 2 : 1;
  /** @type {Server[]} */
  const servers = [];
  for (let i = 0; i < processes; i += 1) servers.push(await startServer({ databaseUrl, migrated: quick }));
  // Sign-up mails land in the outbox of the process that sent them: every employer is made on the first.
  const seeder = /** @type {Server} */ (servers[0]);
  const seedClient = jsonClient(seeder.url, { connections: 8 });
  const clients = servers.map((server) => jsonClient(server.url, { connections: 64 }));
  try {
    // Seeding: every employer made as a real client makes it (`employerWithWorkers`), with the
    // labour rules on, its fiscal number and address for the payslips, and hours on every working
    // day of the month. Four employers at a time, each adding eight employees at a time.
    const seedStarted = Date.now();
    /** @type {Team[]} */
    const teams = await inParallel(employers, 4, async () => {
      const team = await employerWithWorkers(seeder, seedClient, workers);
      expectStatus(
        await seedClient.request('PUT', '/krye/labour-settings', {
          body: { jurisdiction: 'XK', apply_labour_rules: true, fiscal_number: '811234567', address: 'Rr. e Bench 1' },
          headers: team.employer.headers,
        }),
        200,
        'labour rules on',
      );
      await seedPayMonth(seedClient, team.employer, team.ids);
      return team;
    });
    log(
      `${db}: seeded ${employers} employers × ${workers} workers with a month of hours in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s`,
    );
    if (databaseUrl) await analyzeAfterSeeding(databaseUrl);

    /** @type {Record<'statement' | 'close' | 'payslips', number[]>} */
    const took = { statement: [], close: [], payslips: [] };
    /** @type {string[]} */
    const failures = [];
    const samplers = servers.map((server) => sampleRss(server.pid, 250));
    const cpuBefore = servers.map((server) => processCpuMs(server.pid));
    const waveStarted = performance.now();
    const spacing = (windowSeconds * 1000) / employers;

    await Promise.all(
      teams.map(async (team, i) => {
        await new Promise((resolve) => setTimeout(resolve, Math.round(i * spacing)));
        const client = /** @type {ReturnType<typeof jsonClient>} */ (clients[i % clients.length]);
        const headers = team.employer.headers;
        /**
         * @param {'statement' | 'close' | 'payslips'} step
         * @param {() => Promise<{ status: number, body: unknown }>} send
         * @param {(body: unknown) => string | null} check what is wrong with a 200's body, or null
         */
        const timed = async (step, send, check) => {
          const started = performance.now();
          try {
            const res = await send();
            took[step].push(performance.now() - started);
            const wrong =
              res.status === 200 ? check(res.body) : `${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
            if (wrong) failures.push(`${step} of employer ${team.employer.employerId}: ${wrong}`);
            return !wrong;
          } catch (error) {
            failures.push(`${step} of employer ${team.employer.employerId}: ${String(error)}`);
            return false;
          }
        };
        const opened = await timed(
          'statement',
          () => client.request('GET', `/krye/payroll?month=${PAY_MONTH}`, { headers }),
          (body) => {
            const statement = /** @type {{ Result?: { workers?: { hours: number }[] } }} */ (body).Result;
            const withHours = statement?.workers?.filter((worker) => worker.hours > 0).length ?? 0;
            return withHours === workers ? null : `${withHours} of ${workers} workers with hours`;
          },
        );
        if (!opened) return;
        const closed = await timed(
          'close',
          () =>
            client.request('POST', `/krye/months/${PAY_MONTH}/close`, {
              body: { acknowledge_exceptions: true },
              headers,
            }),
          () => null,
        );
        if (!closed) return;
        await timed(
          'payslips',
          () => client.request('GET', `/krye/payslips?month=${PAY_MONTH}`, { headers }),
          (body) => {
            const text = typeof body === 'string' ? body : '';
            const pages = (text.match(/\/Type\s*\/Page(?![a-z])/g) ?? []).length;
            return text.startsWith('%PDF') && pages >= workers
              ? null
              : `a PDF of ${pages} pages for ${workers} workers`;
          },
        );
      }),
    );

    const waveSeconds = (performance.now() - waveStarted) / 1000;
    const peaks = samplers.map((sampler) => Math.max(...sampler.stop().map((sample) => sample.mb)));
    const cpuSeconds = servers.map((server, i) => {
      const before = cpuBefore[i];
      const after = processCpuMs(server.pid);
      return before === null || before === undefined || after === null ? null : (after - before) / 1000;
    });
    for (const failure of failures.slice(0, 5)) log(`${db}: month-wave failure: ${failure}`);

    /** @param {number[]} values */
    const percentiles = (values) => {
      const sorted = [...values].sort((a, b) => a - b);
      /** @param {number} p */
      const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
      return { p50: Math.round(at(50)), p99: Math.round(at(99)), max: Math.round(sorted.at(-1) ?? 0) };
    };
    const statement = percentiles(took.statement);
    const hasTarget = !quick;
    const where = `${employers} employers × ${workers} workers, ${processes} process${processes > 1 ? 'es' : ''}, within ${windowSeconds} s`;
    log(
      `${db}: month wave (${where}): ${waveSeconds.toFixed(1)} s, statement ${JSON.stringify(statement)}, close ${JSON.stringify(percentiles(took.close))}, payslips ${JSON.stringify(percentiles(took.payslips))} ms, ${failures.length} failed, peak RSS ${peaks.map((mb) => Math.round(mb)).join(' / ')} MB`,
    );
    /** @param {{ p50: number, p99: number, max: number }} figures */
    const shown = (figures) => `${figures.p50} / ${figures.p99} / ${figures.max}`;
    return [
      row(`first of the month (${where}): statement p50 / p99 / max`, db, shown(statement), 'ms', {
        target: hasTarget ? `p99 ≤ ${STATEMENT_P99_TARGET_MS} ms` : null,
        met: hasTarget ? took.statement.length === employers && statement.p99 <= STATEMENT_P99_TARGET_MS : null,
        latency: statement,
      }),
      row('  close the month p50 / p99 / max', db, shown(percentiles(took.close)), 'ms'),
      row(`  payslips PDF (${workers} pages) p50 / p99 / max`, db, shown(percentiles(took.payslips)), 'ms'),
      row('  the whole wave, first request to last PDF', db, Number(waveSeconds.toFixed(1)), 's'),
      row('  peak RSS per process', db, peaks.map((mb) => Math.round(mb)).join(' / '), 'MB'),
      row(
        '  server CPU per process during the wave',
        db,
        cpuSeconds.map((s) => (s === null ? '?' : s.toFixed(1))).join(' / '),
        's',
      ),
      row('  errors', db, failures.length === 0 ? 0 : `${failures.length} FAILED`, '', {
        ok: failures.length === 0,
        target: hasTarget ? '0' : null,
        met: hasTarget ? failures.length === 0 : null,
      }),
    ];
  } finally {
    seedClient.close();
    for (const client of clients) client.close();
    for (const server of servers) await server.stop();
  }
}
