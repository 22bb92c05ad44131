import { homePathFor, type TLoginRequest, type TSignupRequest, type TVerifyRequest } from '@puna/domain';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { employers, users, verificationCodes } from '../../db/schema';
import { dummyPasswordHash, hashPassword, safeEqual, sha256, sixDigitCode, verifyPassword } from '../../lib/crypto';
import { AppError, badRequest, conflict, tooManyRequests, unauthorized } from '../../lib/errors';
import { escapeHtml, type Mailer } from '../../plugins/mail';
import { consumeOrRefuse, type RateLimits, tooMany } from '../../plugins/rate-limits';
import { createSession, findSession } from './sessions';

export type AuthDeps = { db: Db; mailer: Mailer; config: AppConfig; rateLimits: RateLimits; log: FastifyBaseLogger };

export const CODE_TTL_MS = 15 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;

function codeHash(userId: number, code: string): string {
  return sha256(`${userId}:${code}`);
}

async function sendVerificationCode(deps: AuthDeps, user: { id: number; email: string }): Promise<void> {
  const code = sixDigitCode();
  await deps.db.transaction(async (tx) => {
    // A new code replaces any earlier one.
    await tx
      .update(verificationCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(verificationCodes.userId, user.id), isNull(verificationCodes.consumedAt)));
    await tx.insert(verificationCodes).values({
      userId: user.id,
      codeHash: codeHash(user.id, code),
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    });
  });
  await deps.mailer.send({
    to: user.email,
    subject: `Puna verification code: ${code}`,
    text: `Your Puna verification code is ${code}. It is valid for 15 minutes.\n\nIf you did not sign up for Puna, ignore this e-mail.`,
    html: `<p>Your Puna verification code is</p><p style="font-size:28px;font-weight:bold;letter-spacing:4px">${escapeHtml(code)}</p><p>It is valid for 15 minutes. If you did not sign up for Puna, ignore this e-mail.</p>`,
  });
}

/** Creates an unverified employer and mails a code; signing up again before verifying resends it. */
export async function signup(deps: AuthDeps, input: TSignupRequest): Promise<{ message: string }> {
  const passwordHash = await hashPassword(input.password);
  const [existing] = await deps.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  let user: { id: number; email: string };
  if (existing) {
    if (existing.kind !== 'employer' || existing.isVerified) {
      throw conflict('An account with this email already exists. Log in instead.');
    }
    await deps.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, existing.id));
      if (existing.employerId) {
        await tx.update(employers).set({ companyName: input.companyName }).where(eq(employers.id, existing.employerId));
      }
    });
    user = existing;
  } else {
    user = await deps.db.transaction(async (tx) => {
      const [employer] = await tx
        .insert(employers)
        .values({ companyName: input.companyName, timeZone: deps.config.defaultTimeZone })
        .returning({ id: employers.id });
      if (!employer) throw new Error('employer insert returned nothing');
      const [created] = await tx
        .insert(users)
        .values({ email: input.email, passwordHash, kind: 'employer', employerId: employer.id, isVerified: false })
        .onConflictDoNothing()
        .returning({ id: users.id, email: users.email });
      // Two sign-ups racing for one e-mail: the second rolls back its employer and is refused.
      if (!created) throw conflict('An account with this email already exists. Log in instead.');
      return created;
    });
  }
  await sendVerificationCode(deps, user);
  return { message: 'Verification code sent to your email!' };
}

export async function resendCode(deps: AuthDeps, email: string): Promise<{ message: string }> {
  const [user] = await deps.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (user?.kind !== 'employer') throw new AppError(404, 'No sign-up with this email. Sign up first.');
  if (user.isVerified) return { message: 'Email already verified. You can log in.' };
  await sendVerificationCode(deps, user);
  return { message: 'Verification code sent to your email!' };
}

export async function verifyEmail(deps: AuthDeps, input: TVerifyRequest, ip: string): Promise<{ message: string }> {
  await consumeOrRefuse(deps.rateLimits.verifyPerIp, ip, 'verification attempts');
  const [user] = await deps.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  if (!user) throw badRequest('Invalid verification code.');
  if (user.isVerified) return { message: 'Email already verified. You can log in.' };
  const [code] = await deps.db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, user.id), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!code || code.expiresAt.getTime() < Date.now()) {
    throw badRequest('This verification code has expired. Request a new code.');
  }
  if (code.attempts >= MAX_CODE_ATTEMPTS) {
    throw tooManyRequests('Too many wrong codes. Request a new code.');
  }
  if (!safeEqual(code.codeHash, codeHash(user.id, input.code))) {
    await deps.db
      .update(verificationCodes)
      .set({ attempts: code.attempts + 1 })
      .where(eq(verificationCodes.id, code.id));
    throw badRequest('Invalid verification code.');
  }
  await deps.db.transaction(async (tx) => {
    await tx.update(verificationCodes).set({ consumedAt: new Date() }).where(eq(verificationCodes.id, code.id));
    await tx.update(users).set({ isVerified: true }).where(eq(users.id, user.id));
  });
  return { message: 'Email verified! You can now log in.' };
}

export type LoginResult = {
  token: string;
  expiresAt: Date;
  redirectTo: string;
  userType: 'employer' | 'worker';
  isAdmin: boolean;
};

export async function login(
  deps: AuthDeps,
  input: TLoginRequest,
  client: { ip: string; userAgent?: string },
  /** adminOnly: the admin login form; any other account is refused like a wrong password. */
  options: { adminOnly?: boolean } = {},
): Promise<LoginResult> {
  await consumeOrRefuse(deps.rateLimits.loginPerIp, client.ip, 'login attempts');
  const accountLimit = await deps.rateLimits.loginPerAccount.get(input.email);
  if (accountLimit && accountLimit.consumedPoints >= deps.config.limits.loginPerAccount) {
    throw tooMany(accountLimit, 'failed logins for this account');
  }
  const [user] = await deps.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !passwordOk || (options.adminOnly && user.kind !== 'admin')) {
    try {
      await deps.rateLimits.loginPerAccount.consume(input.email);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooMany(error, 'failed logins for this account');
      throw error;
    }
    throw new AppError(401, 'Invalid email or password.', { success: false, error: 'Invalid email or password.' });
  }
  if (!user.isVerified) {
    const message = 'Please verify your email before logging in.';
    throw new AppError(403, message, { success: false, error: message, needsVerification: true });
  }
  await deps.rateLimits.loginPerAccount.delete(input.email);
  const session = await createSession(deps.db, {
    userId: user.id,
    rememberMe: input.rememberMe,
    ip: client.ip,
    userAgent: client.userAgent,
  });
  const context = await findSession(deps.db, session.token);
  if (!context) throw unauthorized();
  return {
    ...session,
    redirectTo: homePathFor(context.user),
    userType: context.user.userType,
    isAdmin: context.user.role === 'admin',
  };
}
