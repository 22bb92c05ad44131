import {
  CURRENCY_OF,
  computeWorkerPayroll,
  holidaysOf,
  messages,
  monthRange,
  nightHoursOf,
  payrollTotals,
  payrollTotalsToWire,
  payrollWorkerToWire,
  ruleSetFor,
  ruleSetSummary,
  type TLabourSettings,
  type TLabourSettingsRequest,
  type TPayrollDay,
  type TPayrollHoliday,
  type TPayrollStatement,
  type TWorkerPayroll,
  weekStart,
} from '@puna/domain';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { AppError, conflict, notFound } from '../../lib/errors';
import { tenantOf } from '../../lib/tenant';
import { recordAudit } from '../../plugins/audit';
import { listEmployeesOf } from '../employees/service';
import { labourSettingsOf, setLabourSettings } from '../employer-settings/service';
import { companyDaysIn } from '../holidays/service';
import { dailyHoursByWorker } from '../hours/service';
import { scannedDays } from '../rfid/days';
import { closedMonthOf, deleteClosedMonth, insertClosedMonth } from './closed-months';

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
  };
}

/** PUT /krye/labour-settings: changes the fields given, answers the settings as they now are. */
export async function updateLabourSettings(
  deps: ServiceDeps,
  actor: Actor,
  input: TLabourSettingsRequest,
): Promise<TLabourSettings> {
  await setLabourSettings(deps.db, tenantOf(actor), {
    jurisdiction: input.jurisdiction,
    applyLabourRules: input.apply_labour_rules,
  });
  return getLabourSettings(deps, actor);
}

/** A scanned day's 'HH:MM:SS' (always two-digit hours) in minutes; read by position, 26,000 times a statement. */
function minutesOf(clock: string): number {
  return Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
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
  return (await closedStatementOf(deps, employerId, month)) ?? computeStatement(deps, employerId, month);
}

/** The statement stored when the month was closed, or undefined while the month is open. */
export async function closedStatementOf(
  deps: ServiceDeps,
  employerId: number,
  month: string,
): Promise<TPayrollStatement | undefined> {
  const closed = await closedMonthOf(deps.db, employerId, month);
  return closed ? { ...closed.statement, closed: true, closed_at: closed.closedAt.toISOString() } : undefined;
}

async function computeStatement(deps: ServiceDeps, employerId: number, month: string): Promise<TPayrollStatement> {
  const settings = await settingsRow(deps, employerId);
  if (!settings.applyLabourRules) throw conflict(messages.labourRulesOff);
  const ruleSet = ruleSetFor(settings.jurisdiction, month);
  if (!ruleSet) throw new AppError(422, messages.noRuleSetForMonth);

  const monthDays = monthRange(month);
  const range = { from: weekStart(monthDays.from), to: monthDays.to };
  const window = ruleSet.night.window.value;
  const daysByWorker = new Map<number, TPayrollDay[]>();
  const [employees, companyDays] = await Promise.all([
    listEmployeesOf(deps.db, employerId),
    companyDaysIn(deps.db, employerId, monthDays),
    (async () => {
      if (settings.hoursFromScans) {
        for (const day of await scannedDays(deps, employerId, range)) {
          const list = daysByWorker.get(day.employeeId) ?? [];
          const night = nightHoursOf(minutesOf(day.firstScanTime), minutesOf(day.lastScanTime), window);
          list.push({ date: day.date, hours: day.hours, nightHours: night });
          daysByWorker.set(day.employeeId, list);
        }
      } else {
        for (const [workerId, days] of await dailyHoursByWorker(deps.db, employerId, range)) {
          daysByWorker.set(workerId, days);
        }
      }
    })(),
  ]);

  const official = holidaysOf(settings.jurisdiction, Number(month.slice(0, 4))).holidays;
  const holidays: TPayrollHoliday[] = [
    ...official.filter((day) => day.date.startsWith(month)).map((day) => ({ date: day.date, dayOff: day.dayOff })),
    ...companyDays.map((date) => ({ date, dayOff: true })),
  ];

  const rows: TWorkerPayroll[] = [];
  const workers = employees.map((employee) => {
    const days = daysByWorker.get(employee.id) ?? [];
    const row = computeWorkerPayroll(
      { month, wages: employee.wages, salary: employee.salary, days },
      ruleSet,
      holidays,
    );
    rows.push(row);
    const hours = days.filter((day) => day.date >= monthDays.from).reduce((sum, day) => sum + day.hours, 0);
    return payrollWorkerToWire(employee, hours, row);
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
  };
}

type MonthState = { month: string; closed: boolean; closed_at: string | null };

/**
 * POST /krye/months/{month}/close: stores the month's statement as it stands and locks the month
 * (hours entries and scan corrections dated in it are refused with 409 until it is reopened).
 * Recorded in the audit log with who and when. A month already closed is 409.
 */
export async function closeMonth(deps: ServiceDeps, actor: Actor, month: string): Promise<MonthState> {
  const employerId = tenantOf(actor);
  if (await closedMonthOf(deps.db, employerId, month)) throw conflict(messages.monthAlreadyClosed);
  const statement = await computeStatement(deps, employerId, month);
  return deps.db.transaction(async (tx) => {
    const closedAt = await insertClosedMonth(tx, { employerId, month, closedByUserId: actor.userId, statement });
    if (!closedAt) throw conflict(messages.monthAlreadyClosed);
    await recordAudit(tx, {
      employerId,
      actorUserId: actor.userId,
      impersonatorUserId: actor.impersonatorId,
      action: 'month.close',
      details: { params: { month }, statusCode: 200 },
    });
    return { month, closed: true, closed_at: closedAt.toISOString() };
  });
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
