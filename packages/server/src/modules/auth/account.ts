/**
 * Getting back into an account and keeping it: password recovery for every login with an e-mail,
 * a password change for employers and workers, and an employer's re-verified e-mail change.
 */
import type {
  TChangeEmailRequest,
  TChangePasswordRequest,
  TConfirmEmailRequest,
  TResetPasswordRequest,
} from '@puna/domain';
import { messages } from '@puna/domain';
import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { type Actor, wireIdOf } from '../../lib/actor';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound, tooManyRequests } from '../../lib/errors';
import type { ServiceDeps } from '../../plugins/deps';
import { consumeOrRefuse } from '../../plugins/rate-limits';
import { createSession, revokeAllSessionsOfUser } from '../../plugins/sessions';
import { checkCode, issueCode, voidCodes } from './codes';
import { emailChangeMail, emailChangeNoticeMail, passwordResetMail } from './mails';
import { limitCodeMail } from './service';
import { assertAdminResetAllowed } from './two-factor';

export const RESET_CODE_SENT = 'If an account uses this e-mail, we sent it a code. Enter it with your new password.';
export const INVALID_RESET_CODE = 'This code is not valid or has expired. Request a new code.';
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect.';
export const EMAIL_TAKEN = 'This email is already used by another account.';
const NOT_YOUR_ACCOUNT = messages.accountNotFound;

/** Revokes every session of a user and closes their sockets on every process. */
export async function signOutEverywhere(deps: Pick<ServiceDeps, 'db' | 'events'>, userId: number): Promise<void> {
  const sessionIds = await revokeAllSessionsOfUser(deps.db, userId);
  void deps.events.announce('access.revoked', { sessionIds });
}

/** Recovery mails still being prepared after their answer went out. */
const pendingRecoveryMails = new Set<Promise<void>>();

/** Resolves once every recovery mail asked for so far is sent or has failed (tests, and the app closing). */
export async function recoveryMailsSent(): Promise<void> {
  while (pendingRecoveryMails.size > 0) await Promise.all([...pendingRecoveryMails]);
}

async function mailResetCode(deps: ServiceDeps, email: string): Promise<void> {
  const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) return;
  const code = await issueCode(deps.db, user.id, 'reset');
  await deps.mailer.send(passwordResetMail(email, code));
}

/**
 * Always the same answer; a code goes out only when the address has a login. Only the limits are
 * awaited, the same work for every address: looking the login up, storing its code and mailing it
 * happen after the answer, so its timing does not tell a known address from an unknown one.
 */
export async function forgotPassword(deps: ServiceDeps, email: string, ip: string): Promise<{ message: string }> {
  await limitCodeMail(deps, email, ip);
  const work = mailResetCode(deps, email).catch((error: unknown) => {
    deps.log.error({ err: error }, 'the password reset code could not be mailed');
  });
  pendingRecoveryMails.add(work);
  void work.finally(() => pendingRecoveryMails.delete(work));
  return { message: RESET_CODE_SENT };
}

/**
 * Sets a new password with a mailed code (30 minutes, single use, 5 tries) and signs the user out
 * everywhere. The code proves the mailbox, so a sign-up still waiting for verification is verified.
 * Tries are limited per IP and per (address, IP): a stranger's wrong codes lock only the stranger,
 * never the owner trying from another network (each code still allows 5 tries in all).
 */
export async function resetPassword(
  deps: ServiceDeps,
  input: TResetPasswordRequest,
  ip: string,
): Promise<{ message: string }> {
  await consumeOrRefuse(deps.rateLimits.verifyPerIp, ip, 'attempts');
  await consumeOrRefuse(deps.rateLimits.verifyPerEmail, `${input.email}\n${ip}`, 'attempts for this address');
  const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (!user) throw badRequest(INVALID_RESET_CODE);
  const result = await checkCode(deps.db, user.id, 'reset', input.code);
  if (!result.ok) {
    if (result.reason === 'too_many') throw tooManyRequests('Too many wrong codes. Request a new code.');
    throw badRequest(INVALID_RESET_CODE);
  }
  // The admin's password is never reset by e-mail alone (two-factor.ts).
  await assertAdminResetAllowed(deps, user.id, input.code2fa);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, isVerified: true }).where(eq(users.id, user.id));
    await voidCodes(tx, user.id);
  });
  await signOutEverywhere(deps, user.id);
  return { message: 'Your password has been changed. You can now log in with it.' };
}

