import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, openPglite, openPostgres } from '../src/db/client';
import { migrationsFolder } from '../src/paths';
import { createTestApp, type TestContext } from './helpers/app';
import { createPostgresDatabase, testDatabaseKind } from './helpers/database';
import { createEmployer } from './helpers/factories';

const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
};

async function countOf(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const result = await db.execute(query);
  return Number((result.rows[0] as { count: number | string }).count);
}
const appliedMigrations = (db: Db) => countOf(db, sql`select count(*) as count from drizzle.__drizzle_migrations`);
const tablesNamed = (db: Db, name: string) =>
  countOf(db, sql`select count(*) as count from pg_tables where schemaname = 'public' and tablename = ${name}`);

describe('migrations', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('applies every migration in the journal once at start', async () => {
    expect(journal.entries.length).toBeGreaterThan(0);
    expect(await appliedMigrations(ctx.database.db)).toBe(journal.entries.length);
  });

  // Test databases start from a migrated template; this one starts empty, as a first start does.
  it('migrates an empty embedded database from nothing', async () => {
    const empty = await openPglite();
    try {
      expect(await tablesNamed(empty.db, 'users')).toBe(0);
      await empty.migrate();
      expect(await appliedMigrations(empty.db)).toBe(journal.entries.length);
      expect(await tablesNamed(empty.db, 'users')).toBe(1);
    } finally {
      await empty.close();
    }
    // Eighteen migrations on a fresh PGlite: over 30 s once beside the browser suite.
  }, 90_000);

  it('changes nothing when run again, and keeps the data', async () => {
    const employer = await createEmployer(ctx);

    await ctx.database.migrate();
    await ctx.database.migrate();

    expect(await appliedMigrations(ctx.database.db)).toBe(journal.entries.length);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: employer.email, password: employer.password },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe.runIf(testDatabaseKind === 'postgres')('migrations on PostgreSQL', () => {
  let fresh: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const opened: Database[] = [];
  beforeAll(async () => {
    fresh = await createPostgresDatabase({ empty: true });
  });
  afterAll(async () => {
    for (const database of opened) await database.close();
    await fresh.drop();
  });

  it('applies the migrations once when two processes start together on a fresh database', async () => {
    const first = await openPostgres(fresh.url, { max: 2 });
    const second = await openPostgres(fresh.url, { max: 2 });
    opened.push(first, second);

    // The advisory lock makes the second wait and then find nothing left to do.
    await expect(Promise.all([first.migrate(), second.migrate()])).resolves.toEqual([undefined, undefined]);

    expect(await appliedMigrations(first.db)).toBe(journal.entries.length);
    expect(await tablesNamed(second.db, 'users')).toBe(1);
  });
});
