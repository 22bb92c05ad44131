import type { TShift } from '@puna/domain';
import { ArrowRightLeft } from 'lucide-react';
import type { DragEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { spanText } from './roster-parts';

/** The drag's data type: the shift's id, so only a shift can be dropped on a cell. */
export const SHIFT_DRAG_TYPE = 'application/x-puna-shift';

type ShiftChipProps = {
  shift: TShift;
  onOpen: (shift: TShift) => void;
  /** Opens "Move or copy" (the keyboard's and the phone's drag). */
  onMove: (shift: TShift) => void;
  /** The week grid's chips can be dragged to another cell. */
  draggable?: boolean;
};

/** One shift in the roster, a button that opens it; an unpublished one is marked so. */
export function ShiftChip({ shift, onOpen, onMove, draggable = false }: ShiftChipProps) {
  const { t } = useTranslation();
  const startDrag = (event: DragEvent) => {
    event.dataTransfer.setData(SHIFT_DRAG_TYPE, String(shift.id));
    event.dataTransfer.setData('text/plain', spanText(shift));
    event.dataTransfer.effectAllowed = 'copyMove';
  };
  return (
    <div className="flex items-stretch gap-1">
      <button
        type="button"
        onClick={() => onOpen(shift)}
        draggable={draggable}
        onDragStart={draggable ? startDrag : undefined}
        aria-label={t('roster.employer.editShift', { start: shift.start, end: shift.end })}
        className={`flex min-h-11 min-w-0 flex-1 flex-col items-start rounded-lg border px-2 py-1 text-left text-sm tabular-nums ${
          draggable ? 'cursor-grab active:cursor-grabbing' : ''
        } ${
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
      <button
        type="button"
        onClick={() => onMove(shift)}
        aria-label={t('roster.move.open', { start: shift.start, end: shift.end })}
        title={t('roster.move.open', { start: shift.start, end: shift.end })}
        className={`inline-flex shrink-0 items-center justify-center rounded-lg border border-slate-200 text-slate-600 hover:bg-slate-100 hover:text-slate-900 ${
          draggable ? 'w-7' : 'w-11'
        }`}
      >
        <ArrowRightLeft className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
