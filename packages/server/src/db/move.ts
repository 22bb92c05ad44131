import fs from 'node:fs';
import path from 'node:path';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { openPglite, openPostgres } from './client';
import { lockDataDir } from './data-dir-lock';

/**
 * Moves a PGlite database into an empty PostgreSQL database (`npm run move-to-postgres`).
 *
 * The PGlite folder is never written: it is locked (so no server starts on it meanwhile) and copied
 * beside itself, and the copy is opened and migrated to this code's schema. PostgreSQL opening a
 * folder writes to it (its WAL, pg_control at shutdown), so the original is only read, to copy it.
 * The target is migrated, then filled in one transaction with `session_replication_role = replica`:
 * triggers (the scanned days kept from the scans) and foreign-key checks stay off while rows that
 * were already consistent are copied, so tables go in any order and `scan_days` arrives as it was
 * rather than counted twice. Row counts and foreign keys are checked, then the sequences set, before
 * the commit; any failure rolls the rows back and leaves the target without any.
 */

export type MovedTable = { table: string; rows: number };
export type MovedSequence = { sequence: string; lastValue: string; isCalled: boolean };
export type MoveReport = { tables: MovedTable[]; sequences: MovedSequence[]; copyMs: number; totalMs: number };

/** Rows per INSERT: one JSON array of 1,000 rows is a few hundred kB for Puna's widest tables. */
export const BATCH_ROWS = 1000;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

type Query = <T>(text: string, params?: unknown[]) => Promise<{ rows: T[] }>;

const queryOf =
  (client: pg.Client): Query =>
  async <T>(text: string, params?: unknown[]) => ({ rows: (await client.query(text, params)).rows as T[] });

export async function moveToPostgres(
  pgliteFolder: string,
  databaseUrl: string,
  options: { batchRows?: number } = {},
): Promise<MoveReport> {
  const started = Date.now();
  const folder = path.resolve(pgliteFolder);
  if (!fs.existsSync(path.join(folder, 'PG_VERSION'))) throw new Error(`There is no PGlite database in ${folder}`);
  const unlock = lockDataDir(folder); // refuses while a server (or a backup) has the folder open
  let copy: string | undefined;
  try {
    const target = new pg.Client({ connectionString: databaseUrl });
    // A connection the server ends fails the query under way, which says why; not the process.
    target.on('error', () => {});
    await target.connect().catch((error: unknown) => {
      throw new Error(`Could not connect to the target PostgreSQL: ${error instanceof Error ? error.message : error}`);
    });
    try {
      const targetQuery = queryOf(target);
      await refuseData(targetQuery);

      copy = fs.mkdtempSync(`${folder}.move-`);
      fs.cpSync(folder, copy, { recursive: true });
      const source = await openPglite(copy, { fsync: false });
      try {
        // A folder last opened by an older Puna gets the migrations its server would apply at start.
        await source.migrate();
        const migrated = await openPostgres(databaseUrl, { max: 1 });
        try {
          await migrated.migrate();
        } finally {
          await migrated.close();
        }
        const copyStarted = Date.now();
        const report = await copyAll(source.pglite as PGlite, target, options.batchRows ?? BATCH_ROWS);
        return { ...report, copyMs: Date.now() - copyStarted, totalMs: Date.now() - started };
      } finally {
        await source.close();
      }
    } finally {
      await target.end();
    }
  } finally {
    if (copy) fs.rmSync(copy, { recursive: true, force: true });
    unlock();
  }
}

/** Puna moves only into a database without rows: merging two databases' ids is not a move. */
async function refuseData(query: Query): Promise<void> {
  const tables = await query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema', 'drizzle')
       and n.nspname not like 'pg\\_%' order by 1, 2`,
  );
  for (const { schema, name } of tables.rows) {
    const { rows } = await query<{ held: boolean }>(
      `select exists (select 1 from ${quote(schema)}.${quote(name)}) as held`,
    );
    if (rows[0]?.held) {
      throw new Error(
        `The target database already holds data (table ${schema}.${name} has rows). Move into a new, empty database ` +
          `(for example createdb puna), or drop this one's tables first.`,
      );
    }
  }
}

async function copyAll(source: PGlite, target: pg.Client, batchRows: number) {
  const sourceQuery: Query = (text, params) => source.query(text, params);
  const targetQuery = queryOf(target);
  await target.query('begin');
  try {
    await target.query('set local session_replication_role = replica').catch((error: unknown) => {
      throw new Error(
        `The target's user may not turn triggers and foreign-key checks off for the copy (${error instanceof Error ? error.message : error}). ` +
          'Run the move as a superuser (or, on PostgreSQL 15 or later, GRANT SET ON PARAMETER session_replication_role TO the user).',
      );
    });
    await refuseData(targetQuery); // again, inside the transaction: nothing started on it meanwhile

    const sourceTables = await tablesOf(sourceQuery);
    const targetTables = new Map((await tablesOf(targetQuery)).map((table) => [table.name, table.columns]));
    const tables: MovedTable[] = [];
    await source.transaction(async (tx) => {
      for (const { name, columns } of sourceTables) {
        const targetColumns = targetTables.get(name);
        const missing = columns.filter((column) => !targetColumns?.includes(column));
        if (!targetColumns || missing.length > 0) {
          throw new Error(
            `The PostgreSQL schema has no ${targetColumns ? `column(s) ${missing.join(', ')} in table ${name}` : `table ${name}`}: is the PGlite database from a newer Puna than this one?`,
          );
        }
        tables.push({ table: name, rows: await copyTable(tx, target, name, columns, batchRows) });
      }
    });
    await checkCounts(tables, targetQuery);
    await checkForeignKeys(targetQuery);
    // Last: a sequence's setval is not undone by a rollback, so it waits until every check has passed.
    const sequences = await copySequences(sourceQuery, targetQuery);
    await target.query('commit');
    return { tables, sequences };
  } catch (error) {
    await target.query('rollback').catch(() => {});
    throw error;
  }
}

