import {
  computeWorkerPayroll,
  monthExceptions,
  monthExceptionToWire,
  monthRange,
  paidShiftHours,
  partTimeWeeklyHours,
  payrollCalendar,
  payrollTotals,
  payrollTotalsToWire,
  payrollWorkerToWire,
  ruleSetSummary,
  shiftNightHours,
  type TBreakRule,
  type TJurisdiction,
  type TLabourRuleSet,
  type TLateScans,
  type TPayrollDay,
  type TPayrollHoliday,
  type TPayrollLeaveDay,
  type TPayrollStatement,
  type TPayrollWarning,
  type TScheduledDay,
  type TWorkerPayroll,
  weekStart,
} from '@puna/domain';
import type { marksOf } from '../attendance/marks';
import type { listEmployeesOf } from '../employees/service';
import type { dailyHoursByWorker } from '../hours/service';
import type { plannedDaysOf } from '../planned-days/service';
import type { scannedDays } from '../rfid/days';
import { enteredPayrollDays } from './entered-days';

/** What an open month's statement is made of, as `readStatementInputs` (statement-reads.ts) reads it. */
export type StatementInputs = {
  month: string;
  jurisdiction: TJurisdiction;
  hoursFromScans: boolean;
  ruleSet: TLabourRuleSet;
  employees: Awaited<ReturnType<typeof listEmployeesOf>>;
  /** The scanned days from the first week's Monday (or the day before the month) to the day after it. */
  scannedAround: Awaited<ReturnType<typeof scannedDays>>;
  entered: Awaited<ReturnType<typeof dailyHoursByWorker>>;
  overtimeBefore: Map<number, number>;
  planned: Awaited<ReturnType<typeof plannedDaysOf>>;
  marks: Awaited<ReturnType<typeof marksOf>> | undefined;
  /** The unpaid break rules in force (the employer's, else the jurisdiction's; docs/labour-rules.md#breaks). */
  breakRules: readonly TBreakRule[];
};

export const NO_LATE_SCANS: TLateScans = { count: 0, days: [] };

/**
 * The payroll statement of an open month from its inputs, without reading anything: every
 * employee's gross, each premium, contributions, tax, net and the employer's cost from the rule set
 * in force that month (the domain's `computeWorkerPayroll`), the totals and the month's exceptions.
 */
