import type { TChatUserType, TPushSubscription } from '@puna/domain';
import { messages } from '@puna/domain';
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import { pushSubscriptions, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { ServiceDeps } from '../../plugins/deps';

export const PUSH_NOT_FOUND = messages.pushNotFound;
export const PUSH_NOT_WHILE_IMPERSONATING = messages.pushNotWhileImpersonating;

/** Subscriptions kept per user; a new one past this replaces the user's oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;
export const PUSH_ENDPOINT_TAKEN = messages.pushEndpointTaken;

/**
 * Stores the browser's subscription for the session's user. The endpoint must be https on a
 * public address (checked by resolving its host; the push plugin checks again when it connects).
 * The same user sending an endpoint again updates its keys; an endpoint stored for another user is
 * refused and stays theirs (a browser that logs out removes it first). A user keeps at most 10:
 * an 11th replaces the user's oldest, as a browser never seen again would otherwise keep its place.
 */
export async function saveSubscription(
  deps: ServiceDeps,
  actor: Actor,
  subscription: TPushSubscription,
): Promise<void> {
  // The admin's browser must not receive the employer's chat.
  if (actor.impersonatorId !== null) throw forbidden(PUSH_NOT_WHILE_IMPERSONATING);
  const problem = await deps.push.endpointProblem(subscription.endpoint);
  if (problem) throw badRequest(problem);
  const values = {
    userId: actor.userId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
  };
  await deps.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { p256dh: values.p256dh, auth: values.auth, createdAt: new Date() },
        // Only the user's own row is updated; another user's stays as it is.
        setWhere: eq(pushSubscriptions.userId, actor.userId),
      })
      .returning({ id: pushSubscriptions.id });
    if (!stored) throw conflict(PUSH_ENDPOINT_TAKEN);
    const mine = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, actor.userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
    const surplus = mine.slice(MAX_PUSH_SUBSCRIPTIONS).map((row) => row.id);
    if (surplus.length > 0) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, surplus));
  });
}

/** Forgets one of the caller's subscriptions; another user's endpoint is "not found". */
export async function deleteSubscription(deps: ServiceDeps, actor: Actor, endpoint: string): Promise<void> {
  const { db } = deps;
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, actor.userId)))
    .returning({ id: pushSubscriptions.id });
  if (deleted.length === 0) throw notFound(PUSH_NOT_FOUND);
}

export type PushRecipient = { type: TChatUserType; id: number; payload: unknown };

/**
 * Sends each recipient's payload to every browser its logins subscribed: a worker by its employee
 * id, an employer by its employer id. Subscriptions the push service calls gone are deleted.
 */
export async function pushToMembers(
  deps: Pick<ServiceDeps, 'db' | 'push'>,
  recipients: PushRecipient[],
): Promise<void> {
  const workerIds = recipients.filter((r) => r.type === 'worker').map((r) => r.id);
  const employerIds = recipients.filter((r) => r.type === 'employer').map((r) => r.id);
  const conditions = [];
  if (workerIds.length > 0) conditions.push(and(eq(users.kind, 'worker'), inArray(users.employeeId, workerIds)));
  if (employerIds.length > 0) conditions.push(and(eq(users.kind, 'employer'), inArray(users.employerId, employerIds)));
  if (conditions.length === 0) return;
  const targets = await deps.db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      kind: users.kind,
      employerId: users.employerId,
      employeeId: users.employeeId,
    })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(or(...conditions));
  const payloadOf = (target: (typeof targets)[number]) =>
    recipients.find((r) =>
      r.type === 'worker'
        ? target.kind === 'worker' && target.employeeId === r.id
        : target.kind === 'employer' && target.employerId === r.id,
    )?.payload;
  const outcomes = await Promise.all(
    targets.map(async (target) => ({ id: target.id, outcome: await deps.push.send(target, payloadOf(target)) })),
  );
  const gone = outcomes.filter((o) => o.outcome === 'gone').map((o) => o.id);
  if (gone.length > 0) await deps.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
}
