import type { TContactInboxMessage } from '@puna/domain';
import { Mail, MailOpen, Reply } from 'lucide-react';
import { Spinner } from '../../../components/spinner';
import { formatTimestamp } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

type ContactMessageCardProps = {
  message: TContactInboxMessage;
  onMark: (read: boolean) => void;
  busy: boolean;
};

/** One message from the public contact form: who, when, what, and how to answer. */
export function ContactMessageCard({ message, onMark, busy }: ContactMessageCardProps) {
  const { t, i18n } = useTranslation();
  const unread = message.read_at === null;
  const reply = `mailto:${message.email}?subject=${encodeURIComponent(t('admin.messages.replySubject'))}`;
  const headingId = `contact-message-${message.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`card p-4 sm:p-5 ${unread ? 'border-l-4 border-l-brand-600' : 'bg-white/70'}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <h2 id={headingId} className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
            <span className="min-w-0 wrap-anywhere">{message.name}</span>
            {unread ? (
              <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">
                {t('admin.messages.unread')}
              </span>
            ) : null}
          </h2>
          <p className="text-sm break-all text-slate-700">{message.email}</p>
        </div>
        <p className="text-xs text-slate-600">
          {t('admin.messages.receivedAt', { date: formatTimestamp(message.created_at, i18n.language) })}
          {message.read_at ? (
            <>
              <br />
              {t('admin.messages.readAt', { date: formatTimestamp(message.read_at, i18n.language) })}
            </>
          ) : null}
        </p>
      </header>
      <p className="mt-3 text-sm whitespace-pre-wrap wrap-anywhere text-slate-800">{message.message}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <a href={reply} className="btn-primary px-3 py-1.5">
          <Reply className="size-4" aria-hidden="true" />
          {t('admin.messages.reply')}
        </a>
        <button type="button" className="btn-secondary px-3 py-1.5" disabled={busy} onClick={() => onMark(unread)}>
          {busy ? (
            <Spinner className="size-4" />
          ) : unread ? (
            <MailOpen className="size-4" aria-hidden="true" />
          ) : (
            <Mail className="size-4" aria-hidden="true" />
          )}
          {unread ? t('admin.messages.markRead') : t('admin.messages.markUnread')}
        </button>
      </div>
    </article>
  );
}
