import { describe, expect, it } from 'vitest';
import { holidaysOf } from './holidays';
import { computeWorkerPayroll, payrollTotals, type TWorkerMonthInput } from './payroll';
import { ruleSetFor } from './rule-sets';

/** Approved leave on the payroll statement (docs/product.md#leave), April 2026 in Kosovo. */
const april = ruleSetFor('XK', '2026-04');
if (!april) throw new Error('no rule set');
const holidays = holidaysOf('XK', 2026).holidays;
// April 2026's weekdays less the two Easter Mondays (6 and 13 April); 9 April is a holiday worked.
const WEEKDAYS = [1, 2, 3, 7, 8, 9, 10, 14, 15, 16, 17, 20, 21, 22, 23, 24, 27, 28, 29, 30];
const date = (day: number) => `2026-04-${String(day).padStart(2, '0')}`;
const LEAVE = [27, 28];

function month(wages: TWorkerMonthInput['wages'], salary: number, paid: boolean | null): TWorkerMonthInput {
  const worked = paid === null ? WEEKDAYS : WEEKDAYS.filter((day) => !LEAVE.includes(day));
  return {
    month: '2026-04',
    wages,
    salary,
    days: worked.map((day) => ({ date: date(day), hours: 8 })),
    ...(paid === null ? {} : { leaveDays: LEAVE.map((day) => ({ date: date(day), paid, hours: 8 })) }),
  };
}

describe('leave on the payroll statement', () => {
  it('pays a monthly worker’s paid leave like the days worked: the month’s gross is unchanged', () => {
    const full = computeWorkerPayroll(month('Muaj', 520, null), april, holidays);
    const withLeave = computeWorkerPayroll(month('Muaj', 520, true), april, holidays);
    // 22 scheduled weekdays: each paid leave day is 520 ÷ 22 = 23.6363… of the salary.
    expect(withLeave.basePay).toBe(425_46);
    expect(withLeave.paidLeave).toEqual({ days: 2, amount: 47_27 });
    expect(withLeave.unpaidLeaveDays).toBe(0);
    expect(withLeave.gross).toBe(full.gross);
    expect(withLeave.net).toBe(full.net);
  });

  it('deducts a monthly worker’s unpaid leave: the days are counted and not paid', () => {
    const full = computeWorkerPayroll(month('Muaj', 520, null), april, holidays);
    const unpaid = computeWorkerPayroll(month('Muaj', 520, false), april, holidays);
    expect(unpaid.paidLeave).toEqual({ days: 0, amount: 0 });
    expect(unpaid.unpaidLeaveDays).toBe(2);
    // Two absent scheduled days of 22: 520 − 520 × 20 ÷ 22 = 520 − 472.73.
    expect(unpaid.salaryDays).toEqual({ scheduled: 22, employed: 22, absent: 2 });
    expect(full.gross - unpaid.gross).toBe(47_27);
  });

  it('pays a daily worker a day’s rate and an hourly worker the scheduled hours', () => {
    expect(computeWorkerPayroll(month('Ditë', 30, true), april, holidays).paidLeave).toEqual({
      days: 2,
      amount: 60_00,
    });
    const hourly = computeWorkerPayroll(month('Orë', 3, true), april, holidays);
    expect(hourly.paidLeave).toEqual({ days: 2, amount: 48_00 });
    // The Easter Mondays, scheduled and not worked, are paid too: 2 × 8 h × €3.
    expect(hourly.paidHolidays).toEqual({ days: 2, amount: 48_00 });
    expect(hourly.gross).toBe(
      hourly.basePay + 48_00 + 48_00 + hourly.premiums.reduce((sum, line) => sum + line.amount, 0),
    );
  });

  it('pays the hours of a leave day worked, not the leave, and ignores days outside the month', () => {
    const input = month('Ditë', 30, null);
    const result = computeWorkerPayroll(
      {
        ...input,
        leaveDays: [
          { date: date(27), paid: true, hours: 8 },
          { date: '2026-05-04', paid: true, hours: 8 },
        ],
      },
      april,
      holidays,
    );
    expect(result.paidLeave).toEqual({ days: 0, amount: 0 });
    expect(result.gross).toBe(computeWorkerPayroll(input, april, holidays).gross);
  });

  it('pays a monthly worker a month spent on paid leave in full, each holiday once', () => {
    const input: TWorkerMonthInput = {
      month: '2026-04',
      wages: 'Muaj',
      salary: 520,
      days: [],
      leaveDays: WEEKDAYS.map((day) => ({ date: date(day), paid: true, hours: 8 })),
    };
    const result = computeWorkerPayroll(input, april, holidays);
    // The three holidays on weekdays (both Easter Mondays and 9 April) are paid as holidays.
    expect(result.paidHolidays.days).toBe(3);
    expect(result.paidLeave?.days).toBe(19);
    expect(result.basePay + result.paidHolidays.amount + (result.paidLeave?.amount ?? 0)).toBe(520_00);
  });

  it('leaves a month without leave as it was, and adds paid leave to the totals only when there is some', () => {
    const plain = computeWorkerPayroll(month('Muaj', 520, null), april, holidays);
    expect(plain).not.toHaveProperty('paidLeave');
    expect(plain).not.toHaveProperty('unpaidLeaveDays');
    expect(payrollTotals([plain])).not.toHaveProperty('paidLeave');
    const withLeave = computeWorkerPayroll(month('Muaj', 520, true), april, holidays);
    expect(payrollTotals([plain, withLeave]).paidLeave).toBe(47_27);
  });
});
