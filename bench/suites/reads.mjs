import { startBare } from '../lib/bare.mjs';
import { openDriver } from '../lib/chat-seed.mjs';
import { expectStatus, jsonClient } from '../lib/http.mjs';
import { median, pinning, runLoad, waitIdle } from '../lib/load.mjs';
import { onEachDatabase } from '../lib/postgres.mjs';
import { rowsOf } from '../lib/rows.mjs';
import {
  backdateScheduleChanges,
  cardOf,
  checkRealShaped,
  employerWithWorkers,
  PAY_DAYS,
  PAY_MONTH,
  seedPayMonth,
} from '../lib/seed.mjs';
import { processCpuMs, startServer } from '../lib/server.mjs';
import { registerDevice } from '../lib/workspace.mjs';

/** Every main read at ≥ 0.8 × the throughput of the bare handler doing the same work (issue 17). */
const LIMIT_RATIO_TARGET = 0.8;
const TIMEOUT_SECONDS = 60;
const SCANS_PER_BATCH = 100;
/** On PostgreSQL: pairs of turns per read, and each turn's seconds (measurePaired). */
const PAIRS = 8;
const PAIRED_SECONDS = 3;

/** @typedef {import('../lib/types.mjs').Row} Row */
/** @typedef {import('../lib/load.mjs').LoadResult} LoadResult */
/**
 * One read: what it asks, with whose session, and how many rows its answer holds.
 * @typedef {{ label: string, path: string, cookie: string, rows: number }} Read
 */
/**
 * A side's figures for one read, summed over its turns, and each turn's req/s and CPU per request.
 * @typedef {{ answered: number, sent: number, seconds: number, cpuMs: number | null, bad: number, p50: number[], p99: number[], slices: { rate: number, cpu: number | null }[] }} Tally
 */
/** @typedef {'puna' | 'bare'} Side */
/**
 * A turn's timing: a warm-up (s, none when 0), the measured seconds and connections; `rounds` is
 * how many turns each side takes per read (in pairs on PostgreSQL).
 * @typedef {{ warmup: number, seconds: number, connections: number, rounds: number }} Timing
 */
/** @typedef {{ url: string, pid: number | undefined }} Target */
/**
 * Measures one turn of a side on a read and adds it to the side's tally.
 * @typedef {(side: Side, server: Target, read: Read, timing: Omit<Timing, 'rounds'>) => Promise<void>} Measure
 */
/**
 * Where and how the turns run.
 * @typedef {{ databaseUrl: string | null, dataDir: string, pin: string[], reads: Read[], timing: Timing, measure: Measure }} Turns
 */

/** @returns {Tally} */
const newTally = () => ({ answered: 0, sent: 0, seconds: 0, cpuMs: 0, bad: 0, p50: [], p99: [], slices: [] });
/** @param {number | null} cpuMs @param {number} sent */
const perRequest = (cpuMs, sent) => (cpuMs === null || sent === 0 ? null : cpuMs / sent);
/** The median of some ratios; null for none. @param {number[]} values */
const medianOrNull = (values) => (values.length === 0 ? null : median(values));

const row = rowsOf('reads');

/**
 * Puna's main reads against their limit: a bare `node:http` handler (lib/bare-server.mjs) doing
 * the same work — the session by its token hash, the same SQL, the same domain rules,
 * `JSON.stringify` — on the same database and the same core, in the same run. The two take turns:
 * on PostgreSQL short turns in pairs with both servers running (`measurePaired`); on PGlite, where
 * only one process can hold the data folder, rounds in which each turn starts its server on it
 * (`measureInRounds`). Each read's req/s and server CPU per request are given as a ratio to the
 * bare handler's. Before the first load each read's answer from both is compared:
 * they must be byte-identical, or the limit would not be doing the same work.
 * @type {import('../lib/types.mjs').Suite}
 */
export default {
  name: 'reads',
  async run({ quick, log, note }) {
    const pins = pinning();
    if (pins.note) note(pins.note);
    return onEachDatabase({ quick, log }, (db, databaseUrl) => measureDb(db, databaseUrl, { quick, log }));
  },
};

/** The UTC date two days back: the scans' day, in the past in every zone (the server refuses future scans). */
function scanDate() {
  return new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
}

