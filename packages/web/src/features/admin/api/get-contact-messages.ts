import { resultEnvelope, type TContactInboxMessage, ZContactInboxMessage } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';

export const contactMessagesKey = ['admin', 'contact-messages'] as const;

const ZContactMessagesResponse = resultEnvelope(z.array(ZContactInboxMessage));

/** `GET /auth/admin/contact-messages`: the public form's messages, newest first. */
export async function getContactMessages(signal?: AbortSignal): Promise<TContactInboxMessage[]> {
  return ZContactMessagesResponse.parse(await api.get<unknown>('/auth/admin/contact-messages', signal)).Result;
}

export function contactMessagesQueryOptions() {
  return queryOptions({
    queryKey: contactMessagesKey,
    queryFn: ({ signal }) => getContactMessages(signal),
    // New messages arrive from visitors; the unread badge follows without a reload.
    refetchInterval: 60_000,
  });
}

export function useContactMessages() {
  return useQuery(contactMessagesQueryOptions());
}

/** How many are still unread (the badge beside 'Mesazhet'). */
export function useUnreadContactCount(): number {
  const { data } = useContactMessages();
  return data?.filter((message) => message.read_at === null).length ?? 0;
}
