import fs from 'node:fs';
import { dataDir } from './env';

/**
 * Removes the run's data folder. The web server is stopped only after global teardown, so the
 * folder goes when the runner exits. PUNA_E2E_KEEP_DATA=1 keeps it (to read the outbox or the DB).
 */
export default function globalTeardown(): void {
  if (process.env.PUNA_E2E_KEEP_DATA === '1') return;
  const dir = dataDir();
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
}
