/**
 * The login step between a right password and a session for a login with two-step verification.
 * The password answers an opaque challenge (5 minutes, single use, only its SHA-256 stored, so any
 * process can finish it); the challenge and a code then open the session. A try is reserved on the
 * challenge before the code is checked (at most 5, as codes.ts does), and the login's wrong codes
 * are capped across challenges too, so logging in again does not buy more guesses.
 */
import { messages, type TLoginTwoFactorRequest } from '@puna/domain';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { twoFactorChallenges } from '../../db/schema';
import { newToken, sha256 } from '../../lib/crypto';
import { badRequest, tooManyRequests } from '../../lib/errors';
import type { ServiceDeps } from '../../plugins/deps';
import { consumeOrRefuse } from '../../plugins/rate-limits';
import { useSecondFactor } from './two-factor';

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const MAX_CHALLENGE_ATTEMPTS = 5;

export type LoginChallenge = { twoFactorRequired: true; challenge: string };

export async function issueLoginChallenge(db: Executor, userId: number, rememberMe: boolean): Promise<LoginChallenge> {
  const challenge = newToken();
  await db.insert(twoFactorChallenges).values({
    tokenHash: sha256(challenge),
    userId,
    rememberMe,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  return { twoFactorRequired: true, challenge };
}

/**
 * Checks the code of a challenge and consumes the challenge when it is right; answers the login and
 * how long it asked to be remembered, for the caller to open the session.
 */
export async function passLoginChallenge(
  deps: ServiceDeps,
  input: TLoginTwoFactorRequest,
): Promise<{ userId: number; rememberMe: boolean }> {
  const tokenHash = sha256(input.challenge);
  const [reserved] = await deps.db
    .update(twoFactorChallenges)
    .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
    .where(
      and(
        eq(twoFactorChallenges.tokenHash, tokenHash),
        isNull(twoFactorChallenges.consumedAt),
        gt(twoFactorChallenges.expiresAt, new Date()),
        lt(twoFactorChallenges.attempts, MAX_CHALLENGE_ATTEMPTS),
      ),
    )
    .returning({
      id: twoFactorChallenges.id,
      userId: twoFactorChallenges.userId,
      rememberMe: twoFactorChallenges.rememberMe,
    });
  if (!reserved) throw await refusedChallenge(deps.db, tokenHash);
  const accountKey = `2fa:${reserved.userId}`;
  await consumeOrRefuse(deps.rateLimits.passwordChecksPerUser, accountKey, 'wrong codes');
  if (!(await useSecondFactor(deps, reserved.userId, input.code))) throw badRequest(messages.twoFactorCodeWrong);
  await deps.rateLimits.passwordChecksPerUser.delete(accountKey);
  const [consumed] = await deps.db
    .update(twoFactorChallenges)
    .set({ consumedAt: new Date() })
    .where(and(eq(twoFactorChallenges.id, reserved.id), isNull(twoFactorChallenges.consumedAt)))
    .returning({ id: twoFactorChallenges.id });
  // Finished by another request a moment ago: a challenge opens one session.
  if (!consumed) throw badRequest(messages.twoFactorChallengeInvalid);
  return { userId: reserved.userId, rememberMe: reserved.rememberMe };
}

/** Why a challenge took no try: its 5 tries are spent (429) or it is unknown, used or expired (400). */
async function refusedChallenge(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ attempts: twoFactorChallenges.attempts, consumedAt: twoFactorChallenges.consumedAt })
    .from(twoFactorChallenges)
    .where(eq(twoFactorChallenges.tokenHash, tokenHash))
    .limit(1);
  if (row && row.consumedAt === null && row.attempts >= MAX_CHALLENGE_ATTEMPTS) {
    return tooManyRequests(messages.twoFactorChallengeTooMany);
  }
  return badRequest(messages.twoFactorChallengeInvalid);
}
