import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped, migrated PGlite data folder (a tar file) every test database starts from. */
    pgliteTemplateFile: string;
    /** A migrated PostgreSQL database every test database is created from (`create database … template`). */
    postgresTemplate: string;
  }
}

/**
 * Migrates one database per run and lets every test file start from a copy of it, instead of each
 * file paying for PGlite's start and every migration again.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cleanups: Array<() => Promise<void>> = [];
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'puna-template-'));
  cleanups.push(() => fs.rm(folder, { recursive: true, force: true }));

  const pglite = await openPglite();
  await pglite.migrate();
  // biome-ignore lint/style/noNonNullAssertion: openPglite always has its instance
  const dump = await pglite.pglite!.dumpDataDir('none');
  await pglite.close();
  const templateFile = path.join(folder, 'pglite.tar');
  await fs.writeFile(templateFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplateFile', templateFile);

  const adminUrl = process.env.TEST_DATABASE_URL;
  let postgresTemplate = '';
  if (process.env.PUNA_TEST_DB === 'postgres' && adminUrl) {
    postgresTemplate = `puna_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${postgresTemplate}`);
    const url = new URL(adminUrl);
    url.pathname = `/${postgresTemplate}`;
    const database = await openPostgres(url.toString(), { max: 1 });
    await database.migrate();
    await database.close();
    const name = postgresTemplate;
    cleanups.push(() => adminQuery(adminUrl, `drop database if exists ${name} with (force)`));
  }
  project.provide('postgresTemplate', postgresTemplate);

  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
