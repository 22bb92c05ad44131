import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { buildApp } from '../../src/app';
import { type AppConfig, loadConfig, type RateLimitSettings } from '../../src/config';
import type { Database } from '../../src/db/client';
import { openTestDatabase } from './database';

export type TestContext = {
  app: Awaited<ReturnType<typeof buildApp>>;
  /** Every route the app registered, in order. */
  routes: RouteOptions[];
  database: Database;
  config: AppConfig;
  dataDir: string;
  close(): Promise<void>;
};

/** A public unicast address that reserved test names resolve to in tests (nothing is sent there). */
export const TEST_PUBLIC_ADDRESS = '93.184.215.14';

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
  const routes: RouteOptions[] = [];
  const app = await buildApp(config, { database, logger: false, onRoute: (route) => routes.push(route) });
  await app.ready();
  // Names under the reserved test domains (RFC 2606) stand for public push services; every other
  // name (localhost included) resolves for real.
  const resolve = app.push.resolveHost;
  app.push.resolveHost = async (hostname) =>
    /\.(example|test|invalid)$/i.test(hostname) ? [TEST_PUBLIC_ADDRESS] : resolve(hostname);
  return {
    app,
    routes,
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

/**
 * Limits high enough for a test that creates many accounts from one address; `keep` names the
 * limits the test is about, which stay at their defaults.
 */
export function generousLimits(overrides: Partial<RateLimitSettings> = {}): RateLimitSettings {
  return {
    loginPerAccount: 1000,
    loginPerIp: 100_000,
    accountSlowdownAfter: 100_000,
    accountSlowdownSeconds: 1,
    verifyPerIp: 100_000,
    verifyPerEmail: 100_000,
    signupPerIp: 100_000,
    codeMailsPerEmail: 100_000,
    codeMailsPerIp: 100_000,
    passwordChecksPerUser: 1000,
    emailChangesPerUser: 100_000,
    contactPerIp: 100_000,
    chatMessages: 100_000,
    chatWindowSeconds: 1,
    chatBurst: 100_000,
    unknownClockPerIp: 100_000,
    ...overrides,
  };
}
