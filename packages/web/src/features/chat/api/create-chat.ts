import { CHAT_EXISTS_MESSAGE, type TChat, type TCreateChatRequest, ZCreateChatResponse } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { addChat } from '../chat-rules';
import { chatListKey } from './get-chats';

export type TCreatedChat = { chat: TChat; alreadyExisted: boolean };

/** `POST /chat/chats`: a new chat, or the existing direct chat with 'Chat already exists'. */
export async function createChat(request: TCreateChatRequest): Promise<TCreatedChat> {
  const body = ZCreateChatResponse.parse(await api.post<unknown>('/chat/chats', request));
  return { chat: body.Result, alreadyExisted: body.message === CHAT_EXISTS_MESSAGE };
}

export function useCreateChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChat,
    // The answer is the whole chat: it goes straight into the list, so it can open at once.
    onSuccess: ({ chat }) => {
      queryClient.setQueryData<TChat[]>(chatListKey, (chats) => (chats ? addChat(chats, chat) : chats));
    },
  });
}
