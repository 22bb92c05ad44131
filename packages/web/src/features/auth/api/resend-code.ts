import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `POST /auth/resend-code`: mails a fresh verification code. */
export function resendCode(email: string): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/resend-code', { email });
}

export function useResendCode() {
  return useMutation({ mutationFn: resendCode });
}
