import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../../src/db/client';

/**
 * Which database the integration suite runs on: PGlite (default) or, with PUNA_TEST_DB=postgres,
 * the PostgreSQL at TEST_DATABASE_URL. Each test file gets a database of its own so runs never collide.
 */
export const testDatabaseKind: 'pglite' | 'postgres' = process.env.PUNA_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A fresh, empty PostgreSQL database on the TEST_DATABASE_URL server; `drop()` removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('PUNA_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `puna_test_${randomBytes(6).toString('hex')}`;
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

export async function openTestDatabase(): Promise<Database> {
  if (testDatabaseKind === 'pglite') return openPglite();
  const { url, drop } = await createPostgresDatabase();
  const database = await openPostgres(url, { max: 5 });
  const close = database.close;
  database.close = async () => {
    await close();
    await drop();
  };
  return database;
}