export function assembleStatement(inputs: StatementInputs): TPayrollStatement {
  const { month, ruleSet, employees, scannedAround, entered, overtimeBefore, planned, marks } = inputs;
  const settings = { jurisdiction: inputs.jurisdiction, hoursFromScans: inputs.hoursFromScans };
  const monthDays = monthRange(month);
  const range = { from: weekStart(monthDays.from), to: monthDays.to };
  const window = ruleSet.night.window.value;
  const scanned = scannedAround.filter((day) => day.date >= range.from && day.date <= range.to);
  const daysByWorker = new Map<number, TPayrollDay[]>();
  if (settings.hoursFromScans) {
    // Each shift on the date it starts, its night hours from its real instants (docs/product.md#night-shifts).
    for (const day of scanned) {
      const night = shiftNightHours(Math.floor(day.firstMinutes), Math.floor(day.lastMinutes), window, day.clockChange);
      const payDay = { date: day.date, hours: day.hours, nightHours: night };
      const list = daysByWorker.get(day.employeeId);
      if (list) list.push(payDay);
      else daysByWorker.set(day.employeeId, [payDay]);
    }
  } else {
    const schedules = new Map(employees.map((employee) => [employee.id, employee.schedule]));
    for (const [workerId, days] of enteredPayrollDays(entered, planned.histories, schedules, window)) {
      daysByWorker.set(workerId, days);
    }
  }

  const { official, company: companyDays } = planned.holidays;
  const holidays: TPayrollHoliday[] = [
    ...official.map((day) => ({ date: day.date, dayOff: day.dayOff })),
    ...companyDays.map((day) => ({ date: day.date, dayOff: true })),
  ];

  const rows: TWorkerPayroll[] = [];
  const warnings = new Map<number, TPayrollWarning[]>();
  const weeklyNormal = ruleSet.workingTime.weeklyNormalHours.value;
  // The month's weeks, rest days and holidays, once for every worker (bench/README.md#payroll).
  const calendar = payrollCalendar(month, ruleSet, holidays);
  const dailyNormal = ruleSet.workingTime.dailyNormalHours.value;
  const workers = employees.map((employee) => {
    // Each day measured against the schedule in force that day (docs/product.md#schedules-over-time).
    const plannedMonth = planned.daysOf(employee);
    const days = settings.hoursFromScans
      ? rosteredPay(daysByWorker.get(employee.id) ?? [], plannedMonth, inputs.breakRules)
      : (daysByWorker.get(employee.id) ?? []);
    // The worker's scheduled working days (docs/labour-rules.md#monthly-salary), and its approved
    // leave on those that are not days off (docs/product.md#leave).
    const scheduledDays: TScheduledDay[] = [];
    const leaveDays: TPayrollLeaveDay[] = [];
    for (const day of plannedMonth) {
      if (!day.workingDay) continue;
      const hours = day.scheduledHours ?? dailyNormal;
      scheduledDays.push({ date: day.date, hours });
      if (day.leave && day.holiday === null) leaveDays.push({ date: day.date, paid: day.leave.paid, hours });
    }
    const row = computeWorkerPayroll(
      {
        month,
        wages: employee.wages,
        salary: employee.salary,
        days,
        // The schedule on the month's last day (docs/product.md#schedules-over-time).
        weeklyScheduleHours: partTimeWeeklyHours(plannedMonth[plannedMonth.length - 1]?.schedule ?? null, weeklyNormal),
        overtimeHoursBeforeMonth: overtimeBefore.get(employee.id) ?? 0,
        leaveDays,
        scheduledDays,
        employment: { start: employee.startDate, end: employee.endDate },
      },
      ruleSet,
      holidays,
      calendar,
    );
    rows.push(row);
    warnings.set(employee.id, row.warnings);
    // The month's hours, added in the days' order (without a filtered copy per worker).
    let hours = 0;
    for (const day of days) if (day.date >= monthDays.from) hours += day.hours;
    return payrollWorkerToWire(employee, hours, row);
  });
  const exceptions = monthExceptions({
    month,
    hoursSource: settings.hoursFromScans ? 'scans' : 'entries',
    workers: employees,
    scanDays: scanned,
    entryDays: entryDaysOf(entered),
    holidays: [...official, ...companyDays],
    warnings,
    marks,
  });
  return {
    month,
    jurisdiction: settings.jurisdiction,
    currency: ruleSet.currency,
    hours_source: settings.hoursFromScans ? 'scans' : 'entries',
    rule_set: ruleSetSummary(ruleSet),
    closed: false,
    closed_at: null,
    workers,
    totals: payrollTotalsToWire(payrollTotals(rows)),
    exceptions: exceptions.map(monthExceptionToWire),
    exceptions_acknowledged: false,
    late_scans: NO_LATE_SCANS,
  };
}

function entryDaysOf(entered: Map<number, { date: string; hours: number }[]>) {
  return [...entered].flatMap(([employeeId, days]) => days.map((day) => ({ employeeId, ...day })));
}

/**
 * A worker's scanned days with the unpaid break taken off the dates that have a published roster
 * shift (`paidShiftHours`); the other dates, and a worker with no roster, stay as they are.
 */
function rosteredPay(
  days: TPayrollDay[],
  plannedMonth: readonly { date: string; rosteredBreak: number | null }[],
  rules: readonly TBreakRule[],
): TPayrollDay[] {
  let breaks: Map<string, number> | undefined;
  for (const day of plannedMonth) {
    if (day.rosteredBreak === null) continue;
    breaks ??= new Map();
    breaks.set(day.date, day.rosteredBreak);
  }
  if (!breaks) return days;
  const known = breaks;
  return days.map((day) => {
    const planned = known.get(day.date);
    return planned === undefined ? day : { ...day, hours: paidShiftHours(day.hours, planned, rules) };
  });
}
