import { CHAT_PUSH_ICON, CHAT_PUSH_TITLE, type TChat, type TSessionUser } from '@puna/domain';
import { useQueryClient } from '@tanstack/react-query';
import { MessagesSquare, Plus } from 'lucide-react';
import { useCallback, useEffect, useId, useState } from 'react';
import { MOBILE_QUERY, useMediaQuery } from '../../../hooks/use-media-query';
import { useSession } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import { useSocket, useSocketEvent } from '../../../lib/socket';
import { parseSocketMessage } from '../api/chat-updates';
import { useChats } from '../api/get-chats';
import { unreadKey, useUnreadCounts } from '../api/get-unread-count';
import { markChatRead } from '../api/mark-chat-read';
import { type TSendExtras, useSendMessage } from '../api/send-message';
import { isOwnMessage, type TChatViewer } from '../chat-rules';
import { useChatSelection } from '../use-chat-selection';
import { ChatList } from './chat-list';
import { ChatBackButton, Conversation } from './conversation';
import { CreateChatModal } from './create-chat-modal';
import { EnableNotificationsButton } from './enable-notifications-button';

/** The session as a chat participant: an employer by employer id, a worker by employee id. */
export function chatViewerOf(user: TSessionUser | undefined): TChatViewer | null {
  if (!user) return null;
  const id = user.userType === 'worker' ? user.employeeId : user.employerId;
  return id === null ? null : { userType: user.userType, id };
}

type ChatScreenProps = {
  /** Height (and margins) that make the screen fill the area's frame. */
  className: string;
  /** Where the list's back arrow leads when there is no earlier page. */
  homePath: string;
};

/**
 * /kryepuntor/chat and /datapuntoret/chat (docs/product.md#chat): the list of chats (320 px on desktop)
 * beside the open conversation; on phones (≤ 768 px) one at a time with a back arrow.
 */
export function ChatScreen({ className, homePath }: ChatScreenProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useSession().data?.user;
  const viewer = chatViewerOf(user);
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const { selectedId, select, deselect, leave } = useChatSelection(homePath);
  const chats = useChats();
  const unread = useUnreadCounts();
  const socket = useSocket();
  const sender = useSendMessage(socket);
  const [isCreating, setIsCreating] = useState(false);
  const titleId = useId();
  const selectedChat = chats.data?.find((chat) => chat.id === selectedId) ?? null;
  const openChatId = selectedChat?.id ?? null;
  const unreadInOpenChat = openChatId === null ? 0 : (unread[String(openChatId)] ?? 0);

  const refreshUnread = useCallback(() => void queryClient.invalidateQueries({ queryKey: unreadKey }), [queryClient]);
  const markRead = useCallback(
    (chatId: number) => {
      markChatRead(chatId).then(refreshUnread, (error: unknown) => console.error('Mark read failed', error));
    },
    [refreshUnread],
  );

  // Joining the open chat's room marks it read on the server; after a reconnect it is joined again.
  useEffect(() => {
    if (!socket || openChatId === null) return;
    const chatId = openChatId;
    const join = () =>
      socket.emit('joinChat', chatId, (result) => {
        if (result?.ok) refreshUnread();
        else console.error('joinChat refused', result);
      });
    if (socket.connected) join();
    socket.on('connect', join);
    return () => {
      socket.off('connect', join);
    };
  }, [socket, openChatId, refreshUnread]);

  // A message arriving in the open chat, while the page is in view, is read at once.
  useSocketEvent('newMessage', (payload: unknown) => {
    const message = parseSocketMessage(payload);
    if (!message || !viewer) return;
    if (isOwnMessage(message, viewer)) sender.settle(message);
    else if (message.chat_id === selectedId && document.visibilityState === 'visible') markRead(message.chat_id);
  });

  // Unread left in the open chat (it arrived while the tab was hidden, or raced the join) is read
  // once the chat is in view.
  useEffect(() => {
    if (openChatId === null || unreadInOpenChat === 0) return;
    const chatId = openChatId;
    if (document.visibilityState === 'visible') {
      markRead(chatId);
      return;
    }
    const onVisible = () => {
      if (document.visibilityState === 'visible') markRead(chatId);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [openChatId, unreadInOpenChat, markRead]);

  if (!viewer) return null;

  const extrasFor = (chat: TChat): TSendExtras => {
    const isDirect = chat.type === 'direct';
    const recipientWorker = viewer.userType === 'employer' && isDirect ? (chat.member_ids[0] ?? null) : null;
    return {
      senderId: viewer.id,
      senderType: viewer.userType,
      sender_name: (viewer.userType === 'employer' ? user?.companyName : user?.name) ?? user?.email ?? '',
      recipient_id: viewer.userType === 'worker' ? chat.employer_id : recipientWorker,
      recipient_type: viewer.userType === 'worker' ? 'employer' : isDirect ? 'worker' : null,
      notification_title: CHAT_PUSH_TITLE,
      notification_icon: CHAT_PUSH_ICON,
    };
  };

  const showList = !isMobile || selectedChat === null;
  const showConversation = !isMobile || selectedChat !== null;

  return (
    <div className={`card flex min-h-[24rem] overflow-hidden ${className}`}>
      {showList ? (
        <aside
          aria-labelledby={titleId}
          className={`flex min-h-0 min-w-0 flex-col bg-white ${isMobile ? 'w-full' : 'w-80 shrink-0 border-r border-slate-200'}`}
        >
          <div className="flex items-center gap-2 border-b border-slate-200 px-3 py-3">
            {isMobile ? <ChatBackButton onClick={leave} /> : null}
            <h1 id={titleId} className="flex-1 px-1 text-xl font-bold tracking-tight text-slate-900">
              {t('chat.title')}
            </h1>
            {viewer.userType === 'employer' ? (
              <button
                type="button"
                onClick={() => setIsCreating(true)}
                className="rounded-full bg-brand-700 p-2 text-white shadow-sm hover:bg-brand-800"
                aria-label={t('chat.create.open')}
                title={t('chat.create.open')}
              >
                <Plus className="size-5" aria-hidden="true" />
              </button>
            ) : null}
          </div>
          <EnableNotificationsButton />
          <nav aria-label={t('chat.listLabel')} className="min-h-0 flex-1 overflow-y-auto">
            <ChatList
              chats={chats.data}
              isLoading={chats.isPending}
              viewer={viewer}
              selectedId={selectedChat?.id ?? null}
              unread={unread}
              onSelect={select}
            />
          </nav>
        </aside>
      ) : null}

      {showConversation ? (
        selectedChat ? (
          <Conversation
            key={selectedChat.id}
            chat={selectedChat}
            viewer={viewer}
            pending={sender.pending}
            isMobile={isMobile}
            onSend={(content) => sender.send(selectedChat.id, content, extrasFor(selectedChat))}
            onRetry={(message) => sender.retry(message, extrasFor(selectedChat))}
            onBack={deselect}
          />
        ) : (
          <div className="flex min-w-0 flex-1 flex-col items-center justify-center gap-3 bg-slate-50 p-8 text-center">
            <MessagesSquare className="size-12 text-slate-300" aria-hidden="true" />
            <p className="text-base font-medium text-slate-600">{t('chat.selectChat')}</p>
          </div>
        )
      ) : null}

      {viewer.userType === 'employer' ? (
        <CreateChatModal
          open={isCreating}
          onClose={() => setIsCreating(false)}
          onOpenChat={(chat) => select(chat.id)}
        />
      ) : null}
    </div>
  );
}
