const DAY_MINUTES = 24 * 60;

const HH_MM = /^\d{2}:\d{2}$/;

function minutesOf(clock: string): number {
  // The window's 'HH:MM', read for each of a statement's 13,000 scanned days (bench/README.md#payroll).
  if (HH_MM.test(clock)) {
    const digit = (i: number) => clock.charCodeAt(i) - 48;
    return (digit(0) * 10 + digit(1)) * 60 + digit(3) * 10 + digit(4);
  }
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return hours * 60 + minutes;
}

/**
 * Hours of a shift inside the night window (docs/labour-rules.md#night-work). The shift runs from
 * `startMinute` to `endMinute`, minutes from the midnight that starts its day; a shift past
 * midnight ends above 1440 (22:00 to 06:00 is 1320 to 1800). The window, e.g. 22:00–06:00, repeats
 * every day and may cross midnight. Rounded to hundredths of an hour, as hours are stored.
 */
export function nightHoursOf(startMinute: number, endMinute: number, window: { start: string; end: string }): number {
  if (endMinute <= startMinute) return 0;
  const windowStart = minutesOf(window.start);
  let windowEnd = minutesOf(window.end);
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
