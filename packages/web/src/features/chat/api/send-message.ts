import type { TChatMessage, TChatUserType, TSocketAck } from '@puna/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { PunaSocket } from '../../../lib/socket';
import { storeMessage } from './chat-updates';

/** How long a send waits for the server's acknowledgement before it offers a retry. */
const ACK_TIMEOUT_MS = 10_000;

let lastMessageId = 0;

/** A timestamp id (docs/product.md#data-model), kept unique when two sends fall in the same millisecond. */
function nextMessageId(): string {
  lastMessageId = Math.max(Date.now(), lastMessageId + 1);
  return String(lastMessageId);
}

/** A message typed here that the server has not confirmed yet (local state, not server state). */
export type TPendingMessage = {
  chatId: number;
  /** The client's id (a timestamp, docs/product.md#data-model); a retry sends the same one, so it is stored once. */
  messageId: string;
  content: string;
  createdAt: string;
  status: 'sending' | 'failed';
};

/** The spec's extra `sendMessage` fields (docs/product.md#realtime); the server takes the sender from the session. */
export type TSendExtras = {
  senderId: number;
  senderType: TChatUserType;
  sender_name: string;
  recipient_id: number | null;
  recipient_type: TChatUserType | null;
  notification_title: string;
  notification_icon: string;
};

/**
 * Sends over the socket (`sendMessage` with an acknowledgement). The bubble shows at once as
 * pending; the ack's stored message replaces it, as does our own `newMessage` echo matched by
 * `messageId`. A refused or unanswered send stays as a failed bubble with a retry.
 */
export function useSendMessage(socket: PunaSocket | null) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<TPendingMessage[]>([]);

  const setStatus = useCallback((messageId: string, status: TPendingMessage['status']) => {
    setPending((list) => list.map((item) => (item.messageId === messageId ? { ...item, status } : item)));
  }, []);

  /** Our own message is stored: the pending bubble gives way to it. */
  const settle = useCallback((message: Pick<TChatMessage, 'messageId'>) => {
    if (message.messageId === null) return;
    setPending((list) => list.filter((item) => item.messageId !== message.messageId));
  }, []);

  const emit = useCallback(
    (message: TPendingMessage, extras: TSendExtras) => {
      if (!socket) {
        setStatus(message.messageId, 'failed');
        return;
      }
      const payload = { chatId: message.chatId, content: message.content, messageId: message.messageId, ...extras };
      socket
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck('sendMessage', payload)
        .then((result: TSocketAck<TChatMessage>) => {
          if (!result?.ok) throw new Error(result?.error ?? 'No answer');
          if (result.data) storeMessage(queryClient, result.data);
          settle({ messageId: message.messageId });
        })
        .catch((error: unknown) => {
          // Send failures are logged only (docs/product.md#chat); the bubble offers the retry.
          console.error('Message send failed', error);
          setStatus(message.messageId, 'failed');
        });
    },
    [socket, queryClient, setStatus, settle],
  );

  const send = useCallback(
    (chatId: number, content: string, extras: TSendExtras) => {
      const message: TPendingMessage = {
        chatId,
        messageId: nextMessageId(),
        content,
        createdAt: new Date().toISOString(),
        status: 'sending',
      };
      setPending((list) => [...list, message]);
      emit(message, extras);
    },
    [emit],
  );

  const retry = useCallback(
    (message: TPendingMessage, extras: TSendExtras) => {
      setStatus(message.messageId, 'sending');
      emit({ ...message, status: 'sending' }, extras);
    },
    [emit, setStatus],
  );

  return { pending, send, retry, settle };
}
