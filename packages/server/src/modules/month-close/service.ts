import {
  blocksMonthClose,
  CURRENCY_OF,
  fiscalNumberFits,
  messages,
  monthRange,
  type TLabourSettings,
  type TLabourSettingsRequest,
  type TLateScans,
  type TPayrollStatement,
} from '@puna/domain';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { tenantOf } from '../../lib/tenant';
import { recordAudit } from '../../plugins/audit';
import type { ServiceDeps } from '../../plugins/deps';
import { closedMonthOf, deleteClosedMonth, insertClosedMonth, lockMonthExclusively } from '../closed-months/service';
import { employeeNamesOf } from '../employees/service';
import { labourSettingsOf, setLabourSettings } from '../employer-settings/service';
import { lateScansIn } from '../rfid/days';
import { assembleStatement, NO_LATE_SCANS } from './statement';
import { readStatementInputs } from './statement-reads';

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

/** The open month's statement: its inputs read (statement-reads.ts), then assembled (statement.ts). */
export async function computeStatement(
  deps: ServiceDeps,
  employerId: number,
  month: string,
): Promise<TPayrollStatement> {
  return assembleStatement(await readStatementInputs(deps, employerId, month));
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
