import { describe, expect, it } from 'vitest';
import { formatIsoDate, localMonth, localToday } from './dates';

describe('dates', () => {
  it('writes an ISO date day first, read from its text', () => {
    expect(formatIsoDate('2025-03-04')).toBe('04.03.2025');
    expect(formatIsoDate('not a date')).toBe('not a date');
  });

  it("gives today's date and month in YYYY-MM-DD and YYYY-MM", () => {
    expect(localToday()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(localMonth()).toBe(localToday().slice(0, 7));
  });
});
