import { useTranslation } from '../../../lib/i18n';

/** How many requests wait for a decision, as a small pill beside Requests; nothing at 0. */
export function PendingCount({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <span className="ml-auto inline-flex min-w-6 items-center justify-center rounded-full bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white tabular-nums">
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{t('requests.pendingCount', { count })}</span>
    </span>
  );
}
