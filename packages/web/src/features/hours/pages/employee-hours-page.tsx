import { ArrowLeft, ChevronDown } from 'lucide-react';
import { type ComponentType, Fragment, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { HourBadge } from '../../../components/hour-badge';
import { MonthPicker } from '../../../components/month-picker';
import { PageHeader } from '../../../components/page-header';
import { Table } from '../../../components/table';
import { usePeriodParam } from '../../../hooks/use-period-param';
import { ApiError } from '../../../lib/api';
import { monthText, weekdayText } from '../../../lib/date-names';
import { formatIsoDate } from '../../../lib/dates';
import { formatNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useEmployee } from '../../../lib/queries/get-employee';
import { useWorkerHours } from '../../../lib/queries/get-worker-hours';

/** The exports feature's download links, given by the route (features do not import one another). */
type TExportButtons = ComponentType<{ kind: 'hours'; month: string }>;

/** The phone clock's punches of one employee's day (features/phone-clock), given by the route. */
type TDayPunches = ComponentType<{ employeeId: number; date: string; name: string }>;

/** /kryepuntor/oret/{id}: one employee's hours of a month; each day opens its punches when `DayPunches` is given. */
export function EmployeeHoursPage({
  ExportButtons,
  DayPunches,
}: {
  ExportButtons: TExportButtons;
  DayPunches?: TDayPunches;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const id = Number(useParams().id);
  const [month, setMonth] = usePeriodParam('month');
  const employee = useEmployee(id);
  const hours = useWorkerHours(id, month);
  const notFound =
    !Number.isInteger(id) ||
    id <= 0 ||
    (employee.error instanceof ApiError && employee.error.status === 404) ||
    (hours.error instanceof ApiError && hours.error.status === 404);
  const entries = hours.data ?? [];
  const name = employee.data?.name ?? entries[0]?.name ?? '';

  return (
    <>
      <PageHeader
        title={t('employer.screens.employeeHours')}
        description={
          name
            ? t('hours.worker.description', { name, month: monthText(month, i18n.language) })
            : monthText(month, i18n.language)
        }
        actions={
          <Link to="/kryepuntor/employee" className="btn-secondary">
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t('hours.worker.back')}
          </Link>
        }
      />
      {/* A missing employee has no months to pick or download. */}
      {notFound ? null : (
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <MonthPicker label={t('hours.worker.month')} month={month} onChange={setMonth} />
          {/* The server exports a whole month; it has no per-employee filter yet. */}
          <ExportButtons kind="hours" month={month} />
        </div>
      )}

      {notFound ? (
        <Alert tone="error">{t('hours.worker.notFound')}</Alert>
      ) : hours.isError ? (
        <Alert tone="error">{translateError(hours.error, t('hours.worker.loadFailed'))}</Alert>
      ) : (
        <Table
          columns={[
            {
              key: 'name',
              header: t('hours.columns.name'),
              className: 'hidden px-4 sm:table-cell',
              skeleton: 'h-4 w-36',
            },
            { key: 'date', header: t('hours.columns.date'), skeleton: 'h-4 w-24' },
            { key: 'weekday', header: t('hours.columns.weekday'), skeleton: 'h-4 w-20' },
            {
              key: 'hours',
              header: t('hours.columns.hours'),
              headerClassName: 'text-right',
              skeleton: 'ml-auto h-4 w-10',
            },
            ...(DayPunches
              ? [
                  {
                    key: 'punches',
                    header: <span className="sr-only">{t('hours.worker.punches')}</span>,
                    skeleton: 'ml-auto h-4 w-10',
                  },
                ]
              : []),
          ]}
          loading={hours.isPending}
          busy={hours.isPending}
          empty={t('hours.worker.empty')}
          rowCount={entries.length}
        >
          {entries.map((entry) => (
            <Fragment key={entry.id}>
              <tr>
                <td className="hidden px-4 py-3 font-medium wrap-anywhere text-slate-900 sm:table-cell">
                  {entry.name}
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700 tabular-nums">{formatIsoDate(entry.data)}</td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">{weekdayText(entry.data, i18n.language)}</td>
                <td className="px-4 py-3 text-right">
                  <HourBadge hours={entry.ora} label={formatNumber(entry.ora, i18n.language)} />
                </td>
                {DayPunches ? (
                  <td className="px-2 py-2 text-right">
                    <button
                      type="button"
                      className="btn-ghost px-2 py-1.5"
                      aria-expanded={open === entry.data}
                      aria-controls={`punches-${entry.id}`}
                      onClick={() => setOpen((current) => (current === entry.data ? null : entry.data))}
                    >
                      <ChevronDown
                        className={`size-4 transition-transform ${open === entry.data ? 'rotate-180' : ''}`}
                        aria-hidden="true"
                      />
                      <span className="sr-only sm:not-sr-only">{t('hours.worker.punches')}</span>
                      <span className="sr-only"> {formatIsoDate(entry.data)}</span>
                    </button>
                  </td>
                ) : null}
              </tr>
              {DayPunches && open === entry.data ? (
                <tr id={`punches-${entry.id}`} className="bg-slate-50/60">
                  <td colSpan={5} className="px-4 py-2">
                    <DayPunches employeeId={id} date={entry.data} name={name} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </Table>
      )}
    </>
  );
}
