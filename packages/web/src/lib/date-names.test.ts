import { describe, expect, it } from 'vitest';
import { monthNameText, monthText, weekdayOfIndex, weekdayText } from './date-names';

describe('weekday and month names follow the language (issue 34)', () => {
  it('names a weekday in Albanian and in English', () => {
    expect(weekdayText('2026-11-28', 'sq')).toBe('E Shtunë');
    expect(weekdayText('2026-11-28', 'en')).toBe('Saturday');
    expect(weekdayOfIndex(0, 'sq')).toBe('E Hënë');
    expect(weekdayOfIndex(6, 'en')).toBe('Sunday');
  });

  it('names a month in Albanian and in English', () => {
    expect(monthText('2026-11', 'sq')).toBe('Nëntor 2026');
    expect(monthText('2026-11', 'en')).toBe('November 2026');
    expect(monthNameText('2025-01', 'en')).toBe('January');
    expect(monthNameText('2025-12', 'sq')).toBe('Dhjetor');
  });
});