/** @param {number | null} value */
const cpuValue = (value) => (value === null ? null : Number(value.toPrecision(2)));
/** @param {number} value */
const ms = (value) => (value < 10 ? value.toFixed(1) : String(Math.round(value)));
/** @param {number[]} values */
const medianOf = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * The workspace of the reads through the API (its chat is written by `insertChat`): an employer
 * with `staff` employees, another with
 * `payroll` employees holding cards, a month of hours and two scans each on `date`.
 * @param {import('../lib/server.mjs').Server} server
 * @param {{ staff: number, payroll: number, messages: number }} size
 * @param {string} date
 */
async function seed(server, size, date) {
  const client = jsonClient(server.url, { connections: 8 });
  try {
    const staff = await employerWithWorkers(server, client, size.staff);
    const payroll = await employerWithWorkers(server, client, size.payroll, { cards: true });
    await seedPayMonth(client, payroll.employer, payroll.ids);
    const device = await registerDevice(client, payroll.employer, 'bench-reads');
    // In at 06:00 UTC and out at 14:00 UTC, a second apart per worker: a whole day in the employer's zone.
    const scans = payroll.ids.flatMap((_, i) => [
      { uid: cardOf(i), ts: new Date(Date.parse(`${date}T06:00:00Z`) + i * 1000).toISOString() },
      { uid: cardOf(i), ts: new Date(Date.parse(`${date}T14:00:00Z`) + i * 1000).toISOString() },
    ]);
    for (let start = 0; start < scans.length; start += SCANS_PER_BATCH) {
      const batch = scans.slice(start, start + SCANS_PER_BATCH).map((scan, j) => ({ seq: start + j + 1, ...scan }));
      const res = await client.request('POST', '/device/v1/scans', {
        body: { scans: batch },
        headers: { authorization: device.authorization },
      });
      const body = /** @type {{ accepted: unknown[] }} */ (expectStatus(res, 200, 'upload scans'));
      if (body.accepted.length !== batch.length) throw new Error(`only ${body.accepted.length} scans accepted`);
    }
    return { staff, payroll };
  } finally {
    client.close();
  }
}

/**
 * A group chat of the employer and five of its workers with `count` messages, written straight into
 * the database as the server stores them (the workers have no login, which a chat made through the
 * API needs; sending is the fan-out suite's work): from the employer, a minute apart. Resolves its id.
 * @param {import('../lib/chat-seed.mjs').Driver} driver
 * @param {{ employerId: number, workerIds: number[], count: number }} chat
 * @returns {Promise<number>}
 */
async function insertChat(driver, { employerId, workerIds, count }) {
  const { rows } = await driver.query(
    "insert into chats (employer_id, type, name) values ($1, 'group', 'Bench') returning id",
    [employerId],
  );
  const chatId = /** @type {{ id: number }} */ (rows[0]).id;
  await driver.query(
    `insert into chat_members (chat_id, member_type, member_id, employee_id)
     select $1::int, 'employer', $2::int, null::int
     union all select $1::int, 'worker', w, w from unnest($3::int[]) as w`,
    [chatId, employerId, workerIds.slice(0, 5)],
  );
  await driver.query(
    `insert into messages (chat_id, employer_id, sender_type, sender_id, sender_name, client_message_id, content, created_at)
     select $1, $2, 'employer', $2, 'Bench', 'bench-' || g, 'Mesazhi ' || g || ': nesër fillojmë në orën 7 te kantieri i ri.',
            now() - interval '1 minute' * ($3 - g)
     from generate_series(1, $3::int) as g`,
    [chatId, employerId, count],
  );
  return chatId;
}

/**
 * One read's load on one server: a warm-up when `timing` has one, the measured run, each followed
 * by a wait until the server is idle, and the CPU the server spent over the run and its drain.
 * @param {Target} server
 * @param {Read} read
 * @param {Omit<Timing, 'rounds'>} timing
 */
async function load(server, read, timing) {
  const route = { method: 'GET', path: read.path, headers: { cookie: read.cookie, 'x-requested-with': 'puna' } };
  const job = { url: server.url, routes: [route], connections: timing.connections, timeoutSeconds: TIMEOUT_SECONDS };
  if (timing.warmup > 0) {
    await runLoad({ ...job, seconds: timing.warmup });
    await waitIdle(server.pid);
  }
  const before = processCpuMs(server.pid);
  const result = await runLoad({ ...job, seconds: timing.seconds });
  await waitIdle(server.pid);
  const after = processCpuMs(server.pid);
  return { result, cpuMs: before === null || after === null ? null : after - before };
}

