import { localeFor } from '../../../lib/format';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A server timestamp in the reader's own time zone. Albanian as "22.11.2025, 07:14" (the app's
 * date style; browsers' Albanian locale data is often incomplete), English through Intl.
 */
export function formatTimestamp(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (language === 'en') {
    return new Intl.DateTimeFormat(localeFor(language), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  }
  const day = `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
  return `${day}, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
