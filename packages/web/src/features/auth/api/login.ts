import type { TLoginChallengeResponse, TLoginRequest, ZLoginResponse } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { sessionQueryOptions } from '../../../lib/auth';

export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/** `POST /auth/login`: the server sets the httpOnly session cookie, or asks for a code first (two-step verification). */
export function login(body: TLoginRequest): Promise<TLoginResponse | TLoginChallengeResponse> {
  return api.post<TLoginResponse | TLoginChallengeResponse>('/auth/login', body);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // Fetch the new session before anyone navigates, so the route guard never sees the old one.
    onSuccess: async (result) => {
      if (!('twoFactorRequired' in result)) await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
    },
  });
}
