import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths';
import { lockDataDir } from './data-dir-lock';
import { FsyncNodeFS } from './pglite-fsync';
import * as schema from './schema';

/**
 * Both drivers expose the same Drizzle query API; PGlite's is typed as node-postgres's so the
 * rest of the server deals with one type.
 */
export type Db = NodePgDatabase<typeof schema>;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs the migrations in `drizzle/` under an advisory lock (once across processes). */
  migrate(): Promise<void>;
  /** True when the database answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The node-postgres pool, for features that need a raw client (Socket.IO adapter, LISTEN). */
  pool: pg.Pool | undefined;
  /** The PGlite instance (backups dump its data folder). */
  pglite: PGlite | undefined;
};

/** Any constant will do; it only has to be the same in every process. */
const MIGRATION_LOCK_KEY = 7_420_101;

/**
 * PGlite in memory (tests) or in a data folder, which is locked to this process while open. With
 * `fsync` (the default) every commit is flushed to the disk before it is acknowledged; without it a
 * commit reaches the OS page cache only (see `pglite-fsync.ts` and the README's Durability section).
 */
export async function openPglite(
  dataDir?: string,
  options: {
    fsync?: boolean;
    /** An in-memory database starts as a copy of this dumped data folder (the tests' template). */
    loadDataDir?: Blob;
  } = {},
): Promise<Database> {
  let unlock = () => {};
  let client: PGlite;
  if (dataDir) {
    fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
    unlock = lockDataDir(path.resolve(dataDir));
    try {
      client = await PGlite.create(options.fsync === false ? { dataDir } : { fs: new FsyncNodeFS(dataDir) });
    } catch (error) {
      unlock();
      throw error;
    }
  } else {
    client = await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pool: undefined,
    pglite: client,
    async migrate() {
      // PGlite is one process with one connection: no other migrator can race it.
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    async ping() {
      await client.query('select 1');
      return true;
    },
    async close() {
      if (!client.closed) await client.close();
      unlock();
    },
  };
}

export async function openPostgres(connectionString: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema });
  return {
    kind: 'postgres',
    db,
    pool,
    pglite: undefined,
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
      return true;
    },
    async close() {
      // Idempotent like PGlite's: the app and its owner may both close it.
      if (!pool.ended) await pool.end();
    },
  };
}

/** Where PGlite keeps its files: `pglite/` in the data folder. */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

export function openDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
  pgliteFsync?: boolean;
}): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : openPglite(pgliteDir(config.dataDir), { fsync: config.pgliteFsync });
}