/** The tables of `public` and their stored (not generated) columns, by name. */
async function tablesOf(query: Query): Promise<{ name: string; columns: string[] }[]> {
  const { rows } = await query<{ name: string; columns: string[] }>(
    `select c.relname as name, array_agg(a.attname::text order by a.attnum) as columns
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where n.nspname = 'public' and c.relkind in ('r', 'p')
     group by c.relname order by c.relname`,
  );
  return rows;
}

/**
 * Each batch leaves PGlite as the JSON text of its rows and enters PostgreSQL through
 * `json_populate_recordset`, never as JavaScript values: every value goes through its type's own
 * text form (bytea as hex, timestamps with their offset, numerics as written), so it arrives exact.
 */
async function copyTable(
  source: Transaction,
  target: pg.Client,
  table: string,
  columns: string[],
  batchRows: number,
): Promise<number> {
  const list = columns.map(quote).join(', ');
  const cursor = `move_${table}`;
  await source.query(
    `declare ${quote(cursor)} no scroll cursor for select row_to_json(t)::text as r from ${quote(table)} t`,
  );
  let copied = 0;
  for (;;) {
    const { rows } = await source.query<{ r: string }>(`fetch forward ${batchRows} from ${quote(cursor)}`);
    if (rows.length === 0) break;
    await target.query(
      `insert into ${quote(table)} (${list}) overriding system value
       select ${list} from json_populate_recordset(null::${quote(table)}, $1::json)`,
      [`[${rows.map((row) => row.r).join(',')}]`],
    );
    copied += rows.length;
  }
  await source.query(`close ${quote(cursor)}`);
  return copied;
}

/** Every sequence of `public` continues where PGlite's stopped, so new ids follow the old ones. */
async function copySequences(sourceQuery: Query, targetQuery: Query): Promise<MovedSequence[]> {
  const names = await sourceQuery<{ name: string }>(
    "select sequencename as name from pg_sequences where schemaname = 'public' order by 1",
  );
  const sequences: MovedSequence[] = [];
  for (const { name } of names.rows) {
    const read = (query: Query) =>
      query<{ last_value: string; is_called: boolean }>(`select last_value::text, is_called from ${quote(name)}`);
    const [from] = (await read(sourceQuery)).rows;
    if (!from) throw new Error(`Sequence ${name} could not be read`);
    await targetQuery('select setval($1::regclass, $2::bigint, $3)', [quote(name), from.last_value, from.is_called]);
    const [to] = (await read(targetQuery)).rows;
    if (to?.last_value !== from.last_value || to.is_called !== from.is_called) {
      throw new Error(`Sequence ${name} is at ${to?.last_value} on PostgreSQL, not ${from.last_value} as on PGlite`);
    }
    sequences.push({ sequence: name, lastValue: from.last_value, isCalled: from.is_called });
  }
  return sequences;
}

async function checkCounts(tables: MovedTable[], targetQuery: Query): Promise<void> {
  for (const { table, rows } of tables) {
    const counted = await targetQuery<{ n: string }>(`select count(*)::text as n from ${quote(table)}`);
    const n = Number(counted.rows[0]?.n);
    if (n !== rows) throw new Error(`Table ${table} has ${n} rows on PostgreSQL but ${rows} on PGlite`);
  }
}

/** The checks replica mode skipped, made once: every foreign key of the copied rows finds its row. */
async function checkForeignKeys(targetQuery: Query): Promise<void> {
  const { rows } = await targetQuery<{
    name: string;
    child: string;
    parent: string;
    columns: string[];
    keys: string[];
  }>(
    `select c.conname as name, c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
       array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
             join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as columns,
       array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
             join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as keys
     from pg_constraint c join pg_namespace n on n.oid = c.connamespace
     where c.contype = 'f' and n.nspname = 'public'`,
  );
  for (const { name, child, parent, columns, keys } of rows) {
    const present = columns.map((column) => `x.${quote(column)} is not null`).join(' and ');
    const match = columns.map((column, i) => `p.${quote(keys[i] as string)} = x.${quote(column)}`).join(' and ');
    const orphans = await targetQuery<{ n: string }>(
      `select count(*)::text as n from ${child} x where ${present} and not exists (select 1 from ${parent} p where ${match})`,
    );
    const n = Number(orphans.rows[0]?.n);
    if (n > 0) throw new Error(`${n} row(s) of ${child} miss their ${parent} row (foreign key ${name})`);
  }
}
