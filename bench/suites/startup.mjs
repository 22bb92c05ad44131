import { median, pinning, rssMb } from '../lib/load.mjs';
import { createDatabase, findPostgres } from '../lib/postgres.mjs';
import { startServer } from '../lib/server.mjs';

const FIRST_START_TARGET_MS = 8000;
const LATER_START_TARGET_MS = 2000;
const RSS_TARGET_MB = 400;
const LATER_STARTS = 3;
/** How long the server is left alone after it is ready before its idle RSS is read. */
const SETTLE_MS = 3000;

/**
 * Cold start: the time from spawning the built server to the first 200 on `/readyz`, for a first
 * start (empty data folder or database: every migration, the platform admin created) and for later
 * starts on the same data (median of 3), and the server's RSS once it has sat idle for 3 s.
 */
export default {
  name: 'startup',
  async run({ quick, log, note }) {
    const pins = pinning();
    if (pins.note) note(pins.note);
    const rows = await measure('pglite', null, quick, log);
    // A quick run (CI's smoke test) starts PGlite only, to stay within its few minutes.
    if (quick) return rows;
    const postgres = await findPostgres();
    if (!postgres) {
      log('PostgreSQL not reachable (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test): skipped');
      return rows;
    }
    const database = await createDatabase(postgres);
    try {
      rows.push(...(await measure('postgres', database.url, quick, log)));
    } finally {
      await database.drop();
    }
    return rows;
  },
};

function row(metric, db, value, unit, target, met) {
  return { suite: 'startup', metric, db, value, unit, baseline: null, ratio: null, target, met };
}

async function idleRss(server) {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return rssMb(server.pid);
}

async function measure(db, databaseUrl, quick, log) {
  const options = { databaseUrl, pin: pinning().server, readyPollMs: 20 };
  const first = await startServer(options);
  let firstRss;
  try {
    firstRss = await idleRss(first);
  } finally {
    await first.stop({ keepData: true });
  }
  log(`${db}: first start ${Math.round(first.readyMs)} ms, idle RSS ${firstRss?.toFixed(0)} MB`);
  const later = [];
  let laterRss;
  try {
    for (let i = 0; i < LATER_STARTS; i += 1) {
      const server = await startServer({ ...options, dataDir: first.dataDir });
      try {
        later.push(server.readyMs);
        if (i === LATER_STARTS - 1) laterRss = await idleRss(server);
      } finally {
        await server.stop({ keepData: true });
      }
    }
  } finally {
    first.removeData();
  }
  log(
    `${db}: later starts ${later.map((value) => Math.round(value)).join(', ')} ms, idle RSS ${laterRss?.toFixed(0)} MB`,
  );
  const laterMedian = median(later);
  const targets = !quick && db === 'pglite';
  const rssValue = (mb) => (mb === null || mb === undefined ? null : Math.round(mb));
  return [
    row(
      'first start to /readyz (empty data: migrations, admin)',
      db,
      Math.round(first.readyMs),
      'ms',
      targets ? `≤ ${FIRST_START_TARGET_MS}` : null,
      targets ? first.readyMs <= FIRST_START_TARGET_MS : null,
    ),
    row(
      `later start to /readyz (median of ${LATER_STARTS})`,
      db,
      Math.round(laterMedian),
      'ms',
      targets ? `≤ ${LATER_START_TARGET_MS}` : null,
      targets ? laterMedian <= LATER_START_TARGET_MS : null,
    ),
    row(
      `RSS idle ${SETTLE_MS / 1000} s after a first / a later start`,
      db,
      `${rssValue(firstRss) ?? '—'} / ${rssValue(laterRss) ?? '—'}`,
      'MB',
      targets ? `≤ ${RSS_TARGET_MB}` : null,
      targets && firstRss !== null && laterRss !== null ? Math.max(firstRss, laterRss) <= RSS_TARGET_MB : null,
    ),
  ];
}
