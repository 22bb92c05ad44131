/**
 * Two-step verification with an authenticator app (TOTP, RFC 6238, through `otpauth`) and ten
 * single-use recovery codes, for employers (optional) and the platform admin (kept once on: it may
 * be moved to another app, never turned off, because the admin's password is not reset by e-mail
 * alone). Workers log in with what their employer gives them and have none.
 *
 * The secret is answered once, by the setup; recovery codes are shown once and stored as SHA-256.
 * A TOTP code is accepted once: the time step of the last accepted code is kept, and a code is
 * taken by one conditional update, so two requests cannot both use it.
 */

import { randomInt } from 'node:crypto';
import type {
  TTwoFactorDisableRequest,
  TTwoFactorEnableRequest,
  TTwoFactorSetupRequest,
  TTwoFactorStatus,
} from '@puna/domain';
import { messages } from '@puna/domain';
import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Executor } from '../../db/executor';
import { twoFactor, twoFactorRecoveryCodes, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { sha256, verifyPassword } from '../../lib/crypto';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { ServiceDeps } from '../../plugins/deps';
import { consumeOrRefuse } from '../../plugins/rate-limits';

const ISSUER = 'Puna';
const PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

function totpFor(secret: string, label = ''): TOTP {
  return new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), period: PERIOD_SECONDS });
}

/** The time step of a right code (the app's clock may be one step off either way), or null. */
function matchingStep(secret: string, code: string, now: Date): number | null {
  const delta = totpFor(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

const recoveryHash = (userId: number, code: string) => sha256(`2fa-recovery:${userId}:${code}`);

function newRecoveryCode(): string {
  return Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
}

/** How recovery codes are shown: `xxxxx-xxxxx`. */
const shownRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/** The confirmed secret of a login, or null when two-step verification is off. */
async function activeSecretOf(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ secret: twoFactor.secret })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId))
    .limit(1);
  return row?.secret ?? null;
}

export async function hasTwoFactor(db: Executor, userId: number): Promise<boolean> {
  return (await activeSecretOf(db, userId)) !== null;
}

/**
 * Takes one code of a login with two-step verification: a TOTP code of a step later than the last
 * one used, or an unused recovery code (`code` as the domain schema normalised it). True when taken.
 */
export async function useSecondFactor(
  deps: Pick<ServiceDeps, 'db' | 'now'>,
  userId: number,
  code: string,
): Promise<boolean> {
  const secret = await activeSecretOf(deps.db, userId);
  if (!secret) return false;
  if (/^\d{6}$/.test(code)) {
    const step = matchingStep(secret, code, deps.now());
    if (step === null) return false;
    const [taken] = await deps.db
      .update(twoFactor)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(twoFactor.userId, userId),
          eq(twoFactor.secret, secret),
          or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step)),
        ),
      )
      .returning({ userId: twoFactor.userId });
    return taken !== undefined;
  }
  const [used] = await deps.db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, recoveryHash(userId, code)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return used !== undefined;
}

/**
 * A code outside a login's challenge (turning it off, the admin's password reset): at most
 * `passwordChecksPerUser` wrong codes per 15 minutes per login, the try reserved before the check.
 */
export async function checkSecondFactor(deps: ServiceDeps, userId: number, code: string): Promise<boolean> {
  const key = `2fa:${userId}`;
  await consumeOrRefuse(deps.rateLimits.passwordChecksPerUser, key, 'wrong codes');
  if (!(await useSecondFactor(deps, userId, code))) return false;
  await deps.rateLimits.passwordChecksPerUser.delete(key);
  return true;
}

/**
 * The caller's current password, with the same cap on wrong ones as a password change (the try is
 * reserved before argon2 runs and given back on success).
 */
async function verifyCurrentPassword(deps: ServiceDeps, userId: number, password: string): Promise<void> {
  const [login] = await deps.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!login) throw notFound(messages.accountNotFound);
  const key = String(userId);
  await consumeOrRefuse(deps.rateLimits.passwordChecksPerUser, key, 'wrong passwords');
  if (!(await verifyPassword(login.passwordHash, password))) throw badRequest(messages.currentPasswordIncorrect);
  await deps.rateLimits.passwordChecksPerUser.delete(key);
}

/** Employers and the admin; a worker is refused, and so is an admin viewing an account (it may only read). */
function assertOwnLogin(actor: Actor, access: 'read' | 'change' = 'change'): void {
  if (actor.kind === 'worker') throw forbidden(messages.twoFactorNotForWorkers);
  if (access === 'change' && actor.impersonatorId !== null) throw forbidden(messages.accessDenied);
}

