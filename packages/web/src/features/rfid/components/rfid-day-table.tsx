import type { TRfidDay } from '@puna/domain';
import { ChevronDown, Clock, Pencil, TriangleAlert } from 'lucide-react';
import { type ComponentType, Fragment, useState } from 'react';
import { DayMarkBadges } from '../../../components/day-mark-badges';
import { Table, type TableColumn } from '../../../components/table';
import { formatIsoDate } from '../../../lib/dates';
import { formatNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { clockTime, scanRange } from './scan-range';

/** Whether a row has a mark to show (docs/product.md#marks): a flag, leave, or a no checkout the list does not flag. */
function hasMarks(day: TRfidDay): boolean {
  return (
    (day.flags?.length ?? 0) > 0 || Boolean(day.leave_type) || (day.state === 'noCheckout' && !day.missingCheckout)
  );
}

/** Placeholder rows while a day loads (as the hours list: 5). */
const SKELETON_ROWS = 5;

/** The phone clock's punches of one employee's day (features/phone-clock), given by the route. */
export type TDayPunches = ComponentType<{ employeeId: number; date: string; name: string }>;

type RfidDayTableProps = {
  days: TRfidDay[];
  loading: boolean;
  onEdit: (day: TRfidDay) => void;
  /** When given, each row opens its punches (origin, flags, map point, photo) below it. */
  DayPunches?: TDayPunches;
};

/** Punches of the day the server flagged and nobody has accepted yet (sent when there are any). */
const flaggedOf = (day: TRfidDay) => (day as TRfidDay & { flagged?: number }).flagged ?? 0;

/**
 * The workers who scanned on a date: name, date and weekday, first-to-last scan, hours and Edit.
 * A single scan is flagged as a missing checkout, except today's: that worker is still at work
 * ("Në punë që nga 08:02") and has no hours yet. The day's marks against the schedule (late, left
 * early, outside the schedule, leave) follow as badges. On a phone the date moves under the name.
 */
export function RfidDayTable({ days, loading, onEdit, DayPunches }: RfidDayTableProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const columns: TableColumn[] = [
    {
      key: 'index',
      header: t('rfid.columns.index'),
      className: 'hidden pl-4 sm:table-cell',
      headerClassName: 'w-10',
      skeleton: 'h-4 w-5',
    },
    { key: 'name', header: t('rfid.columns.name'), className: 'px-4 sm:px-2', skeleton: 'h-4 w-32' },
    { key: 'date', header: t('rfid.columns.date'), className: 'hidden px-2 sm:table-cell', skeleton: 'h-4 w-32' },
    { key: 'range', header: t('rfid.columns.range'), className: 'px-2', skeleton: 'h-4 w-24' },
    {
      key: 'hours',
      header: t('rfid.columns.hours'),
      className: 'hidden px-2 sm:table-cell',
      headerClassName: 'text-right',
      skeleton: 'ml-auto h-4 w-8',
    },
    {
      key: 'actions',
      header: <span className="sr-only sm:not-sr-only">{t('rfid.columns.actions')}</span>,
      headerClassName: 'text-right',
      skeleton: 'ml-auto h-4 w-14',
    },
  ];
  return (
    <Table columns={columns} loading={loading} skeletonRows={SKELETON_ROWS}>
      {days.map((day, index) => {
        const rowKey = `${day.id}-${day.date}`;
        const expanded = open.has(rowKey);
        const flagged = flaggedOf(day);
        return (
          <Fragment key={rowKey}>
            <tr className="hover:bg-slate-50">
              <td className="hidden py-3 pl-4 text-slate-500 tabular-nums sm:table-cell">{index + 1}</td>
              <th scope="row" className="px-4 py-3 font-semibold wrap-anywhere text-slate-900 sm:px-2">
                {day.name}
                <span className="block text-xs font-normal text-slate-600 sm:hidden">
                  {formatIsoDate(day.date)} · {day.day}
                  {day.atWork ? null : ` · ${formatNumber(day.hours, i18n.language)} ${t('rfid.columns.hours')}`}
                </span>
              </th>
              <td className="hidden px-2 py-3 whitespace-nowrap text-slate-700 tabular-nums sm:table-cell">
                {formatIsoDate(day.date)} · {day.day}
              </td>
              <td className="px-2 py-3">
                {day.atWork ? (
                  <span
                    className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-sm font-semibold text-emerald-900 tabular-nums"
                    title={t('rfid.atWorkHint')}
                  >
                    <Clock className="size-3.5" aria-hidden="true" />
                    {t('rfid.atWork', { time: clockTime(day.firstScanTime) })}
                  </span>
                ) : (
                  <span className="font-medium whitespace-nowrap text-slate-900 tabular-nums">
                    {scanRange(day.firstScanTime, day.lastScanTime, day.missingCheckout)}
                  </span>
                )}
                {(day.missingCheckout && !day.atWork) || day.corrected || hasMarks(day) ? (
                  <span className="mt-1 flex flex-wrap gap-1">
                    {day.missingCheckout && !day.atWork ? (
                      <span
                        className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950"
                        title={t('rfid.missingCheckoutHint')}
                      >
                        <TriangleAlert className="size-3" aria-hidden="true" />
                        {t('rfid.missingCheckout')}
                      </span>
                    ) : null}
                    <DayMarkBadges mark={day} skipNoCheckout={day.missingCheckout} />
                    {day.corrected ? (
                      <span
                        className="rounded-full bg-sky-50 px-2 py-0.5 text-xs font-semibold text-sky-900"
                        title={day.correction_origin === 'automatic' ? t('rfid.correctedAutomaticHint') : undefined}
                      >
                        {day.correction_origin === 'automatic'
                          ? t('rfid.correctedAutomatic')
                          : day.correction_origin === 'worker'
                            ? t('rfid.correctedByWorker')
                            : t('rfid.corrected')}
                      </span>
                    ) : null}
                  </span>
                ) : null}
              </td>
              <td className="hidden px-2 py-3 text-right font-semibold text-slate-900 tabular-nums sm:table-cell">
                {day.atWork ? (
                  <span title={t('rfid.atWorkHint')}>
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">{t('rfid.atWorkHint')}</span>
                  </span>
                ) : (
                  formatNumber(day.hours, i18n.language)
                )}
              </td>
              <td className="px-4 py-2 text-right">
                <span className="inline-flex flex-wrap items-center justify-end gap-1">
                  {DayPunches ? (
                    <button
                      type="button"
                      className="btn-ghost px-2 py-1.5"
                      aria-expanded={expanded}
                      aria-controls={`punches-${rowKey}`}
                      onClick={() => toggle(rowKey)}
                    >
                      <ChevronDown
                        className={`size-4 transition-transform ${expanded ? 'rotate-180' : ''}`}
                        aria-hidden="true"
                      />
                      <span className="sr-only sm:not-sr-only">{t('rfid.punches')}</span>
                      <span className="sr-only"> {day.name}</span>
                      {flagged > 0 ? (
                        <span className="rounded-full bg-amber-100 px-1.5 text-xs font-semibold text-amber-950">
                          {t('rfid.flagged', { count: flagged })}
                        </span>
                      ) : null}
                    </button>
                  ) : null}
                  <button type="button" className="btn-ghost px-2 py-1.5" onClick={() => onEdit(day)}>
                    <Pencil className="size-4" aria-hidden="true" />
                    <span className="sr-only sm:not-sr-only">{t('rfid.edit')}</span>
                    <span className="sr-only"> {day.name}</span>
                  </button>
                </span>
              </td>
            </tr>
            {DayPunches && expanded ? (
              <tr id={`punches-${rowKey}`} className="bg-slate-50/60">
                <td colSpan={6} className="px-4 py-2">
                  <DayPunches employeeId={day.id} date={day.date} name={day.name} />
                </td>
              </tr>
            ) : null}
          </Fragment>
        );
      })}
    </Table>
  );
}
