import type { TLoginTwoFactorRequest } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { sessionQueryOptions } from '../../../lib/auth';
import type { TLoginResponse } from './login';

/** `POST /auth/login/2fa`: the login's challenge and a code; the server then sets the session cookie. */
export function loginWithCode(body: TLoginTwoFactorRequest): Promise<TLoginResponse> {
  return api.post<TLoginResponse>('/auth/login/2fa', body);
}

export function useLoginWithCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginWithCode,
    onSuccess: () => queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 }),
  });
}
