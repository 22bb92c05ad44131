import { monthLabel } from '@puna/domain';
import { localeFor } from '../../../lib/format';

/** A YYYY-MM month as a person reads it: 'Mars 2025' / 'March 2025'. */
export function monthText(month: string, language: string): string {
  if (language !== 'en') return monthLabel(month);
  return new Intl.DateTimeFormat(localeFor(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T12:00:00Z`),
  );
}
