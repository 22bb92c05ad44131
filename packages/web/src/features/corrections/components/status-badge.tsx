import type { TCorrectionStatus } from '@puna/domain';
import { useTranslation } from '../../../lib/i18n';

const TONES: Record<TCorrectionStatus, string> = {
  pending: 'bg-amber-100 text-amber-950',
  approved: 'bg-emerald-50 text-emerald-900',
  declined: 'bg-slate-100 text-slate-800',
};

/** A request's status as a small pill. */
export function StatusBadge({ status }: { status: TCorrectionStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[status]}`}
    >
      {t(`corrections.status.${status}`)}
    </span>
  );
}
