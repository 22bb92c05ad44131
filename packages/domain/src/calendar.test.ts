import { describe, expect, it } from 'vitest';
import {
  addDays,
  clockMinutes,
  currentMonthIn,
  datesOfMonth,
  daysInMonth,
  isIsoDate,
  isIsoMonth,
  MONTH_NAMES,
  monthLabel,
  monthName,
  monthRange,
  shiftMonth,
  todayIn,
  WEEKDAY_NAMES,
  weekdayIndex,
  weekdayName,
  weekOfMonth,
  weekStart,
  ZIsoDate,
  ZIsoMonth,
} from './calendar';

describe('weekday names', () => {
  it('lists the seven Albanian names Monday to Sunday', () => {
    expect(WEEKDAY_NAMES).toEqual(['E Hënë', 'E Martë', 'E Mërkurë', 'E Enjte', 'E Premte', 'E Shtunë', 'E Dielë']);
  });

  it.each([
    ['2025-03-03', 0, 'E Hënë'],
    ['2025-03-04', 1, 'E Martë'],
    ['2025-03-05', 2, 'E Mërkurë'],
    ['2025-03-06', 3, 'E Enjte'],
    ['2025-03-07', 4, 'E Premte'],
    ['2025-03-08', 5, 'E Shtunë'],
    ['2025-03-09', 6, 'E Dielë'],
    ['2024-02-29', 3, 'E Enjte'],
    ['2025-03-30', 6, 'E Dielë'], // the night clocks change in Europe
    ['2025-10-26', 6, 'E Dielë'],
    ['2000-01-01', 5, 'E Shtunë'],
  ])('%s is weekday %i, %s', (date, index, name) => {
    expect(weekdayIndex(date)).toBe(index);
    expect(weekdayName(date)).toBe(name);
  });
});

describe('month names', () => {
  it('lists Janar to Dhjetor', () => {
    expect(MONTH_NAMES).toEqual([
      'Janar',
      'Shkurt',
      'Mars',
      'Prill',
      'Maj',
      'Qershor',
      'Korrik',
      'Gusht',
      'Shtator',
      'Tetor',
      'Nëntor',
      'Dhjetor',
    ]);
  });

  it.each([
    ['2025-01', 'Janar', 'Janar 2025'],
    ['2025-03', 'Mars', 'Mars 2025'],
    ['2025-11', 'Nëntor', 'Nëntor 2025'],
    ['2025-12', 'Dhjetor', 'Dhjetor 2025'],
  ])('%s is %s', (month, name, label) => {
    expect(monthName(month)).toBe(name);
    expect(monthLabel(month)).toBe(label);
  });

  it('refuses a month that is not YYYY-MM', () => {
    expect(() => monthName('2025-13')).toThrow(RangeError);
  });
});

