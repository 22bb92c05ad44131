import { type TChat, ZChatListResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Every chat query starts with this key. */
export const chatKey = ['chat'] as const;
export const chatListKey = [...chatKey, 'list'] as const;

/** `GET /chat/chats`: the viewer's chats, most recent activity first. */
export async function getChats(signal?: AbortSignal): Promise<TChat[]> {
  return ZChatListResponse.parse(await api.get<unknown>('/chat/chats', signal)).Result;
}

export function chatsQueryOptions() {
  return queryOptions({ queryKey: chatListKey, queryFn: ({ signal }) => getChats(signal) });
}

export function useChats() {
  return useQuery(chatsQueryOptions());
}
