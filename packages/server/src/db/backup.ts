import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPglite, pgliteStartParams } from './client';
import { lockDataDir } from './data-dir-lock';
import { FsyncNodeFS, syncPath, syncTree } from './pglite-fsync';

/**
 * Backups of either database. PGlite: a gzipped tarball of its data folder made by PGlite itself
 * (`dumpDataDir`) after a CHECKPOINT, from a process that has the folder to itself — the folder is
 * locked while a server runs, so a backup then is refused rather than copied half-written.
 * PostgreSQL: `pg_dump -Fc`, a consistent snapshot even while servers run; `pg_restore` brings it back.
 */

export type BackupKind = 'pglite' | 'postgres';

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const PG_DUMP_MAGIC = Buffer.from('PGDMP');

/** `backups/puna-<kind>-<UTC date and time>.<ext>` under the working directory. */
export function defaultBackupFile(kind: BackupKind, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return path.resolve('backups', `puna-${kind}-${stamp}.${kind === 'pglite' ? 'tar.gz' : 'dump'}`);
}

/** Which database a backup file is for, from its first bytes. */
export function backupKindOf(file: string): BackupKind {
  const head = Buffer.alloc(5);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, head, 0, 5, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head.subarray(0, 2).equals(GZIP_MAGIC)) return 'pglite';
  if (head.equals(PG_DUMP_MAGIC)) return 'postgres';
  throw new Error(`${file} is neither a PGlite backup (.tar.gz) nor a pg_dump custom-format file`);
}

/** Writes beside the target, flushes, then renames: a crash never leaves a file that looks complete. */
function writeDurably(file: string, data: Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  fs.writeFileSync(partial, data);
  publishDurably(partial, file);
}

/** Flushes a finished `.partial` file, renames it to its name and flushes the folder entry. */
function publishDurably(partial: string, file: string): void {
  const fd = fs.openSync(partial, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(partial, file);
  syncPath(path.dirname(file));
}

async function countEmployers(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<number> {
  const result = await query('select count(*)::int as n from employers');
  return (result.rows[0] as { n: number }).n;
}

export async function backupPglite(dataDir: string, file: string): Promise<{ bytes: number; employers: number }> {
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) throw new Error(`There is no PGlite database in ${dataDir}`);
  const database = await openPglite(dataDir); // refuses while a server has the folder open
  let archive: Buffer;
  try {
    const client = database.pglite as PGlite;
    // Everything committed goes into the data files, so the copy needs no WAL replay to be whole.
    await client.query('checkpoint');
    archive = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await database.close();
  }
  // Proves the archive opens as a database before calling it a backup.
  const check = await PGlite.create({
    loadDataDir: new Blob([new Uint8Array(archive)]),
    startParams: pgliteStartParams({ fsync: false }),
  });
  try {
    const employers = await countEmployers((text) => check.query(text));
    writeDurably(file, archive);
    return { bytes: archive.length, employers };
  } finally {
    await check.close();
  }
}

/**
 * Restores a PGlite backup into `dataDir`. A folder that already holds files is refused unless
 * `force`; then it is moved aside to `<dataDir>.replaced-<time>` (deleted by hand once not needed).
 */
export async function restorePglite(
  file: string,
  dataDir: string,
  options: { force?: boolean; now?: Date } = {},
): Promise<{ employers: number; movedAside: string | null }> {
  const archive = fs.readFileSync(file);
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const unlock = lockDataDir(dataDir); // refuses while a server has the folder open
  try {
    let movedAside: string | null = null;
    if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
      if (!options.force) {
        throw new Error(`${dataDir} already holds a database; run with --force to replace it (it is moved aside).`);
      }
      const stamp = (options.now ?? new Date()).toISOString().replace(/[-:.]/g, '');
      movedAside = `${dataDir}.replaced-${stamp}`;
      fs.renameSync(dataDir, movedAside);
    }
    const client = await PGlite.create({
      fs: new FsyncNodeFS(dataDir),
      loadDataDir: new Blob([new Uint8Array(archive)]),
      startParams: pgliteStartParams({ fsync: true }),
    });
    let employers: number;
    try {
      employers = await countEmployers((text) => client.query(text));
      await client.query('checkpoint');
    } finally {
      await client.close();
    }
    syncTree(dataDir); // the unpacked files were written without fsync
    return { employers, movedAside };
  } finally {
    unlock();
  }
}

/** Runs a PostgreSQL client tool; a missing tool or a failure throws with what it printed. */
function runTool(tool: 'pg_dump' | 'pg_restore', args: string[]): void {
  const result = spawnSync(tool, args, { encoding: 'utf8' });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error(
      `${tool} was not found: install the PostgreSQL client tools, of the server's major version or newer`,
    );
  }
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${tool} failed (exit ${result.status}):\n${result.stderr.trim()}`);
}

export async function backupPostgres(databaseUrl: string, file: string): Promise<{ bytes: number }> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  runTool('pg_dump', ['--format=custom', `--file=${partial}`, `--dbname=${databaseUrl}`]);
  publishDurably(partial, file);
  return { bytes: fs.statSync(file).size };
}

/**
 * Restores a pg_dump file into the database at `databaseUrl`. Refused while other sessions use that
 * database (stop the servers first) and, unless `force`, when it already has tables; with `force`
 * the objects in the backup are dropped and recreated, in one transaction.
 */
export async function restorePostgres(
  file: string,
  databaseUrl: string,
  options: { force?: boolean } = {},
): Promise<{ employers: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const others = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const connected = others.rows[0]?.n ?? 0;
    if (connected > 0) {
      throw new Error(`${connected} other connection(s) use this database (a running Puna server?); stop them first.`);
    }
    const tables = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')",
    );
    if ((tables.rows[0]?.n ?? 0) > 0 && !options.force) {
      throw new Error('The database already has tables; run with --force to replace what the backup holds.');
    }
  } finally {
    await client.end();
  }
  runTool('pg_restore', [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--single-transaction',
    '--exit-on-error',
    `--dbname=${databaseUrl}`,
    file,
  ]);
  const check = new pg.Client({ connectionString: databaseUrl });
  await check.connect();
  try {
    return { employers: await countEmployers((text) => check.query(text)) };
  } finally {
    await check.end();
  }
}
