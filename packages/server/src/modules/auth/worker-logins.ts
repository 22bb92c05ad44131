/**
 * Worker logins: a `users` row of kind 'worker' tied to one employee. Employer and admin accounts
 * belong to the auth feature; these are created with the employee and die with it (cascade).
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { users } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { voidCodes } from './codes';

export const EMAIL_TAKEN_MESSAGE = 'This email is already used by another account.';

export async function isEmailTaken(db: Executor, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}

/** Creates the login; a taken e-mail (also one taken a moment ago by a racing request) is a 409. */
export async function createWorkerLogin(
  db: Executor,
  input: { email: string; passwordHash: string; employerId: number; employeeId: number },
): Promise<void> {
  const created = await db
    .insert(users)
    .values({ ...input, kind: 'worker', isVerified: true })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (created.length === 0) throw conflict(EMAIL_TAKEN_MESSAGE);
}

export async function findWorkerLogin(
  db: Executor,
  employeeId: number,
): Promise<{ userId: number; passwordHash: string } | undefined> {
  const [row] = await db
    .select({ userId: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.employeeId, employeeId), eq(users.kind, 'worker')))
    .limit(1);
  return row;
}

/** Sets the password the employer chose; codes the worker still holds (a reset one) die with the old one. */
export async function setWorkerPasswordHash(db: Executor, userId: number, passwordHash: string): Promise<void> {
  const [changed] = await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, userId), eq(users.kind, 'worker')))
    .returning({ id: users.id });
  if (changed) await voidCodes(db, changed.id);
}
