import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { jsonClient } from '../lib/http.mjs';
import { onEachDatabase, openPool } from '../lib/postgres.mjs';
import { rowsOf } from '../lib/rows.mjs';
import { processCpuMs, startServer } from '../lib/server.mjs';
import { addWorkerWithCard, createPremiumEmployer, postScans, registerDevice } from '../lib/workspace.mjs';

const BATCH = 100;
const TARGET_POSTGRES = 5000;
const WORKERS = 8;
/** The cluster adapter's heartbeat interval and timeout (5 + 10 s), and a second to spare. */
const ALONE_AFTER_MS = 16_000;
const row = rowsOf('scan-ingestion');

/** @typedef {import('../lib/types.mjs').Row} Row */
/** @typedef {import('../lib/chat-seed.mjs').Driver} Driver */
/** @typedef {{ seq: number, uid: string, ts: string }} Scan */
/** @typedef {{ deviceId: string, authorization: string, batches: Scan[][] }} Device */
/** @typedef {{ devices: number, batches: number }} Shape */

/**
 * Scan ingestion: N devices upload batches of 100 scans in parallel through the real route
 * (`POST /device/v1/scans` on the built server), against a bare insert loop of the same rows in
 * batches of 100 straight through the driver into an equivalent table (same columns, indexes and
 * foreign keys) on the same database, measured in the same run.
 * @type {import('../lib/types.mjs').Suite}
 */
export default {
  name: 'scan-ingestion',
  async run({ quick, log }) {
    const shape = quick ? { devices: 2, batches: 3 } : { devices: 8, batches: 25 };
    return onEachDatabase({ quick, log }, (db, databaseUrl) => measure(db, databaseUrl, shape, quick, log));
  },
};

/**
 * The scans of one device: seqs 1…, a worker's card on 9 of 10 scans, an unknown card on the 10th.
 * @param {number} deviceIndex
 * @param {number} count
 * @param {string[]} cards
 * @returns {Scan[]}
 */
function scansOf(deviceIndex, count, cards) {
  const day = Date.parse('2025-03-03T06:00:00Z');
  return Array.from({ length: count }, (_, i) => ({
    seq: i + 1,
    uid: i % 10 === 9 ? `UNKNOWN${deviceIndex}` : (cards[(i + deviceIndex) % cards.length] ?? 'NONE'),
    ts: new Date(day + i * 1000 + deviceIndex).toISOString(),
  }));
}

/** @param {Scan[]} scans */
const batchesOf = (scans) =>
  Array.from({ length: scans.length / BATCH }, (_, i) => scans.slice(i * BATCH, (i + 1) * BATCH));

/**
 * @param {number[]} sorted
 * @param {number} p
 */
