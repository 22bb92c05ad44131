import { describe, expect, it } from 'vitest';
import { resolvePeriod, ZPeriodQuery } from './period';

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