/**
 * The answer's bytes, checked: 200 and the expected number of rows.
 * @param {string} url
 * @param {Read} read
 * @param {Side} side
 */
async function answerOf(url, read, side) {
  const res = await fetch(`${url}${read.path}`, { headers: { cookie: read.cookie } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${side}: ${read.label}: ${res.status} ${text.slice(0, 300)}`);
  const rows = /** @type {{ Result: unknown[] }} */ (JSON.parse(text)).Result.length;
  if (rows !== read.rows) throw new Error(`${side}: ${read.label}: ${rows} rows, expected ${read.rows}`);
  return text;
}

/**
 * @param {'pglite' | 'postgres'} db
 * @param {string | null} databaseUrl
 * @param {{ quick: boolean, log: (line: string) => void }} options
 * @returns {Promise<Row[]>}
 */
async function measureDb(db, databaseUrl, { quick, log }) {
  const pin = pinning().server;
  // 20 connections keep one core busy without a queue of seconds (PGlite serves queries in turn: at
  // 100, a 500-row read waits for 99 others and few finish in a short run). A quick run is a smoke
  // test: one round, 1 s per read and side at 10 connections. On PostgreSQL both servers run at once
  // and take short turns (measurePaired); on PGlite each side's turn starts its server (measureInRounds).
  // PUNA_BENCH_READS_SECONDS: the seconds of a measured turn;
  // PUNA_BENCH_READS_ONLY=<part of a label>: only those reads.
  const seconds = Number(process.env.PUNA_BENCH_READS_SECONDS) || 0;
  /** @type {Timing} */
  const timing = quick
    ? { warmup: 0, seconds: 1, connections: 10, rounds: 1 }
    : databaseUrl
      ? { warmup: 2, seconds: seconds || PAIRED_SECONDS, connections: 20, rounds: PAIRS }
      : { warmup: 2, seconds: seconds || 8, connections: 20, rounds: 2 };
  const size = quick ? { staff: 10, payroll: 20, messages: 20 } : { staff: 200, payroll: 500, messages: 100 };
  const date = scanDate();
  const seeding = await startServer({ databaseUrl, pin, migrated: quick });
  const { dataDir } = seeding;
  try {
    const seedStarted = Date.now();
    const { staff, payroll } = await seed(seeding, size, date);
    // PGlite's folder opens in one process at a time: the messages go in with the server stopped.
    await seeding.stop({ keepData: true });
    const driver = await openDriver(seeding, databaseUrl);
    /** @type {number} */
    let chatId;
    try {
      chatId = await insertChat(driver, {
        employerId: staff.employer.employerId,
        workerIds: staff.ids,
        count: size.messages,
      });
      for (const team of [staff, payroll]) {
        await backdateScheduleChanges(driver, team.employer.employerId, team.changes);
      }
      // A read measured on a seed without what real data has would say little (issue 37): the run fails.
      const shapes = [
        await checkRealShaped(driver, staff.employer.employerId, 'the employee list'),
        await checkRealShaped(driver, payroll.employer.employerId, 'the day list, pay, cards and RFID day'),
      ];
      log(`${db}: seed like real clients: ${shapes.map((counts) => JSON.stringify(counts)).join('; ')}`);
      // The planner's statistics, as autovacuum (PostgreSQL) or Puna's maintenance (PGlite) gives
      // them a minute after a bulk load (lib/postgres.mjs, analyzeAfterSeeding).
      await driver.query('analyze');
      // The seeding's dirty pages written now, not by a checkpoint in the middle of a measured turn.
      await driver.query('checkpoint');
    } finally {
      await driver.close();
    }
    log(`${db}: reads seeded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);

    const n = payroll.ids.length;
    /** @type {Read[]} */
    const reads = [
      {
        label: `GET /krye/employee (${staff.ids.length} employees)`,
        path: '/krye/employee',
        cookie: staff.cookie,
        rows: staff.ids.length,
      },
      {
        label: `GET /krye/klista?date= (${n} entries)`,
        path: `/krye/klista?date=${PAY_DAYS[0]}`,
        cookie: payroll.cookie,
        rows: n,
      },
      {
        label: `GET /krye/pay?month= (${n} employees × ${PAY_DAYS.length} days)`,
        path: `/krye/pay?month=${PAY_MONTH}`,
        cookie: payroll.cookie,
        rows: n,
      },
      {
        label: `GET /krye/listarfid (${n} workers with cards)`,
        path: '/krye/listarfid',
        cookie: payroll.cookie,
        rows: n,
      },
      {
        label: `GET /krye/rfid_day?date= (${n} workers with scans)`,
        path: `/krye/rfid_day?date=${date}`,
        cookie: payroll.cookie,
        rows: n,
      },
      {
        label: `GET /chat/chats/{id}/messages (${size.messages} messages)`,
        path: `/chat/chats/${chatId}/messages?limit=100`,
        cookie: staff.cookie,
        rows: size.messages,
      },
    ].filter((read) => read.label.includes(process.env.PUNA_BENCH_READS_ONLY ?? ''));
    /** @type {Record<Side, Map<string, Tally>>} */
    const tallies = { puna: new Map(), bare: new Map() };
    /** @type {Record<Side, Map<string, string>>} */
    const answers = { puna: new Map(), bare: new Map() };
    /** @type {Measure} */
    const measure = async (side, server, read, slice) => {
      if (!answers[side].has(read.label)) answers[side].set(read.label, await answerOf(server.url, read, side));
      const { result, cpuMs } = await load(server, read, slice);
      const tally = tallies[side].get(read.label) ?? newTally();
      tally.answered += result.total;
      tally.sent += result.sent;
      tally.seconds += result.seconds;
      tally.cpuMs = tally.cpuMs === null || cpuMs === null ? null : tally.cpuMs + cpuMs;
      tally.bad += result.non2xx + result.errors + result.timeouts;
      tally.p50.push(result.latency.p50);
      tally.p99.push(result.latency.p99);
      tally.slices.push({
        rate: result.seconds > 0 ? result.total / result.seconds : 0,
        cpu: perRequest(cpuMs, result.sent),
      });
      tallies[side].set(read.label, tally);
      log(`${db}: ${side}: ${read.label}: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.latency.p99} ms`);
    };
    if (databaseUrl && !quick) await measurePaired({ databaseUrl, dataDir, pin, reads, timing, measure });
    else await measureInRounds({ databaseUrl, dataDir, pin, reads, timing, measure });
    return rowsFor(db, reads, { tallies, answers, hasTargets: !quick, paired: Boolean(databaseUrl && !quick) });
  } finally {
    // Stops the seeding server when a failure left it running, and removes the data folder.
    await seeding.stop();
  }
}