/** The login whose password `PUT /auth/changepassword/{id}` changes: a worker's own employee id or an employer's own id. */
async function ownLogin(deps: ServiceDeps, actor: Actor, id: number): Promise<{ id: number; passwordHash: string }> {
  if (actor.kind === 'admin') throw forbidden(messages.adminPasswordElsewhere);
  // Anyone else's id answers like one that does not exist.
  if (id !== wireIdOf(actor)) throw notFound(actor.kind === 'worker' ? messages.employeeNotFound : NOT_YOUR_ACCOUNT);
  const [login] = await deps.db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, actor.userId), eq(users.kind, actor.kind)))
    .limit(1);
  if (!login) throw notFound(NOT_YOUR_ACCOUNT);
  return login;
}

/**
 * Checks the current password with at most `passwordChecksPerUser` wrong tries per 15 minutes. The
 * try is reserved before argon2 runs (so concurrent guesses cannot pass the cap) and given back on success.
 */
async function assertCurrentPassword(deps: ServiceDeps, login: { id: number; passwordHash: string }, password: string) {
  const key = String(login.id);
  await consumeOrRefuse(deps.rateLimits.passwordChecksPerUser, key, 'wrong passwords');
  if (!(await verifyPassword(login.passwordHash, password))) throw badRequest(WRONG_CURRENT_PASSWORD);
  await deps.rateLimits.passwordChecksPerUser.delete(key);
}

/**
 * Changes the caller's own password after checking the current one. Every session of the login is
 * revoked (a stolen one dies with the old password), so is every code it holds, and the caller gets
 * a fresh session.
 */
export async function changePassword(
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  input: TChangePasswordRequest,
  session: { rememberMe: boolean; ip?: string; userAgent?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const login = await ownLogin(deps, actor, id);
  await assertCurrentPassword(deps, login, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, login.id));
    await voidCodes(tx, login.id);
  });
  await signOutEverywhere(deps, login.id);
  return createSession(deps.db, { userId: login.id, ...session });
}

async function assertEmailFree(deps: ServiceDeps, email: string, userId: number): Promise<void> {
  const [holder] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (holder && holder.id !== userId) throw conflict(EMAIL_TAKEN);
}

/**
 * An employer asks to move its login to another address: a code goes there, a notice to the old one.
 * Every request counts against `emailChangesPerUser` (each one tells whether an address is taken).
 */
export async function requestEmailChange(
  deps: ServiceDeps,
  actor: Actor,
  input: TChangeEmailRequest,
  ip: string,
): Promise<{ message: string }> {
  const login = await ownLogin(deps, actor, wireIdOf(actor));
  await consumeOrRefuse(deps.rateLimits.emailChangesPerUser, String(login.id), 'e-mail change requests');
  await assertCurrentPassword(deps, login, input.currentPassword);
  if (input.newEmail === actor.email) throw badRequest('This is already your e-mail.');
  await assertEmailFree(deps, input.newEmail, login.id);
  await limitCodeMail(deps, input.newEmail, ip);
  const code = await issueCode(deps.db, login.id, 'email_change', { newEmail: input.newEmail });
  await deps.mailer.send(emailChangeMail(input.newEmail, code));
  await deps.mailer.send(emailChangeNoticeMail(actor.email));
  return { message: `We sent a code to ${input.newEmail}. Enter it to confirm the change.` };
}

/** The code mailed to the new address moves the login there; codes mailed to the old one die with it. */
export async function confirmEmailChange(
  deps: ServiceDeps,
  actor: Actor,
  input: TConfirmEmailRequest,
): Promise<{ message: string; email: string }> {
  const login = await ownLogin(deps, actor, wireIdOf(actor));
  const result = await checkCode(deps.db, login.id, 'email_change', input.code);
  if (!result.ok) {
    if (result.reason === 'too_many') throw tooManyRequests(messages.codeTooManyWrong);
    throw badRequest(INVALID_RESET_CODE);
  }
  const email = result.newEmail;
  if (!email) throw badRequest(INVALID_RESET_CODE);
  await assertEmailFree(deps, email, login.id);
  const updated = await deps.db
    .transaction(async (tx) => {
      const moved = await tx.update(users).set({ email }).where(eq(users.id, login.id)).returning({ id: users.id });
      await voidCodes(tx, login.id);
      return moved;
    })
    .catch((error: unknown) => {
      // Taken a moment ago by a sign-up or a worker login: the unique index decides.
      if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
      throw error;
    });
  if (updated.length === 0) throw notFound(NOT_YOUR_ACCOUNT);
  return { message: 'Your e-mail has been changed. Use it the next time you log in.', email };
}
