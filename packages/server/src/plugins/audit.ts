import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Executor } from '../db/executor';
import { auditLog } from '../db/schema';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type AuditEntry = {
  employerId: number | null;
  actorUserId: number | null;
  impersonatorUserId: number | null;
  /** `METHOD /route/pattern`. */
  action: string;
  details: { params: unknown; statusCode: number };
};

export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

/**
 * Records every successful write made in an impersonation session, with the admin behind it.
 * Registered after the auth plugin, which has read the session by then. It runs in onSend rather
 * than onResponse so the row is stored before the client sees the success (and a test that reads
 * the log right after the call finds it). Bodies are not recorded: they may carry passwords.
 */
export const auditPlugin = fp(async (app: FastifyInstance) => {
  // Written with `done` so that the answers it lets through (all but impersonated writes) cost no promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const actor = request.session?.actor;
    if (!actor?.impersonatorId || !WRITE_METHODS.has(request.method) || reply.statusCode >= 400) {
      done(null, payload);
      return;
    }
    recordAudit(app.db, {
      employerId: actor.employerId,
      actorUserId: actor.userId,
      impersonatorUserId: actor.impersonatorId,
      action: `${request.method} ${request.routeOptions.url ?? request.url}`,
      details: { params: request.params ?? {}, statusCode: reply.statusCode },
    })
      .catch((error: unknown) => request.log.error({ err: error }, 'audit entry could not be stored'))
      .then(() => done(null, payload));
  });
});
