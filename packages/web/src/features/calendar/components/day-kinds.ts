import type { TTeamCalendar } from '@puna/domain';

/** Translation keys of the weekdays, Monday first (the domain's weekday order). */
export const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

export type DayKind = { kind: 'holiday' | 'company'; name: string };

/** The month's days off by date: an official holiday (its day off) or a company day. */
export function dayKindsOf(calendar: TTeamCalendar): Map<string, DayKind> {
  const days = new Map<string, DayKind>();
  for (const holiday of calendar.holidays) {
    if (!holiday.dayOff || days.has(holiday.date)) continue;
    days.set(holiday.date, { kind: holiday.kind === 'company' ? 'company' : 'holiday', name: holiday.name });
  }
  return days;
}

/** The weekday's key of a date's weekday index (0 = Monday). */
export const weekdayKey = (weekday: number) => WEEKDAY_KEYS[weekday % 7] ?? 'mon';
