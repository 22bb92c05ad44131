import type { TShift } from '@puna/domain';
import { weekdayText } from '../../../lib/date-names';
import { formatIsoDate } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';
import { spanText } from './roster-parts';

/** A shift as a worker sees it (its publication is the employer's business). */
export type WorkerShift = Omit<TShift, 'published'>;

/** A shift's day, date, span, break and note. */
export function ShiftLine({ shift, large = false }: { shift: WorkerShift; large?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="min-w-0">
      <p className={`font-semibold text-slate-900 ${large ? 'mt-1 text-lg' : ''}`}>
        {weekdayText(shift.date, i18n.language)}, {formatIsoDate(shift.date)}
      </p>
      <p className={`tabular-nums text-slate-800 ${large ? 'text-2xl font-bold' : 'text-sm'}`}>{spanText(shift)}</p>
      {shift.break_minutes > 0 ? (
        <p className="text-xs text-slate-600">{t('roster.worker.break', { minutes: shift.break_minutes })}</p>
      ) : null}
      {shift.note ? <p className="mt-1 text-sm wrap-anywhere text-slate-700">{shift.note}</p> : null}
    </div>
  );
}
