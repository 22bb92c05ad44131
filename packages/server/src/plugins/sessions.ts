import { and, eq, gt, inArray, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import type { Executor } from '../db/executor';
import { preparedRead } from '../db/prepared';
import { employees, employers, sessions, users } from '../db/schema';
import type { Actor, ActorKind } from '../lib/actor';
import { newToken, sha256 } from '../lib/crypto';

/** rememberMe keeps a session 30 days; otherwise the browser forgets the cookie and the server stops at 12 hours. */
export const REMEMBER_ME_MS = 30 * 24 * 60 * 60 * 1000;
export const BROWSER_SESSION_MS = 12 * 60 * 60 * 1000;

export type SessionContext = {
  sessionId: number;
  token: string;
  rememberMe: boolean;
  expiresAt: Date;
  /** The caller, for services (the wire's session object is made from it: `toSessionUser`). */
  actor: Actor;
};

export async function createSession(
  db: Db,
  input: {
    userId: number;
    rememberMe: boolean;
    impersonatorUserId?: number;
    /** The admin's own session behind an impersonation: this session ends with it. */
    impersonatorSessionId?: number;
    /** A shorter life than the default (impersonation sessions). */
    ttlMs?: number;
    userAgent?: string;
    ip?: string;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + (input.ttlMs ?? (input.rememberMe ? REMEMBER_ME_MS : BROWSER_SESSION_MS)));
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userId: input.userId,
    impersonatorUserId: input.impersonatorUserId ?? null,
    impersonatorSessionId: input.impersonatorSessionId ?? null,
    rememberMe: input.rememberMe,
    expiresAt,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
    ip: input.ip ?? null,
  });
  return { token, expiresAt };
}

/** The admin session behind an impersonation. */
const adminSessions = alias(sessions, 'admin_sessions');

/**
 * A session is live when it is neither revoked nor expired, and, when it is an impersonation,
 * the admin's own session behind it is live too: revoking or outliving the admin's session ends
 * the impersonation at once. (Queries using this join `adminSessions` on the impersonator session.)
 */
function isLive(now: Date | Placeholder): SQL {
  return and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    or(isNull(sessions.impersonatorUserId), and(isNull(adminSessions.revokedAt), gt(adminSessions.expiresAt, now))),
  ) as SQL;
}

/**
 * The session lookup of every request, its SQL built once (db/prepared.ts): the same select as
 * Drizzle's builder would send, with the token's hash and the time as values.
 */
const sessionByTokenHash = preparedRead((qb) =>
  qb
    .select({
      sessionId: sessions.id,
      rememberMe: sessions.rememberMe,
      expiresAt: sessions.expiresAt,
      impersonatorUserId: sessions.impersonatorUserId,
      userId: users.id,
      email: users.email,
      kind: users.kind,
      isVerified: users.isVerified,
      employerId: users.employerId,
      employeeId: users.employeeId,
      companyName: employers.companyName,
      subscriptionType: employers.type,
      timeZone: employers.timeZone,
      employeeName: employees.name,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(employers, eq(employers.id, users.employerId))
    .leftJoin(employees, eq(employees.id, users.employeeId))
    .leftJoin(adminSessions, eq(adminSessions.id, sessions.impersonatorSessionId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isLive(sql.placeholder('now'))))
    .limit(1),
);

/** The live session behind a token, or null when it is unknown, expired or revoked. */
export async function findSession(db: Db, token: string): Promise<SessionContext | null> {
  const [row] = await sessionByTokenHash.run(db, { tokenHash: sha256(token), now: new Date().toISOString() });
  if (!row) return null;
  const actor = actorOf(row);
  return { sessionId: row.sessionId, token, rememberMe: row.rememberMe, expiresAt: row.expiresAt, actor };
}

type LoginRow = {
  userId: number;
  email: string;
  kind: string;
  employerId: number | null;
  employeeId: number | null;
  impersonatorUserId: number | null;
  companyName: string | null;
  subscriptionType: string | null;
  timeZone: string | null;
  employeeName: string | null;
};

function actorOf(row: LoginRow): Actor {
  const kind = row.kind as ActorKind;
  return {
    kind,
    userId: row.userId,
    email: row.email,
    employerId: row.employerId,
    employeeId: row.employeeId,
    impersonatorId: row.impersonatorUserId,
    plan: kind === 'admin' || row.subscriptionType === 'premium' ? 'premium' : 'basic',
    timeZone: row.timeZone,
    companyName: row.companyName,
    name: kind === 'worker' ? row.employeeName : row.companyName,
  };
}

/**
 * A login as a caller would be, without a session: its kind, employer and name (a worker's own
 * name, an employer's company). For mails about a login, such as the claim of a worker's address.
 */
export async function loginActor(db: Executor, userId: number): Promise<Actor | null> {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      kind: users.kind,
      employerId: users.employerId,
      employeeId: users.employeeId,
      impersonatorUserId: sql<null>`null`,
      companyName: employers.companyName,
      subscriptionType: employers.type,
      timeZone: employers.timeZone,
      employeeName: employees.name,
    })
    .from(users)
    .leftJoin(employers, eq(employers.id, users.employerId))
    .leftJoin(employees, eq(employees.id, users.employeeId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ? actorOf(row) : null;
}

/**
 * Which of these sessions are still live: not revoked, not expired, their user not deleted (a
 * deleted user's sessions are deleted with it). Open sockets are re-checked with this.
 */
export async function liveSessionIds(db: Db, sessionIds: number[]): Promise<Set<number>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .leftJoin(adminSessions, eq(adminSessions.id, sessions.impersonatorSessionId))
    .where(and(inArray(sessions.id, sessionIds), isLive(new Date())));
  return new Set(rows.map((row) => row.id));
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Revokes every live session of a user; returns their ids (their sockets are closed by the caller). */
export async function revokeAllSessionsOfUser(db: Executor, userId: number): Promise<number[]> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.map((row) => row.id);
}

/** The impersonation sessions opened from an admin's session (their sockets close with it). */
export async function impersonationsOf(db: Db, adminSessionId: number): Promise<number[]> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.impersonatorSessionId, adminSessionId), isNull(sessions.revokedAt)));
  return rows.map((row) => row.id);
}

/** The admin session waiting behind an impersonation, or null when it is gone or not that admin's. */
export async function waitingAdminSession(
  db: Db,
  impersonation: SessionContext,
  adminToken: string | undefined,
): Promise<SessionContext | null> {
  if (!adminToken || impersonation.actor.impersonatorId === null) return null;
  const admin = await findSession(db, adminToken);
  if (admin?.actor.kind !== 'admin' || admin.actor.userId !== impersonation.actor.impersonatorId) return null;
  return admin;
}

/** Logging out while viewing an account ends both the impersonation and the admin session behind it. */
export async function revokeWaitingAdminSession(
  db: Db,
  impersonation: SessionContext,
  adminToken: string | undefined,
): Promise<void> {
  const admin = await waitingAdminSession(db, impersonation, adminToken);
  if (admin) await revokeSession(db, admin.sessionId);
}
