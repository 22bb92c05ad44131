import { describe, expect, it } from 'vitest';
import { dayText } from './day-text';

describe('dayText', () => {
  it('names the day with its weekday in the reader language', () => {
    expect(dayText('2025-03-21', 'sq')).toBe('E Premte, 21.03.2025');
    expect(dayText('2025-03-21', 'en')).toContain('Fri');
  });
});
