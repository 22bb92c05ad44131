import { ZUnreadCountsResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { totalUnread } from '../chat-rules';
import { useChatUpdates } from './chat-updates';
import { unreadKey } from './unread-key';

export { unreadKey };

/** The unread poll (docs/product.md#unread-dot). */
export const UNREAD_POLL_MS = 30_000;

/** `GET /notifications/messages/unread`: unread counts keyed by chat id (chats with none left out). */
export async function getUnreadCounts(signal?: AbortSignal): Promise<Record<string, number>> {
  return ZUnreadCountsResponse.parse(await api.get<unknown>('/notifications/messages/unread', signal)).Result;
}

export function unreadCountsQueryOptions() {
  return queryOptions({
    queryKey: unreadKey,
    queryFn: ({ signal }) => getUnreadCounts(signal),
    refetchInterval: UNREAD_POLL_MS,
    staleTime: 0,
  });
}

/** Unread counts per chat, for the chat list's badges. */
export function useUnreadCounts(): Record<string, number> {
  const query = useQuery(unreadCountsQueryOptions());
  return query.data ?? {};
}

/**
 * The total for the red dot on Chat / Chats. The shells call it once for the whole area, so it
 * also keeps the chat caches live (`newMessage`, `newChat`): the counts refresh the moment a
 * message arrives, not only on the 30 s poll.
 */
export function useUnreadCount(): number {
  useChatUpdates();
  return totalUnread(useUnreadCounts());
}
