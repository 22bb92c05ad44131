import { messages, type TPayrollStatement, type TWorkerPayslip } from '@puna/domain';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { conflict, notFound } from '../../lib/errors';
import { employerTimeZoneOf, ownEmployeeOf, tenantOf } from '../../lib/tenant';
import { wallClockOf } from '../../lib/zoned-time';
import { findEmployeeOf } from '../employees/service';
import { closedMonthsOfEmployee } from '../labour/closed-months';
import { closedStatementOf, payrollStatement } from '../labour/service';
import { renderPayslip } from './payslip-pdf';

async function payslipOf(
  actor: Actor,
  statement: TPayrollStatement,
  employee: { id: number; personal_id: string | null },
): Promise<Buffer> {
  const worker = statement.workers.find((row) => row.employee_id === employee.id);
  if (!worker) throw notFound(messages.payslipWorkerMissing);
  const closedOn = statement.closed_at
    ? wallClockOf(new Date(statement.closed_at), employerTimeZoneOf(actor)).date
    : null;
  return renderPayslip({
    companyName: actor.companyName ?? '',
    statement,
    worker,
    personalId: employee.personal_id,
    closedOn,
  });
}

/**
 * GET /krye/payslip/{employeeId}: the employer's copy of a worker's payslip, from the closed
 * month's snapshot or, while the month is open, from the statement as it stands (marked
 * provisional). Another employer's worker is 404, like a missing one.
 */
export async function employerPayslip(deps: ServiceDeps, actor: Actor, employeeId: number, month: string) {
  const employee = await findEmployeeOf(deps.db, tenantOf(actor), employeeId);
  return payslipOf(actor, await payrollStatement(deps, actor, month), employee);
}

/** GET /krye/worker/me/payslip: the worker's own payslip, only from a closed month (else 409). */
export async function ownPayslip(deps: ServiceDeps, actor: Actor, month: string) {
  const employerId = tenantOf(actor);
  const employee = await findEmployeeOf(deps.db, employerId, ownEmployeeOf(actor));
  const statement = await closedStatementOf(deps, employerId, month);
  if (!statement) throw conflict(messages.payslipMonthOpen);
  return payslipOf(actor, statement, employee);
}

/**
 * GET /krye/worker/me/payslips: the months the worker's payslip can be downloaded, those its
 * employer has closed with the worker in the statement, newest first.
 */
export async function ownPayslips(deps: ServiceDeps, actor: Actor): Promise<TWorkerPayslip[]> {
  const rows = await closedMonthsOfEmployee(deps.db, tenantOf(actor), ownEmployeeOf(actor));
  return rows.map((row) => ({ month: row.month, closed_at: row.closedAt.toISOString() }));
}
