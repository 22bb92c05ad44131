/**
 * The session, shared by every area (bulletproof-react keeps it in lib/auth too): who is logged in
 * (`GET /auth/check`, query key ['session']), logout and the end of an admin's impersonation.
 */
import type { TSessionUser, ZAuthCheckResponse } from '@puna/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { api } from './api';
import { clearAllStorage } from './storage';

export type TSession = z.infer<typeof ZAuthCheckResponse>;

export const sessionQueryKey = ['session'] as const;

/** `GET /auth/check`. A failed check counts as "not logged in" (SPEC §4). */
export async function getSession(signal?: AbortSignal): Promise<TSession> {
  try {
    return await api.get<TSession>('/auth/check', signal);
  } catch {
    return { authenticated: false };
  }
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 60_000,
    retry: false,
  });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}

/** Platform administrators pass every route guard. */
export function isAdminUser(user: TSessionUser): boolean {
  return user.role === 'admin' || user.acc === 'admin';
}

/** `POST /auth/logout`: revokes the session on the server and clears the cookie. */
export function logout(): Promise<{ success: boolean }> {
  return api.post<{ success: boolean }>('/auth/logout', {});
}

/**
 * Logs out from any area: storage cleared and /login shown with history replaced, even when the
 * call fails (SPEC §4; the failure is only logged, §8).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
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

/** Returns to /admin with history replaced, even when the call fails (SPEC §4; failure only logged, §8). */
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
