import { describe, expect, it } from 'vitest';
import { dayOrToday, monthOrCurrent, periodIn, resolvePeriod, ZPeriodQuery } from './period';

describe('list periods', () => {
  it.each([
    [{ date: '2025-03-05' }, { from: '2025-03-05', to: '2025-03-05' }],
    [{ month: '2024-02' }, { from: '2024-02-01', to: '2024-02-29' }],
    [
      { from: '2025-03-01', to: '2025-03-15' },
      { from: '2025-03-01', to: '2025-03-15' },
    ],
    [{}, { from: '2025-04-01', to: '2025-04-30' }],
  ])('%j covers %j', (query, range) => {
    expect(resolvePeriod(ZPeriodQuery.parse(query), '2025-04-17')).toEqual(range);
  });

  it.each([
    [{ date: '2025-03-05', month: '2025-03' }, 'Choose one of date, month, or from and to.'],
    [{ from: '2025-03-01' }, 'Give both from and to (YYYY-MM-DD).'],
    [{ from: '2025-03-10', to: '2025-03-01' }, 'from must not be after to.'],
    [{ from: '2024-01-01', to: '2025-01-01' }, 'A period can cover at most 366 days.'],
    [{ date: '2025-02-30' }, 'Date must be a real date written YYYY-MM-DD.'],
    [{ month: '2025-3' }, 'Month must be written YYYY-MM (for example 2025-03).'],
    // Found by the fuzzing suite: a malformed from or to used to throw (a 500) instead of refusing.
    [{ from: 'xxx', to: '2025-01-01' }, 'Date must be a real date written YYYY-MM-DD.'],
    [{ from: '2025-01-01', to: '2025-13-45' }, 'Date must be a real date written YYYY-MM-DD.'],
  ])('refuses %j', (query, message) => {
    expect(ZPeriodQuery.safeParse(query).error?.issues[0]?.message).toBe(message);
  });
});

describe("default day and month in the employer's time zone", () => {
  // 23:30 UTC on 31 March is already 1 April in Tirana, still 31 March in New York.
  const now = new Date('2025-03-31T23:30:00Z');

  it('keeps a named day or month', () => {
    expect(dayOrToday('2025-01-02', 'Europe/Tirane', now)).toBe('2025-01-02');
    expect(monthOrCurrent('2024-12', 'Europe/Tirane', now)).toBe('2024-12');
    expect(periodIn({ date: '2025-01-02' }, 'Europe/Tirane', now)).toEqual({ from: '2025-01-02', to: '2025-01-02' });
  });

  it.each([
    ['Europe/Tirane', '2025-04-01', '2025-04', { from: '2025-04-01', to: '2025-04-30' }],
    ['America/New_York', '2025-03-31', '2025-03', { from: '2025-03-01', to: '2025-03-31' }],
  ])('defaults to today and this month in %s', (timeZone, day, month, range) => {
    expect(dayOrToday(undefined, timeZone, now)).toBe(day);
    expect(monthOrCurrent(undefined, timeZone, now)).toBe(month);
    expect(periodIn({}, timeZone, now)).toEqual(range);
  });
});
