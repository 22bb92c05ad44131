import { expectStatus, jsonClient } from '../lib/http.mjs';
import { onEachDatabase } from '../lib/postgres.mjs';
import { rowsOf } from '../lib/rows.mjs';
import { startServer } from '../lib/server.mjs';
import { createPremiumEmployer } from '../lib/workspace.mjs';

const BATCH = 100;
const PINS = 40;
const row = rowsOf('push3-ingestion');

/** @typedef {import('../lib/types.mjs').Row} Row */
/** @typedef {{ clocks: number, batches: number }} Shape */
/** @typedef {{ serial: string, attlog: string[], rtlog: string[] }} Clock */

/**
 * Push 3.x rtlog ingestion beside the ATTLOG path: N confirmed clocks (4; 1 in a quick run) each
 * upload batches of 100 punches (25 each; 5), in parallel, each clock waiting for its answer before
 * the next batch, first as ATTLOG lines, then other punches as push 3.x `rtlog` events (each read
 * into an ATTLOG line and stored the same way, `push3-punches.ts`). Reported: punches/s of each,
 * the rtlog rate as a ratio of the ATTLOG one (the baseline, same run and database), and a check
 * that every punch of both was stored once (a batch sent again stores nothing).
 * @type {import('../lib/types.mjs').Suite}
 */
export default {
  name: 'push3-ingestion',
  async run({ quick, log }) {
    const shape = quick ? { clocks: 1, batches: 5 } : { clocks: 4, batches: 25 };
    return onEachDatabase({ quick, log }, (db, databaseUrl) => measure(db, databaseUrl, shape, quick, log));
  },
};

/** @param {number} n */
const pad = (n) => String(n).padStart(2, '0');
/**
 * A clock's local time string for an instant (UTC fields; the server reads them in the employer's zone).
 * @param {number} ms
 */
function clockTime(ms) {
  const at = new Date(ms);
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`;
}

/**
 * The batches of one clock, a punch a second from `start`, PINs 1–40 in turn.
 * @param {number} start
 * @param {number} count
 * @param {(time: string, pin: number, index: number) => string} line
 */
function batchesOf(start, count, line) {
  /** @type {string[]} */
  const batches = [];
  for (let b = 0; b < count / BATCH; b += 1) {
    let body = '';
    for (let i = b * BATCH; i < (b + 1) * BATCH; i += 1) body += line(clockTime(start + i * 1000), (i % PINS) + 1, i);
    batches.push(body);
  }
  return batches;
}

/**
 * @param {string} base
 * @param {string} serial
 * @param {string} table
 * @param {string} body
 */
async function postText(base, serial, table, body) {
  const res = await fetch(`${base}/iclock/cdata?SN=${serial}&table=${table}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'text/plain' },
  });
  return res.text();
}

/**
 * @param {'pglite' | 'postgres'} db
 * @param {string | null} databaseUrl
 * @param {Shape} shape
 * @param {boolean} quick
 * @param {(line: string) => void} log
 * @returns {Promise<Row[]>}
 */
async function measure(db, databaseUrl, shape, quick, log) {
  const perClock = shape.batches * BATCH;
  // One more batch a clock and path, sent first and not measured (a warm-up, as scan-ingestion's).
  const sent = perClock + BATCH;
  const server = await startServer({ databaseUrl, migrated: quick });
  const client = jsonClient(server.url, { connections: shape.clocks + 2 });
  try {
    const owner = await createPremiumEmployer(server, client);
    /** @type {Clock[]} */
    const clocks = [];
    // Punches from 3 hours ahead (UTC fields read in the employer's zone): after each clock's
    // confirmation, so none is held as an earlier owner's log, and inside the day-ahead window.
    const start = Date.now() + 3 * 3_600_000;
    for (let c = 0; c < shape.clocks; c += 1) {
      const serial = `BENCH-P3-${db}-${c}-${Date.now().toString(36)}`;
      const registered = /** @type {{ Result: { confirm_pin: string } }} */ (
        expectStatus(
          await client.request('POST', '/api/controllers', {
            body: { device_id: serial, name: serial, protocol: 'zkteco' },
            headers: owner.headers,
          }),
          201,
          'register clock',
        )
      ).Result;
      const confirm = await postText(
        server.url,
        serial,
        'ATTLOG',
        `${registered.confirm_pin}\t${clockTime(Date.now())}\t0\t1\n`,
      );
      if (confirm !== 'OK:1') throw new Error(`clock confirmation answered ${confirm}`);
      clocks.push({
        serial,
        attlog: batchesOf(start, sent, (time, pin) => `${pin}\t${time}\t0\t1\t0\t0\t0\n`),
        rtlog: batchesOf(
          start + sent * 1000,
          sent,
          (time, pin, index) =>
            `time=${time}\tpin=${pin}\tcardno=0\teventaddr=1\tevent=0\tinoutstatus=0\tverifytype=1\tindex=${index + 1}\n`,
        ),
      });
    }

    /** @param {'attlog' | 'rtlog'} path */
    const upload = async (path) => {
      /** @param {Clock} clock @param {string} batch */
      const post = async (clock, batch) => {
        const answer = await postText(server.url, clock.serial, path === 'attlog' ? 'ATTLOG' : 'rtlog', batch);
        if (answer !== `OK:${BATCH}`) throw new Error(`${path} batch answered ${answer.slice(0, 80)}`);
      };
      await Promise.all(clocks.map((clock) => post(clock, clock[path][0] ?? '')));
      const started = process.hrtime.bigint();
      await Promise.all(
        clocks.map(async (clock) => {
          for (const batch of clock[path].slice(1)) await post(clock, batch);
        }),
      );
      return (shape.clocks * perClock) / (Number(process.hrtime.bigint() - started) / 1e9);
    };
    const attlogRate = await upload('attlog');
    const rtlogRate = await upload('rtlog');

    // Exactly once: a batch of each sent again stores nothing; every punch is an unknown PIN's scan.
    for (const clock of clocks) {
      await postText(server.url, clock.serial, 'ATTLOG', clock.attlog[0] ?? '');
      await postText(server.url, clock.serial, 'rtlog', clock.rtlog[0] ?? '');
    }
    const unknown = /** @type {{ Result: { scans: number }[] }} */ (
      expectStatus(await client.request('GET', '/krye/rfid/unknown', { headers: owner.headers }), 200, 'unknown')
    ).Result;
    const stored = unknown.reduce((sum, entry) => sum + entry.scans, 0);
    const expected = 2 * shape.clocks * sent;
    if (stored !== expected) throw new Error(`${stored} punches stored, expected ${expected}`);
    log(
      `${db}: ATTLOG ${Math.round(attlogRate)} punches/s, rtlog ${Math.round(rtlogRate)} punches/s (${shape.clocks} clocks × ${shape.batches} batches of ${BATCH}; ${stored} stored once)`,
    );
    const label = `${shape.clocks} clock${shape.clocks === 1 ? '' : 's'} × batches of ${BATCH}`;
    return [
      row(`ATTLOG upload, punches/s (${label})`, db, Math.round(attlogRate), 'punches/s'),
      row(
        `push 3.x rtlog upload, punches/s (${label}; baseline: the ATTLOG path)`,
        db,
        Math.round(rtlogRate),
        'punches/s',
        {
          baseline: Math.round(attlogRate),
          ratio: Number((rtlogRate / attlogRate).toFixed(2)),
        },
      ),
    ];
  } finally {
    client.close();
    await server.stop();
  }
}
