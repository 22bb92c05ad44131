import { MONTH_NAMES, WEEKDAY_NAMES } from '@puna/domain';

const pad = (value: number) => String(value).padStart(2, '0');

/** "07:58" (24-hour, in every language). */
export function clockTime(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * "E Hënë, 3 Mars 2025" in Albanian from the domain's names (browsers' Albanian locale data is
 * often incomplete), "Monday 3 March 2025" in English through Intl.
 */
export function clockDate(date: Date, language: string): string {
  if (language === 'en') {
    return new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
      date,
    );
  }
  const weekday = WEEKDAY_NAMES[(date.getDay() + 6) % 7];
  return `${weekday}, ${date.getDate()} ${MONTH_NAMES[date.getMonth()]} ${date.getFullYear()}`;
}
