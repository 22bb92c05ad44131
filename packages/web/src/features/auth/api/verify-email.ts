import type { TVerifyRequest } from '@puna/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `POST /auth/verify` with the e-mailed code. */
export function verifyEmail(body: TVerifyRequest): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/verify', body);
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
