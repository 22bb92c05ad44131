import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
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
import { FsyncNodeFS, syncPath, syncTree } from './pglite-fsync';
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
 * PostgreSQL's buffer pool inside PGlite. PGlite 0.3 fixed it at 128 MB, and 147 MB of its 174 MB
 * WebAssembly memory was resident on an idle, empty database; 0.4 takes it from the start
 * parameters below (without, from PGlite's initdb: 400 kB). 16 MB holds Puna's hot tables and indexes for a small employer; pages
 * beyond it are read again from the OS page cache (docs/architecture.md#the-embedded-database).
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * The backend's command line: PGlite's defaults (single-user mode, no parallel workers, which a
 * single process cannot run) without `-F` when commits are to be flushed (`-F` is `fsync=off`, the
 * default of PGlite 0.4), and the buffer pool's size.
 */
export function pgliteStartParams(options: { fsync: boolean }): string[] {
  const params = PGlite.defaultStartParams.filter((param) => options.fsync === false || param !== '-F');
  return [...params, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
}

/**
 * Makes a new PGlite data folder in a child process. PGlite 0.4 runs initdb in a second, in-memory
 * instance and copies its files out; in the server's own process that instance's memory stayed
 * resident after the first start (about 700 MB RSS, against 170 MB for a later start), while a
 * child gives it all back when it exits. The folder is made beside its place and renamed into it
 * once flushed (as `initdb --sync-only` would: PGlite writes its files without fsync), so a crash
 * during the first start never leaves a folder that looks like a database.
 */
async function createPgliteFolder(dataDir: string, options: { fsync: boolean }): Promise<void> {
  const target = path.resolve(dataDir);
  const entries = fs.existsSync(target) ? fs.readdirSync(target) : [];
  // A folder holding other files is initialized in place, as PGlite itself would.
  const building = entries.length === 0 ? `${target}.creating` : target;
  if (building !== target) fs.rmSync(building, { recursive: true, force: true });
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script =
    'const [entry, dir] = process.argv.slice(-2);' +
    'require(entry).PGlite.create({ dataDir: dir }).then((db) => db.close())' +
    '.catch((error) => { console.error(error); process.exit(1); });';
  const stderr: Buffer[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script, pglite, building], { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) {
    throw new Error(`Creating the PGlite database in ${target} failed (${code}): ${Buffer.concat(stderr).toString()}`);
  }
  if (options.fsync) syncTree(building);
  if (building !== target) {
    if (fs.existsSync(target)) fs.rmdirSync(target);
    fs.renameSync(building, target);
  }
  if (options.fsync) syncPath(path.dirname(target));
}

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
      const fsync = options.fsync !== false;
      if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await createPgliteFolder(dataDir, { fsync });
      client = await PGlite.create({
        ...(fsync ? { fs: new FsyncNodeFS(dataDir) } : { dataDir }),
        startParams: pgliteStartParams({ fsync }),
      });
    } catch (error) {
      unlock();
      throw error;
    }
  } else {
    client = await PGlite.create({
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      startParams: pgliteStartParams({ fsync: false }),
    });
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

/** How long a request waits for a connection (a new one, or a free one of the pool) before it is answered 503. */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * A PostgreSQL pool no database fault can crash the process with. node-postgres emits `error` on a
 * client whose server ended the connection (`pg_terminate_backend`, a restart, a dropped network);
 * the pool listens only while the client is idle, so one checked out for a transaction had no
 * listener and its `error` ended the process (issue 32: 2 runs in 14). Every client gets its own
 * listener when it is made; the query in flight still fails (and the request answers 503, see
 * `isDatabaseUnavailable`), and the pool drops the broken client when it is released.
 */
export function createPool(config: pg.PoolConfig, onError: (error: Error) => void = () => {}): pg.Pool {
  const pool = new pg.Pool({ connectionTimeoutMillis: CONNECT_TIMEOUT_MS, ...config });
  pool.on('error', onError);
  pool.on('connect', (client) => {
    client.on('error', onError);
    queueQueries(client);
  });
  return pool;
}

/**
 * A transaction is one connection, and some of its readers run side by side (the payroll statement
 * read inside the month close). node-postgres queues a query sent while another runs, but that is
 * deprecated and goes in pg 9 ("Use async/await or an external async flow control mechanism"):
 * this is that flow control. Promise queries on a client run one after another; queries with a
 * callback (the pool's own `pool.query`) and submittables (cursors) pass straight through.
 */
export function queueQueries(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let tail: Promise<unknown> = Promise.resolve();
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const first = args[0] as { submit?: unknown } | undefined;
    if (typeof args[args.length - 1] === 'function' || typeof first?.submit === 'function') return query(...args);
    const run = tail.then(
      () => query(...args),
      () => query(...args),
    );
    tail = run.catch(() => {});
    return run;
  };
}

export async function openPostgres(
  connectionString: string,
  options: { max?: number; onError?: (error: Error) => void } = {},
): Promise<Database> {
  const pool = createPool({ connectionString, max: options.max ?? 10 }, options.onError);
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
