import { describe, expect, it } from 'vitest';
import { weekdayIndex } from '../calendar';
import { catholicEaster, orthodoxEaster } from './easter';

describe('Easter', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2000, '2000-04-23'],
    [2038, '2038-04-25'],
  ])('Catholic Easter %i is %s', (year, date) => {
    expect(catholicEaster(year)).toBe(date);
  });

  it.each([
    [2024, '2024-05-05'],
    [2025, '2025-04-20'],
    [2026, '2026-04-12'],
    [2027, '2027-05-02'],
    [2016, '2016-05-01'],
    [2021, '2021-05-02'],
  ])('Orthodox Easter %i is %s (a Gregorian date)', (year, date) => {
    expect(orthodoxEaster(year)).toBe(date);
  });

  it('falls on a Sunday, Catholic between 22 March and 25 April, Orthodox between 4 April and 8 May, 1900–2099', () => {
    for (let year = 1900; year <= 2099; year += 1) {
      const catholic = catholicEaster(year);
      const orthodox = orthodoxEaster(year);
      expect(weekdayIndex(catholic), catholic).toBe(6);
      expect(weekdayIndex(orthodox), orthodox).toBe(6);
      expect(catholic.slice(5) >= '03-22' && catholic.slice(5) <= '04-25', catholic).toBe(true);
      expect(orthodox.slice(5) >= '04-04' && orthodox.slice(5) <= '05-08', orthodox).toBe(true);
      expect(orthodox >= catholic, `${year}`).toBe(true);
    }
  });
});
