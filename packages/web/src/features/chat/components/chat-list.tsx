import type { TChat } from '@puna/domain';
import { User, Users } from 'lucide-react';
import { Skeleton } from '../../../components/skeleton';
import { localeFor } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { formatChatTime, type TChatViewer } from '../chat-rules';
import { chatPreviewText, chatTitleText } from './chat-text';

type ChatListProps = {
  chats: TChat[] | undefined;
  isLoading: boolean;
  viewer: TChatViewer;
  selectedId: number | null;
  unread: Record<string, number>;
  onSelect: (chatId: number) => void;
};

/** The chats, most recent first: title, last message time, preview and unread badge. */
export function ChatList({ chats, isLoading, viewer, selectedId, unread, onSelect }: ChatListProps) {
  const { t } = useTranslation();
  if (isLoading) {
    return (
      <ul className="space-y-1 p-2" aria-busy="true">
        {[0, 1, 2, 3].map((index) => (
          <li key={index} className="flex items-center gap-3 rounded-xl p-3">
            <Skeleton className="size-10 shrink-0 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-full" />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  if (!chats || chats.length === 0) {
    return (
      <p className="px-5 py-8 text-center text-sm text-slate-600">
        {viewer.userType === 'employer' ? t('chat.noChatsEmployer') : t('chat.noChats')}
      </p>
    );
  }
  return (
    <ul className="space-y-0.5 p-2">
      {chats.map((chat) => (
        <li key={chat.id}>
          <ChatRow
            chat={chat}
            viewer={viewer}
            isSelected={chat.id === selectedId}
            unread={unread[String(chat.id)] ?? 0}
            onSelect={onSelect}
          />
        </li>
      ))}
    </ul>
  );
}

type ChatRowProps = {
  chat: TChat;
  viewer: TChatViewer;
  isSelected: boolean;
  unread: number;
  onSelect: (chatId: number) => void;
};

function ChatRow({ chat, viewer, isSelected, unread, onSelect }: ChatRowProps) {
  const { t, i18n } = useTranslation();
  const title = chatTitleText(chat, viewer, t);
  const Icon = chat.type === 'group' ? Users : User;
  const time = chat.lastMessage ? formatChatTime(chat.lastMessage.created_at, localeFor(i18n.language)) : '';
  return (
    <button
      type="button"
      onClick={() => onSelect(chat.id)}
      aria-current={isSelected ? 'true' : undefined}
      data-testid="chat-row"
      className={`flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left transition-colors ${
        isSelected ? 'bg-brand-50' : 'hover:bg-slate-100'
      }`}
    >
      <span
        className={`flex size-10 shrink-0 items-center justify-center rounded-full ${
          isSelected ? 'bg-brand-700 text-white' : 'bg-brand-100 text-brand-800'
        }`}
      >
        <Icon className="size-5" aria-hidden="true" />
        <span className="sr-only">{t(chat.type === 'group' ? 'chat.groupChat' : 'chat.directChat')}</span>
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span
            className={`min-w-0 truncate text-sm text-slate-900 ${unread > 0 ? 'font-bold' : 'font-semibold'}`}
            title={title}
          >
            {title}
          </span>
          {time ? <span className="shrink-0 text-xs text-slate-600 tabular-nums">{time}</span> : null}
        </span>
        <span className="mt-0.5 flex items-center justify-between gap-2">
          <span className={`min-w-0 truncate text-sm ${unread > 0 ? 'font-medium text-slate-900' : 'text-slate-600'}`}>
            {chatPreviewText(chat, viewer, t)}
          </span>
          {unread > 0 ? (
            <span
              className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold text-white tabular-nums"
              data-testid="chat-unread"
            >
              <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
              <span className="sr-only">{t('chat.unreadBadge', { count: unread })}</span>
            </span>
          ) : null}
        </span>
      </span>
    </button>
  );
}
