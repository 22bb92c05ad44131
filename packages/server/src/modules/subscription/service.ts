import {
  isConfirmedSubscriptionStatus,
  messages,
  PAYMENTS_NOT_CONFIGURED_MESSAGE,
  type TPaypalPlanResponse,
  type TPaypalSubscriptionResponse,
  todayIn,
} from '@puna/domain';
import { and, eq } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/executor';
import { subscriptions } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { endPlanOfSubscription, lockEmployer, updatePlan } from '../employer-settings/service';
import {
  createPaypalClient,
  type PaypalClient,
  PaypalError,
  type PaypalTransmission,
  ZPaypalWebhookEvent,
} from './paypal-client';

const PROVIDER = 'paypal';
const BOUND_ELSEWHERE = messages.subscriptionElsewhere;

/** Webhook events that end a subscription, with the status each leaves it in. */
const ENDING_EVENTS: Record<string, string> = {
  'BILLING.SUBSCRIPTION.CANCELLED': 'CANCELLED',
  'BILLING.SUBSCRIPTION.SUSPENDED': 'SUSPENDED',
  'BILLING.SUBSCRIPTION.EXPIRED': 'EXPIRED',
};

export function paypalClientFor(config: AppConfig['paypal']): PaypalClient | null {
  if (!config.clientId || !config.clientSecret || !config.planId) return null;
  return createPaypalClient({ clientId: config.clientId, clientSecret: config.clientSecret, apiBase: config.apiBase });
}

/** One PayPal client per app's settings (its OAuth token is reused until it expires); null without PAYPAL_* settings. */
const paypalClients = new WeakMap<AppConfig['paypal'], PaypalClient | null>();
function paypalOf(deps: Pick<ServiceDeps, 'config'>): PaypalClient | null {
  const settings = deps.config.paypal;
  if (!paypalClients.has(settings)) paypalClients.set(settings, paypalClientFor(settings));
  return paypalClients.get(settings) ?? null;
}

export function planInfo(deps: ServiceDeps): TPaypalPlanResponse {
  return paypalOf(deps) && deps.config.paypal.planId
    ? { planId: deps.config.paypal.planId, clientId: deps.config.paypal.clientId ?? null, configured: true }
    : { planId: null, clientId: null, configured: false };
}

function notConfigured(): AppError {
  return new AppError(503, PAYMENTS_NOT_CONFIGURED_MESSAGE);
}

function paypalUnavailable(deps: ServiceDeps, error: unknown): unknown {
  if (!(error instanceof PaypalError)) return error;
  deps.log.warn({ err: error }, 'PayPal call failed');
  return new AppError(502, 'PayPal could not be reached. Please try again in a moment.');
}

/**
 * Makes the employer premium on a subscription PayPal confirmed, binding the subscription to it.
 * Confirming the same subscription again changes nothing (the first transaction date stays).
 */
async function grantPremium(
  db: Db,
  employerId: number,
  subscription: { id: string; status: string; planId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const employer = await lockEmployer(tx, employerId);
    if (!employer) throw notFound('Employer not found.');
    const [bound] = await tx
      .insert(subscriptions)
      .values({
        employerId,
        provider: PROVIDER,
        providerSubscriptionId: subscription.id,
        planId: subscription.planId,
        status: subscription.status,
      })
      .onConflictDoUpdate({
        target: [subscriptions.provider, subscriptions.providerSubscriptionId],
        set: { planId: subscription.planId, status: subscription.status, updatedAt: new Date() },
        // A subscription already bound to another employer is never moved.
        setWhere: eq(subscriptions.employerId, employerId),
      })
      .returning({ id: subscriptions.id });
    if (!bound) throw conflict(BOUND_ELSEWHERE);
    if (employer.type === 'premium' && employer.transactionId === subscription.id) return;
    await updatePlan(tx, employerId, {
      type: 'premium',
      transactionId: subscription.id,
      transactionDate: todayIn(employer.timeZone),
    });
  });
}

async function boundEmployerOf(db: Executor, subscriptionId: string): Promise<number | null> {
  const [row] = await db
    .select({ employerId: subscriptions.employerId })
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, PROVIDER), eq(subscriptions.providerSubscriptionId, subscriptionId)))
    .limit(1);
  return row?.employerId ?? null;
}