export async function twoFactorStatus(deps: ServiceDeps, actor: Actor): Promise<TTwoFactorStatus> {
  assertOwnLogin(actor, 'read');
  const enabled = await hasTwoFactor(deps.db, actor.userId);
  const [left] = enabled
    ? await deps.db
        .select({ n: count() })
        .from(twoFactorRecoveryCodes)
        .where(and(eq(twoFactorRecoveryCodes.userId, actor.userId), isNull(twoFactorRecoveryCodes.usedAt)))
    : [];
  return { Status: true, enabled, recovery_codes_left: left?.n ?? 0 };
}

/** A new secret that waits for its first code; a confirmed one stays in force until then. */
export async function setupTwoFactor(
  deps: ServiceDeps,
  actor: Actor,
  input: TTwoFactorSetupRequest,
): Promise<{ Status: true; secret: string; otpauth_url: string }> {
  assertOwnLogin(actor);
  await verifyCurrentPassword(deps, actor.userId, input.currentPassword);
  const secret = new Secret({ size: 20 }).base32;
  await deps.db
    .insert(twoFactor)
    .values({ userId: actor.userId, pendingSecret: secret })
    .onConflictDoUpdate({ target: twoFactor.userId, set: { pendingSecret: secret } });
  return { Status: true, secret, otpauth_url: totpFor(secret, actor.email).toString() };
}

/** The first code confirms the waiting secret; ten new recovery codes replace any earlier ones. */
export async function enableTwoFactor(
  deps: ServiceDeps,
  actor: Actor,
  input: TTwoFactorEnableRequest,
): Promise<{ Status: true; recovery_codes: string[] }> {
  assertOwnLogin(actor);
  const [row] = await deps.db
    .select({ pendingSecret: twoFactor.pendingSecret })
    .from(twoFactor)
    .where(eq(twoFactor.userId, actor.userId))
    .limit(1);
  const pending = row?.pendingSecret;
  if (!pending) throw badRequest(messages.twoFactorNotPending);
  const key = `2fa:${actor.userId}`;
  await consumeOrRefuse(deps.rateLimits.passwordChecksPerUser, key, 'wrong codes');
  const step = matchingStep(pending, input.code, deps.now());
  if (step === null) throw badRequest(messages.twoFactorCodeWrong);
  await deps.rateLimits.passwordChecksPerUser.delete(key);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await deps.db.transaction(async (tx) => {
    const [confirmed] = await tx
      .update(twoFactor)
      .set({ secret: pending, pendingSecret: null, enabledAt: new Date(), lastUsedStep: step })
      .where(and(eq(twoFactor.userId, actor.userId), eq(twoFactor.pendingSecret, pending)))
      .returning({ userId: twoFactor.userId });
    // Another request confirmed (or replaced) this secret a moment ago.
    if (!confirmed) throw badRequest(messages.twoFactorNotPending);
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, actor.userId));
    await tx
      .insert(twoFactorRecoveryCodes)
      .values(codes.map((code) => ({ userId: actor.userId, codeHash: recoveryHash(actor.userId, code) })));
  });
  return { Status: true, recovery_codes: codes.map(shownRecoveryCode) };
}

/** An employer turns it off with its password and a code; the admin keeps it. */
export async function disableTwoFactor(
  deps: ServiceDeps,
  actor: Actor,
  input: TTwoFactorDisableRequest,
): Promise<{ Status: true; message: string }> {
  assertOwnLogin(actor);
  if (actor.kind === 'admin') throw forbidden(messages.twoFactorAdminKeeps);
  if (!(await hasTwoFactor(deps.db, actor.userId))) throw badRequest(messages.twoFactorNotOn);
  await verifyCurrentPassword(deps, actor.userId, input.currentPassword);
  if (!(await checkSecondFactor(deps, actor.userId, input.code))) throw badRequest(messages.twoFactorCodeWrong);
  await deps.db.transaction(async (tx) => {
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, actor.userId));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, actor.userId));
  });
  return { Status: true, message: 'Two-step verification is off.' };
}

/**
 * The admin's password is never reset by e-mail alone: with two-step verification on, a code from
 * the app (or a recovery code) must come with the mailed one; without it the reset is refused and
 * the operator sets ADMIN_PASSWORD and restarts (cli/ensure-admin.ts applies it).
 */
export async function assertAdminResetAllowed(deps: ServiceDeps, userId: number, code2fa?: string): Promise<void> {
  const [login] = await deps.db.select({ kind: users.kind }).from(users).where(eq(users.id, userId)).limit(1);
  if (login?.kind !== 'admin') return;
  if (!(await hasTwoFactor(deps.db, userId))) throw forbidden(messages.adminResetNeedsTwoFactor);
  if (!code2fa) throw badRequest(messages.adminResetCodeRequired);
  if (!(await checkSecondFactor(deps, userId, code2fa))) throw badRequest(messages.twoFactorCodeWrong);
}
