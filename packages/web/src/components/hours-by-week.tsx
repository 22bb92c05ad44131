import type { TWeekGroup } from '@puna/domain';
import { weekdayText } from '../lib/date-names';
import { formatIsoDate } from '../lib/dates';
import { useTranslation } from '../lib/i18n';
import { HourBadge } from './hour-badge';

type Entry = { id: number; data: string; dita: string; ora: number };

type HoursByWeekProps<T extends Entry> = {
  /** Weeks from the domain (`groupByWeek` or `workerWeeks`), labelled 'Java N'. */
  weeks: TWeekGroup<T>[];
  labels: {
    date: string;
    weekday: string;
    hours: string;
    week: (week: number) => string;
    total: (hours: string) => string;
  };
  formatHours: (hours: number) => string;
};

/** A month's entries grouped Monday to Sunday, each week with its total, hours coloured by the rule. */
export function HoursByWeek<T extends Entry>({ weeks, labels, formatHours }: HoursByWeekProps<T>) {
  const { i18n } = useTranslation();
  return (
    <div className="space-y-4">
      {weeks.map((group) => (
        <section
          key={group.start}
          aria-labelledby={`week-${group.start}`}
          className="rounded-xl border border-slate-200"
        >
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2.5">
            <h3 id={`week-${group.start}`} className="font-semibold text-slate-900">
              {labels.week(group.week)}
            </h3>
            <span className="text-sm font-medium text-slate-700 tabular-nums">
              {labels.total(formatHours(group.totalHours))}
            </span>
          </div>
          <table className="w-full table-fixed text-left text-sm">
            <thead className="sr-only">
              <tr>
                <th scope="col">{labels.date}</th>
                <th scope="col">{labels.weekday}</th>
                <th scope="col">{labels.hours}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {group.entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="px-4 py-2 whitespace-nowrap text-slate-700 tabular-nums">
                    {formatIsoDate(entry.data)}
                  </td>
                  <td className="px-4 py-2 text-slate-700">{weekdayText(entry.data, i18n.language)}</td>
                  <td className="px-4 py-2 text-right">
                    <HourBadge hours={entry.ora} label={formatHours(entry.ora)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