function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
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
  const perDevice = (shape.batches + 1) * BATCH; // the first batch of each device warms up, unmeasured
  const server = await startServer({ databaseUrl, migrated: quick });
  const serverUp = Date.now();
  const client = jsonClient(server.url, { connections: shape.devices + 2 });
  /** @type {Device[]} */
  const devices = [];
  /** @type {{ cpuPerThousand: number | null, dbCpuPerThousand: number | null, rate: number, p50: number, p95: number }} */
  let measured;
  // PostgreSQL on this machine: its backends' CPU for the database, read from /proc (null otherwise).
  const probe = databaseUrl ? openPool({ connectionString: databaseUrl, max: 1 }) : null;
  try {
    const employer = await createPremiumEmployer(server, client);
    const workers = [];
    for (let i = 0; i < WORKERS; i += 1) {
      workers.push(
        await addWorkerWithCard(client, employer, `Worker ${i + 1}`, `CARD${String(i + 1).padStart(4, '0')}`),
      );
    }
    const cards = workers.map((worker) => worker.rfid);
    for (let d = 0; d < shape.devices; d += 1) {
      const device = await registerDevice(client, employer, `BENCH-${db}-${d}-${Date.now().toString(36)}`);
      devices.push({ ...device, batches: batchesOf(scansOf(d, perDevice, cards)) });
    }
    /**
     * @param {Device} device
     * @param {Scan[]} batch
     */
    const post = (device, batch) => postScans(client, device, batch);
    // A deployed server has run for longer than its first seconds. On PostgreSQL a process learns
    // it is alone (no other process sharing the database) after 15 s of hearing none, and from
    // then sends its events to its own sockets without a NOTIFY (plugins/realtime-adapter.ts). The warm-up batches
    // come after the wait: connections idle for 10 s leave the pool.
    if (databaseUrl && !quick)
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, serverUp + ALONE_AFTER_MS - Date.now())));
    await Promise.all(devices.map((device) => post(device, device.batches[0] ?? [])));
    /** @type {number[]} */
    const latencies = [];
    const dbBefore = probe ? await backendsCpu(probe) : null;
    const cpuBefore = server.cpuMs();
    const started = process.hrtime.bigint();
    await Promise.all(
      devices.map(async (device) => {
        for (const batch of device.batches.slice(1)) {
          const t0 = process.hrtime.bigint();
          await post(device, batch);
          latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
        }
      }),
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const cpuAfter = server.cpuMs();
    const dbAfter = probe ? await backendsCpu(probe) : null;
    latencies.sort((a, b) => a - b);
    measured = {
      dbCpuPerThousand: cpuSpent(dbBefore, dbAfter, shape.devices * shape.batches * BATCH),
      cpuPerThousand:
        cpuBefore === null || cpuAfter === null
          ? null
          : (cpuAfter - cpuBefore) / ((shape.devices * shape.batches * BATCH) / 1000),
      rate: (shape.devices * shape.batches * BATCH) / seconds,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
    };
    log(
      `${db}: route ${Math.round(measured.rate)} scans/s (p50 ${measured.p50.toFixed(1)} ms, p95 ${measured.p95.toFixed(1)} ms)`,
    );
  } finally {
    client.close();
    await probe?.end();
    await server.stop({ keepData: true });
  }
  // The server is down: the same database, opened by the driver directly, for the baseline.
  try {
    const driver = databaseUrl ? pgDriver(databaseUrl, shape.devices) : await pgliteDriver(server.dataDir);
    try {
      const stored = /** @type {{ rows: { n: number }[] }} */ (
        await driver.query('select count(*)::int as n from scans')
      );
      const expected = shape.devices * perDevice;
      const n = stored.rows[0]?.n;
      if (n !== expected) throw new Error(`the route stored ${n} scans, expected ${expected}`);
      const { rate: baseline, dbCpuPerThousand: baselineDbCpu } = await bareInserts(
        driver,
        devices,
        shape,
        databaseUrl,
      );
      log(`${db}: bare inserts ${Math.round(baseline)} scans/s`);
      const ratio = measured.rate / baseline;
      const target = quick || db !== 'postgres' ? null : TARGET_POSTGRES;
      const what = `${shape.devices} devices × ${shape.batches} batches of ${BATCH}`;
      return [
        row(`POST /device/v1/scans (${what})`, db, Math.round(measured.rate), 'scans/s', {
          baseline: Math.round(baseline),
          ratio: Number(ratio.toFixed(2)),
          target,
          met: target === null ? null : measured.rate >= target,
        }),
        // Steadier than scans/s on a busy machine: CPU the server spends, not time it waits.
        row(
          'server CPU per 1,000 scans',
          db,
          measured.cpuPerThousand === null ? null : Number(measured.cpuPerThousand.toFixed(1)),
          'ms',
        ),
        row('batch of 100: latency p50 / p95', db, `${measured.p50.toFixed(1)} / ${measured.p95.toFixed(1)}`, 'ms'),
        // PostgreSQL's side (PGlite runs inside the server, in its CPU above): the route's backends
        // (its pool, the realtime adapter's NOTIFY and LISTEN) against the bare loop's.
        ...(db === 'postgres'
          ? [
              row(
                'database CPU per 1,000 scans (baseline: the bare loop)',
                db,
                measured.dbCpuPerThousand === null ? null : Number(measured.dbCpuPerThousand.toFixed(1)),
                'ms',
                {
                  baseline: baselineDbCpu === null ? null : Number(baselineDbCpu.toFixed(1)),
                  ratio:
                    measured.dbCpuPerThousand === null || baselineDbCpu === null || baselineDbCpu === 0
                      ? null
                      : Number((measured.dbCpuPerThousand / baselineDbCpu).toFixed(2)),
                },
              ),
            ]
          : []),
      ];
    } finally {
      await driver.close();
    }
  } finally {
    server.removeData();
  }
}

/**
 * @param {string} dataDir
 * @returns {Promise<Driver>}
 */
async function pgliteDriver(dataDir) {
  const client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
  return { query: (text, params) => client.query(text, params), close: () => client.close() };
}

/**
 * @param {string} url
 * @param {number} connections
 * @returns {Driver}
 */
