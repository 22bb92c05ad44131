import type { TChatUserType, TPushSubscription, TSessionUser } from '@puna/domain';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushSubscriptions, users } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { Push } from '../../plugins/push';

export type NotificationsDeps = { db: Db; push: Push };

export const PUSH_HTTPS_ONLY = 'The push subscription endpoint must be an https:// address.';
export const PUSH_NOT_FOUND = 'Push subscription not found.';
export const PUSH_NOT_WHILE_IMPERSONATING = 'Notifications cannot be turned on while viewing an account as admin.';

/**
 * Stores the browser's subscription for the session's user. An endpoint is one browser: seen again
 * (new keys, or another user logged in there) it is replaced, never duplicated.
 */
export async function saveSubscription(db: Db, actor: TSessionUser, subscription: TPushSubscription): Promise<void> {
  // The admin's browser must not receive the employer's chat.
  if (actor.impersonatedBy !== null) throw forbidden(PUSH_NOT_WHILE_IMPERSONATING);
  // Browsers' push services are https; anything else is not a browser subscription.
  if (!subscription.endpoint.startsWith('https://')) throw badRequest(PUSH_HTTPS_ONLY);
  const values = {
    userId: actor.userId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
  };
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: values.userId, p256dh: values.p256dh, auth: values.auth, createdAt: new Date() },
    });
}

/** Forgets one of the caller's subscriptions; another user's endpoint is "not found". */
export async function deleteSubscription(db: Db, actor: TSessionUser, endpoint: string): Promise<void> {
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
export async function pushToMembers(deps: NotificationsDeps, recipients: PushRecipient[]): Promise<void> {
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
