import { expectStatus, jsonClient } from '../lib/http.mjs';
import { pinning, runLoad, sampleRss } from '../lib/load.mjs';
import { onEachDatabase } from '../lib/postgres.mjs';
import { rowsOf } from '../lib/rows.mjs';
import { cardOf, employerWithWorkers, PAY_DAYS, PAY_MONTH, seedPayMonth, WRITE_FROM } from '../lib/seed.mjs';
import { startServer } from '../lib/server.mjs';
import { registerDevice } from '../lib/workspace.mjs';

/**
 * The run's length and warm-up (s), its connections, the employer's carded workers and how often
 * the RSS is read (ms). A quick run (CI's smoke test) soaks for 10 s: enough to catch errors under
 * mixed load, while its flat-memory verdict is only indicative.
 * @typedef {{ seconds: number, warmupSeconds: number, connections: number, workers: number, sampleEveryMs: number }} Size
 */
/** @type {Size} */
const FULL = { seconds: 300, warmupSeconds: 5, connections: 20, workers: 50, sampleEveryMs: 2000 };
/** @type {Size} */
const QUICK = { seconds: 10, warmupSeconds: 2, connections: 20, workers: 20, sampleEveryMs: 1000 };
/**
 * Flat: the RSS floor of the last third of the run at most this much above the first third's. A
 * third's floor is its 10th percentile (nearest rank): the heap just after the full collections,
 * without the one or two samples of a dip. The mean swings with the garbage collector's sawtooth (V8
 * lets the heap grow to a few hundred MB between full collections), so a mean says where in the
 * sawtooth a third ended, not whether memory is kept. The lowest sample did not serve either: on
 * 2026-11-28 the PostgreSQL soak's first full collection took the RSS from 275 to 142 MB for one
 * sample, after which it held 180–186 MB to the end; against that dip a flat run read +27.6 %.
 */
const FLAT_GROWTH_PERCENT = 10;

/**
 * How many days back the scans start: they are a second apart, and the server refuses scans from the
 * future. On 2026-11-28 the PostgreSQL soak sent 270,000 scans in 5 minutes (3.1 days of them), so
 * starting two days back its last 1,822 batches were refused as not yet possible; 14 days leave room
 * for 1.1 million. The warm-up's scans are earlier still, so the two never share a second.
 */
const SCANS_DAYS_AGO = 14;
const WARMUP_SCANS_DAYS_AGO = 21;

/** @typedef {import('../lib/types.mjs').Row} Row */
/** @typedef {import('../lib/load.mjs').LoadRoute} LoadRoute */
/** @typedef {import('../lib/seed.mjs').Team} Team */

/**
 * A load soak: 60 s (10 s in a quick run) of mixed traffic — reads (employees, pay, a day's hours), hours writes and
 * batches of card scans — on one server, with the server's RSS sampled every 2 s. Any non-2xx
 * answer, socket error, timeout or rejected scan is an error and fails the run, quick or full.
 * PGlite in a quick run; PGlite and PostgreSQL in a full one.
 * @type {import('../lib/types.mjs').Suite}
 */
export default {
  name: 'soak',
  async run({ quick, log, note }) {
    const pins = pinning();
    if (pins.note) note(pins.note);
    // PUNA_BENCH_SOAK_SECONDS: a longer (or shorter) soak for one investigation; the table says how long it ran.
    const seconds = Number(process.env.PUNA_BENCH_SOAK_SECONDS) || 0;
    const size = { ...(quick ? QUICK : FULL), ...(seconds > 0 ? { seconds } : {}) };
    return onEachDatabase({ quick, log }, (db, databaseUrl) => measure(db, databaseUrl, size, quick, log));
  },
};

const row = rowsOf('soak');

/**
 * The traffic mix, by weight: 7 reads, 2 hours writes and 1 batch of 10 scans in every 10 requests.
 * @param {Team} team
 * @param {{ authorization: string }} device
 * @param {string} firstDate the first date of the hours writes
 * @param {number} firstSeq the scans' sequence numbers start after it
 * @param {number} daysAgo the day of the scans
 * @returns {LoadRoute[]}
 */
function mixOf(team, device, firstDate, firstSeq, daysAgo) {
  const headers = { cookie: team.cookie, 'x-requested-with': 'puna' };
  return [
    { weight: 3, method: 'GET', path: '/krye/employee', headers },
    { weight: 2, method: 'GET', path: `/krye/pay?month=${PAY_MONTH}`, headers },
    { weight: 2, method: 'GET', path: `/krye/klista?date=${PAY_DAYS[0]}`, headers },
    {
      weight: 2,
      method: 'POST',
      path: '/krye/addworkerklista',
      headers,
      make: { kind: 'hours', workerIds: team.ids, firstDate },
    },
    {
      weight: 1,
      method: 'POST',
      path: '/device/v1/scans',
      headers: { authorization: device.authorization },
      make: { kind: 'scans', cards: team.ids.map((_, i) => cardOf(i)), perRequest: 10, firstSeq, daysAgo },
      check: 'scans',
    },
  ];
}

