import { addDays } from '../calendar';

function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Catholic Easter Sunday: the Gregorian computus (the anonymous Gregorian algorithm, as given by
 * Meeus, "Astronomical Algorithms", ch. 8), for any Gregorian year.
 */
export function catholicEaster(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const monthAndDay = h + l - 7 * m + 114;
  return isoDate(year, Math.floor(monthAndDay / 31), (monthAndDay % 31) + 1);
}

/**
 * Orthodox Easter Sunday as a Gregorian date: the Julian computus (Meeus, ch. 8) gives a Julian
 * calendar date, then the calendars' gap for that century is added (13 days from 1900 to 2099,
 * 14 from 2100; Easter falls after February, so the year's gap is the one that applies).
 */
export function orthodoxEaster(year: number): string {
  const a = year % 4;
  const b = year % 7;
  const c = year % 19;
  const d = (19 * c + 15) % 30;
  const e = (2 * a + 4 * b - d + 34) % 7;
  const monthAndDay = d + e + 114;
  const julian = isoDate(year, Math.floor(monthAndDay / 31), (monthAndDay % 31) + 1);
  const gap = Math.floor(year / 100) - Math.floor(year / 400) - 2;
  return addDays(julian, gap);
}
