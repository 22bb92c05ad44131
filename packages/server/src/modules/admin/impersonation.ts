import { messages } from '@puna/domain';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { recordAudit } from '../../plugins/audit';
import { createSession, revokeSession, type SessionContext, waitingAdminSession } from '../../plugins/sessions';
import { ownerLoginOf } from '../auth/service';

/** An admin views an employer's account for at most two hours, then logs in again. */
export const IMPERSONATION_TTL_MS = 2 * 60 * 60 * 1000;

/**
 * Opens a session as the employer's owner, marked with the admin as impersonator. No password is
 * read or sent: the admin's own session is the credential. The session never outlives the admin's.
 */
export async function startImpersonation(
  db: Db,
  admin: SessionContext,
  employerId: number,
  client: { ip: string; userAgent?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const ownerId = await ownerLoginOf(db, employerId);
  if (ownerId === null) throw notFound(messages.employerNotFound);
  const session = await createSession(db, {
    userId: ownerId,
    rememberMe: false,
    impersonatorUserId: admin.actor.userId,
    impersonatorSessionId: admin.sessionId,
    ttlMs: Math.min(IMPERSONATION_TTL_MS, admin.expiresAt.getTime() - Date.now()),
    ip: client.ip,
    userAgent: client.userAgent,
  });
  await recordAudit(db, {
    employerId,
    actorUserId: ownerId,
    impersonatorUserId: admin.actor.userId,
    action: 'POST /auth/admin/impersonate/:id',
    details: { params: { id: employerId }, statusCode: 200 },
  });
  return session;
}

/**
 * Ends an impersonation session and hands back the admin's own session, or null when that one has
 * ended (or the cookie holding it was not the impersonating admin's): the caller must log in again.
 */
export async function endImpersonation(
  db: Db,
  impersonation: SessionContext,
  adminToken: string | undefined,
): Promise<SessionContext | null> {
  if (impersonation.actor.impersonatorId === null) {
    throw badRequest(messages.notImpersonating);
  }
  await revokeSession(db, impersonation.sessionId);
  return waitingAdminSession(db, impersonation, adminToken);
}
