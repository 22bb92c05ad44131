import type { TForgotPasswordRequest, TResetPasswordRequest } from '@puna/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `POST /auth/password/forgot`: mails a reset code when the address has a login (the answer is the same either way). */
export function forgotPassword(body: TForgotPasswordRequest): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/password/forgot', body);
}

/** `POST /auth/password/reset`: the mailed code sets the new password and signs the user out everywhere. */
export function resetPassword(body: TResetPasswordRequest): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/password/reset', body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
