import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../src/db/client';

/**
 * Which database the integration suite runs on: PGlite (default) or, with PUNA_TEST_DB=postgres,
 * the PostgreSQL at TEST_DATABASE_URL. Each test file gets a database of its own so runs never
 * collide; it starts as a copy of the run's migrated template (see `global-setup.ts`).
 */
export const testDatabaseKind: 'pglite' | 'postgres' = process.env.PUNA_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh PostgreSQL database on the TEST_DATABASE_URL server, migrated (a copy of the run's
 * template) unless `empty` is asked for; `drop()` removes it.
 */
export async function createPostgresDatabase(
  options: { empty?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('PUNA_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `puna_test_${randomBytes(6).toString('hex')}`;
  const template = options.empty ? '' : inject('postgresTemplate');
  await withAdmin(adminUrl, async (admin) => {
    // Two files copying the template at the same instant can collide on its lock: try again.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
        return;
      } catch (error) {
        if (attempt >= 10 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

let pgliteTemplate: Promise<Blob> | undefined;

/** A migrated database of this test file's own: a copy of the run's template. */
export async function openTestDatabase(): Promise<Database> {
  if (testDatabaseKind === 'pglite') {
    pgliteTemplate ??= fs.readFile(inject('pgliteTemplateFile')).then((bytes) => new Blob([bytes]));
    return openPglite(undefined, { loadDataDir: await pgliteTemplate });
  }
  const { url, drop } = await createPostgresDatabase();
  const database = await openPostgres(url, { max: 5 });
  const close = database.close;
  database.close = async () => {
    await close();
    await drop();
  };
  return database;
}