/**
 * The return page asks about a subscription: PayPal is asked for its details and only a confirmed
 * (ACTIVE or APPROVED) subscription to Puna's plan, made for this employer, grants premium.
 */
export async function confirmSubscription(
  deps: ServiceDeps,
  actor: Actor,
  subscriptionId: string,
): Promise<TPaypalSubscriptionResponse> {
  const employerId = tenantOf(actor);
  const planId = deps.config.paypal.planId;
  const paypal = paypalOf(deps);
  if (!paypal || !planId) throw notConfigured();
  const boundTo = await boundEmployerOf(deps.db, subscriptionId);
  if (boundTo !== null && boundTo !== employerId) throw conflict(BOUND_ELSEWHERE);
  const subscription = await paypal.getSubscription(subscriptionId).catch((error: unknown) => {
    if (error instanceof PaypalError && error.status === 404) throw notFound('PayPal does not know this subscription.');
    throw paypalUnavailable(deps, error);
  });
  if (!isConfirmedSubscriptionStatus(subscription.status)) {
    return { status: subscription.status, premium: actor.plan === 'premium' };
  }
  if (subscription.plan_id !== planId) throw badRequest('This subscription is not for the Puna Premium plan.');
  if (subscription.custom_id && subscription.custom_id !== String(employerId)) {
    throw forbidden('This subscription was made for another account.');
  }
  await grantPremium(deps.db, employerId, { id: subscriptionId, status: subscription.status, planId });
  return { status: subscription.status, premium: true };
}

/** Back to basic, but only if this subscription is what made the employer premium (not the admin). */
async function endPremium(db: Db, subscriptionId: string, status: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(subscriptions)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(subscriptions.provider, PROVIDER), eq(subscriptions.providerSubscriptionId, subscriptionId)))
      .returning({ employerId: subscriptions.employerId });
    if (!row) return;
    await endPlanOfSubscription(tx, row.employerId, subscriptionId);
  });
}

async function activateFromWebhook(
  deps: ServiceDeps,
  resource: { id: string; status?: string; plan_id?: string | null; custom_id?: string | null },
  planId: string,
): Promise<void> {
  if (resource.plan_id !== planId) return;
  const boundTo = await boundEmployerOf(deps.db, resource.id);
  const claimed = resource.custom_id && /^\d{1,9}$/.test(resource.custom_id) ? Number(resource.custom_id) : null;
  if (boundTo !== null && claimed !== null && boundTo !== claimed) return;
  const employerId = boundTo ?? claimed;
  if (employerId === null) return;
  await grantPremium(deps.db, employerId, { id: resource.id, status: resource.status ?? 'ACTIVE', planId }).catch(
    (error: unknown) => {
      // An employer deleted since: nothing to activate.
      if (error instanceof AppError && error.statusCode === 404) return;
      throw error;
    },
  );
}

/**
 * A PayPal webhook delivery: its signature is checked through PayPal's API before anything is
 * read; cancellation, suspension and expiry return the employer to basic. Replays change nothing.
 */
export async function handleWebhook(
  deps: ServiceDeps,
  transmission: PaypalTransmission | null,
  event: unknown,
): Promise<void> {
  const paypal = paypalOf(deps);
  const { webhookId, planId } = deps.config.paypal;
  if (!paypal || !webhookId || !planId) throw notConfigured();
  if (!transmission) throw badRequest('The PayPal signature headers are missing.');
  const verified = await paypal.verifyWebhookSignature(transmission, webhookId, event).catch((error: unknown) => {
    // PayPal refusing the verification request itself means the delivery cannot be trusted.
    if (error instanceof PaypalError && (error.status === 400 || error.status === 422)) return false;
    throw paypalUnavailable(deps, error);
  });
  if (!verified) throw badRequest('The webhook signature is not valid.');
  const parsed = ZPaypalWebhookEvent.safeParse(event);
  if (!parsed.success) return;
  const { event_type: type, resource } = parsed.data;
  const endedStatus = ENDING_EVENTS[type];
  if (endedStatus) await endPremium(deps.db, resource.id, endedStatus);
  else if (type === 'BILLING.SUBSCRIPTION.ACTIVATED') await activateFromWebhook(deps, resource, planId);
}
