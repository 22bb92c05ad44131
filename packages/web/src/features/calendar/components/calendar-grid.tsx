import { type TCalendarCell, type TTeamCalendar, weekdayIndex } from '@puna/domain';
import { useTranslation } from '../../../lib/i18n';
import { columnShade, leaveTone, sameLeave } from './calendar-style';
import { type DayKind, weekdayKey } from './day-kinds';

/** One day's column is 2 rem wide: a leave's label may run over the days of its bar. */
const DAY_REM = 2;
/** The names' column, in rem. */
const NAME_REM = 11;

/**
 * The month as a grid (docs/product.md#team-calendar), for wide screens: workers as rows (the names
 * stay in view while the days scroll), days as columns, weekends and holidays shaded, leave as one
 * coloured bar with its type, a scheduled day as a thin grey line.
 */
export function CalendarGrid({ calendar, dayKinds }: { calendar: TTeamCalendar; dayKinds: Map<string, DayKind> }) {
  const { t } = useTranslation();
  return (
    <div className="card overflow-x-auto" data-testid="calendar-grid">
      <table
        className="table-fixed border-separate border-spacing-0 text-xs"
        style={{ width: `${NAME_REM + calendar.dates.length * DAY_REM}rem` }}
      >
        <caption className="sr-only">{t('calendar.gridCaption')}</caption>
        <thead>
          <tr>
            <th
              scope="col"
              style={{ width: `${NAME_REM}rem` }}
              className="sticky left-0 z-20 border-b border-slate-200 bg-white px-3 py-2 text-left text-sm font-semibold text-slate-900"
            >
              {t('calendar.worker')}
            </th>
            {calendar.dates.map((date) => {
              const weekday = weekdayIndex(date);
              const day = dayKinds.get(date);
              return (
                <th
                  key={date}
                  scope="col"
                  title={day?.name}
                  style={{ minWidth: `${DAY_REM}rem`, width: `${DAY_REM}rem` }}
                  className={`border-b border-slate-200 px-0 py-1.5 text-center font-medium text-slate-700 ${columnShade(day?.kind ?? null, weekday)}`}
                >
                  <span className="block tabular-nums text-slate-900">{Number(date.slice(8))}</span>
                  <span className="block text-[10px] text-slate-700">
                    {t(`calendar.weekdays.${weekdayKey(weekday)}`)}
                  </span>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {calendar.workers.map((worker) => (
            <tr key={worker.employee_id} className="group">
              <th
                scope="row"
                className="sticky left-0 z-10 w-44 max-w-44 truncate border-b border-slate-100 bg-white px-3 py-1.5 text-left text-sm font-medium text-slate-900 group-hover:bg-slate-50"
                title={worker.name}
              >
                {worker.name}
              </th>
              {worker.days.map((cell, index) => (
                <td
                  key={cell.date}
                  className={`h-9 border-b border-slate-100 p-0 ${columnShade(dayKinds.get(cell.date)?.kind ?? null, weekdayIndex(cell.date))}`}
                >
                  <DayCell
                    cell={cell}
                    previous={worker.days[index - 1]}
                    next={worker.days[index + 1]}
                    rest={worker.days.slice(index)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DayCell({
  cell,
  previous,
  next,
  rest,
}: {
  cell: TCalendarCell;
  previous: TCalendarCell | undefined;
  next: TCalendarCell | undefined;
  rest: TCalendarCell[];
}) {
  const { t } = useTranslation();
  if (cell.leave) {
    const starts = !sameLeave(previous, cell);
    const ends = !sameLeave(cell, next);
    // The bar's length from here, for the label on its first day.
    let run = 0;
    if (starts) while (run < rest.length && sameLeave(rest[run], cell)) run += 1;
    const label = cell.leave.paid ? cell.leave.type : t('calendar.unpaidType', { type: cell.leave.type });
    return (
      <div
        title={label}
        className={`relative flex h-6 items-center ${leaveTone(cell.leave.kind)} ${starts ? 'ml-0.5 rounded-l-md' : ''} ${ends ? 'mr-0.5 rounded-r-md' : ''}`}
        data-leave={cell.leave.type}
      >
        {starts ? (
          <span
            className="absolute inset-y-0 left-0 z-[1] flex items-center overflow-hidden px-1.5 text-[11px] font-medium whitespace-nowrap"
            style={{ width: `${run * DAY_REM - 0.25}rem` }}
          >
            <span className="truncate">{label}</span>
          </span>
        ) : (
          <span className="sr-only">{label}</span>
        )}
      </div>
    );
  }
  if (cell.kind === 'scheduled' && cell.shift) {
    const shift = `${cell.shift.start}–${cell.shift.end}`;
    return (
      <div title={shift} className="flex h-6 items-center justify-center">
        <span className="h-1.5 w-5 rounded-full bg-slate-400" aria-hidden="true" />
        <span className="sr-only">{shift}</span>
      </div>
    );
  }
  if (cell.kind === 'holiday' || cell.kind === 'company') {
    return (
      <div title={cell.holiday ?? undefined} className="h-6">
        <span className="sr-only">{cell.holiday}</span>
      </div>
    );
  }
  return <div className="h-6" />;
}
