import { CloudOff, Wifi } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import type { KioskStatus } from '../hooks/use-kiosk';

/** Online / offline, and how many scans wait to be sent. */
export function KioskStatusBadge({ status }: { status: KioskStatus }) {
  const { t } = useTranslation();
  const waiting = status.pending > 0;
  const tone = status.online
    ? waiting
      ? 'bg-sky-900/60 text-sky-100 ring-sky-400/40'
      : 'bg-emerald-900/50 text-emerald-100 ring-emerald-400/40'
    : 'bg-amber-400 text-slate-950 ring-amber-200';
  return (
    <output
      aria-live="polite"
      data-testid="kiosk-status"
      className={`inline-flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-semibold ring-1 ${tone}`}
    >
      {status.online ? (
        <Wifi className="size-4" aria-hidden="true" />
      ) : (
        <CloudOff className="size-4" aria-hidden="true" />
      )}
      <span>{status.online ? t('kiosk.status.online') : t('kiosk.status.offline')}</span>
      {waiting ? <span>· {t('kiosk.status.pending', { count: status.pending })}</span> : null}
    </output>
  );
}
