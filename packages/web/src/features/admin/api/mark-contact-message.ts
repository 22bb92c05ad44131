import { resultEnvelope, type TContactInboxMessage, ZContactInboxMessage } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { contactMessagesKey } from './get-contact-messages';

const ZMarkResponse = resultEnvelope(ZContactInboxMessage);

/** `PUT /auth/admin/contact-messages/{id}/read`: marks a message read, or unread again. */
export async function markContactMessage({ id, read }: { id: number; read: boolean }) {
  return ZMarkResponse.parse(await api.put<unknown>(`/auth/admin/contact-messages/${id}/read`, { read })).Result;
}

export function useMarkContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markContactMessage,
    onSuccess: (updated) =>
      queryClient.setQueryData<TContactInboxMessage[]>(contactMessagesKey, (list) =>
        list?.map((message) => (message.id === updated.id ? updated : message)),
      ),
  });
}
