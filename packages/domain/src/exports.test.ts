import { describe, expect, it } from 'vitest';
import { csvSeparatorOf, formatHours, formatNumber, numberLocaleOf, parseFormattedNumber } from './exports';

describe('the one number format of the payroll documents', () => {
  it.each([
    [1234.56, 'sq', 2, '1.234,56'],
    [1234.56, 'en', 2, '1,234.56'],
    [1234567.5, 'sq', 2, '1.234.567,50'],
    [0, 'sq', 2, '0,00'],
    [-0.001, 'sq', 2, '0,00'],
    [-1397, 'sq', 2, '-1.397,00'],
    [2.005, 'sq', 2, '2,01'],
    [0.1 + 0.2, 'en', 2, '0.30'],
    [250000, 'sq', 0, '250.000'],
  ] as const)('writes %j in %s with %i decimals as %s', (value, locale, decimals, written) => {
    expect(formatNumber(value, locale, decimals)).toBe(written);
  });

  it('writes hours without trailing zeros', () => {
    expect(formatHours(7.5)).toBe('7,5');
    expect(formatHours(14)).toBe('14');
    expect(formatHours(1234.25, 'en')).toBe('1,234.25');
  });

  it('reads back what it wrote', () => {
    for (const value of [0, 7.5, 1234.56, -1397, 250000]) {
      expect(parseFormattedNumber(formatNumber(value, 'sq'), 'sq')).toBe(value);
      expect(parseFormattedNumber(formatNumber(value, 'en'), 'en')).toBe(value);
    }
    expect(parseFormattedNumber('abc')).toBeNaN();
  });

  it('separates CSV fields with ; where the decimal mark is a comma', () => {
    expect(csvSeparatorOf('sq')).toBe(';');
    expect(csvSeparatorOf('en')).toBe(',');
    expect(numberLocaleOf('en-GB')).toBe('en');
    expect(numberLocaleOf('sq')).toBe('sq');
    expect(numberLocaleOf(undefined)).toBe('sq');
  });
});
