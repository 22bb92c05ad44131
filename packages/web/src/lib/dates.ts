import { currentMonthIn, todayIn } from '@puna/domain';

/** The employer's default time zone (docs/architecture.md#time-zones: dates are read in it). */
const FALLBACK_TIME_ZONE = 'Europe/Tirane';

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_TIME_ZONE;
  } catch {
    return FALLBACK_TIME_ZONE;
  }
}

/**
 * Today (YYYY-MM-DD) where the person using the app is. Pickers start on it; the server keeps
 * deciding "today" for itself in the employer's time zone.
 */
export function localToday(): string {
  return todayIn(browserTimeZone());
}

/** This month (YYYY-MM) where the person using the app is. */
export function localMonth(): string {
  return currentMonthIn(browserTimeZone());
}

/** 'YYYY-MM-DD' → 'DD.MM.YYYY', read from the text so no time zone can shift the day. */
export function formatIsoDate(date: string): string {
  const [year, month, day] = date.split('-');
  return year && month && day ? `${day}.${month}.${year}` : date;
}
