import { monthName, WEEKDAY_NAMES, weekdayIndex } from '@puna/domain';

/**
 * Weekday and month names in the screen's language (issue 34: English mode showed 'E Shtunë' and
 * 'Pay for Nëntor 2026'). Albanian from the domain's names, because browsers' Albanian locale data
 * is often incomplete; English through Intl. The domain's Albanian names stay what the wire carries
 * (an hours entry's `dita`): a screen shows the name of the entry's date, never `dita` itself.
 */

const english = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' });
const ENGLISH_WEEKDAY = english({ weekday: 'long' });
const ENGLISH_MONTH = english({ month: 'long' });

/** Noon UTC of a YYYY-MM-DD date, so no time zone moves it to another day. */
const noonOf = (date: string) => new Date(`${date}T12:00:00Z`);

/** The weekday of a YYYY-MM-DD date: 'E Shtunë' / 'Saturday'. */
export function weekdayText(date: string, language: string): string {
  return language === 'en' ? ENGLISH_WEEKDAY.format(noonOf(date)) : (WEEKDAY_NAMES[weekdayIndex(date)] ?? date);
}

/** A weekday by its place in a Monday-first week (0 = Monday): 'E Hënë' / 'Monday'. */
export function weekdayOfIndex(index: number, language: string): string {
  // 2024-01-01 was a Monday.
  return weekdayText(`2024-01-0${(index % 7) + 1}`, language);
}

/** The name of a YYYY-MM month: 'Nëntor' / 'November'. */
export function monthNameText(month: string, language: string): string {
  return language === 'en' ? ENGLISH_MONTH.format(noonOf(`${month}-15`)) : monthName(month);
}

/** A YYYY-MM month as a person reads it: 'Nëntor 2026' / 'November 2026'. */
export function monthText(month: string, language: string): string {
  return `${monthNameText(month, language)} ${month.slice(0, 4)}`;
}
