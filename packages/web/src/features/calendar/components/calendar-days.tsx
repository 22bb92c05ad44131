import { type TCalendarLeave, type TTeamCalendar, weekdayIndex } from '@puna/domain';
import { formatIsoDate } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';
import { columnShade, leaveTone } from './calendar-style';
import { type DayKind, weekdayKey } from './day-kinds';

/**
 * The month on a phone (docs/product.md#team-calendar): one line a day with its holiday, how many
 * workers are scheduled, and who is on leave with the type.
 */
export function CalendarDays({ calendar, dayKinds }: { calendar: TTeamCalendar; dayKinds: Map<string, DayKind> }) {
  const { t } = useTranslation();
  return (
    <ol className="card divide-y divide-slate-100" data-testid="calendar-days">
      {calendar.dates.map((date, index) => {
        const weekday = weekdayIndex(date);
        const day = dayKinds.get(date);
        let scheduled = 0;
        const away: { id: number; name: string; leave: TCalendarLeave }[] = [];
        for (const worker of calendar.workers) {
          const cell = worker.days[index];
          if (cell?.kind === 'scheduled') scheduled += 1;
          if (cell?.kind === 'leave' && cell.leave)
            away.push({ id: worker.employee_id, name: worker.name, leave: cell.leave });
        }
        return (
          <li key={date} className={`flex gap-3 px-3 py-2 ${columnShade(day?.kind ?? null, weekday)}`} data-date={date}>
            <div className="w-11 shrink-0 text-center leading-tight">
              <span className="block text-lg font-semibold tabular-nums text-slate-900">{Number(date.slice(8))}</span>
              <span className="block text-xs text-slate-700">{t(`calendar.weekdays.${weekdayKey(weekday)}`)}</span>
              <span className="sr-only">{formatIsoDate(date)}</span>
            </div>
            <div className="min-w-0 flex-1 space-y-1 py-0.5 text-sm">
              {day ? (
                <p
                  className={`font-medium wrap-anywhere ${day.kind === 'holiday' ? 'text-rose-900' : 'text-violet-900'}`}
                >
                  {day.name}
                </p>
              ) : null}
              <p className="text-slate-700">
                {scheduled > 0
                  ? t('calendar.scheduledCount', { count: scheduled })
                  : day
                    ? null
                    : t('calendar.nobodyScheduled')}
              </p>
              {away.length > 0 ? (
                <ul className="flex flex-wrap gap-1.5">
                  {away.map((person) => (
                    <li
                      key={person.id}
                      className={`max-w-full truncate rounded-full px-2 py-0.5 text-xs font-medium ${leaveTone(person.leave.kind)}`}
                    >
                      {person.name} ·{' '}
                      {person.leave.paid ? person.leave.type : t('calendar.unpaidType', { type: person.leave.type })}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
