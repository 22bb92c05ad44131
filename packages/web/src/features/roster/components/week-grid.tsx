import { formatHours, numberLocaleOf, type TEmployee, type TShift, type TShiftDayTotal } from '@puna/domain';
import { Plus } from 'lucide-react';
import { type DragEvent, useState } from 'react';
import { weekdayText } from '../../../lib/date-names';
import { formatIsoDate } from '../../../lib/dates';
import { formatMoney } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { shiftsOf, sumTotals } from './roster-parts';
import { SHIFT_DRAG_TYPE, ShiftChip } from './shift-chip';
import type { ShiftPlace } from './use-move-shift';

type WeekGridProps = {
  dates: readonly string[];
  employees: readonly TEmployee[];
  shifts: readonly TShift[];
  totals: readonly TShiftDayTotal[];
  onAdd: (employeeId: number | null, date: string) => void;
  onOpen: (shift: TShift) => void;
  onMove: (shift: TShift) => void;
  /** A shift dropped on a cell: moved there, or copied with Ctrl or Alt held. */
  onDrop: (shift: TShift, place: ShiftPlace, copy: boolean) => void;
  currency: 'EUR' | 'ALL';
};

/** Ctrl (Windows, Linux) or Alt (Option on a Mac) held at the drop: a copy, not a move. */
const copyHeld = (event: DragEvent) => event.ctrlKey || event.altKey || event.metaKey;

/** The desktop roster: employees × the week's seven days, the open shifts row, the day and week totals. */
export function WeekGrid({ dates, employees, shifts, totals, onAdd, onOpen, onMove, onDrop, currency }: WeekGridProps) {
  const { t, i18n } = useTranslation();
  const [over, setOver] = useState<string | null>(null);
  const money = (amount: number) => formatMoney(amount, language, currency);
  const dropHandlers = (place: ShiftPlace) => {
    const key = `${place.employeeId ?? 'open'}:${place.date}`;
    return {
      'data-drop-over': over === key ? 'true' : undefined,
      onDragOver: (event: DragEvent) => {
        if (!event.dataTransfer.types.includes(SHIFT_DRAG_TYPE)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = copyHeld(event) ? 'copy' : 'move';
        if (over !== key) setOver(key);
      },
      onDragLeave: (event: DragEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(null);
      },
      onDrop: (event: DragEvent) => {
        setOver(null);
        const id = Number(event.dataTransfer.getData(SHIFT_DRAG_TYPE));
        const shift = shifts.find((candidate) => candidate.id === id);
        if (!shift) return;
        event.preventDefault();
        onDrop(shift, place, copyHeld(event));
      },
    };
  };
  const language = i18n.language;
  const hours = (value: number) => t('roster.employer.hours', { hours: formatHours(value, numberLocaleOf(language)) });
  const rows: { id: number | null; name: string }[] = [
    ...employees.map((employee) => ({ id: employee.id, name: employee.name })),
    { id: null, name: t('roster.employer.openShifts') },
  ];
  const week = sumTotals(totals);

  return (
    <div className="space-y-2">
      <p className="text-xs text-slate-600">{t('roster.move.dragHint')}</p>
      <div className="card overflow-x-auto">
        <table className="w-full min-w-[1040px] table-fixed border-collapse text-sm" data-testid="roster-week">
          <thead>
            <tr className="border-b border-slate-200 bg-slate-50 text-left">
              <th scope="col" className="w-40 px-3 py-2 font-semibold text-slate-700">
                {t('roster.employer.employee')}
              </th>
              {dates.map((date) => (
                <th key={date} scope="col" className="px-2 py-2 font-semibold text-slate-700">
                  <span className="block">{weekdayText(date, language)}</span>
                  <span className="block text-xs font-normal text-slate-600 tabular-nums">
                    {formatIsoDate(date).slice(0, 5)}
                  </span>
                </th>
              ))}
              <th scope="col" className="w-24 px-2 py-2 text-right font-semibold text-slate-700">
                {t('roster.employer.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const rowTotal = row.id === null ? null : sumTotals(totals, (total) => total.employee_id === row.id);
              return (
                <tr
                  key={row.id ?? 'open'}
                  className={`border-b border-slate-100 align-top ${row.id === null ? 'bg-slate-50/60' : ''}`}
                >
                  <th scope="row" className="px-3 py-2 text-left font-medium wrap-anywhere text-slate-900">
                    {row.name}
                  </th>
                  {dates.map((date) => (
                    <td
                      key={date}
                      className="px-1.5 py-1.5 data-[drop-over=true]:bg-brand-50 data-[drop-over=true]:outline-2 data-[drop-over=true]:-outline-offset-2 data-[drop-over=true]:outline-brand-500"
                      data-testid={`roster-cell-${row.id ?? 'open'}-${date}`}
                      {...dropHandlers({ employeeId: row.id, date })}
                    >
                      <div className="flex flex-col gap-1">
                        {shiftsOf(shifts, row.id, date).map((shift) => (
                          <ShiftChip key={shift.id} shift={shift} onOpen={onOpen} onMove={onMove} draggable />
                        ))}
                        <button
                          type="button"
                          onClick={() => onAdd(row.id, date)}
                          aria-label={t('roster.employer.addShiftFor', {
                            name: row.name,
                            day: weekdayText(date, language),
                          })}
                          className="inline-flex min-h-11 w-full items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900"
                        >
                          <Plus className="size-4" aria-hidden="true" />
                        </button>
                      </div>
                    </td>
                  ))}
                  <td className="px-2 py-2 text-right text-slate-700 tabular-nums">
                    {rowTotal ? (
                      <>
                        <span className="block">{hours(rowTotal.hours)}</span>
                        <span className="block text-xs text-slate-600">{money(rowTotal.cost)}</span>
                      </>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr className="bg-slate-50 align-top" data-testid="roster-totals">
              <th scope="row" className="px-3 py-2 text-left font-semibold text-slate-900">
                {t('roster.employer.total')}
              </th>
              {dates.map((date) => {
                const day = sumTotals(totals, (total) => total.date === date);
                return (
                  <td key={date} className="px-2 py-2 text-slate-800 tabular-nums">
                    <span className="block font-semibold">{hours(day.hours)}</span>
                    <span className="block text-xs">{money(day.cost)}</span>
                  </td>
                );
              })}
              <td className="px-2 py-2 text-right text-slate-900 tabular-nums" data-testid="roster-week-total">
                <span className="block font-semibold">{hours(week.hours)}</span>
                <span className="block text-xs">{money(week.cost)}</span>
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
