import { CHAT_PAGE_DEFAULT, type TChatMessage, ZChatMessagesResponse } from '@puna/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { olderPageParam } from '../chat-rules';
import { chatKey } from './get-chats';

export const messagesKey = (chatId: number) => [...chatKey, 'messages', chatId] as const;

/** `GET /chat/chats/{id}/messages?before=&limit=`: one page, newest first. */
export async function getMessages(chatId: number, before?: number, signal?: AbortSignal): Promise<TChatMessage[]> {
  const query = new URLSearchParams({ limit: String(CHAT_PAGE_DEFAULT) });
  if (before !== undefined) query.set('before', String(before));
  const body = await api.get<unknown>(`/chat/chats/${chatId}/messages?${query}`, signal);
  return ZChatMessagesResponse.parse(body).Result;
}

/** Pages go back in time: each next page is the one before the oldest message loaded. */
export function messagesQueryOptions(chatId: number) {
  return infiniteQueryOptions({
    queryKey: messagesKey(chatId),
    queryFn: ({ pageParam, signal }) => getMessages(chatId, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (lastPage) => olderPageParam(lastPage, CHAT_PAGE_DEFAULT),
  });
}

export function useMessages(chatId: number) {
  return useInfiniteQuery(messagesQueryOptions(chatId));
}
