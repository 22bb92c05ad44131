import { homePathFor, messages, type TLoginRequest, type TSignupRequest, type TVerifyRequest } from '@puna/domain';
import { and, asc, eq } from 'drizzle-orm';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { toSessionUser } from '../../lib/actor';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/crypto';
import { AppError, badRequest, tooManyRequests, unauthorized } from '../../lib/errors';
import type { ServiceDeps } from '../../plugins/deps';
import { consumeOrRefuse } from '../../plugins/rate-limits';
import { createSession, findSession, loginActor, revokeAllSessionsOfUser } from '../../plugins/sessions';
import { companyNameOf, createEmployer } from '../employer-settings/service';
import { checkCode, issueCode, latestPayload } from './codes';
import { addressClaimedMail, claimMail, existingAccountMail, verificationMail } from './mails';
import { hasTwoFactor } from './two-factor';
import { issueLoginChallenge, type LoginChallenge } from './two-factor-login';

export const CODE_SENT = 'Verification code sent to your email!';
export const INVALID_CODE = 'Invalid verification code.';

type UserRow = typeof users.$inferSelect;

async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

const isPendingSignup = (user: UserRow): boolean => user.kind === 'employer' && !user.isVerified;

async function mailVerificationCode(deps: ServiceDeps, user: { id: number; email: string }): Promise<void> {
  const code = await issueCode(deps.db, user.id, 'verify');
  await deps.mailer.send(verificationMail(user.email, code));
}

/** Mails that carry a code are limited per address and per IP, whatever the address holds. */
export async function limitCodeMail(deps: ServiceDeps, email: string, ip: string): Promise<void> {
  await consumeOrRefuse(deps.rateLimits.codeMailsPerIp, ip, 'e-mails requested from your network');
  await consumeOrRefuse(deps.rateLimits.codeMailsPerEmail, email, 'e-mails requested for this address');
}

/**
 * Sign-up. The rate limits come first, before any argon2 work. Then:
 * - a new address: an unverified employer with this password and company, and a code mailed;
 * - an address with a pending sign-up: only a new code is mailed there. The pending password and
 *   company are never replaced, so a stranger who knows the address cannot take the account over
 *   before its owner verifies it; the owner who forgot the first password uses password recovery;
 * - an address with an account (employer, worker or admin): its owner is told by mail.
 * The answer is the same in every case, so sign-up does not tell who has an account.
 */
export async function signup(deps: ServiceDeps, input: TSignupRequest, ip: string): Promise<{ message: string }> {
  await consumeOrRefuse(deps.rateLimits.signupPerIp, ip, 'sign-ups from your network');
  await limitCodeMail(deps, input.email, ip);
  // Hashed in every case, so the answer takes as long whether the address is known or not.
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(deps.db, input.email);
  if (existing && isPendingSignup(existing)) {
    await mailVerificationCode(deps, existing);
    return { message: CODE_SENT };
  }
  if (existing?.kind === 'worker') {
    await mailClaimCode(deps, existing, { companyName: input.companyName, passwordHash });
    return { message: CODE_SENT };
  }
  if (existing) {
    await deps.mailer.send(existingAccountMail(existing.email));
    return { message: CODE_SENT };
  }
  const created = await createPendingSignup(deps, input, passwordHash);
  if (created) {
    await mailVerificationCode(deps, created);
  } else {
    // Two sign-ups raced for one new address: the first keeps it, this one only re-sends its code.
    const winner = await findUserByEmail(deps.db, input.email);
    if (winner && isPendingSignup(winner)) await mailVerificationCode(deps, winner);
  }
  return { message: CODE_SENT };
}

class AddressTaken extends Error {}

/** The unverified employer and its owner login, or undefined when the address was taken meanwhile. */
async function createPendingSignup(
  deps: ServiceDeps,
  input: TSignupRequest,
  passwordHash: string,
): Promise<{ id: number; email: string } | undefined> {
  const attempt = deps.db.transaction(async (tx) => {
    const employer = { id: await createEmployer({ db: tx, config: deps.config }, input.companyName) };
    const [user] = await tx
      .insert(users)
      .values({ email: input.email, passwordHash, kind: 'employer', employerId: employer.id, isVerified: false })
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email });
    // Taken by a racing request: roll back this employer too.
    if (!user) throw new AddressTaken();
    return user;
  });
  return attempt.catch((error: unknown) => {
    if (error instanceof AddressTaken) return undefined;
    throw error;
  });
}

/**
 * Mails a new sign-up code to a pending sign-up (or a pending claim of a worker login's address);
 * every other address gets the same answer and no mail.
 */
