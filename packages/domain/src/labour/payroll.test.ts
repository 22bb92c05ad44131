import { describe, expect, it } from 'vitest';
import { holidaysOf } from './holidays';
import { nightHoursOf } from './night';
import { computeWorkerPayroll, payrollTotals, type TPayrollDay, type TWorkerMonthInput } from './payroll';
import { ruleSetFor } from './rule-sets';

/** The worked examples of docs/labour-rules.md#worked-examples-premiums, amounts in minor units. */
function ruleSet(jurisdiction: 'XK' | 'AL', month: string) {
  const found = ruleSetFor(jurisdiction, month);
  if (!found) throw new Error(`no rule set for ${jurisdiction} ${month}`);
  return found;
}

const days = (entries: [string, number, number?][]): TPayrollDay[] =>
  entries.map(([date, hours, nightHours]) =>
    nightHours === undefined ? { date, hours } : { date, hours, nightHours },
  );

/** Monday 2 to Sunday 8 March 2026: 10 h Monday to Friday, 6 h Saturday, 4 h Sunday (60 h). */
const longWeek = days([
  ['2026-03-02', 10],
  ['2026-03-03', 10],
  ['2026-03-04', 10],
  ['2026-03-05', 10],
  ['2026-03-06', 10],
  ['2026-03-07', 6],
  ['2026-03-08', 4],
]);

const premiumsOf = (result: ReturnType<typeof computeWorkerPayroll>) =>
  result.premiums.map((line) => [line.kind, line.hours, line.rateBps, line.amount]);

