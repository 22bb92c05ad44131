/**
 * Six-digit codes mailed to an address: sign-up verification, password reset and e-mail change.
 * Only a hash is stored. A new code of a purpose replaces the user's earlier one. Checking is
 * atomic: a try is reserved (`attempts + 1` while under the cap) before the comparison, and a right
 * code is consumed by one conditional update, so concurrent tries can neither pass the cap nor use
 * one code twice. A change of the login's e-mail or password voids every code the user still holds
 * (`voidCodes`), so a code mailed to an old address or before a reset cannot be used afterwards.
 */
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { verificationCodes } from '../../db/schema';
import { safeEqual, sha256, sixDigitCode } from '../../lib/crypto';

export type CodePurpose = 'verify' | 'reset' | 'email_change' | 'claim';

/** Wrong tries a code allows; the next one must be requested. */
export const MAX_CODE_ATTEMPTS = 5;
export const CODE_TTL_MS: Record<CodePurpose, number> = {
  verify: 15 * 60 * 1000,
  reset: 30 * 60 * 1000,
  email_change: 30 * 60 * 1000,
  claim: 30 * 60 * 1000,
};

function codeHash(purpose: CodePurpose, userId: number, code: string): string {
  // Sign-up codes keep the layout they were first stored with, so pending ones stay valid.
  return sha256(purpose === 'verify' ? `${userId}:${code}` : `${purpose}:${userId}:${code}`);
}

/** Stores a new code (replacing the user's earlier one of that purpose) and returns it for the mail. */
export async function issueCode(
  db: Executor,
  userId: number,
  purpose: CodePurpose,
  extra: { newEmail?: string; payload?: unknown } = {},
): Promise<string> {
  const code = sixDigitCode();
  await db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ consumedAt: new Date() })
      .where(
        and(
          eq(verificationCodes.userId, userId),
          eq(verificationCodes.purpose, purpose),
          isNull(verificationCodes.consumedAt),
        ),
      );
    await tx.insert(verificationCodes).values({
      userId,
      purpose,
      newEmail: extra.newEmail ?? null,
      payload: extra.payload ?? null,
      codeHash: codeHash(purpose, userId, code),
      expiresAt: new Date(Date.now() + CODE_TTL_MS[purpose]),
    });
  });
  return code;
}

/**
 * Voids every outstanding code of the user, of every purpose. Called in the transaction that
 * changes the login's e-mail or password: a code proves a mailbox, and only until the login changes.
 */
export async function voidCodes(db: Executor, userId: number): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(verificationCodes.userId, userId), isNull(verificationCodes.consumedAt)));
}

export type CodeCheck =
  | { ok: true; newEmail: string | null; payload: unknown }
  | { ok: false; reason: 'missing' | 'expired' | 'too_many' | 'wrong' };

/** Checks a code and consumes it when right; see the module comment for why it cannot be raced. */
export async function checkCode(db: Executor, userId: number, purpose: CodePurpose, code: string): Promise<CodeCheck> {
  const [latest] = await db
    .select({ id: verificationCodes.id, expiresAt: verificationCodes.expiresAt })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  if (!latest) return { ok: false, reason: 'missing' };
  if (latest.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
  const [reserved] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, latest.id),
        isNull(verificationCodes.consumedAt),
        lt(verificationCodes.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .returning({ codeHash: verificationCodes.codeHash });
  if (!reserved) return { ok: false, reason: 'too_many' };
  if (!safeEqual(reserved.codeHash, codeHash(purpose, userId, code))) return { ok: false, reason: 'wrong' };
  const [consumed] = await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(verificationCodes.id, latest.id), isNull(verificationCodes.consumedAt)))
    .returning({ newEmail: verificationCodes.newEmail, payload: verificationCodes.payload });
  // Another request consumed it a moment ago: a code is used once.
  if (!consumed) return { ok: false, reason: 'missing' };
  return { ok: true, newEmail: consumed.newEmail, payload: consumed.payload };
}

/** The payload of the user's newest unexpired code of a purpose (a claim re-sent keeps its sign-up). */
export async function latestPayload(db: Executor, userId: number, purpose: CodePurpose): Promise<unknown> {
  const [latest] = await db
    .select({ payload: verificationCodes.payload })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        gt(verificationCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  return latest?.payload ?? null;
}
