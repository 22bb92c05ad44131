import { eq } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../lib/crypto';
import { createEmployer } from '../modules/employer-settings/service';
import { DEMO_HEARTBEAT_MS, DEMO_WORKER, heartbeatDemoDevices, loadDemoWorkspace } from './demo-workspace';

export const DEMO_EMPLOYER = {
  email: 'demo@puna.local',
  password: 'demo-puna-2025',
  companyName: 'Demo Ndërtimi shpk',
};

/** Loads the demo employer and its workspace (idempotent) and returns the lines to print. */
export async function loadDemo(db: Db, config: AppConfig): Promise<string[]> {
  const [existing] = await db
    .select({ id: users.id, employerId: users.employerId })
    .from(users)
    .where(eq(users.email, DEMO_EMPLOYER.email))
    .limit(1);
  let employerId = existing?.employerId ?? null;
  if (!existing) {
    const passwordHash = await hashPassword(DEMO_EMPLOYER.password);
    employerId = await db.transaction(async (tx) => {
      const employer = { id: await createEmployer({ db: tx, config }, DEMO_EMPLOYER.companyName) };
      await tx.insert(users).values({
        email: DEMO_EMPLOYER.email,
        passwordHash,
        kind: 'employer',
        employerId: employer.id,
        isVerified: true,
      });
      return employer.id;
    });
  }
  const loaded = employerId !== null && (await loadDemoWorkspace({ db, config }, employerId));
  return [
    `  Demo employer: ${DEMO_EMPLOYER.email} / ${DEMO_EMPLOYER.password}${existing ? ' (already loaded)' : ''}`,
    `  Demo worker:   ${DEMO_WORKER.email} / ${DEMO_WORKER.password}${loaded ? '' : ' (already loaded)'}`,
  ];
}

/**
 * Keeps the demo's two devices Online while the demo server runs (they are not real, so nothing
 * else reports in for them): a heartbeat now and every 30 s. Returns the stop function.
 */
export async function keepDemoDevicesOnline(db: Db, log: (error: unknown) => void): Promise<() => void> {
  const [demo] = await db
    .select({ employerId: users.employerId })
    .from(users)
    .where(eq(users.email, DEMO_EMPLOYER.email))
    .limit(1);
  const employerId = demo?.employerId ?? null;
  if (employerId === null) return () => {};
  const beat = () => heartbeatDemoDevices(db, employerId).catch(log);
  await beat();
  const timer = setInterval(beat, DEMO_HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}
