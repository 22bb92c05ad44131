import type { THoursEntry, THoursOnLeave } from '@puna/domain';
import { Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Table, type TableColumn } from '../../../components/table';
import { weekdayText } from '../../../lib/date-names';
import { formatIsoDate } from '../../../lib/dates';
import { formatNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/** Placeholder rows while a day loads (docs/product.md#hours-list: 5). */
export const HOURS_SKELETON_ROWS = 5;

type HoursTableProps = {
  entries: THoursEntry[];
  loading: boolean;
  selected: ReadonlySet<number>;
  /** Workers on approved leave that day, by id: their rows carry a badge. */
  leave?: ReadonlyMap<number, THoursOnLeave>;
  onToggle: (id: number) => void;
  onDelete: (entry: THoursEntry) => void;
};

/** "On leave" with the leave type, and whether it is unpaid. */
export function LeaveBadge({ leave, className = '' }: { leave: THoursOnLeave; className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center rounded-md px-2 py-0.5 align-middle text-xs font-medium ${
        leave.paid ? 'bg-sky-100 text-sky-900' : 'bg-amber-100 text-amber-900'
      } ${className}`}
    >
      {leave.paid ? t('hours.list.onLeave', { type: leave.type }) : t('hours.list.onUnpaidLeave', { type: leave.type })}
    </span>
  );
}

/**
 * One day's entries, numbered and sorted by name, each with a checkbox, Edit and Delete. On a
 * phone the date and weekday move under the name so the table never needs sideways scrolling.
 */
export function HoursTable({ entries, loading, selected, leave, onToggle, onDelete }: HoursTableProps) {
  const { t, i18n } = useTranslation();
  const columns: TableColumn[] = [
    {
      key: 'select',
      header: <span className="sr-only">{t('hours.list.selectColumn')}</span>,
      className: 'pl-4',
      headerClassName: 'w-10',
      skeleton: 'size-4',
    },
    { key: 'index', header: t('hours.columns.index'), className: 'px-2', headerClassName: 'w-10', skeleton: 'h-4 w-5' },
    { key: 'name', header: t('hours.columns.name'), className: 'px-2', skeleton: 'h-4 w-36' },
    { key: 'date', header: t('hours.columns.date'), className: 'hidden px-2 sm:table-cell', skeleton: 'h-4 w-24' },
    {
      key: 'weekday',
      header: t('hours.columns.weekday'),
      className: 'hidden px-2 sm:table-cell',
      skeleton: 'h-4 w-20',
    },
    {
      key: 'hours',
      header: t('hours.columns.hours'),
      className: 'px-2',
      headerClassName: 'text-right',
      skeleton: 'ml-auto h-4 w-8',
    },
    { key: 'actions', header: t('hours.columns.actions'), headerClassName: 'text-right', skeleton: 'ml-auto h-4 w-24' },
  ];
  return (
    <Table columns={columns} loading={loading} skeletonRows={HOURS_SKELETON_ROWS}>
      {entries.map((entry, index) => (
        <tr key={entry.id} className={selected.has(entry.id) ? 'bg-brand-50/60' : 'hover:bg-slate-50'}>
          <td className="py-3 pl-4">
            <input
              type="checkbox"
              className="size-4 rounded accent-brand-700"
              aria-label={t('hours.list.selectRow', { name: entry.name })}
              checked={selected.has(entry.id)}
              onChange={() => onToggle(entry.id)}
            />
          </td>
          <td className="px-2 py-3 text-slate-500 tabular-nums">{index + 1}</td>
          <th scope="row" className="px-2 py-3 font-semibold wrap-anywhere text-slate-900">
            {entry.name}
            {leave?.get(entry.worker_id) ? (
              <span className="mt-0.5 block sm:mt-0 sm:ml-2 sm:inline">
                <LeaveBadge leave={leave.get(entry.worker_id) as THoursOnLeave} />
              </span>
            ) : null}
            <span className="block text-xs font-normal text-slate-600 sm:hidden">
              {formatIsoDate(entry.data)} · {weekdayText(entry.data, i18n.language)}
            </span>
          </th>
          <td className="hidden px-2 py-3 whitespace-nowrap text-slate-700 tabular-nums sm:table-cell">
            {formatIsoDate(entry.data)}
          </td>
          <td className="hidden px-2 py-3 whitespace-nowrap text-slate-700 sm:table-cell">
            {weekdayText(entry.data, i18n.language)}
          </td>
          <td className="px-2 py-3 text-right font-semibold text-slate-900 tabular-nums">
            {formatNumber(entry.ora, i18n.language)}
          </td>
          <td className="px-4 py-2">
            <div className="flex justify-end gap-2 whitespace-nowrap">
              <Link to={`/kryepuntor/edit_klista/${entry.id}`} className="btn-ghost px-2 py-1.5">
                <Pencil className="size-4" aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">{t('hours.list.edit')}</span>
                <span className="sr-only"> {entry.name}</span>
              </Link>
              <button
                type="button"
                className="btn-ghost px-2 py-1.5 text-red-700 hover:bg-red-50"
                onClick={() => onDelete(entry)}
              >
                <Trash2 className="size-4" aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">{t('hours.list.delete')}</span>
                <span className="sr-only"> {entry.name}</span>
              </button>
            </div>
          </td>
        </tr>
      ))}
    </Table>
  );
}
