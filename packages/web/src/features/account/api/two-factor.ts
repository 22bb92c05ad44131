import {
  type TTwoFactorDisableRequest,
  type TTwoFactorEnableRequest,
  type TTwoFactorSetupRequest,
  ZTwoFactorEnableResponse,
  ZTwoFactorSetupResponse,
  ZTwoFactorStatus,
} from '@puna/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const twoFactorKey = ['account', 'two-factor'] as const;

/** `GET /auth/2fa`: whether the login has two-step verification, and its unused recovery codes. */
export async function getTwoFactor(signal?: AbortSignal) {
  return ZTwoFactorStatus.parse(await api.get<unknown>('/auth/2fa', signal));
}

export function twoFactorQueryOptions() {
  return queryOptions({ queryKey: twoFactorKey, queryFn: ({ signal }) => getTwoFactor(signal) });
}

export function useTwoFactor() {
  return useQuery(twoFactorQueryOptions());
}

/** `POST /auth/2fa/setup`: a new secret (shown this once) waits for its first code. */
export async function setupTwoFactor(body: TTwoFactorSetupRequest) {
  return ZTwoFactorSetupResponse.parse(await api.post<unknown>('/auth/2fa/setup', body));
}

/** `POST /auth/2fa/enable`: the first code confirms it; answers the ten recovery codes, shown this once. */
export async function enableTwoFactor(body: TTwoFactorEnableRequest) {
  return ZTwoFactorEnableResponse.parse(await api.post<unknown>('/auth/2fa/enable', body));
}

/** `POST /auth/2fa/disable`: the password and a code turn it off (employers only). */
export function disableTwoFactor(body: TTwoFactorDisableRequest) {
  return api.post<unknown>('/auth/2fa/disable', body);
}

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setupTwoFactor });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKey }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKey }),
  });
}
