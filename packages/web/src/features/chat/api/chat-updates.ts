import { type TChat, type TChatMessage, ZChat, ZChatMessage } from '@puna/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSocketEvent } from '../../../lib/socket';
import { addChat, addMessageToPages, applyMessageToChats, type TMessagePages } from '../chat-rules';
import { chatKey, chatListKey } from './get-chats';
import { messagesKey } from './get-messages';
import { unreadKey } from './unread-key';

/** `newMessage` may arrive as JSON text (docs/product.md#realtime); anything that is not a message is dropped. */
export function parseSocketMessage(payload: unknown): TChatMessage | null {
  let value = payload;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const parsed = ZChatMessage.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Puts a stored message into the caches: its chat's pages (once, by id) and the chat list's last
 * message. A chat whose pages are not loaded yet, or are being fetched, is fetched again: the fetch
 * under way may have started before the message was stored, and would drop it when it lands (the
 * first message of a new chat, sent while its first page loads, vanished from the screen so).
 */
export function storeMessage(queryClient: QueryClient, message: TChatMessage): void {
  const key = messagesKey(message.chat_id);
  const loaded = queryClient.getQueryData<TMessagePages>(key) !== undefined;
  queryClient.setQueryData<TMessagePages>(key, (data) => addMessageToPages(data, message));
  if (!loaded || queryClient.isFetching({ queryKey: key }) > 0) void queryClient.invalidateQueries({ queryKey: key });
  const chats = queryClient.getQueryData<TChat[]>(chatListKey);
  if (!chats) return;
  const updated = applyMessageToChats(chats, message);
  if (updated) queryClient.setQueryData(chatListKey, updated);
  else void queryClient.invalidateQueries({ queryKey: chatListKey });
}

/**
 * Keeps the chat caches live for the whole area (the shells call it through `useUnreadCount`):
 * `newMessage` lands in its chat and refreshes the unread counts, `newChat` joins the list. After
 * a reconnect everything chat-related is fetched again, since events may have been missed.
 */
export function useChatUpdates(): void {
  const queryClient = useQueryClient();
  const refetchAll = useCallback(() => void queryClient.invalidateQueries({ queryKey: chatKey }), [queryClient]);

  useSocketEvent(
    'newMessage',
    (payload: unknown) => {
      const message = parseSocketMessage(payload);
      if (message) storeMessage(queryClient, message);
      void queryClient.invalidateQueries({ queryKey: unreadKey });
    },
    refetchAll,
  );

  useSocketEvent('newChat', (payload: unknown) => {
    const parsed = ZChat.safeParse(payload);
    if (!parsed.success) {
      void queryClient.invalidateQueries({ queryKey: chatListKey });
      return;
    }
    queryClient.setQueryData<TChat[]>(chatListKey, (chats) => (chats ? addChat(chats, parsed.data) : chats));
  });
}