function pgDriver(url, connections) {
  const pool = openPool({ connectionString: url, max: connections });
  return { query: (text, params) => pool.query(text, params), close: () => pool.end() };
}

/**
 * The baseline: the same rows (employer, device, seq, uid, employee, time) inserted in batches of
 * 100 with ON CONFLICT DO NOTHING RETURNING seq, one loop per device in parallel, into a copy of
 * `scans` with its indexes and foreign keys. Each batch is one INSERT … SELECT FROM unnest(arrays),
 * the cheapest form on both drivers (a VALUES list of 600 parameters costs PGlite far more).
 */
/**
 * @param {Driver} driver
 * @param {Device[]} devices
 * @param {Shape} shape
 * @param {string | null} databaseUrl
 * @returns {Promise<{ rate: number, dbCpuPerThousand: number | null }>} scans/s, and PostgreSQL's CPU
 */
async function bareInserts(driver, devices, shape, databaseUrl) {
  await driver.query('create table bench_scans (like scans including defaults including indexes)');
  await driver.query(`alter table bench_scans
    add foreign key (employer_id) references employers(id) on delete cascade,
    add foreign key (device_id) references devices(id) on delete set null,
    add foreign key (employee_id) references employees(id) on delete cascade`);
  const deviceRows = /** @type {{ id: number, device_id: string, employer_id: number }[]} */ (
    (await driver.query('select id, device_id, employer_id from devices')).rows
  );
  const employees = /** @type {{ id: number, rfid: string }[]} */ (
    (await driver.query('select id, rfid from employees where rfid is not null')).rows
  );
  const holders = new Map(employees.map((r) => [r.rfid, r.id]));
  /**
   * @param {Device} device
   * @param {Scan[]} batch
   */
  const insert = async (device, batch) => {
    const row = deviceRows.find((candidate) => candidate.device_id === device.deviceId);
    if (!row) throw new Error(`device ${device.deviceId} is not in the database`);
    const result = await driver.query(
      `insert into bench_scans (employer_id, device_id, seq, uid, employee_id, scanned_at)
       select $1, $2, batch.* from unnest($3::bigint[], $4::text[], $5::integer[], $6::timestamptz[])
         as batch(seq, uid, employee_id, scanned_at)
       on conflict (device_id, seq) do nothing returning seq`,
      [
        row.employer_id,
        row.id,
        batch.map((scan) => scan.seq),
        batch.map((scan) => scan.uid),
        batch.map((scan) => holders.get(scan.uid) ?? null),
        batch.map((scan) => scan.ts),
      ],
    );
    if (result.rows.length !== batch.length) throw new Error('baseline insert lost rows');
  };
  await Promise.all(devices.map((device) => insert(device, device.batches[0] ?? [])));
  const probe = databaseUrl ? openPool({ connectionString: databaseUrl, max: 1 }) : null;
  try {
    const dbBefore = probe ? await backendsCpu(probe) : null;
    const started = process.hrtime.bigint();
    await Promise.all(
      devices.map(async (device) => {
        for (const batch of device.batches.slice(1)) await insert(device, batch);
      }),
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const dbAfter = probe ? await backendsCpu(probe) : null;
    const scans = shape.devices * shape.batches * BATCH;
    return { rate: scans / seconds, dbCpuPerThousand: cpuSpent(dbBefore, dbAfter, scans) };
  } finally {
    await probe?.end();
  }
}

/**
 * The CPU each backend of the probe's database (but the probe's own) has used so far, by pid, in
 * ms, read from /proc: null when PostgreSQL runs elsewhere (no such processes here) or /proc is not
 * readable.
 * @param {import('pg').Pool} probe
 * @returns {Promise<Map<number, number> | null>}
 */
async function backendsCpu(probe) {
  const { rows } = /** @type {{ rows: { pid: number }[] }} */ (
    await probe.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')
  );
  const cpu = new Map();
  for (const { pid } of rows) {
    const ms = processCpuMs(pid);
    if (ms === null) return null;
    cpu.set(pid, ms);
  }
  return cpu;
}

/**
 * CPU per 1,000 scans between two readings: each backend's growth, and the whole CPU of one that
 * started in between (a connection opened under load).
 * @param {Map<number, number> | null} before
 * @param {Map<number, number> | null} after
 * @param {number} scans
 */
function cpuSpent(before, after, scans) {
  if (!before || !after) return null;
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total / (scans / 1000);
}
