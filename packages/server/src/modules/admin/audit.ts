import type { TAuditEntry } from '@puna/domain';
import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditLog, employers, users } from '../../db/schema';
import type { ServiceDeps } from '../../plugins/deps';

/** What admins did while viewing employers' accounts, newest first. */
export async function listAudit(
  deps: ServiceDeps,
  query: { employerId?: number; limit: number },
): Promise<TAuditEntry[]> {
  const { db } = deps;
  const actor = alias(users, 'actor');
  const impersonator = alias(users, 'impersonator');
  const rows = await db
    .select({
      id: auditLog.id,
      employerId: auditLog.employerId,
      companyName: employers.companyName,
      actorUserId: auditLog.actorUserId,
      actorEmail: actor.email,
      impersonatorUserId: auditLog.impersonatorUserId,
      impersonatorEmail: impersonator.email,
      action: auditLog.action,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(employers, eq(employers.id, auditLog.employerId))
    .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
    .leftJoin(impersonator, eq(impersonator.id, auditLog.impersonatorUserId))
    .where(query.employerId === undefined ? undefined : eq(auditLog.employerId, query.employerId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.limit);
  return rows.map((row) => ({
    id: row.id,
    employer_id: row.employerId,
    company_name: row.companyName,
    actor_user_id: row.actorUserId,
    actor_email: row.actorEmail,
    impersonator_user_id: row.impersonatorUserId,
    impersonator_email: row.impersonatorEmail,
    action: row.action,
    details: (row.details as Record<string, unknown> | null) ?? null,
    created_at: row.createdAt.toISOString(),
  }));
}
