import type { THolidayEntry } from '@puna/domain';
import { formatIsoDate } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';
import { LEAVE_KINDS, leaveTone } from './calendar-style';

/** What the colours mean. */
export function CalendarLegend() {
  const { t } = useTranslation();
  const swatch = 'inline-block h-3 w-5 rounded-sm ring-1 ring-inset ring-slate-300';
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-slate-700" aria-label={t('calendar.legend.label')}>
      <li className="inline-flex items-center gap-1.5">
        <span className="inline-block h-1.5 w-5 rounded-full bg-slate-400" aria-hidden="true" />
        {t('calendar.legend.scheduled')}
      </li>
      <li className="inline-flex items-center gap-1.5">
        <span className={`${swatch} bg-slate-100`} aria-hidden="true" />
        {t('calendar.legend.weekend')}
      </li>
      <li className="inline-flex items-center gap-1.5">
        <span className={`${swatch} bg-rose-100`} aria-hidden="true" />
        {t('calendar.legend.holiday')}
      </li>
      <li className="inline-flex items-center gap-1.5">
        <span className={`${swatch} bg-violet-100`} aria-hidden="true" />
        {t('calendar.legend.company')}
      </li>
      {LEAVE_KINDS.map((kind) => (
        <li key={kind} className="inline-flex items-center gap-1.5">
          <span className={`inline-block h-3 w-5 rounded-sm ${leaveTone(kind)}`} aria-hidden="true" />
          {t(`calendar.legend.leave.${kind}`)}
        </li>
      ))}
    </ul>
  );
}

/** The month's official holidays and company days, by date. */
export function MonthHolidays({ holidays }: { holidays: THolidayEntry[] }) {
  const { t } = useTranslation();
  if (holidays.length === 0) return <p className="text-sm text-slate-600">{t('calendar.noHolidays')}</p>;
  return (
    <ul className="space-y-1 text-sm">
      {holidays.map((holiday) => (
        <li key={`${holiday.date}-${holiday.name}`} className="flex gap-3">
          <span className="w-24 shrink-0 tabular-nums text-slate-600">{formatIsoDate(holiday.date)}</span>
          <span className="min-w-0 wrap-anywhere text-slate-900">
            {holiday.name}{' '}
            {holiday.kind === 'company' ? (
              <span className="text-xs text-violet-800">({t('calendar.companyDay')})</span>
            ) : !holiday.dayOff ? (
              <span className="text-xs text-slate-600">({t('calendar.dayOffMoved')})</span>
            ) : holiday.provisional ? (
              <span className="text-xs text-slate-600">({t('calendar.provisional')})</span>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
