import { z } from 'zod';
import { ZErrorResponse } from './envelope';
import { messages } from './messages';

/** Puna Premium (docs/product.md#subscription): 10 EUR per month, a PayPal subscription, no shipping. */
export const PREMIUM_PRICE = { value: '10.00', currencyCode: 'EUR' } as const;

/** Subscription statuses that confirm a payment (docs/product.md#subscription). */
export const CONFIRMED_SUBSCRIPTION_STATUSES = ['ACTIVE', 'APPROVED'] as const;

export function isConfirmedSubscriptionStatus(status: string): boolean {
  return (CONFIRMED_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
}

export const PREMIUM_REQUIRED_MESSAGE = messages.premiumRequired;
export const PAYMENTS_NOT_CONFIGURED_MESSAGE = messages.paymentsNotConfigured;

/** A basic employer calling a premium route gets this 403. */
export const ZPremiumRequiredResponse = ZErrorResponse.extend({ premiumRequired: z.literal(true).optional() });

/**
 * GET /api/paypal/plan: planId null and configured false when the server has no PayPal settings.
 * clientId is PayPal's public client id, which the JS SDK needs to render the button.
 */
export const ZPaypalPlanResponse = z.object({
  planId: z.string().nullable(),
  clientId: z.string().nullable(),
  configured: z.boolean(),
});
export type TPaypalPlanResponse = z.infer<typeof ZPaypalPlanResponse>;

const SUBSCRIPTION_ID_MESSAGE = messages.subscriptionIdInvalid;
/** PayPal subscription ids look like `I-BW452GLLEP1G`. */
export const ZPaypalSubscriptionParams = z.object({
  id: z.string({ error: SUBSCRIPTION_ID_MESSAGE }).regex(/^[A-Za-z0-9-]{3,64}$/, { error: SUBSCRIPTION_ID_MESSAGE }),
});

/** GET /api/paypal/subscription/{id}: PayPal's status, and whether the caller's plan is now premium. */
export const ZPaypalSubscriptionResponse = z.object({ status: z.string(), premium: z.boolean() });
export type TPaypalSubscriptionResponse = z.infer<typeof ZPaypalSubscriptionResponse>;