/** @param {number[]} values */
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
/** The 10th percentile (nearest rank) of some samples. @param {number[]} values */
const floorOf = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length / 10) - 1)] ?? Number.NaN;
};

/**
 * @param {'pglite' | 'postgres'} db
 * @param {string | null} databaseUrl
 * @param {Size} size
 * @param {boolean} quick
 * @param {(line: string) => void} log
 * @returns {Promise<Row[]>}
 */
async function measure(db, databaseUrl, size, quick, log) {
  const server = await startServer({ databaseUrl, pin: pinning().server, migrated: quick });
  const client = jsonClient(server.url, { connections: 8 });
  try {
    const team = await employerWithWorkers(server, client, size.workers, { cards: true });
    await seedPayMonth(client, team.employer, team.ids);
    const device = await registerDevice(client, team.employer, `SOAK-${db}-${Date.now().toString(36)}`);

    // A short warm-up of the same mix (its writes on other dates and sequence numbers), unsampled,
    // so the first third of the samples is a server that has already compiled its hot paths.
    await runLoad({
      url: server.url,
      routes: mixOf(team, device, '2041-01-01', 1_000_000_000, WARMUP_SCANS_DAYS_AGO),
      seconds: size.warmupSeconds,
      connections: size.connections,
      inspect: true,
    });
    const rss = sampleRss(server.pid, size.sampleEveryMs);
    const result = await runLoad({
      url: server.url,
      routes: mixOf(team, device, WRITE_FROM, 0, SCANS_DAYS_AGO),
      seconds: size.seconds,
      connections: size.connections,
      inspect: true,
    });
    const samples = rss.stop().map((sample) => sample.mb);
    // Still answering after the run: a crashed server fails here.
    expectStatus(await client.request('GET', '/readyz'), 200, 'readyz after the soak');

    // A 200 that refused some scans counts as an error too.
    const rejectedScans = result.failures.rejected;
    const totalErrors = result.non2xx + result.errors + result.timeouts + rejectedScans;
    const third = Math.max(1, Math.floor(samples.length / 3));
    const growth = (floorOf(samples.slice(-third)) / floorOf(samples.slice(0, third)) - 1) * 100;
    const lowestGrowth = (Math.min(...samples.slice(-third)) / Math.min(...samples.slice(0, third)) - 1) * 100;
    const meanGrowth = (mean(samples.slice(-third)) / mean(samples.slice(0, third)) - 1) * 100;
    log(
      `${db}: ${result.total} requests (${Math.round(result.requestsPerSecond)} req/s), ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts, ${rejectedScans} answers with rejected scans`,
    );
    for (const sample of result.failures.samples) log(`${db}: failed: ${sample}`);
    log(`${db}: RSS every ${size.sampleEveryMs / 1000} s (MB): ${samples.map((mb) => Math.round(mb)).join(' ')}`);
    log(
      `${db}: RSS floor ${growth.toFixed(1)} %, lowest sample ${lowestGrowth.toFixed(1)} %, mean ${meanGrowth.toFixed(1)} % (last third vs first)`,
    );
    return [
      row(
        `mixed traffic ${size.seconds} s, ${size.connections} connections (${result.total} requests)`,
        db,
        Math.round(result.requestsPerSecond),
        'req/s',
      ),
      row(
        'errors: non-2xx + socket errors + timeouts + rejected scans',
        db,
        totalErrors === 0 ? 0 : `${totalErrors} FAILED`,
        '',
        {
          ok: totalErrors === 0,
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          rejectedScans,
        },
      ),
      row(
        `RSS start / end / max (${samples.length} samples)`,
        db,
        `${Math.round(samples[0] ?? Number.NaN)} / ${Math.round(samples.at(-1) ?? Number.NaN)} / ${Math.round(Math.max(...samples))}`,
        'MB',
        { samples: samples.map((mb) => Number(mb.toFixed(1))) },
      ),
      // The soak's own verdict, shown in quick runs too; like every target it fails only a --check run.
      row(
        'RSS floor growth: 10th percentile of the last third vs the first third',
        db,
        `${growth >= 0 ? '+' : ''}${growth.toFixed(1)}`,
        '%',
        {
          target: `≤ ${FLAT_GROWTH_PERCENT} % (flat)`,
          met: growth <= FLAT_GROWTH_PERCENT,
        },
      ),
    ];
  } finally {
    client.close();
    await server.stop();
  }
}
