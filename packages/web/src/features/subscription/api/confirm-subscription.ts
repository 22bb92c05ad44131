import { ZPaypalSubscriptionResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const subscriptionKey = ['paypal-subscription'] as const;

/**
 * `GET /api/paypal/subscription/{id}`: the server asks PayPal itself and makes the employer premium
 * only on an ACTIVE or APPROVED subscription to Puna's plan; other statuses change nothing.
 */
export async function confirmSubscription(subscriptionId: string, signal?: AbortSignal) {
  return ZPaypalSubscriptionResponse.parse(
    await api.get<unknown>(`/api/paypal/subscription/${encodeURIComponent(subscriptionId)}`, signal),
  );
}

export function subscriptionQueryOptions(subscriptionId: string) {
  return queryOptions({
    queryKey: [...subscriptionKey, subscriptionId] as const,
    queryFn: ({ signal }) => confirmSubscription(subscriptionId, signal),
    // One answer per visit: PayPal is asked once, not on every focus.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useConfirmSubscription(subscriptionId: string | null) {
  return useQuery({ ...subscriptionQueryOptions(subscriptionId ?? ''), enabled: subscriptionId !== null });
}
