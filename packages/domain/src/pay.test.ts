import { describe, expect, it } from 'vitest';
import { datesOfMonth, isSunday } from './calendar';
import {
  computeMonthPay,
  countedDayValue,
  GROSS_FACTOR,
  grossOf,
  roundMoney,
  type TWageBasis,
  WAGE_BASES,
  workingDaysInMonth,
} from './pay';

describe('pay constants', () => {
  it('has the three wage bases and the gross factor', () => {
    expect(WAGE_BASES).toEqual(['Orë', 'Ditë', 'Muaj']);
    expect(GROSS_FACTOR).toBe(1.125);
  });
});

describe('counted days', () => {
  it.each([
    [0, 0],
    [0.25, 0.5],
    [4, 0.5],
    [6.99, 0.5],
    [7, 1],
    [8, 1],
    [24, 1],
  ])('a day of %s hours counts %s', (hours, counted) => {
    expect(countedDayValue(hours)).toBe(counted);
  });
});

describe('working days leave out Sundays', () => {
  it.each([
    ['2025-03', 26], // 31 days, 5 Sundays
    ['2025-02', 24], // 28 days, 4 Sundays
    ['2024-02', 25], // leap year: 29 days, 4 Sundays
    ['2025-06', 25], // 30 days, 5 Sundays (starts on a Sunday)
    ['2025-09', 26], // 30 days, 4 Sundays
  ])('%s has %i working days', (month, days) => {
    expect(workingDaysInMonth(month)).toBe(days);
  });

  it('counts what listing the days would give, for every month from 1990 to 2060', () => {
    for (let year = 1990; year <= 2060; year += 1) {
      for (let m = 1; m <= 12; m += 1) {
        const month = `${year}-${String(m).padStart(2, '0')}`;
        expect(workingDaysInMonth(month), month).toBe(datesOfMonth(month).filter((date) => !isSunday(date)).length);
      }
    }
  });
});

describe('rounding', () => {
  it.each([
    [1.005, 1.01],
    [2.675, 2.68],
    [0.125, 0.13],
    [1.234, 1.23],
    [10, 10],
    [-1.005, -1.01],
    [1e-7, 0],
  ])('roundMoney(%s) is %s', (value, rounded) => {
    expect(roundMoney(value)).toBe(rounded);
  });

  it.each([
    [100, 112.5],
    [0, 0],
    [0.01, 0.01],
    [75, 84.38],
    [208.33, 234.37],
    [1234.56, 1388.88],
    [9, 10.13],
  ])('gross of %s is %s', (net, gross) => {
    expect(grossOf(net)).toBe(gross);
  });
});

type PayCase = [string, TWageBasis, number, string, number[], number, number, number, number];

describe('a month of pay', () => {
  it.each<PayCase>([
    // name, wages, salary, month, hours, totalHours, countedDays, pay, gross
    ['per hour: hours × rate', 'Orë', 3.5, '2025-03', [8, 8, 8], 24, 3, 84, 94.5],
    ['per hour with quarter hours', 'Orë', 3.35, '2025-03', [7.25, 8, 0], 15.25, 2, 51.09, 57.48],
    ['per hour, a fraction of a cent rounds up at half', 'Orë', 0.01, '2025-03', [0.5], 0.5, 0.5, 0.01, 0.01],
    ['per day: full, half and zero days', 'Ditë', 25, '2025-03', [8, 6, 0, 7, 3.5], 24.5, 3, 75, 84.38],
    ['per day with a rate in cents', 'Ditë', 33.33, '2025-03', [8, 2], 10, 1.5, 50, 56.25],
    ['per month, every working day', 'Muaj', 600, '2025-03', Array(26).fill(8), 208, 26, 600, 675],
    ['per month, half the working days', 'Muaj', 600, '2025-03', Array(13).fill(8), 104, 13, 300, 337.5],
    ['per month in February 2025 (24 working days)', 'Muaj', 500, '2025-02', Array(10).fill(9), 90, 10, 208.33, 234.37],
    ['per month, one half day in a leap February', 'Muaj', 450, '2024-02', [5], 5, 0.5, 9, 10.13],
    [
      'per month, worked Sundays count beyond the salary',
      'Muaj',
      600,
      '2025-03',
      Array(27).fill(8),
      216,
      27,
      623.08,
      700.97,
    ],
    ['no entries', 'Muaj', 600, '2025-03', [], 0, 0, 0, 0],
    ['only zero-hour days', 'Ditë', 30, '2025-03', [0, 0], 0, 0, 0, 0],
  ])('%s', (_name, wages, salary, month, hours, totalHours, countedDays, pay, gross) => {
    const figures = computeMonthPay({ wages, salary, month, hours });
    expect(figures).toEqual({
      totalHours,
      countedDays,
      workingDays: workingDaysInMonth(month),
      pay,
      gross,
    });
  });

  it('sums hours without floating-point dust', () => {
    const figures = computeMonthPay({ wages: 'Orë', salary: 1, month: '2025-03', hours: [0.1, 0.2, 7.7] });
    expect(figures.totalHours).toBe(8);
    expect(figures.pay).toBe(8);
  });

  it('stays exact for large salaries', () => {
    const figures = computeMonthPay({ wages: 'Muaj', salary: 99_999_999.99, month: '2025-03', hours: [8] });
    expect(figures.pay).toBe(3_846_153.85);
  });
});
