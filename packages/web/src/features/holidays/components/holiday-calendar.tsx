import type { THolidayEntry, THolidaysResponse } from '@puna/domain';
import { Trash2 } from 'lucide-react';
import { Alert } from '../../../components/alert';
import { SelectField } from '../../../components/select-field';
import { Skeleton } from '../../../components/skeleton';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { formatIsoDate } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useDeleteCompanyHoliday } from '../api/delete-company-holiday';
import { useHolidays } from '../api/get-holidays';
import { CompanyDayForm } from './company-day-form';
import { dayText } from './day-text';

type HolidayCalendarProps = { year: number; years: readonly number[]; onYearChange: (year: number) => void };

/** A year's official holidays (with the weekend rule) and the company's own days off, added and removed here. */
export function HolidayCalendar({ year, years, onYearChange }: HolidayCalendarProps) {
  const { t } = useTranslation();
  const holidays = useHolidays(year);
  const data = holidays.data?.year === year ? holidays.data : undefined;

  return (
    <section aria-labelledby="holiday-calendar" className="card p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h2 id="holiday-calendar" className="text-lg font-semibold text-slate-900">
            {t('holidays.calendar')}
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">{t('holidays.calendarHint')}</p>
        </div>
        <SelectField
          label={t('holidays.year')}
          value={year}
          onChange={(event) => onYearChange(Number(event.target.value))}
          className="w-32 shrink-0"
        >
          {years.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </SelectField>
      </div>
      {holidays.isError ? (
        <Alert tone="error" className="mt-4">
          {translateError(holidays.error, t('holidays.holidaysFailed'))}
        </Alert>
      ) : (
        <div className="mt-5 grid gap-6 lg:grid-cols-2" aria-busy={!data}>
          <OfficialDays data={data} />
          <div>
            <h3 className="text-base font-semibold text-slate-900">{t('holidays.company')}</h3>
            <CompanyDays data={data} />
            <CompanyDayForm year={year} />
          </div>
        </div>
      )}
    </section>
  );
}

function ListSkeleton() {
  return (
    <ul className="mt-3 space-y-2" aria-hidden="true">
      {[0, 1, 2, 3].map((row) => (
        <li key={row} className="flex justify-between gap-3">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-20" />
        </li>
      ))}
    </ul>
  );
}

function OfficialDays({ data }: { data: THolidaysResponse | undefined }) {
  const { t, i18n } = useTranslation();
  const official = data?.holidays.filter((holiday) => holiday.kind === 'official') ?? [];
  /** The working day that replaces a weekend holiday, by the holiday's own date. */
  const movedTo = new Map(
    official.flatMap((holiday) => (holiday.movedFrom ? [[holiday.movedFrom, holiday.date]] : [])),
  );
  const status = (holiday: THolidayEntry) => {
    if (holiday.movedFrom) return t('holidays.movedFrom', { date: formatIsoDate(holiday.movedFrom) });
    const moved = movedTo.get(holiday.date);
    if (!holiday.dayOff && moved) return t('holidays.movedTo', { date: formatIsoDate(moved) });
    return t('holidays.dayOff');
  };
  return (
    <div>
      <h3 className="text-base font-semibold text-slate-900">{t('holidays.official')}</h3>
      {!data ? (
        <ListSkeleton />
      ) : (
        <>
          <ul className="mt-2 divide-y divide-slate-100">
            {official.map((holiday) => (
              <li key={`${holiday.date}-${holiday.name}`} className="py-2.5">
                <p className="font-medium wrap-anywhere text-slate-900">{holiday.name}</p>
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
                  <span className="tabular-nums">{dayText(holiday.date, i18n.language)}</span>
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-medium ${
                      holiday.dayOff ? 'bg-emerald-50 text-emerald-900' : 'bg-slate-100 text-slate-700'
                    }`}
                  >
                    {status(holiday)}
                  </span>
                  {holiday.provisional ? (
                    <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900">
                      {t('holidays.provisional')}
                    </span>
                  ) : null}
                </p>
              </li>
            ))}
          </ul>
          {data.unknown.map((item) => (
            <Alert key={item.name} tone="warning" className="mt-2">
              {t('holidays.unknownDate', { name: item.name })}
            </Alert>
          ))}
        </>
      )}
    </div>
  );
}

function CompanyDays({ data }: { data: THolidaysResponse | undefined }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const remove = useDeleteCompanyHoliday();
  if (!data) return <ListSkeleton />;
  const company = data.holidays.filter((holiday) => holiday.kind === 'company');
  if (company.length === 0) return <p className="mt-2 text-sm text-slate-600">{t('holidays.noCompanyDays')}</p>;

  function deleteDay(holiday: THolidayEntry) {
    if (holiday.id === undefined) return;
    remove.mutate(holiday.id, {
      onSuccess: () => toast.success(t('holidays.deleted')),
      onError: (error) => toast.error(translateError(error, t('holidays.deleteFailed'))),
    });
  }

  return (
    <ul className="mt-2 divide-y divide-slate-100">
      {company.map((holiday) => {
        const deleting = remove.isPending && remove.variables === holiday.id;
        return (
          <li key={holiday.id ?? holiday.date} className="flex items-center justify-between gap-3 py-2.5">
            <div className="min-w-0">
              <p className="font-medium wrap-anywhere text-slate-900">{holiday.name}</p>
              <p className="text-sm text-slate-600 tabular-nums">{dayText(holiday.date, i18n.language)}</p>
            </div>
            <button
              type="button"
              className="btn-ghost shrink-0 px-2.5 text-red-700 hover:bg-red-50"
              onClick={() => deleteDay(holiday)}
              disabled={deleting}
              aria-label={t('holidays.delete', { name: holiday.name })}
            >
              {deleting ? <Spinner className="size-4" /> : <Trash2 className="size-4" aria-hidden="true" />}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