export async function resendCode(deps: ServiceDeps, email: string, ip: string): Promise<{ message: string }> {
  await limitCodeMail(deps, email, ip);
  const user = await findUserByEmail(deps.db, email);
  if (user && isPendingSignup(user)) await mailVerificationCode(deps, user);
  if (user?.kind === 'worker') {
    const pending = ZClaim.safeParse(await latestPayload(deps.db, user.id, 'claim'));
    if (pending.success) await mailClaimCode(deps, user, pending.data);
  }
  return { message: CODE_SENT };
}

/** The sign-up a claim code completes. */
const ZClaim = z.object({ companyName: z.string().min(1), passwordHash: z.string().min(1) });
type Claim = z.infer<typeof ZClaim>;

/**
 * An employer can give a worker login any address, so the real owner of that address may find it
 * taken when signing up. The owner's mailbox decides: a sign-up for a worker login's address mails
 * a claim code there; entering it (on the sign-up's code step) creates the owner's employer account
 * and removes the address from the worker login (the employee and its data stay with its employer,
 * who is told). A claim waiting for its code keeps its sign-up: a later sign-up for the address only
 * re-sends that code, as for a pending sign-up.
 */
async function mailClaimCode(deps: ServiceDeps, worker: UserRow, claim: Claim): Promise<void> {
  const pending = ZClaim.safeParse(await latestPayload(deps.db, worker.id, 'claim'));
  const kept = pending.success ? pending.data : claim;
  const code = await issueCode(deps.db, worker.id, 'claim', { payload: kept });
  const employerName = await companyNameOf(deps.db, worker.employerId ?? 0);
  await deps.mailer.send(claimMail(worker.email, code, kept.companyName, employerName ?? ''));
}

/** A verified sign-up or claim: the spec's sentence and the employer login that now exists. */
export type Verified = { message: string; userId: number };

const VERIFIED = 'Email verified! You can now log in.';

async function completeClaim(deps: ServiceDeps, worker: UserRow, code: string): Promise<Verified> {
  const result = await checkCode(deps.db, worker.id, 'claim', code);
  if (!result.ok) {
    if (result.reason === 'too_many') throw tooManyRequests('Too many wrong codes. Request a new code.');
    throw badRequest(INVALID_CODE);
  }
  const claim = ZClaim.safeParse(result.payload);
  if (!claim.success) throw badRequest(INVALID_CODE);
  const [ownerLogin] = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.employerId, worker.employerId ?? 0), eq(users.kind, 'employer')))
    .limit(1);
  const owner = ownerLogin && {
    email: ownerLogin.email,
    employeeName: (await loginActor(deps.db, worker.id))?.name ?? null,
  };
  const revoked = await revokeAllSessionsOfUser(deps.db, worker.id);
  const ownerId = await deps.db.transaction(async (tx) => {
    await tx.delete(users).where(and(eq(users.id, worker.id), eq(users.kind, 'worker')));
    const employer = { id: await createEmployer({ db: tx, config: deps.config }, claim.data.companyName) };
    const [created] = await tx
      .insert(users)
      .values({
        email: worker.email,
        passwordHash: claim.data.passwordHash,
        kind: 'employer',
        employerId: employer.id,
        isVerified: true,
      })
      .returning({ id: users.id });
    if (!created) throw new Error('the claimed employer login was not stored');
    return created.id;
  });
  void deps.events.announce('access.revoked', {
    sessionIds: revoked,
    employeeIds: worker.employeeId === null ? [] : [worker.employeeId],
  });
  if (owner) await deps.mailer.send(addressClaimedMail(owner.email, worker.email, owner.employeeName ?? ''));
  return { message: VERIFIED, userId: ownerId };
}

/**
 * Verifies a pending sign-up with its code. Any other address (unknown, verified, a worker or the
 * admin) is answered like a wrong code. At most 5 tries per code, counted atomically.
 */
export async function verifyEmail(deps: ServiceDeps, input: TVerifyRequest, ip: string): Promise<Verified> {
  await consumeOrRefuse(deps.rateLimits.verifyPerIp, ip, 'verification attempts');
  // Per address and network: a stranger's wrong codes cannot lock the owner out from elsewhere
  // (each code also allows only 5 tries, then a new one is mailed to the owner).
  await consumeOrRefuse(
    deps.rateLimits.verifyPerEmail,
    `${input.email}\n${ip}`,
    'verification attempts for this address',
  );
  const user = await findUserByEmail(deps.db, input.email);
  if (user?.kind === 'worker') return completeClaim(deps, user, input.code);
  if (!user || !isPendingSignup(user)) throw badRequest(INVALID_CODE);
  const result = await checkCode(deps.db, user.id, 'verify', input.code);
  if (!result.ok) {
    if (result.reason === 'too_many') throw tooManyRequests('Too many wrong codes. Request a new code.');
    if (result.reason === 'wrong') throw badRequest(INVALID_CODE);
    throw badRequest(messages.verificationCodeExpired);
  }
  await deps.db.update(users).set({ isVerified: true }).where(eq(users.id, user.id));
  return { message: VERIFIED, userId: user.id };
}

