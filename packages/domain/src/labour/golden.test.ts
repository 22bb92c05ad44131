import { describe, expect, it } from 'vitest';
import { GOLDEN_CASES } from './golden-cases';
import { holidaysOf } from './holidays';
import { computeWorkerPayroll } from './payroll';
import { ruleSetFor } from './rule-sets';

describe('the golden cases, computed by hand from the law', () => {
  it('are at least 30', () => {
    expect(GOLDEN_CASES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(GOLDEN_CASES.map((golden) => [golden.name, golden] as const))('%s', (_name, golden) => {
    const ruleSet = ruleSetFor(golden.jurisdiction, golden.input.month);
    if (!ruleSet) throw new Error(`no rule set for ${golden.input.month}`);
    const year = Number(golden.input.month.slice(0, 4));
    const holidays = holidaysOf(golden.jurisdiction, year).holidays.map((day) => ({
      date: day.date,
      dayOff: day.dayOff,
    }));
    const result = computeWorkerPayroll(golden.input, ruleSet, holidays);
    const { expected } = golden;
    expect({
      basePay: result.basePay,
      paidHolidays: result.paidHolidays,
      paidLeave: result.paidLeave,
      unpaidLeaveDays: result.unpaidLeaveDays,
      extraHoursPay: result.extraHoursPay && { hours: result.extraHoursPay.hours, amount: result.extraHoursPay.amount },
      salaryDays: result.salaryDays,
      premiums: Object.fromEntries(result.premiums.map((line) => [line.kind, line.amount])),
      gross: result.gross,
      contributions: Object.fromEntries(result.contributions.map((line) => [line.key, [line.employee, line.employer]])),
      incomeTax: result.incomeTax,
      net: result.net,
      employerCost: result.employerCost,
      warnings: result.warnings.map((warning) =>
        typeof expected.warnings.find((item) => typeof item === 'object' && item.code === warning.code) === 'object'
          ? warning
          : warning.code,
      ),
    }).toEqual({
      ...expected,
      paidLeave: expected.paidLeave,
      unpaidLeaveDays: expected.unpaidLeaveDays,
      extraHoursPay: expected.extraHoursPay,
      salaryDays: expected.salaryDays,
    });
    // Every statement adds up.
    const lines =
      result.basePay +
      result.paidHolidays.amount +
      (result.paidLeave?.amount ?? 0) +
      (result.extraHoursPay?.amount ?? 0) +
      result.premiums.reduce((sum, line) => sum + line.amount, 0);
    expect(lines).toBe(result.gross);
  });
});
