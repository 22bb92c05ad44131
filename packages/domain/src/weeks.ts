import { isSunday, weekdayIndex, weekOfMonth, weekStart } from './calendar';

type Dated = { data: string; ora: number };

export type TWeekGroup<T extends Dated> = {
  /** Week of the month, 1 for the week holding the 1st. */
  week: number;
  /** 'Java N'. */
  label: string;
  /** Monday of the week (YYYY-MM-DD). */
  start: string;
  entries: T[];
  totalHours: number;
};

function sumHours(entries: readonly Dated[]): number {
  return Math.round(entries.reduce((sum, entry) => sum + Math.round(entry.ora * 100), 0)) / 100;
}

/**
 * Groups entries into Monday-to-Sunday weeks labelled 'Java N' (N counted within the month),
 * each week's entries ordered Monday to Sunday.
 */
export function groupByWeek<T extends Dated>(entries: readonly T[]): TWeekGroup<T>[] {
  const sorted = [...entries].sort((a, b) => (a.data < b.data ? -1 : a.data > b.data ? 1 : 0));
  const weeks = new Map<string, TWeekGroup<T>>();
  for (const entry of sorted) {
    const start = weekStart(entry.data);
    let group = weeks.get(start);
    if (!group) {
      const week = weekOfMonth(entry.data);
      group = { week, label: `Java ${week}`, start, entries: [], totalHours: 0 };
      weeks.set(start, group);
    }
    group.entries.push(entry);
  }
  for (const group of weeks.values()) {
    group.entries.sort((a, b) => weekdayIndex(a.data) - weekdayIndex(b.data));
    group.totalHours = sumHours(group.entries);
  }
  return [...weeks.values()];
}

/** Whether the worker's own view shows an entry: a Sunday with 0 hours is hidden (docs/product.md#worker-area). */
export function isShownToWorker(entry: Dated): boolean {
  return !(isSunday(entry.data) && entry.ora === 0);
}

/**
 * The worker's own weekly view: Sunday entries with 0 hours hidden, Sunday entries with hours at
 * the end of their week (Monday-to-Sunday order), and totals without the hidden Sundays.
 */
export function workerWeeks<T extends Dated>(entries: readonly T[]): TWeekGroup<T>[] {
  return groupByWeek(entries.filter(isShownToWorker));
}

/** The worker view's total hours: every shown entry. */
export function workerTotalHours(entries: readonly Dated[]): number {
  return sumHours(entries.filter(isShownToWorker));
}