describe('date arithmetic', () => {
  it.each([
    ['2025-03-31', 1, '2025-04-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-02-28', 1, '2025-03-01'],
    ['2025-01-01', -1, '2024-12-31'],
    ['2025-03-29', 2, '2025-03-31'],
    ['2025-10-25', 2, '2025-10-27'],
  ])('%s plus %i days is %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it('agrees with UTC Date arithmetic on every day from 1999 to 2031, a week either way', () => {
    // addDays and weekdayIndex read the digits directly (the payroll statement calls them tens of
    // thousands of times); this is the Date arithmetic they replace.
    const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const mismatches: string[] = [];
    for (let ms = Date.UTC(1999, 0, 1); ms <= Date.UTC(2031, 11, 31); ms += 86_400_000) {
      const date = iso(ms);
      if (weekdayIndex(date) !== (new Date(ms).getUTCDay() + 6) % 7) mismatches.push(`${date} weekday`);
      for (let days = -7; days <= 7; days += 1) {
        if (addDays(date, days) !== iso(ms + days * 86_400_000)) mismatches.push(`${date} ${days}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it.each([
    ['2025-02', 28],
    ['2024-02', 29],
    ['2025-04', 30],
    ['2025-12', 31],
  ])('%s has %i days', (month, days) => {
    expect(daysInMonth(month)).toBe(days);
    expect(datesOfMonth(month)).toHaveLength(days);
  });

  it('gives a month range with both ends inclusive', () => {
    expect(monthRange('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });

  it.each([
    ['2025-01', -1, '2024-12'],
    ['2025-12', 1, '2026-01'],
    ['2025-03', -14, '2024-01'],
  ])('%s shifted by %i is %s', (month, by, expected) => {
    expect(shiftMonth(month, by)).toBe(expected);
  });
});

describe('weeks run Monday to Sunday', () => {
  it.each([
    ['2025-03-03', '2025-03-03'],
    ['2025-03-09', '2025-03-03'],
    ['2025-03-10', '2025-03-10'],
    ['2025-01-01', '2024-12-30'],
  ])('the week of %s starts on %s', (date, monday) => {
    expect(weekStart(date)).toBe(monday);
  });

  it.each([
    // March 2025 starts on a Saturday: the 1st and 2nd are week 1.
    ['2025-03-01', 1],
    ['2025-03-02', 1],
    ['2025-03-03', 2],
    ['2025-03-31', 6],
    // June 2025 starts on a Sunday: a one-day first week.
    ['2025-06-01', 1],
    ['2025-06-02', 2],
    // September 2025 starts on a Monday.
    ['2025-09-07', 1],
    ['2025-09-08', 2],
  ])('%s is in Java %i', (date, week) => {
    expect(weekOfMonth(date)).toBe(week);
  });
});

describe('validation', () => {
  it.each([
    ['2025-03-01', true],
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-13-01', false],
    ['2025-3-1', false],
    ['01-03-2025', false],
    ['', false],
    ['0000-01-01', false],
    ['0099-06-15', false],
    ['9999-12-31', false],
    ['1900-01-01', true],
    ['2200-12-31', true],
  ])('isIsoDate(%s) is %s', (value, ok) => {
    expect(isIsoDate(value)).toBe(ok);
    expect(ZIsoDate.safeParse(value).success).toBe(ok);
  });

  it.each([
    ['2025-03', true],
    ['2025-00', false],
    ['2025-3', false],
    ['2025-03-01', false],
    ['0000-01', false],
    ['9999-12', false],
    ['1899-12', false],
    ['2200-12', true],
  ])('isIsoMonth(%s) is %s', (value, ok) => {
    expect(isIsoMonth(value)).toBe(ok);
    expect(ZIsoMonth.safeParse(value).success).toBe(ok);
  });

  it('explains a bad date', () => {
    expect(ZIsoDate.safeParse('2025-02-30').error?.issues[0]?.message).toBe(
      'Date must be a real date written YYYY-MM-DD.',
    );
  });
});

describe('today in a time zone', () => {
  it.each([
    // 23:30 UTC on 31 March is already 1 April in Tirana (UTC+2 in summer).
    ['2025-03-31T23:30:00Z', 'Europe/Tirane', '2025-04-01'],
    ['2025-03-31T21:30:00Z', 'Europe/Tirane', '2025-03-31'],
    ['2025-01-01T00:30:00Z', 'America/New_York', '2024-12-31'],
    ['2025-06-15T12:00:00Z', 'UTC', '2025-06-15'],
  ])('at %s it is %s in %s', (instant, timeZone, today) => {
    expect(todayIn(timeZone, new Date(instant))).toBe(today);
    expect(currentMonthIn(timeZone, new Date(instant))).toBe(today.slice(0, 7));
  });
});

describe('clockMinutes', () => {
  it("reads 'HH:MM' and 'HH:MM:SS' as whole minutes from midnight, seconds left out", () => {
    expect(clockMinutes('00:00')).toBe(0);
    expect(clockMinutes('07:45')).toBe(465);
    expect(clockMinutes('22:00:59')).toBe(1320);
    expect(clockMinutes('23:59:59')).toBe(1439);
  });

  it('reads another spelling by its parts', () => {
    expect(clockMinutes('7:30')).toBe(450);
    expect(clockMinutes('7')).toBe(420);
  });
});
