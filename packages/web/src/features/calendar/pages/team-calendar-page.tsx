import { UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../../components/alert';
import { MonthPicker } from '../../../components/month-picker';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { usePeriodParam } from '../../../hooks/use-period-param';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useTeamCalendar } from '../api/get-team-calendar';
import { CalendarDays } from '../components/calendar-days';
import { CalendarGrid } from '../components/calendar-grid';
import { CalendarLegend, MonthHolidays } from '../components/calendar-legend';
import { dayKindsOf } from '../components/day-kinds';

/**
 * 'Kalendari' (docs/product.md#team-calendar): the team's month — scheduled days, rest days,
 * holidays, company days and approved leave. A grid on wide screens, a list of days on a phone.
 */
export function TeamCalendarPage() {
  const { t } = useTranslation();
  const [month, setMonth] = usePeriodParam('month');
  const calendar = useTeamCalendar(month);
  const data = calendar.data;

  let body: React.ReactNode;
  if (calendar.isError) {
    body = <Alert tone="error">{translateError(calendar.error, t('calendar.loadFailed'))}</Alert>;
  } else if (!data) {
    body = (
      <div className="card space-y-2 p-4" aria-hidden="true">
        {['a', 'b', 'c', 'd', 'e'].map((key) => (
          <Skeleton key={key} className="h-8 w-full" />
        ))}
      </div>
    );
  } else {
    const dayKinds = dayKindsOf(data);
    body = (
      <div className="space-y-5" aria-busy={calendar.isFetching && data.month !== month}>
        {data.workers.length === 0 ? (
          <div className="card px-6 py-10 text-center">
            <p className="text-slate-700">{t('calendar.empty')}</p>
            <Link to="/kryepuntor/employee" className="btn-secondary mt-4 inline-flex">
              <UserPlus className="size-4" aria-hidden="true" />
              {t('calendar.addWorkers')}
            </Link>
          </div>
        ) : (
          <>
            <CalendarLegend />
            <div className="hidden lg:block">
              <CalendarGrid calendar={data} dayKinds={dayKinds} />
            </div>
            <div className="lg:hidden">
              <CalendarDays calendar={data} dayKinds={dayKinds} />
            </div>
          </>
        )}
        <section className="card p-4" aria-labelledby="calendar-holidays">
          <h2 id="calendar-holidays" className="mb-2 text-base font-semibold text-slate-900">
            {t('calendar.holidaysTitle')}
          </h2>
          <MonthHolidays holidays={data.holidays} />
        </section>
      </div>
    );
  }

  return (
    <>
      <PageHeader title={t('calendar.title')} description={t('calendar.description')} />
      <MonthPicker label={t('calendar.month')} month={month} onChange={setMonth} className="mb-5" />
      {body}
    </>
  );
}