describe('payroll in Kosovo', () => {
  const kosovo = ruleSet('XK', '2026-03');
  const holidays = holidaysOf('XK', 2026).holidays;

  it('pays daily and weekly overtime and weekend work (Saturday and Sunday), adds the allowances, and flags the 8 h overtime cap', () => {
    const result = computeWorkerPayroll(
      { month: '2026-03', wages: 'Orë', salary: 3, days: longWeek },
      kosovo,
      holidays,
    );
    expect(result.basePay).toBe(180_00);
    expect(premiumsOf(result)).toEqual([
      ['overtimeDaily', 10, 30_00, 9_00],
      ['overtimeWeekly', 10, 30_00, 9_00],
      ['restDay', 10, 50_00, 15_00],
    ]);
    expect(result.overtimeHours).toBe(20);
    // Bajram on Friday 20 March, a scheduled day not worked: 8 h × €3.
    expect(result.paidHolidays).toEqual({ days: 1, amount: 24_00 });
    expect([result.gross, result.employeeContributions, result.incomeTax, result.net, result.employerCost]).toEqual([
      237_00, 11_85, 0, 225_15, 248_85,
    ]);
    expect(result.warnings).toEqual([{ code: 'overtimeWeekCap', weekStart: '2026-03-02', hours: 20, cap: 8 }]);
    expect(result.ruleSetId).toBe('XK-2026-01-01');
    expect(result.currency).toBe('EUR');
  });

  it("starts a part-time worker's overtime above the weekly schedule", () => {
    const input: TWorkerMonthInput = {
      month: '2026-03',
      wages: 'Orë',
      salary: 4,
      weeklyScheduleHours: 20,
      days: days([
        ['2026-03-02', 5],
        ['2026-03-03', 5],
        ['2026-03-04', 5],
        ['2026-03-05', 5],
        ['2026-03-06', 5],
      ]),
    };
    const result = computeWorkerPayroll(input, kosovo, holidays);
    expect(result.weeklyLimitHours).toBe(20);
    expect(result.basePay).toBe(100_00);
    expect(premiumsOf(result)).toEqual([['overtimeWeekly', 5, 30_00, 6_00]]);
    expect(result.warnings).toEqual([]);
  });

  it('pays night hours from scans at +30 %', () => {
    const input: TWorkerMonthInput = { month: '2026-03', wages: 'Orë', salary: 3, days: days([['2026-03-03', 8, 3]]) };
    const result = computeWorkerPayroll(input, kosovo, holidays);
    expect(premiumsOf(result)).toEqual([['night', 3, 30_00, 2_70]]);
    expect(result.paidHolidays).toEqual({ days: 1, amount: 24_00 });
    expect(result.gross).toBe(50_70);
  });

  it('pays a daily worker the holidays not worked and +50 % for the holiday worked (April 2026)', () => {
    const april = ruleSet('XK', '2026-04');
    const weekdays = [1, 2, 3, 7, 8, 9, 10, 14, 15, 16, 17, 20, 21, 22, 23, 24, 27, 28, 29, 30];
    const input: TWorkerMonthInput = {
      month: '2026-04',
      wages: 'Ditë',
      salary: 30,
      days: weekdays.map((day) => ({ date: `2026-04-${String(day).padStart(2, '0')}`, hours: 8 })),
    };
    const result = computeWorkerPayroll(input, april, holidays);
    expect(result.basePay).toBe(600_00);
    expect(result.paidHolidays).toEqual({ days: 2, amount: 60_00 });
    expect(premiumsOf(result)).toEqual([['holiday', 8, 50_00, 15_00]]);
    expect([result.gross, result.employeeContributions, result.taxableIncome, result.incomeTax, result.net]).toEqual([
      675_00, 33_75, 641_25, 35_13, 606_12,
    ]);
    expect(result.employerCost).toBe(708_75);
  });

  it('pays a monthly worker the salary for a month worked as scheduled, the holidays inside it, and the hourly rate as salary × 12 ÷ (52 × 40)', () => {
    const weekdays = [1, 2, 3, 7, 8, 9, 10, 14, 15, 16, 17, 20, 21, 22, 23, 24, 27, 28, 29, 30];
    const input: TWorkerMonthInput = {
      month: '2026-04',
      wages: 'Muaj',
      salary: 520,
      days: weekdays.map((day) => ({ date: `2026-04-${String(day).padStart(2, '0')}`, hours: 8 })),
    };
    const result = computeWorkerPayroll(input, ruleSet('XK', '2026-04'), holidays);
    // 22 scheduled weekdays; the two Easter Mondays are paid holidays (2 ÷ 22 × 520), the rest is the base.
    expect(result.salaryDays).toEqual({ scheduled: 22, employed: 22, absent: 0 });
    expect(result.paidHolidays).toEqual({ days: 2, amount: 47_27 });
    expect(result.basePay).toBe(472_73);
    expect(result.premiums.map((line) => [line.kind, line.hourlyRate, line.amount])).toEqual([
      ['holiday', 3_00, 12_00],
    ]);
    expect([result.gross, result.incomeTax, result.net, result.employerCost]).toEqual([532_00, 21_54, 483_86, 558_60]);
  });

  it('settles a week across two months in the month of its Sunday', () => {
    const marchDays = days([
      ['2026-03-30', 12],
      ['2026-03-31', 12],
    ]);
    const aprilDays = days([
      ['2026-04-01', 12],
      ['2026-04-02', 12],
      ['2026-04-03', 12],
      ['2026-04-04', 8],
    ]);
    const march = computeWorkerPayroll(
      { month: '2026-03', wages: 'Orë', salary: 3, days: marchDays },
      kosovo,
      holidays,
    );
    expect(premiumsOf(march)).toEqual([['overtimeDaily', 8, 30_00, 7_20]]);
    expect(march.warnings).toEqual([]);
    const april = computeWorkerPayroll(
      { month: '2026-04', wages: 'Orë', salary: 3, days: [...marchDays, ...aprilDays] },
      ruleSet('XK', '2026-04'),
      holidays,
    );
    expect(april.basePay).toBe(132_00);
    expect(premiumsOf(april)).toEqual([
      ['overtimeDaily', 12, 30_00, 10_80],
      ['overtimeWeekly', 8, 30_00, 7_20],
      ['restDay', 8, 50_00, 12_00],
    ]);
    expect(april.warnings).toEqual([{ code: 'overtimeWeekCap', weekStart: '2026-03-30', hours: 28, cap: 8 }]);
  });

  it('adds the overtime and holiday allowances for overtime on a holiday (10 h on 9 April 2026)', () => {
    const result = computeWorkerPayroll(
      { month: '2026-04', wages: 'Orë', salary: 3, days: days([['2026-04-09', 10]]) },
      ruleSet('XK', '2026-04'),
      holidays,
    );
    expect(premiumsOf(result)).toEqual([
      ['overtimeDaily', 2, 30_00, 1_80],
      ['holiday', 10, 50_00, 15_00],
    ]);
  });

  it('warns when a full-time monthly salary is below the minimum wage (€425 from January 2026)', () => {
    const result = computeWorkerPayroll(
      { month: '2026-03', wages: 'Muaj', salary: 300, days: longWeek },
      kosovo,
      holidays,
    );
    expect(result.warnings).toContainEqual({ code: 'belowMinimumWage', salary: 300_00, minimumWage: 425_00 });
  });
});

