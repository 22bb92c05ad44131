import { api } from '../../../lib/api';

/** `POST /chat/chats/{id}/read`: everything up to the newest message is read. */
export function markChatRead(chatId: number): Promise<unknown> {
  return api.post<unknown>(`/chat/chats/${chatId}/read`, {});
}
