import type { TSignupRequest } from '@puna/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `POST /auth/signup`: creates an unverified employer and mails a 6-digit code (again on a repeat). */
export function signup(body: TSignupRequest): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/signup', body);
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