/**
 * PGlite: in each round Puna then the bare handler (swapped in the next round) answer every read for
 * a turn. PGlite's folder opens in one process at a time, so each side's server is started for its turn.
 * @param {Turns} turns
 */
async function measureInRounds({ databaseUrl, dataDir, pin, reads, timing, measure }) {
  for (let round = 0; round < timing.rounds; round += 1) {
    /** @type {Side[]} */
    const order = round % 2 === 0 ? ['puna', 'bare'] : ['bare', 'puna'];
    for (const side of order) {
      const server =
        side === 'puna'
          ? await startServer({ databaseUrl, dataDir, pin })
          : await startBare({ databaseUrl, dataDir, pin });
      try {
        for (const read of reads) await measure(side, server, read, timing);
      } finally {
        await (side === 'puna' ? server.stop({ keepData: true }) : server.stop());
      }
    }
  }
}

/**
 * PostgreSQL: both servers run at once (on the same core; the one not under load waits), and each
 * read is measured in pairs of short turns, one side right after the other, the order swapped each
 * pair (Puna–bare, bare–Puna, …). A pair's two turns are seconds apart, so a slow spell of a shared
 * machine falls on both sides of a pair or on one pair only, which the median of the pairs' ratios
 * (`rowsFor`) leaves out; turns a minute apart, as in rounds, do not share it.
 * @param {Turns} turns
 */
async function measurePaired({ databaseUrl, dataDir, pin, reads, timing, measure }) {
  const puna = await startServer({ databaseUrl, dataDir, pin });
  try {
    const bare = await startBare({ databaseUrl, dataDir, pin });
    try {
      for (const read of reads) {
        for (let pair = 0; pair < timing.rounds; pair += 1) {
          /** @type {[Side, Target][]} */
          const order = [
            ['puna', puna],
            ['bare', bare],
          ];
          if (pair % 2 === 1) order.reverse();
          // The first pair warms up each side on this read just before its turn.
          for (const [side, server] of order)
            await measure(side, server, read, pair === 0 ? timing : { ...timing, warmup: 0 });
        }
      }
    } finally {
      await bare.stop();
    }
  } finally {
    await puna.stop({ keepData: true });
  }
}

