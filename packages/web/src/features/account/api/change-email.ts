import { type TChangeEmailRequest, type TConfirmEmailRequest, ZEmailChangedResponse } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { sessionQueryKey } from '../../../lib/auth';

/** `POST /auth/email/change`: a code goes to the new address (and a notice to the current one). */
export function requestEmailChange(body: TChangeEmailRequest): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/email/change', body);
}

/** `POST /auth/email/confirm`: the code from the new address moves the login there. */
export async function confirmEmailChange(body: TConfirmEmailRequest) {
  return ZEmailChangedResponse.parse(await api.post<unknown>('/auth/email/confirm', body));
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    // The session carries the e-mail shown across the app.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