describe('payroll in Albania', () => {
  const albania = ruleSet('AL', '2026-03');
  const holidays = holidaysOf('AL', 2026).holidays;

  it('pays overtime at +25 %, overtime on Sunday at +50 % instead, and flags the 48 h week', () => {
    const result = computeWorkerPayroll(
      { month: '2026-03', wages: 'Orë', salary: 500, days: longWeek },
      albania,
      holidays,
    );
    expect(result.basePay).toBe(30_000_00);
    expect(premiumsOf(result)).toEqual([
      ['overtimeDaily', 10, 25_00, 1_250_00],
      ['overtimeWeekly', 6, 25_00, 750_00],
      ['overtimeRestDayOrHoliday', 4, 50_00, 1_000_00],
    ]);
    // Three days off not worked (16, 20 and 23 March), 8 h × 500 each; both insurances on the 50,000 minimum.
    expect(result.paidHolidays).toEqual({ days: 3, amount: 12_000_00 });
    expect([result.gross, result.employeeContributions, result.incomeTax, result.net, result.employerCost]).toEqual([
      45_000_00, 5_600_00, 0, 39_400_00, 53_350_00,
    ]);
    expect(result.warnings).toEqual([
      { code: 'weekHoursCap', weekStart: '2026-03-02', hours: 60, cap: 48 },
      { code: 'contributionBaseRaised', contribution: 'social', gross: 45_000_00, base: 50_000_00 },
      { code: 'contributionBaseRaised', contribution: 'health', gross: 45_000_00, base: 50_000_00 },
    ]);
  });

  it('flags the 200 h of overtime a year, counting the hours before the month', () => {
    const result = computeWorkerPayroll(
      { month: '2026-03', wages: 'Orë', salary: 500, days: longWeek, overtimeHoursBeforeMonth: 195 },
      albania,
      holidays,
    );
    expect(result.warnings).toContainEqual({ code: 'overtimeYearCap', hours: 215, cap: 200 });
    expect(result.overtimeHours).toBe(20);
  });

  it('pays a holiday on the rest day once, and its overtime at +50 % (10 h on Sunday 22 March 2026, Nevruz)', () => {
    const result = computeWorkerPayroll(
      { month: '2026-03', wages: 'Orë', salary: 500, days: days([['2026-03-22', 10]]) },
      albania,
      holidays,
    );
    expect(premiumsOf(result)).toEqual([
      ['overtimeRestDayOrHoliday', 2, 50_00, 500_00],
      ['holiday', 8, 25_00, 1_000_00],
    ]);
  });

  it('pays work on the moved day off of a weekend holiday as holiday work (Monday 23 March 2026, Nevruz)', () => {
    const result = computeWorkerPayroll(
      { month: '2026-03', wages: 'Orë', salary: 500, days: days([['2026-03-23', 8]]) },
      albania,
      holidays,
    );
    expect(premiumsOf(result)).toEqual([['holiday', 8, 25_00, 1_000_00]]);
  });
});

describe('employer totals', () => {
  it('add up the workers of a month', () => {
    const kosovo = ruleSet('XK', '2026-03');
    const holidays = holidaysOf('XK', 2026).holidays;
    const first = computeWorkerPayroll({ month: '2026-03', wages: 'Orë', salary: 3, days: longWeek }, kosovo, holidays);
    const second = computeWorkerPayroll(
      { month: '2026-03', wages: 'Orë', salary: 3, days: days([['2026-03-03', 8, 3]]) },
      kosovo,
      holidays,
    );
    expect(payrollTotals([first, second])).toEqual({
      workers: 2,
      basePay: 204_00,
      premiums: 35_70,
      paidHolidays: 48_00,
      gross: 287_70,
      employeeContributions: 14_39,
      incomeTax: 0,
      net: 273_31,
      employerContributions: 14_39,
      employerCost: 302_09,
    });
  });
});

describe('night hours', () => {
  const window = { start: '22:00', end: '06:00' };
  it.each([
    [18 * 60, 26 * 60, 4],
    [4 * 60, 12 * 60, 2],
    [8 * 60, 16 * 60, 0],
    [21 * 60 + 30, 22 * 60 + 45, 0.75],
    [22 * 60, 30 * 60 + 30, 8],
  ])('a shift from minute %i to %i has %s night hours', (start, end, hours) => {
    expect(nightHoursOf(start, end, window)).toBe(hours);
  });
});
