import { Inbox } from 'lucide-react';
import { Fragment } from 'react';
import { Alert } from '../../../components/alert';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { useTranslation } from '../../../lib/i18n';
import { inboxOrder, type TInboxItem, type TInboxSource } from '../inbox';

/**
 * /kryepuntor/kerkesat (docs/product.md#requests-inbox): the workers' leave requests and "I forgot
 * to scan" requests in one list, the pending ones first, each approved or declined in place. The
 * sources (their queries and cards) come from app/routes: features never import one another.
 */
export function RequestsPage({ sources }: { sources: TInboxSource[] }) {
  const { t } = useTranslation();
  const loading = sources.some((source) => !source.items && !source.isError);
  const ordered = inboxOrder(sources.flatMap((source) => source.items ?? []));
  const pending = ordered.filter((item) => item.isPending);
  const decided = ordered.filter((item) => !item.isPending);

  return (
    <>
      <PageHeader title={t('requests.title')} description={t('requests.description')} />
      <div className="space-y-8" aria-busy={loading}>
        {sources
          .filter((source) => source.isError)
          .map((source) => (
            <Alert key={source.kind} tone="error">
              <p>{t(`requests.loadFailed.${source.kind}`)}</p>
              <button type="button" className="link mt-1" onClick={source.retry}>
                {t('requests.retry')}
              </button>
            </Alert>
          ))}
        <section aria-labelledby="requests-pending" className="space-y-3">
          <h2 id="requests-pending" className="text-lg font-semibold text-slate-900">
            {t('requests.pendingTitle')}
            {loading || pending.length === 0 ? null : (
              <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 align-middle text-sm font-semibold text-amber-950 tabular-nums">
                {pending.length}
              </span>
            )}
          </h2>
          {loading ? (
            <Skeleton className="h-40" />
          ) : pending.length === 0 ? (
            <div className="card flex items-center gap-3 px-4 py-6 text-sm text-slate-600">
              <Inbox className="size-6 shrink-0 text-slate-400" aria-hidden="true" />
              {t('requests.pendingEmpty')}
            </div>
          ) : (
            <RequestList items={pending} testId="requests-pending" />
          )}
        </section>
        {loading || decided.length === 0 ? null : (
          <section aria-labelledby="requests-decided" className="space-y-3">
            <h2 id="requests-decided" className="text-lg font-semibold text-slate-900">
              {t('requests.decidedTitle')}
            </h2>
            <RequestList items={decided} testId="requests-decided" />
          </section>
        )}
      </div>
    </>
  );
}

function RequestList({ items, testId }: { items: TInboxItem[]; testId: string }) {
  return (
    <ul className="grid min-w-0 gap-3 md:grid-cols-2" data-testid={testId}>
      {/* Each card is its own list item (the feature's `<li>`). */}
      {items.map((item) => (
        <Fragment key={item.key}>{item.card}</Fragment>
      ))}
    </ul>
  );
}
