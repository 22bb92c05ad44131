import { clockMinutes } from '../calendar';

const DAY_MINUTES = 24 * 60;

/**
 * Hours of a shift inside the night window (docs/labour-rules.md#night-work). The shift runs from
 * `startMinute` to `endMinute`, minutes from the midnight that starts its day; a shift past
 * midnight ends above 1440 (22:00 to 06:00 is 1320 to 1800). The window, e.g. 22:00–06:00, repeats
 * every day and may cross midnight. Rounded to hundredths of an hour, as hours are stored.
 */
export function nightHoursOf(startMinute: number, endMinute: number, window: { start: string; end: string }): number {
  if (endMinute <= startMinute) return 0;
  const windowStart = clockMinutes(window.start);
  let windowEnd = clockMinutes(window.end);
  if (windowEnd <= windowStart) windowEnd += DAY_MINUTES;
  let minutes = 0;
  const firstDay = Math.floor(startMinute / DAY_MINUTES) - 1;
  const lastDay = Math.floor(endMinute / DAY_MINUTES);
  for (let day = firstDay; day <= lastDay; day += 1) {
    const from = Math.max(startMinute, day * DAY_MINUTES + windowStart);
    const to = Math.min(endMinute, day * DAY_MINUTES + windowEnd);
    if (to > from) minutes += to - from;
  }
  return Math.round((minutes / 60) * 100) / 100;
}
