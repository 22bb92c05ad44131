import { median, pinning, rssMb } from '../lib/load.mjs';
import { onEachDatabase } from '../lib/postgres.mjs';
import { resultRow } from '../lib/rows.mjs';
import { keepAsTemplate, startServer } from '../lib/server.mjs';

const FIRST_START_TARGET_MS = 8000;
const LATER_START_TARGET_MS = 2000;
const RSS_TARGET_MB = 400;
/**
 * Later starts (median), and how long the server is left alone after it is ready before its idle
 * RSS is read. A quick run makes the first start only (every other suite of it then starts from a
 * copy of that folder: later starts) and waits 1 s.
 */
const FULL = { laterStarts: 3, settleMs: 3000 };
const QUICK = { laterStarts: 0, settleMs: 1000 };

/** @typedef {import('../lib/types.mjs').Row} Row */

/**
 * Cold start: the time from spawning the built server to the first 200 on `/readyz`, for a first
 * start (empty data folder or database: every migration, the platform admin created) and for later
 * starts on the same data (median of 3), and the server's RSS once it has sat idle for 3 s (a quick
 * run: the first start only, idle for 1 s).
 * @type {import('../lib/types.mjs').Suite}
 */
export default {
  name: 'startup',
  async run({ quick, log, note }) {
    const pins = pinning();
    if (pins.note) note(pins.note);
    // A quick run (CI's smoke test) starts PGlite only, to stay within its few minutes.
    return onEachDatabase({ quick, log }, (db, databaseUrl) => measure(db, databaseUrl, quick, log));
  },
};

/**
 * @param {string} metric
 * @param {string} db
 * @param {Row['value']} value
 * @param {string} unit
 * @param {string | null} target
 * @param {boolean | null} met
 * @returns {Row}
 */
function row(metric, db, value, unit, target, met) {
  return resultRow('startup', metric, db, value, unit, { target, met });
}

/**
 * @param {import('../lib/server.mjs').Server} server
 * @param {number} settleMs
 */
async function idleRss(server, settleMs) {
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  return rssMb(server.pid);
}

/**
 * @param {'pglite' | 'postgres'} db
 * @param {string | null} databaseUrl
 * @param {boolean} quick
 * @param {(line: string) => void} log
 * @returns {Promise<Row[]>}
 */
async function measure(db, databaseUrl, quick, log) {
  const { laterStarts, settleMs } = quick ? QUICK : FULL;
  const options = { databaseUrl, pin: pinning().server, readyPollMs: 20 };
  const first = await startServer(options);
  /** @type {number | null} */
  let firstRss;
  try {
    firstRss = await idleRss(first, settleMs);
  } finally {
    await first.stop({ keepData: true });
  }
  // A quick run's other suites start PGlite from a copy of this freshly migrated folder.
  if (quick && !databaseUrl) keepAsTemplate(first.dataDir);
  log(`${db}: first start ${Math.round(first.readyMs)} ms, idle RSS ${firstRss?.toFixed(0)} MB`);
  /** @type {number[]} */
  const later = [];
  /** @type {number | null} */
  let laterRss = null;
  try {
    for (let i = 0; i < laterStarts; i += 1) {
      const server = await startServer({ ...options, dataDir: first.dataDir });
      try {
        later.push(server.readyMs);
        if (i === laterStarts - 1) laterRss = await idleRss(server, settleMs);
      } finally {
        await server.stop({ keepData: true });
      }
    }
  } finally {
    first.removeData();
  }
  const targets = !quick && db === 'pglite';
  /** @param {number | null} mb */
  const rssValue = (mb) => (mb === null || mb === undefined ? null : Math.round(mb));
  const firstRow = row(
    'first start to /readyz (empty data: migrations, admin)',
    db,
    Math.round(first.readyMs),
    'ms',
    targets ? `≤ ${FIRST_START_TARGET_MS}` : null,
    targets ? first.readyMs <= FIRST_START_TARGET_MS : null,
  );
  if (later.length === 0) {
    return [
      firstRow,
      row(`RSS idle ${settleMs / 1000} s after the first start`, db, rssValue(firstRss), 'MB', null, null),
    ];
  }
  log(
    `${db}: later starts ${later.map((value) => Math.round(value)).join(', ')} ms, idle RSS ${laterRss?.toFixed(0)} MB`,
  );
  const laterMedian = median(later);
  return [
    firstRow,
    row(
      laterStarts === 1 ? 'later start to /readyz' : `later start to /readyz (median of ${laterStarts})`,
      db,
      Math.round(laterMedian),
      'ms',
      targets ? `≤ ${LATER_START_TARGET_MS}` : null,
      targets ? laterMedian <= LATER_START_TARGET_MS : null,
    ),
    row(
      `RSS idle ${settleMs / 1000} s after a first / a later start`,
      db,
      `${rssValue(firstRss) ?? '—'} / ${rssValue(laterRss) ?? '—'}`,
      'MB',
      targets ? `≤ ${RSS_TARGET_MB}` : null,
      targets && firstRss !== null && laterRss !== null ? Math.max(firstRss, laterRss) <= RSS_TARGET_MB : null,
    ),
  ];
}
