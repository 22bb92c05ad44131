import { randomBytes } from 'node:crypto';
import pg from 'pg';

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
