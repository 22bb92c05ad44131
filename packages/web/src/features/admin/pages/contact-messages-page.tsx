import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';
import { useContactMessages } from '../api/get-contact-messages';
import { useMarkContactMessage } from '../api/mark-contact-message';
import { ContactMessageCard } from '../components/contact-message-card';
import { LoadFailed } from '../components/load-failed';

type Filter = 'all' | 'unread';

/** /admin/messages: the contact inbox, with read state and a reply-by-mail link. */
export function ContactMessagesPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const messages = useContactMessages();
  const mark = useMarkContactMessage();
  const [filter, setFilter] = useState<Filter>('all');

  const list = messages.data ?? [];
  const unreadCount = list.filter((message) => message.read_at === null).length;
  const shown = filter === 'unread' ? list.filter((message) => message.read_at === null) : list;

  return (
    <>
      <PageHeader title={t('admin.messages.title')} description={t('admin.messages.description')} />

      <fieldset className="mb-4 inline-flex rounded-lg border border-slate-300 bg-white p-1 text-sm">
        <legend className="sr-only">{t('admin.messages.filterLabel')}</legend>
        {(['all', 'unread'] as const).map((value) => (
          <label
            key={value}
            className={`cursor-pointer rounded-md px-3 py-1.5 font-medium has-focus-visible:ring-2 has-focus-visible:ring-brand-600 ${
              filter === value ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'
            }`}
          >
            <input
              type="radio"
              name="contact-filter"
              value={value}
              checked={filter === value}
              onChange={() => setFilter(value)}
              className="sr-only"
            />
            {value === 'all' ? t('admin.messages.all') : t('admin.messages.unreadOnly')}
            {value === 'unread' && unreadCount > 0 ? ` (${unreadCount})` : ''}
          </label>
        ))}
      </fieldset>

      {messages.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <span className="sr-only">{t('common.loading')}</span>
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : messages.isError ? (
        <LoadFailed text={t('admin.messages.loadFailed')} onRetry={() => void messages.refetch()} />
      ) : shown.length === 0 ? (
        <p className="card px-4 py-10 text-center text-slate-600">
          {filter === 'unread' && list.length > 0 ? t('admin.messages.emptyUnread') : t('admin.messages.empty')}
        </p>
      ) : (
        <div className="space-y-3">
          {shown.map((message) => (
            <ContactMessageCard
              key={message.id}
              message={message}
              busy={mark.isPending && mark.variables?.id === message.id}
              onMark={(read) =>
                mark.mutate(
                  { id: message.id, read },
                  {
                    onError: (error) => {
                      console.error('Marking a contact message failed', error);
                      toast.error(t('admin.messages.markFailed'));
                    },
                  },
                )
              }
            />
          ))}
        </div>
      )}
    </>
  );
}
