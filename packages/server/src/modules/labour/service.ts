import {
  addDays,
  blocksMonthClose,
  CURRENCY_OF,
  computeWorkerPayroll,
  fiscalNumberFits,
  messages,
  monthExceptions,
  monthExceptionToWire,
  monthRange,
  partTimeWeeklyHours,
  payrollCalendar,
  payrollTotals,
  payrollTotalsToWire,
  payrollWorkerToWire,
  ruleSetFor,
  ruleSetSummary,
  shiftNightHours,
  type TLabourSettings,
  type TLabourSettingsRequest,
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
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { tenantOf } from '../../lib/tenant';
import { recordAudit } from '../../plugins/audit';
import type { ServiceDeps } from '../../plugins/deps';
import {
  closedMonthOf,
  deleteClosedMonth,
  insertClosedMonth,
  lockMonthExclusively,
  overtimeBeforeMonth,
} from '../closed-months/service';
import { employeeNamesOf, listEmployeesOf } from '../employees/service';
import { labourSettingsOf, setLabourSettings } from '../employer-settings/service';
import { dailyHoursByWorker } from '../hours/service';
import { plannedDaysOf } from '../planned-days/service';
import { lateScansIn, scannedDays } from '../rfid/days';
import { marksOf } from '../rfid/marks';
import { enteredPayrollDays } from './entered-days';

async function settingsRow(deps: ServiceDeps, employerId: number) {
  const row = await labourSettingsOf(deps.db, employerId);
  if (!row) throw notFound('Company not found.');
  return row;
}

/** GET /krye/labour-settings: whose law applies, whether the payroll statement is on, its currency. */
export async function getLabourSettings(deps: ServiceDeps, actor: Actor): Promise<TLabourSettings> {
  const row = await settingsRow(deps, tenantOf(actor));
  return {
    jurisdiction: row.jurisdiction,
    apply_labour_rules: row.applyLabourRules,
    currency: CURRENCY_OF[row.jurisdiction],
    // The employer's fiscal number and address (issue 30), absent while not set.
    ...(row.fiscalNumber ? { fiscal_number: row.fiscalNumber } : {}),
    ...(row.address ? { address: row.address } : {}),
  };
}

/** PUT /krye/labour-settings: changes the fields given, answers the settings as they now are. */
export async function updateLabourSettings(
  deps: ServiceDeps,
  actor: Actor,
  input: TLabourSettingsRequest,
): Promise<TLabourSettings> {
  // A fiscal number given must be the jurisdiction's own: a NUI in Kosovo, a NIPT in Albania.
  if (input.fiscal_number) {
    const jurisdiction = input.jurisdiction ?? (await settingsRow(deps, tenantOf(actor))).jurisdiction;
    if (!fiscalNumberFits(jurisdiction, input.fiscal_number)) throw badRequest(messages.fiscalNumberInvalid);
  }
  await setLabourSettings(deps.db, tenantOf(actor), {
    jurisdiction: input.jurisdiction,
    applyLabourRules: input.apply_labour_rules,
    fiscalNumber: input.fiscal_number,
    address: input.address,
  });
  return getLabourSettings(deps, actor);
}

/**
 * The payroll statement for a month (docs/labour-rules.md#payroll): every employee's gross, each
 * premium, contributions, tax, net and the employer's cost, from the rule set in force that month,
 * computed by the domain's `computeWorkerPayroll`. A fixed number of queries whatever the number of
 * workers: the employer's settings, its employees, the month's hours (entries, or scans and their
 * corrections) and its company days. The range starts on the Monday of the month's first week,
 * whose earlier days count towards that week's limit (a week is settled in the month of its Sunday).
 */
export async function payrollStatement(deps: ServiceDeps, actor: Actor, month: string): Promise<TPayrollStatement> {
  const employerId = tenantOf(actor);
  const closed = await closedMonthOf(deps.db, employerId, month);
  if (!closed) return computeStatement(deps, employerId, month);
  const late = await lateScansIn(deps, employerId, monthRange(month), closed.closedAt);
  const names = await employeeNamesOf(deps.db, employerId, [...new Set(late.map((day) => day.employeeId))]);
  const lateScans: TLateScans = {
    count: late.reduce((sum, day) => sum + day.count, 0),
    days: late.map((day) => ({
      employee_id: day.employeeId,
      name: names.get(day.employeeId) ?? '',
      date: day.date,
      count: day.count,
    })),
  };
  return { ...closedStatement(closed), late_scans: lateScans };
}

const NO_LATE_SCANS: TLateScans = { count: 0, days: [] };

function closedStatement(closed: { closedAt: Date; statement: TPayrollStatement }): TPayrollStatement {
  return {
    ...closed.statement,
    // Months closed before the exceptions check stored none.
    exceptions: closed.statement.exceptions ?? [],
    exceptions_acknowledged: closed.statement.exceptions_acknowledged ?? false,
    late_scans: NO_LATE_SCANS,
    closed: true,
    closed_at: closed.closedAt.toISOString(),
  };
}

/** The statement stored when the month was closed, or undefined while the month is open. */
export async function closedStatementOf(
  deps: ServiceDeps,
  employerId: number,
  month: string,
): Promise<TPayrollStatement | undefined> {
  const closed = await closedMonthOf(deps.db, employerId, month);
  return closed ? closedStatement(closed) : undefined;
}

export async function computeStatement(
  deps: ServiceDeps,
  employerId: number,
  month: string,
): Promise<TPayrollStatement> {
  const settings = await settingsRow(deps, employerId);
  if (!settings.applyLabourRules) throw conflict(messages.labourRulesOff);
  const ruleSet = ruleSetFor(settings.jurisdiction, month);
  if (!ruleSet) throw new AppError(422, messages.noRuleSetForMonth);

  const monthDays = monthRange(month);
  const range = { from: weekStart(monthDays.from), to: monthDays.to };
  const window = ruleSet.night.window.value;
  // Both sources are read: the list type's pays, the other only tells whether hours sit in the
  // wrong one (an exception). The scanned days are read once for the pay and the marks: from the
  // first week's Monday (or the day before the month, the marks' night shifts) to the day after it.
  const scanRange = {
    from: [range.from, addDays(monthDays.from, -1)].sort()[0] as string,
    to: addDays(monthDays.to, 1),
  };
  // Every employee employed on some day of the month, archived since or not (docs/product.md#employees).
  const employees = await listEmployeesOf(deps.db, employerId, monthDays);
  // The planned days (schedule histories, holidays, company days, leave) are read once, for the
  // statement, the marks and the scans' pairing into shifts.
  const plannedRead = plannedDaysOf(deps.db, employerId, monthDays, undefined, { jurisdiction: settings.jurisdiction });
  const reads = Promise.all([
    scannedDays(deps, employerId, scanRange, undefined, {
      schedules: plannedRead.then((planned) => ({ employees, histories: planned.histories })),
    }),
    dailyHoursByWorker(deps.db, employerId, range),
    overtimeBeforeMonth(deps.db, employerId, month),
    plannedRead,
  ]);
  // The attendance marks are exceptions only when the hours come from scans (docs/product.md#marks);
  // their own reads (tolerance, time zone, start days) go beside the statement's.
  const [[scannedAround, entered, overtimeBefore, planned], marks] = await Promise.all([
    reads,
    settings.hoursFromScans
      ? marksOf(deps, employerId, monthDays, employees, {
          // Only the marks the exceptions list: not a mark object per worker and day.
          exceptionsOnly: true,
          known: reads.then(([days, , , planned]) => ({ days, planned })),
        })
      : undefined,
  ]);
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
    const days = daysByWorker.get(employee.id) ?? [];
    // Each day measured against the schedule in force that day (docs/product.md#schedules-over-time).
    const plannedMonth = planned.daysOf(employee);
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

type MonthState = { month: string; closed: boolean; closed_at: string | null };

/**
 * POST /krye/months/{month}/close: stores the month's statement as it stands and locks the month
 * (hours entries and scan corrections dated in it are refused with 409 until it is reopened).
 * While the month has exceptions (the attendance marks aside: listed, never blocking) it is refused
 * (409) unless `acknowledgeExceptions`; the acknowledged exceptions are stored with the statement
 * and counted in the audit log, with who and when. A month already closed is 409.
 *
 * One transaction under the month's exclusive lock (modules/closed-months): every write into the month
 * in flight commits first and is read, none starts until the month is stored as closed, so the
 * stored statement holds every write that was accepted.
 */
export async function closeMonth(
  deps: ServiceDeps,
  actor: Actor,
  month: string,
  acknowledgeExceptions = false,
): Promise<MonthState> {
  const employerId = tenantOf(actor);
  return deps.db.transaction(async (tx) => {
    await lockMonthExclusively(tx, employerId, month);
    if (await closedMonthOf(tx, employerId, month)) throw conflict(messages.monthAlreadyClosed);
    // The statement's reads run in this transaction, after the lock (a transaction has the query
    // API of the database; its reads queue on its one connection).
    const computed = await computeStatement({ ...deps, db: tx as unknown as Db }, employerId, month);
    // The attendance marks are listed but never stop the close (docs/product.md#marks).
    const exceptions = computed.exceptions.filter((exception) => blocksMonthClose(exception.kind)).length;
    if (exceptions > 0 && !acknowledgeExceptions) {
      throw new AppError(409, messages.monthHasExceptions, { exceptions });
    }
    const statement = { ...computed, exceptions_acknowledged: exceptions > 0 };
    const closedAt = await insertClosedMonth(tx, { employerId, month, closedByUserId: actor.userId, statement });
    if (!closedAt) throw conflict(messages.monthAlreadyClosed);
    await recordAudit(tx, {
      employerId,
      actorUserId: actor.userId,
      impersonatorUserId: actor.impersonatorId,
      action: 'month.close',
      details: {
        params: exceptions > 0 ? { month, exceptions_acknowledged: kindCounts(computed) } : { month },
        statusCode: 200,
      },
    });
    return { month, closed: true, closed_at: closedAt.toISOString() };
  });
}

function kindCounts(statement: TPayrollStatement): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const exception of statement.exceptions.filter((item) => blocksMonthClose(item.kind)))
    counts[exception.kind] = (counts[exception.kind] ?? 0) + 1;
  return counts;
}

/** POST /krye/months/{month}/reopen: unlocks the month; the reason goes to the audit log. */
export async function reopenMonth(deps: ServiceDeps, actor: Actor, month: string, reason: string): Promise<MonthState> {
  const employerId = tenantOf(actor);
  return deps.db.transaction(async (tx) => {
    if (!(await deleteClosedMonth(tx, employerId, month))) throw conflict(messages.monthNotClosed);
    await recordAudit(tx, {
      employerId,
      actorUserId: actor.userId,
      impersonatorUserId: actor.impersonatorId,
      action: 'month.reopen',
      details: { params: { month, reason }, statusCode: 200 },
    });
    return { month, closed: false, closed_at: null };
  });
}
