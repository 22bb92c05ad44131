/**
 * The session, shared by every area (bulletproof-react keeps it in lib/auth too): who is logged in
 * (`GET /auth/check`, query key ['session']), logout and the end of an admin's impersonation.
 */
import type { TSessionUser } from '@puna/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api, apiRequest } from './api';
import { getSession, type TSession, takeSession, takeSessionAnswer } from './session';
import { clearAllStorage } from './storage';

export { getSession, type TSession };

export const sessionQueryKey = ['session'] as const;

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    // The first fetch takes the check started as the page loaded (`prefetchSession`), or its answer
    // when it is already in: the route guard then renders the area at once.
    queryFn: ({ signal }) => takeSession(signal),
    initialData: takeSessionAnswer,
    staleTime: 60_000,
    retry: false,
  });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}

/** Platform administrators pass every route guard. The one place that says who is an admin. */
export function isAdminUser(user: TSessionUser): boolean {
  return user.role === 'admin' || user.acc === 'admin';
}

/** Premium's screens and parts (devices, cards, the RFID list) are open: a premium employer, or an admin. */
export function hasPremiumAccess(user: TSessionUser): boolean {
  return user.type === 'premium' || isAdminUser(user);
}

/** `POST /auth/logout` with no body, as the spec's client sends it: revokes the session and clears the cookie. */
export function logout(): Promise<{ success: boolean }> {
  return apiRequest<{ success: boolean }>('/auth/logout', { method: 'POST' });
}

/**
 * A browser that logs out stops receiving the user's chat notifications: the server forgets the
 * endpoint (while the session still authorises it) and the browser drops the subscription.
 */
async function forgetPushSubscription(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  if (!subscription) return;
  await api.delete<unknown>('/auth/push-subscription', { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}

/**
 * Logs out from any area: storage cleared and /login shown with history replaced, even when the
 * call fails (docs/product.md#logout; the failure is only logged).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await forgetPushSubscription();
    } catch (error) {
      console.warn('Could not remove the push subscription', error);
    }
    try {
      await logout();
    } catch (error) {
      console.error('Logout failed', error);
    }
    clearAllStorage();
    queryClient.clear();
    queryClient.setQueryData<TSession>(sessionQueryKey, { authenticated: false });
    navigate('/login', { replace: true });
  }, [navigate, queryClient]);
}

/** `POST /auth/goback`: ends an admin's impersonation and restores the admin session. */
export function goBack(): Promise<unknown> {
  return api.post<unknown>('/auth/goback', {});
}

/** Returns to /admin with history replaced, even when the call fails (docs/product.md#logout; failure only logged). */
export function useGoBack() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await goBack();
    } catch (error) {
      console.error('Go back failed', error);
    }
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
    await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
    navigate('/admin', { replace: true });
  }, [navigate, queryClient]);
}
