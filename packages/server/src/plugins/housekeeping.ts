import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { rateLimits, sessions, verificationCodes } from '../db/schema';

/** Rows kept a day past their end, so a just-revoked session or used code still explains a refusal. */
const GRACE_MS = 24 * 60 * 60 * 1000;

export type PurgeCounts = { sessions: number; codes: number; rateLimits: number };

/** Deletes sessions and codes that ended over a day ago and rate-limit rows whose window is over. */
export async function purgeExpired(db: Db, now = new Date()): Promise<PurgeCounts> {
  const before = new Date(now.getTime() - GRACE_MS);
  const deletedSessions = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, before), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, before))))
    .returning({ id: sessions.id });
  const deletedCodes = await db
    .delete(verificationCodes)
    .where(
      or(
        lt(verificationCodes.expiresAt, before),
        and(isNotNull(verificationCodes.consumedAt), lt(verificationCodes.consumedAt, before)),
      ),
    )
    .returning({ id: verificationCodes.id });
  const deletedLimits = await db
    .delete(rateLimits)
    .where(lt(rateLimits.expire, now.getTime()))
    .returning({ key: rateLimits.key });
  return { sessions: deletedSessions.length, codes: deletedCodes.length, rateLimits: deletedLimits.length };
}

/** Runs `purgeExpired` every `purgeIntervalMs` (hourly) in each process; overlapping runs are harmless. */
export const housekeepingPlugin = fp(async (app: FastifyInstance) => {
  const timer = setInterval(() => {
    purgeExpired(app.db)
      .then((counts) => app.log.debug(counts, 'expired sessions, codes and rate-limit rows purged'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'purging expired rows failed'));
  }, app.config.purgeIntervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});
