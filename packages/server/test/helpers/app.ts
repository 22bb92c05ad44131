import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app';
import { type AppConfig, loadConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import { openTestDatabase } from './database';

export type TestContext = {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
  config: AppConfig;
  dataDir: string;
  close(): Promise<void>;
};

/** Builds the real app on a fresh, migrated database with a private data folder (outbox). */
export async function createTestApp(
  env: Record<string, string> = {},
  overrides: Partial<AppConfig> = {},
): Promise<TestContext> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'puna-test-'));
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_EMAIL: 'admin@puna.test', ...env },
    overrides,
  );
  const database = await openTestDatabase();
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
