/**
 * `npm run move-to-postgres -- <DATABASE_URL>`: copies the PGlite database in DATA_DIR/pglite into
 * an empty PostgreSQL database, which the server then runs on (DATABASE_URL). Stop the server first.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { pgliteDir } from '../db/client';
import { BATCH_ROWS, moveToPostgres } from '../db/move';

const usage = `Usage: npm run move-to-postgres -- <DATABASE_URL> [--batch-rows <n>]

Copies the PGlite database the server uses (DATA_DIR/pglite) into the PostgreSQL database at
<DATABASE_URL>, which must exist and hold no rows; it is migrated first. Stop the server first: a
running server holds the PGlite folder and the move is refused. The PGlite folder is only read.
Every table, every row and every sequence is copied in one transaction, then the row counts,
sequences and foreign keys are checked; on any failure the target is left without rows. The
target's user must be allowed to SET session_replication_role (a superuser, or on PostgreSQL 15
or later a user granted SET on that parameter). Then start the server with DATABASE_URL set.
--batch-rows: rows per INSERT (default ${BATCH_ROWS}).`;

/** A URL's password is not printed. */
function withoutPassword(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(the given URL)';
  }
}

async function main(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { help: { type: 'boolean' }, 'batch-rows': { type: 'string' } },
  });
  const [databaseUrl] = positionals;
  const batchRows = Number(values['batch-rows'] ?? BATCH_ROWS);
  if (values.help || !databaseUrl || positionals.length > 1 || !Number.isInteger(batchRows) || batchRows < 1) {
    console.log(usage);
    if (!values.help) process.exitCode = 2;
    return;
  }
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error(`${withoutPassword(databaseUrl)} is not a PostgreSQL URL (postgres://user:password@host:5432/db)`);
  }
  const source = pgliteDir(loadConfig().dataDir);
  const report = await moveToPostgres(source, databaseUrl, { batchRows });
  const width = Math.max(5, ...report.tables.map(({ table }) => table.length));
  console.log(`${'table'.padEnd(width)}  rows`);
  for (const { table, rows } of report.tables) console.log(`${table.padEnd(width)}  ${rows}`);
  const total = report.tables.reduce((sum, { rows }) => sum + rows, 0);
  console.log(
    `Moved ${source} into ${withoutPassword(databaseUrl)}: ${report.tables.length} tables, ${total} rows, ` +
      `${report.sequences.length} sequences; counts, sequences and foreign keys checked ` +
      `(${report.copyMs} ms copying, ${report.totalMs} ms in all). Start the server with DATABASE_URL set to it.`,
  );
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`Move failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
