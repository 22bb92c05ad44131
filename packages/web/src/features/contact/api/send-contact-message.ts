import type { TContactRequest } from '@puna/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `POST /contact`: stored on the server and mailed to the platform admin. */
export function sendContactMessage(body: TContactRequest): Promise<{ Status: true; message: string }> {
  return api.post<{ Status: true; message: string }>('/contact', body);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