/**
 * Each pair's ratio of a figure of Puna's turn to the bare handler's (`flip`: bare ÷ Puna), where both are known.
 * @param {Tally} puna @param {Tally} bare @param {'rate' | 'cpu'} figure @param {boolean} [flip]
 */
function pairRatios(puna, bare, figure, flip = false) {
  return puna.slices.flatMap((slice, i) => {
    const a = slice[figure];
    const b = bare.slices[i]?.[figure];
    if (a === null || b === null || b === undefined || a <= 0 || b <= 0) return [];
    return [flip ? b / a : a / b];
  });
}

/**
 * The rows of each read: req/s and CPU per request of both sides over all their turns, and the
 * ratios — on PostgreSQL (`paired`) the median of the pairs' ratios, elsewhere the ratio of the sums.
 * @param {'pglite' | 'postgres'} db
 * @param {Read[]} reads
 * @param {{ tallies: Record<Side, Map<string, Tally>>, answers: Record<Side, Map<string, string>>, hasTargets: boolean, paired: boolean }} measured
 * @returns {Row[]}
 */
function rowsFor(db, reads, { tallies, answers, hasTargets, paired }) {
  /** @type {Row[]} */
  const rows = [];
  /** @type {string[]} */
  const failures = [];
  for (const read of reads) {
    const puna = /** @type {Tally} */ (tallies.puna.get(read.label));
    const bare = /** @type {Tally} */ (tallies.bare.get(read.label));
    const rate = (/** @type {Tally} */ t) => (t.seconds > 0 ? t.answered / t.seconds : 0);
    const cpu = (/** @type {Tally} */ t) => perRequest(t.cpuMs, t.sent);
    const punaCpu = cpu(puna);
    const bareCpu = cpu(bare);
    const rates = pairRatios(puna, bare, 'rate');
    const ratio = paired ? (medianOrNull(rates) ?? 0) : rate(bare) > 0 ? rate(puna) / rate(bare) : 0;
    const cpuRatio = paired
      ? medianOrNull(pairRatios(puna, bare, 'cpu', true))
      : punaCpu && bareCpu
        ? bareCpu / punaCpu
        : null;
    if (puna.bad + bare.bad > 0) failures.push(`${read.label}: ${puna.bad} (Puna) + ${bare.bad} (bare) failed`);
    const same = answers.puna.get(read.label) === answers.bare.get(read.label);
    if (!same) failures.push(`${read.label}: the bare handler's answer differs from Puna's`);
    rows.push(
      row(read.label, db, Math.round(rate(puna)), 'req/s', {
        baseline: Math.round(rate(bare)),
        ratio: Number(ratio.toPrecision(2)),
        target: hasTargets ? `≥ ${LIMIT_RATIO_TARGET} × bare` : null,
        met: hasTargets ? ratio >= LIMIT_RATIO_TARGET : null,
      }),
      row('  server CPU per request (ratio: bare ÷ Puna)', db, cpuValue(punaCpu), 'ms', {
        baseline: cpuValue(bareCpu),
        ratio: cpuRatio === null ? null : Number(cpuRatio.toPrecision(2)),
      }),
      ...(paired
        ? [
            row(
              `  req/s ratio of each pair, lowest – highest (${rates.length} pairs; the ratio above is their median)`,
              db,
              rates.length === 0 ? '—' : `${Math.min(...rates).toFixed(2)} – ${Math.max(...rates).toFixed(2)}`,
              '',
            ),
          ]
        : []),
      row(
        '  latency p50 / p99 (median of the turns)',
        db,
        `Puna ${ms(medianOf(puna.p50))} / ${ms(medianOf(puna.p99))}, bare ${ms(medianOf(bare.p50))} / ${ms(medianOf(bare.p99))}`,
        'ms',
      ),
    );
  }
  rows.push(
    row(
      'answers byte-identical to the bare handler; non-2xx + errors + timeouts',
      db,
      failures.length === 0 ? 'yes; 0' : `${failures.join('; ')} FAILED`,
      '',
      { ok: failures.length === 0 },
    ),
  );
  return rows;
}
