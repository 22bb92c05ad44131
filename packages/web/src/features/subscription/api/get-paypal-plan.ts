import { ZPaypalPlanResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';

/**
 * The plan answer, plus PayPal's public client id (the JS SDK cannot load without it). The domain
 * schema does not carry `clientId` yet; it is read when the server sends it, and without it the
 * page says payments are not configured.
 */
const ZPlanAnswer = ZPaypalPlanResponse.extend({ clientId: z.string().min(1).nullish() });
export type TPlanAnswer = z.infer<typeof ZPlanAnswer>;

export const paypalPlanKey = ['paypal-plan'] as const;

/** `GET /api/paypal/plan`: Puna Premium's PayPal plan id; `configured: false` without PayPal settings. */
export async function getPaypalPlan(signal?: AbortSignal): Promise<TPlanAnswer> {
  return ZPlanAnswer.parse(await api.get<unknown>('/api/paypal/plan', signal));
}

export function paypalPlanQueryOptions() {
  return queryOptions({
    queryKey: paypalPlanKey,
    queryFn: ({ signal }) => getPaypalPlan(signal),
    staleTime: 10 * 60_000,
    retry: false,
  });
}

/** Fetched only once the employer starts subscribing (docs/product.md#subscription: initial, then ready). */
export function usePaypalPlan(enabled: boolean) {
  return useQuery({ ...paypalPlanQueryOptions(), enabled });
}

/** What the page needs to show PayPal's button, or null when payments are not configured. */
export function paymentSetup(plan: TPlanAnswer): { planId: string; clientId: string } | null {
  return plan.configured && plan.planId && plan.clientId ? { planId: plan.planId, clientId: plan.clientId } : null;
}
