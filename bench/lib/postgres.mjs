import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** @typedef {import('./types.mjs').Row} Row */
/** @typedef {'pglite' | 'postgres'} Db */

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * The PostgreSQL server to measure: TEST_DATABASE_URL, else the local default when it answers; null when none.
 * @returns {Promise<string | null>}
 */
export async function findPostgres() {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * A node-postgres pool for a suite's own queries. pg-pool's `end()` resolves once it has asked its
 * connections to close, not once they have, so `createDatabase`'s forced drop right after can still
 * terminate one; an idle connection's error with no listener on its pool then crashes the whole
 * bench (it did, after scan-ingestion on PostgreSQL, 2026-11-28). That error is expected: ignored.
 * @param {import('pg').PoolConfig} config
 */
export function openPool(config) {
  const pool = new pg.Pool(config);
  pool.on('error', () => {});
  return pool;
}

/**
 * Gives the planner its statistics after a suite's bulk seeding: PostgreSQL's autovacuum would
 * analyze the new rows within a minute (its naptime) and keep them analyzed, while a suite measures
 * seconds after seeding, when the planner still guesses every table's size (one row) and can pick a
 * sort where a hash is right. The embedded database gets the same from Puna's own maintenance
 * (docs/operations.md#the-embedded-databases-maintenance), a minute after start.
 * @param {string} databaseUrl
 */
export async function analyzeAfterSeeding(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

/**
 * A fresh database on that server for one run; `drop()` removes it (forcing out any connection).
 * @param {string} adminUrl
 * @param {string} [prefix]
 */
export async function createDatabase(adminUrl, prefix = 'puna_bench') {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * Runs a suite's measurement on each database: PGlite (its data folder; `databaseUrl` null), then,
 * except in a quick run (CI's smoke test measures PGlite only), a fresh PostgreSQL database that is
 * dropped afterwards, when a PostgreSQL server answers (`PUNA_BENCH_DB=postgres` or `pglite`: that
 * one only). Returns the rows of both, PGlite's first.
 * @param {{ quick: boolean, log: (line: string) => void }} context
 * @param {(db: Db, databaseUrl: string | null) => Promise<Row[]>} measure
 * @returns {Promise<Row[]>}
 */
export async function onEachDatabase({ quick, log }, measure) {
  // PUNA_BENCH_DB=postgres (or pglite): that database only, for A/B runs of one row.
  const only = process.env.PUNA_BENCH_DB;
  const rows = only === 'postgres' ? [] : [...(await measure('pglite', null))];
  if (quick || only === 'pglite') return rows;
  const postgres = await findPostgres();
  if (!postgres) {
    log(`PostgreSQL not reachable (TEST_DATABASE_URL or ${DEFAULT_POSTGRES_URL}): skipped`);
    return rows;
  }
  const database = await createDatabase(postgres);
  try {
    rows.push(...(await measure('postgres', database.url)));
  } finally {
    await database.drop();
  }
  return rows;
}
