import type { TChatMessage } from '@puna/domain';
import { RotateCcw } from 'lucide-react';
import { localeFor } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import type { TPendingMessage } from '../api/send-message';
import { formatMessageTime } from '../chat-rules';

/** A stored message: own ones on the right, others on the left under their sender's name. */
export function MessageBubble({ message, isOwn }: { message: TChatMessage; isOwn: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <li className={`flex ${isOwn ? 'justify-end' : 'justify-start'}`} data-testid="message" data-own={isOwn}>
      <div
        className={`max-w-[70%] min-w-0 rounded-2xl px-3.5 py-2 shadow-sm ${
          isOwn
            ? 'rounded-br-md bg-brand-700 text-white'
            : 'rounded-bl-md border border-slate-200 bg-white text-slate-900'
        }`}
      >
        {isOwn ? (
          <span className="sr-only">{t('chat.you')}: </span>
        ) : (
          <p className="mb-0.5 text-xs font-semibold wrap-anywhere text-brand-800">{message.sender_name}</p>
        )}
        <p className="text-sm wrap-anywhere whitespace-pre-wrap">{message.content}</p>
        <p className={`mt-1 text-right text-[11px] tabular-nums ${isOwn ? 'text-brand-100' : 'text-slate-600'}`}>
          <time dateTime={message.created_at}>{formatMessageTime(message.created_at, localeFor(i18n.language))}</time>
        </p>
      </div>
    </li>
  );
}

/** A message on its way (or refused): shown at once, with a retry when it failed. */
export function PendingBubble({ message, onRetry }: { message: TPendingMessage; onRetry: () => void }) {
  const { t } = useTranslation();
  const failed = message.status === 'failed';
  return (
    <li className="flex flex-col items-end" data-testid="message" data-own="true" data-pending={message.status}>
      <div
        className={`max-w-[70%] min-w-0 rounded-2xl rounded-br-md px-3.5 py-2 shadow-sm ${
          failed ? 'border border-red-300 bg-red-50 text-red-950' : 'bg-brand-700/75 text-white'
        }`}
      >
        <span className="sr-only">{t('chat.you')}: </span>
        <p className="text-sm wrap-anywhere whitespace-pre-wrap">{message.content}</p>
        {failed ? null : <p className="mt-1 text-right text-[11px] text-brand-50">{t('chat.sending')}</p>}
      </div>
      {failed ? (
        <p className="mt-1 flex items-center gap-2 text-xs text-red-800" role="alert">
          {t('chat.notSent')}
          <button type="button" onClick={onRetry} className="inline-flex items-center gap-1 font-semibold underline">
            <RotateCcw className="size-3.5" aria-hidden="true" />
            {t('chat.retry')}
          </button>
        </p>
      ) : null}
    </li>
  );
}
