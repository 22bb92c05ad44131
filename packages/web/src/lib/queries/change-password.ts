import { ZChangePasswordResponse } from '@puna/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api';

/**
 * `PUT /auth/changepassword/{id}`: the server checks the current password, revokes every session
 * of the login and sets this browser's new session cookie.
 */
export async function changePassword({
  id,
  currentPassword,
  newPassword,
}: {
  id: number;
  currentPassword: string;
  newPassword: string;
}) {
  return ZChangePasswordResponse.parse(
    await api.put<unknown>(`/auth/changepassword/${id}`, { currentPassword, newPassword }),
  );
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
