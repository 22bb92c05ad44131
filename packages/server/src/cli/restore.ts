/**
 * `npm run restore -- <file> [--force]`: restores a backup made by `npm run backup` into the database
 * the server is configured for. Stop the server(s) first.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { backupKindOf, restorePglite, restorePostgres } from '../db/backup';
import { pgliteDir } from '../db/client';

const usage = `Usage: npm run restore -- <file> [--force]

Restores a backup made by npm run backup into the database the server is configured for
(DATABASE_URL, else PGlite in DATA_DIR/pglite). Stop the server(s) first. A database that already
holds data is refused unless --force: PGlite's folder is then moved aside to pglite.replaced-<time>;
on PostgreSQL the objects in the backup are dropped and recreated in one transaction.`;

async function main(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false }, help: { type: 'boolean' } },
  });
  const [file] = positionals;
  if (values.help || !file) {
    console.log(usage);
    if (!values.help) process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const source = path.resolve(file);
  const kind = backupKindOf(source);
  const target = config.databaseUrl ? 'postgres' : 'pglite';
  if (kind !== target) {
    throw new Error(
      `${source} is a ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} backup but the server is configured for ${target === 'pglite' ? 'PGlite (no DATABASE_URL)' : 'PostgreSQL (DATABASE_URL)'}`,
    );
  }
  if (config.databaseUrl) {
    const { employers } = await restorePostgres(source, config.databaseUrl, { force: values.force });
    console.log(`Restored ${source} into PostgreSQL (${employers} employers)`);
  } else {
    const dir = pgliteDir(config.dataDir);
    const { employers, movedAside } = await restorePglite(source, dir, { force: values.force });
    if (movedAside) console.log(`The previous database was moved to ${movedAside}`);
    console.log(`Restored ${source} into ${dir} (${employers} employers)`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
