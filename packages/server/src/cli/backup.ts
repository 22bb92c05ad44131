/**
 * `npm run backup [-- <file>]`: backs up the database the server is configured for (DATABASE_URL,
 * else PGlite in DATA_DIR/pglite) to <file>, by default backups/puna-<kind>-<time>.tar.gz|.dump.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { backupPglite, backupPostgres, defaultBackupFile } from '../db/backup';
import { pgliteDir } from '../db/client';

const usage = `Usage: npm run backup [-- <file>]

Backs up the database the server is configured for: PostgreSQL when DATABASE_URL is set (pg_dump,
custom format; servers may keep running), else PGlite in DATA_DIR/pglite (a .tar.gz of its data
folder; stop the server first — a running server holds the folder and the backup is refused).
The file defaults to backups/puna-<pglite|postgres>-<UTC time>.tar.gz|.dump.`;

async function main(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { help: { type: 'boolean' } },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const config = loadConfig();
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  const file = path.resolve(positionals[0] ?? defaultBackupFile(kind));
  if (config.databaseUrl) {
    const { bytes } = await backupPostgres(config.databaseUrl, file);
    console.log(`PostgreSQL backed up to ${file} (${bytes} bytes)`);
  } else {
    const { bytes, employers } = await backupPglite(pgliteDir(config.dataDir), file);
    console.log(`PGlite (${pgliteDir(config.dataDir)}) backed up to ${file} (${bytes} bytes, ${employers} employers)`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