export type LoginResult = {
  token: string;
  expiresAt: Date;
  redirectTo: string;
  userType: 'employer' | 'worker';
  isAdmin: boolean;
};

const INVALID_LOGIN = messages.loginInvalid;

/**
 * Password guessing is throttled per (account, IP): 5 failures in 15 minutes lock that pair for 15
 * minutes, and only that pair, so a stranger cannot lock the owner out from elsewhere. Across all
 * addresses an account that has failed `accountSlowdownAfter` times in 15 minutes is slowed to one
 * attempt per `accountSlowdownSeconds`. Both points are reserved before argon2 runs, so concurrent
 * tries cannot pass either cap (a burst from many addresses checks `accountSlowdownAfter` + 1
 * passwords); a successful login gives them back. An attempt refused past the account's threshold
 * keeps its point: the account stays slowed while it is being guessed at, never locked.
 */
export async function login(
  deps: ServiceDeps,
  input: TLoginRequest,
  client: { ip: string; userAgent?: string },
  /** adminOnly: the admin login form; any other account is refused like a wrong password. */
  options: { adminOnly?: boolean } = {},
): Promise<LoginResult | LoginChallenge> {
  const { rateLimits, config } = deps;
  await consumeOrRefuse(rateLimits.loginPerIp, client.ip, 'login attempts');
  // Reserved atomically: each concurrent try sees its own count, not one read before any was written.
  const attempts = await rateLimits.loginFailuresPerAccount.consume(input.email).catch((error: unknown) => {
    if (error instanceof RateLimiterRes) return error;
    throw error;
  });
  if (attempts.consumedPoints > config.limits.accountSlowdownAfter) {
    await consumeOrRefuse(rateLimits.loginPacePerAccount, input.email, 'failed logins for this account');
  }
  const pairKey = `${input.email}\n${client.ip}`;
  await consumeOrRefuse(rateLimits.loginPerAccountIp, pairKey, 'failed logins for this account');

  const user = await findUserByEmail(deps.db, input.email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !passwordOk || (options.adminOnly && user.kind !== 'admin')) {
    throw new AppError(401, INVALID_LOGIN, { success: false, error: INVALID_LOGIN });
  }
  await rateLimits.loginPerAccountIp.delete(pairKey);
  await rateLimits.loginFailuresPerAccount.reward(input.email);
  if (!user.isVerified) {
    const message = messages.loginNotVerified;
    throw new AppError(403, message, { success: false, error: message, needsVerification: true });
  }
  // Two-step verification: no session yet, a code must follow (two-factor-login.ts).
  if (await hasTwoFactor(deps.db, user.id)) return issueLoginChallenge(deps.db, user.id, input.rememberMe);
  return openLoginSession(deps, user.id, input.rememberMe, client);
}

/** The session of a login that passed every step, and where its browser goes. */
export async function openLoginSession(
  deps: ServiceDeps,
  userId: number,
  rememberMe: boolean,
  client: { ip: string; userAgent?: string },
): Promise<LoginResult> {
  const session = await createSession(deps.db, { userId, rememberMe, ip: client.ip, userAgent: client.userAgent });
  const context = await findSession(deps.db, session.token);
  if (!context) throw unauthorized();
  return {
    ...session,
    redirectTo: homePathFor(toSessionUser(context.actor)),
    userType: context.actor.kind === 'worker' ? 'worker' : 'employer',
    isAdmin: context.actor.kind === 'admin',
  };
}

/** The employer's owner login (its first employer login), or null when the employer has none. */
export async function ownerLoginOf(db: Db, employerId: number): Promise<number | null> {
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.employerId, employerId), eq(users.kind, 'employer')))
    .orderBy(asc(users.id))
    .limit(1);
  return owner?.id ?? null;
}

/** The e-mails of the employer's verified employer logins (the daily digest's recipients). */
export async function employerLoginEmails(db: Db, employerId: number): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.employerId, employerId), eq(users.kind, 'employer'), eq(users.isVerified, true)))
    .orderBy(asc(users.id));
  return rows.map((row) => row.email);
}
