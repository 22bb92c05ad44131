import { describe, expect, it } from 'vitest';
import { addDays, monthRange, weekStart } from '../calendar';
import type { TWageBasis } from '../pay';
import { seededRandom as generator } from '../seeded-random';
import { holidaysOf } from './holidays';
import {
  computeWorkerPayroll,
  payrollCalendar,
  type TPayrollDay,
  type TPayrollHoliday,
  type TWorkerMonthInput,
} from './payroll';
import { ruleSetFor } from './rule-sets';

/**
 * The statement's figures for generated, varied months are pinned in a snapshot taken before the
 * payroll loop was rewritten for speed (bench/README.md#payroll): any change to a figure fails here.
 * Workers vary in wage basis, salary, part-time schedule, overtime already worked, the days they work
 * (rest days, holidays, the previous month's days of the first week), hours (short, long, night).
 */

const WAGES: TWageBasis[] = ['Orë', 'Ditë', 'Muaj'];

function generatedWorkers(month: string, count: number, seed: number): TWorkerMonthInput[] {
  const random = generator(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const range = monthRange(month);
  const first = weekStart(range.from);
  const workers: TWorkerMonthInput[] = [];
  for (let i = 0; i < count; i += 1) {
    const wages = WAGES[i % 3] as TWageBasis;
    const salary = wages === 'Orë' ? pick([2.5, 3, 4.75]) : wages === 'Ditë' ? pick([20, 35.5]) : pick([250, 450, 900]);
    const days: TPayrollDay[] = [];
    const workRate = pick([0.3, 0.7, 0.9, 1]);
    for (let date = first; date <= range.to; date = addDays(date, 1)) {
      if (random() > workRate) continue;
      const hours = pick([0, 0.5, 4, 7.75, 8, 8.25, 9.5, 10, 12, 13.33]);
      const night = random() < 0.2 ? Math.min(hours, pick([0.5, 1, 2.25, 6])) : undefined;
      days.push(night === undefined ? { date, hours } : { date, hours, nightHours: night });
      // Some days are split in two entries (scans and a correction, two hours entries).
      if (random() < 0.05) days.push({ date, hours: 1.5 });
    }
    workers.push({
      month,
      wages,
      salary,
      days,
      weeklyScheduleHours: pick([null, undefined, 0, 20, 30, 60]),
      overtimeHoursBeforeMonth: pick([0, 0, 150, 199]),
    });
  }
  return workers;
}

const CASES: { jurisdiction: 'XK' | 'AL'; month: string; companyDays: string[] }[] = [
  // Starts on a Saturday: the first week reaches back into February.
  { jurisdiction: 'XK', month: '2025-03', companyDays: ['2025-03-14'] },
  // Holidays on working days and on a Sunday; the month ends mid-week.
  { jurisdiction: 'XK', month: '2026-01', companyDays: [] },
  { jurisdiction: 'AL', month: '2025-12', companyDays: ['2025-12-24', '2025-12-31'] },
  // Starts on a Monday.
  { jurisdiction: 'AL', month: '2025-09', companyDays: [] },
];

describe('the payroll statement for generated months', () => {
  for (const [index, { jurisdiction, month, companyDays }] of CASES.entries()) {
    it(`keeps every figure for ${jurisdiction} ${month}`, () => {
      const ruleSet = ruleSetFor(jurisdiction, month);
      if (!ruleSet) throw new Error(`no rule set for ${jurisdiction} ${month}`);
      const holidays: TPayrollHoliday[] = [
        ...holidaysOf(jurisdiction, Number(month.slice(0, 4)))
          .holidays.filter((day) => day.date.startsWith(month))
          .map((day) => ({ date: day.date, dayOff: day.dayOff })),
        ...companyDays.map((date) => ({ date, dayOff: true })),
      ];
      const workers = generatedWorkers(month, 40, 1000 + index);
      const statements = workers.map((worker) => computeWorkerPayroll(worker, ruleSet, holidays));
      // The statement passes one calendar to every worker: the same figures.
      const calendar = payrollCalendar(month, ruleSet, holidays);
      expect(workers.map((worker) => computeWorkerPayroll(worker, ruleSet, holidays, calendar))).toEqual(statements);
      expect(statements.some((row) => row.premiums.length >= 3)).toBe(true);
      expect(statements.some((row) => row.paidHolidays.days > 0)).toBe(true);
      expect(statements).toMatchSnapshot();
    });
  }

  it("refuses a calendar made for another month's statement", () => {
    const ruleSet = ruleSetFor('XK', '2025-03');
    if (!ruleSet) throw new Error('no rule set');
    const holidays: TPayrollHoliday[] = [];
    const [worker] = generatedWorkers('2025-03', 1, 7);
    if (!worker) throw new Error('no worker');
    expect(() =>
      computeWorkerPayroll(worker, ruleSet, holidays, payrollCalendar('2025-04', ruleSet, holidays)),
    ).toThrow(RangeError);
    expect(() => computeWorkerPayroll(worker, ruleSet, holidays, payrollCalendar('2025-03', ruleSet, []))).toThrow(
      RangeError,
    );
  });
});
