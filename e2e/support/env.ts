import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** PUNA_E2E_PORT lets two runs on one machine (e.g. two engineers) use different ports. */
export const PORT = Number(process.env.PUNA_E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${PORT}`;
export const ADMIN_EMAIL = 'admin@puna.test';
export const ADMIN_PASSWORD = 'e2e-Admin-Passw0rd';

/**
 * The server's data folder (PGlite files and the mail outbox). The config creates it once and
 * publishes it in the environment, so the worker processes (which load the config again) and the
 * specs all see the same folder.
 */
export function dataDir(): string {
  const existing = process.env.PUNA_E2E_DATA_DIR;
  if (existing) return existing;
  const created = fs.mkdtempSync(path.join(os.tmpdir(), 'puna-e2e-'));
  process.env.PUNA_E2E_DATA_DIR = created;
  return created;
}

export function outboxDir(): string {
  return path.join(dataDir(), 'outbox');
}
