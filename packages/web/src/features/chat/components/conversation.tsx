import type { TChat } from '@puna/domain';
import { ArrowLeft } from 'lucide-react';
import { type UIEvent, useEffect, useId, useLayoutEffect, useMemo, useRef } from 'react';
import { IconButton } from '../../../components/icon-button';
import { Spinner } from '../../../components/spinner';
import { useTranslation } from '../../../lib/i18n';
import { useMessages } from '../api/get-messages';
import type { TPendingMessage } from '../api/send-message';
import { isOwnMessage, messagesInOrder, type TChatViewer } from '../chat-rules';
import { chatTitleText } from './chat-text';
import { MessageBubble, PendingBubble } from './message-bubble';
import { MessageComposer } from './message-composer';

/** How close to the top (px) scrolling loads the page before. */
const LOAD_OLDER_AT = 80;
/** How close to the bottom (px) counts as "reading the newest", so new messages scroll into view. */
const STICK_TO_BOTTOM = 160;

type ConversationProps = {
  chat: TChat;
  viewer: TChatViewer;
  pending: TPendingMessage[];
  isMobile: boolean;
  onSend: (content: string) => void;
  onRetry: (message: TPendingMessage) => void;
  onBack: () => void;
};

/**
 * One chat: its messages oldest at the top, older pages loaded on scrolling up (the reading
 * position kept), the view following the newest message, and the composer.
 */
export function Conversation({ chat, viewer, pending, isMobile, onSend, onRetry, onBack }: ConversationProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const messages = useMessages(chat.id);
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = messages;
  const ordered = useMemo(() => messagesInOrder(messages.data?.pages ?? []), [messages.data]);
  const ownPending = pending.filter((message) => message.chatId === chat.id);

  const scrollRef = useRef<HTMLDivElement>(null);
  /** Set while an older page loads: where the view was, so it stays on the same message. */
  const anchorRef = useRef<{ height: number; top: number; pages: number } | null>(null);
  const stickRef = useRef(true);
  const pageCount = messages.data?.pages.length ?? 0;
  const newest = ordered.at(-1);
  const newestKey = `${newest?.id ?? 0}:${ownPending.length}`;
  const newestIsOwn = (newest ? isOwnMessage(newest, viewer) : false) || ownPending.length > 0;

  useLayoutEffect(() => {
    const view = scrollRef.current;
    const anchor = anchorRef.current;
    if (!view || !anchor || pageCount === 0) return;
    view.scrollTop = view.scrollHeight - anchor.height + anchor.top;
    anchorRef.current = null;
  }, [pageCount]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message changes, on purpose
  useLayoutEffect(() => {
    const view = scrollRef.current;
    if (!view || anchorRef.current) return;
    if (stickRef.current || newestIsOwn) view.scrollTop = view.scrollHeight;
  }, [newestKey]);

  // Opening another chat starts at its newest message.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per chat, on purpose
  useEffect(() => {
    stickRef.current = true;
    anchorRef.current = null;
  }, [chat.id]);

  function loadOlder(view: HTMLDivElement) {
    anchorRef.current = { height: view.scrollHeight, top: view.scrollTop, pages: pageCount };
    void fetchNextPage().then((result) => {
      // Nothing new came (e.g. the load failed): let the next scroll try again.
      if (result.isError) anchorRef.current = null;
    });
  }

  // A refetch of the chat (a reconnection refreshing what it may have missed) cancels an older
  // page's load under way. Once nothing loads any more and that page never came, the view lets go
  // of its anchor and, still at the top, loads it again; otherwise it stayed stuck there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when loading stops, on purpose
  useEffect(() => {
    const anchor = anchorRef.current;
    if (messages.isFetching || !anchor || anchor.pages !== pageCount) return;
    anchorRef.current = null;
    const view = scrollRef.current;
    if (view && view.scrollTop < LOAD_OLDER_AT && hasNextPage) loadOlder(view);
  }, [messages.isFetching]);

  function onScroll(event: UIEvent<HTMLDivElement>) {
    const view = event.currentTarget;
    stickRef.current = view.scrollHeight - view.scrollTop - view.clientHeight < STICK_TO_BOTTOM;
    if (view.scrollTop < LOAD_OLDER_AT && hasNextPage && !isFetchingNextPage && !anchorRef.current) loadOlder(view);
  }

  const title = chatTitleText(chat, viewer, t);
  const subtitle =
    chat.type === 'group'
      ? viewer.userType === 'employer'
        ? chat.member_names.join(', ')
        : t('chat.members', { count: chat.member_ids.length + 1 })
      : t('chat.directChat');

  return (
    <section aria-labelledby={titleId} className="flex min-h-0 min-w-0 flex-1 flex-col">
      <header className="flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-2.5">
        {isMobile ? <ChatBackButton onClick={onBack} /> : null}
        <div className="min-w-0 flex-1 px-1">
          <h2 id={titleId} className="truncate text-base font-semibold text-slate-900" title={title}>
            {title}
          </h2>
          <p className="truncate text-xs text-slate-600" title={subtitle}>
            {subtitle}
          </p>
        </div>
      </header>

      <div
        ref={scrollRef}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain bg-slate-50 px-3 py-4 sm:px-5"
        role="log"
        aria-label={t('chat.messagesLabel')}
        aria-busy={messages.isPending}
        // The log scrolls; keyboard users reach it with Tab (axe: scrollable regions are focusable).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
      >
        {messages.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner />
          </div>
        ) : null}
        {isFetchingNextPage ? (
          <p className="flex items-center justify-center gap-2 pb-3 text-xs text-slate-600">
            <Spinner className="size-3.5" />
            {t('chat.loadingOlder')}
          </p>
        ) : null}
        {messages.isSuccess && !hasNextPage && ordered.length > 0 ? (
          <p className="pb-3 text-center text-xs text-slate-600">{t('chat.startOfChat')}</p>
        ) : null}
        {messages.isSuccess && ordered.length === 0 && ownPending.length === 0 ? (
          <p className="py-8 text-center text-sm text-slate-600">{t('chat.noMessages')}</p>
        ) : null}
        <ul className="space-y-2">
          {ordered.map((message) => (
            <MessageBubble key={message.id} message={message} isOwn={isOwnMessage(message, viewer)} />
          ))}
          {ownPending.map((message) => (
            <PendingBubble key={message.messageId} message={message} onRetry={() => onRetry(message)} />
          ))}
        </ul>
      </div>

      <MessageComposer key={chat.id} onSend={onSend} isMobile={isMobile} />
    </section>
  );
}

/** Back from a conversation (or the list) to where the phone came from: the chat's own back arrow. */
export function ChatBackButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <IconButton
      label={t('chat.back')}
      icon={ArrowLeft}
      onClick={onClick}
      className="rounded-lg p-2 text-slate-700 hover:bg-slate-100"
    />
  );
}
