import { eq, sql } from 'drizzle-orm';
import { correctionRequests } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';

/**
 * GET /krye/corrections/unread: the requests the employer has not listed yet (the nav's dot) and
 * those still waiting for an answer (the requests inbox's count); neither is cleared by reading.
 */
export async function employerMarks(deps: ServiceDeps, actor: Actor): Promise<{ unread: number; pending: number }> {
  const [row] = await deps.db
    .select({
      unread: sql<number>`count(*) filter (where ${correctionRequests.employerUnread})::int`,
      pending: sql<number>`count(*) filter (where ${correctionRequests.status} = 'pending')::int`,
    })
    .from(correctionRequests)
    .where(eq(correctionRequests.employerId, tenantOf(actor)));
  return { unread: Number(row?.unread ?? 0), pending: Number(row?.pending ?? 0) };
}
