import { weekdayName } from '@puna/domain';
import { formatIsoDate } from '../../../lib/dates';
import { localeFor } from '../../../lib/format';

/** A YYYY-MM-DD day with its weekday: 'E Premte, 21.03.2025' / 'Fri 21 Mar 2025'. */
export function dayText(date: string, language: string): string {
  if (language !== 'en') return `${weekdayName(date)}, ${formatIsoDate(date)}`;
  return new Intl.DateTimeFormat(localeFor(language), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}
