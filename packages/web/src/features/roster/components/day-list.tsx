import {
  formatHours,
  numberLocaleOf,
  type TEmployee,
  type TShift,
  type TShiftDayTotal,
  weekdayIndex,
} from '@puna/domain';
import { Plus } from 'lucide-react';
import { weekdayText } from '../../../lib/date-names';
import { formatIsoDate } from '../../../lib/dates';
import { formatMoney } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { shiftsOf, sumTotals } from './roster-parts';
import { ShiftChip } from './shift-chip';

/** The short weekday names' keys, Monday first. */
const SHORT_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

type DayListProps = {
  dates: readonly string[];
  day: string;
  onDay: (date: string) => void;
  employees: readonly TEmployee[];
  shifts: readonly TShift[];
  totals: readonly TShiftDayTotal[];
  onAdd: (employeeId: number | null, date: string) => void;
  onOpen: (shift: TShift) => void;
  onMove: (shift: TShift) => void;
  currency: 'EUR' | 'ALL';
};

/** The phone's roster: one day of the week at a time (a day picker), each employee and the open shifts. */
export function DayList({
  dates,
  day,
  onDay,
  employees,
  shifts,
  totals,
  onAdd,
  onOpen,
  onMove,
  currency,
}: DayListProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const rows: { id: number | null; name: string }[] = [
    ...employees.map((employee) => ({ id: employee.id, name: employee.name })),
    { id: null, name: t('roster.employer.openShifts') },
  ];
  const dayTotal = sumTotals(totals, (total) => total.date === day);
  const weekTotal = sumTotals(totals);
  const amounts = (sum: { hours: number; cost: number }) => ({
    hours: formatHours(sum.hours, numberLocaleOf(language)),
    cost: formatMoney(sum.cost, language, currency),
  });

  return (
    <section aria-label={t('roster.employer.dayShifts')} className="space-y-3">
      <fieldset>
        <legend className="field-label">{t('roster.employer.day')}</legend>
        <div className="grid grid-cols-7 gap-1">
          {dates.map((date) => (
            <button
              key={date}
              type="button"
              aria-pressed={date === day}
              aria-label={`${weekdayText(date, language)} ${formatIsoDate(date)}`}
              onClick={() => onDay(date)}
              className={`flex min-h-12 flex-col items-center justify-center rounded-lg border text-xs tabular-nums ${
                date === day
                  ? 'border-brand-600 bg-brand-600 font-semibold text-white'
                  : 'border-slate-200 bg-white text-slate-700 hover:bg-slate-100'
              }`}
            >
              <span>{t(`roster.days.${SHORT_DAYS[weekdayIndex(date)] ?? 'mon'}`)}</span>
              <span>{date.slice(8, 10)}</span>
            </button>
          ))}
        </div>
      </fieldset>
      <p className="text-sm font-semibold text-slate-800 tabular-nums" data-testid="roster-day-total">
        {t('roster.employer.dayTotal', amounts(dayTotal))}
        <span className="block text-xs font-normal text-slate-600">
          {t('roster.employer.weekTotal', amounts(weekTotal))}
        </span>
      </p>
      <ul className="space-y-2">
        {rows.map((row) => {
          const own = shiftsOf(shifts, row.id, day);
          return (
            <li key={row.id ?? 'open'} className="card flex items-start gap-3 p-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium wrap-anywhere text-slate-900">{row.name}</p>
                {own.length === 0 ? null : (
                  <div className="mt-2 flex flex-col gap-1.5">
                    {own.map((shift) => (
                      <ShiftChip key={shift.id} shift={shift} onOpen={onOpen} onMove={onMove} />
                    ))}
                  </div>
                )}
              </div>
              <button
                type="button"
                onClick={() => onAdd(row.id, day)}
                aria-label={t('roster.employer.addShiftFor', { name: row.name, day: weekdayText(day, language) })}
                className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-slate-200 text-slate-700 hover:bg-slate-100"
              >
                <Plus className="size-5" aria-hidden="true" />
              </button>
            </li>
          );
        })}
      </ul>
      {shifts.some((shift) => shift.date === day) ? null : (
        <p className="text-center text-sm text-slate-600">{t('roster.employer.noShifts')}</p>
      )}
    </section>
  );
}
