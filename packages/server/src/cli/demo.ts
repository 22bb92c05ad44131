import { eq } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../lib/crypto';
import { createEmployer } from '../modules/employer-settings/service';
import { DEMO_WORKER, loadDemoWorkspace } from './demo-workspace';

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
