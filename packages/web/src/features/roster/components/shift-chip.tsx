import type { TShift } from '@puna/domain';
import { useTranslation } from '../../../lib/i18n';
import { spanText } from './roster-parts';

/** One shift in the roster, a button that opens it; an unpublished one is marked so. */
export function ShiftChip({ shift, onOpen }: { shift: TShift; onOpen: (shift: TShift) => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={() => onOpen(shift)}
      aria-label={t('roster.employer.editShift', { start: shift.start, end: shift.end })}
      className={`flex min-h-11 w-full flex-col items-start rounded-lg border px-2 py-1 text-left text-sm tabular-nums ${
        shift.published
          ? 'border-brand-200 bg-brand-50 text-brand-900 hover:bg-brand-100'
          : 'border-dashed border-amber-400 bg-amber-50 text-amber-900 hover:bg-amber-100'
      }`}
      data-testid="roster-shift"
    >
      <span className="font-semibold">{spanText(shift)}</span>
      {shift.published ? null : <span className="text-xs">{t('roster.employer.unpublished')}</span>}
      {shift.note ? <span className="max-w-full truncate text-xs text-slate-700">{shift.note}</span> : null}
    </button>
  );
}
