import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { generatePassword, hashPassword, verifyPassword } from '../lib/crypto';

export type EnsureAdminResult = {
  email: string;
  created: boolean;
  generatedPassword?: string;
  passwordUpdated: boolean;
};

/**
 * Makes sure the platform admin exists. A given ADMIN_PASSWORD is (re)applied, so an operator can
 * reset a forgotten one; without it a new admin gets a generated password, printed once by main.
 */
export async function ensureAdmin(
  db: Db,
  admin: { email: string; password: string | undefined },
): Promise<EnsureAdminResult> {
  const [existing] = await db.select().from(users).where(eq(users.email, admin.email)).limit(1);
  if (existing) {
    if (existing.kind !== 'admin') {
      throw new Error(`ADMIN_EMAIL ${admin.email} belongs to a non-admin account; choose another address.`);
    }
    if (admin.password && !(await verifyPassword(existing.passwordHash, admin.password))) {
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(admin.password) })
        .where(eq(users.id, existing.id));
      return { email: admin.email, created: false, passwordUpdated: true };
    }
    return { email: admin.email, created: false, passwordUpdated: false };
  }
  const password = admin.password ?? generatePassword();
  await db
    .insert(users)
    .values({ email: admin.email, passwordHash: await hashPassword(password), kind: 'admin', isVerified: true })
    .onConflictDoNothing();
  return {
    email: admin.email,
    created: true,
    passwordUpdated: false,
    ...(admin.password ? {} : { generatedPassword: password }),
  };
}
