import { messages, type TPayrollStatement, type TPayrollWorker, type TWorkerPayslip } from '@puna/domain';
import type { Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/errors';
import { employerTimeZoneOf, ownEmployeeOf, tenantOf } from '../../lib/tenant';
import { wallClockOf } from '../../lib/zoned-time';
import type { ServiceDeps } from '../../plugins/deps';
import { closedMonthsOfEmployee } from '../closed-months/service';
import { findEmployeeOf, listEmployees } from '../employees/service';
import { employerIdentityOf } from '../employer-settings/service';
import { closedStatementOf, payrollStatement } from '../month-close/service';
import { deductionsOf } from './contributions';
import { type PayslipInput, renderPayslip, renderPayslips } from './payslip-pdf';

/** A payslip file: the PDF and the worker's name for its file name. */
export type PayslipFile = { body: Buffer; name: string };

type Identity = { companyName: string; fiscalNumber: string | null; address: string | null };

async function identityOf(deps: ServiceDeps, actor: Actor): Promise<Identity> {
  const identity = await employerIdentityOf(deps.db, tenantOf(actor));
  return identity ?? { companyName: actor.companyName ?? '', fiscalNumber: null, address: null };
}

function closedOnOf(actor: Actor, statement: TPayrollStatement): string | null {
  return statement.closed_at ? wallClockOf(new Date(statement.closed_at), employerTimeZoneOf(actor)).date : null;
}

function inputOf(
  identity: Identity,
  closedOn: string | null,
  statement: TPayrollStatement,
  worker: TPayrollWorker,
  personalId: string | null,
): PayslipInput {
  return {
    companyName: identity.companyName,
    fiscalNumber: identity.fiscalNumber,
    address: identity.address,
    statement,
    worker,
    personalId,
    closedOn,
    deductions: deductionsOf(statement, worker),
  };
}

async function payslipOf(
  deps: ServiceDeps,
  actor: Actor,
  statement: TPayrollStatement,
  employee: { id: number; personal_id: string | null },
): Promise<PayslipFile> {
  const worker = statement.workers.find((row) => row.employee_id === employee.id);
  if (!worker) throw notFound(messages.payslipWorkerMissing);
  const identity = await identityOf(deps, actor);
  const body = await renderPayslip(
    inputOf(identity, closedOnOf(actor, statement), statement, worker, employee.personal_id),
  );
  return { body, name: worker.name };
}

/**
 * GET /krye/payslip/{employeeId}: the employer's copy of a worker's payslip, from the closed
 * month's snapshot or, while the month is open, from the statement as it stands (marked
 * provisional). Another employer's worker is 404, like a missing one.
 */
export async function employerPayslip(deps: ServiceDeps, actor: Actor, employeeId: number, month: string) {
  const employee = await findEmployeeOf(deps.db, tenantOf(actor), employeeId);
  return payslipOf(deps, actor, await payrollStatement(deps, actor, month), employee);
}

/**
 * GET /krye/payslips: every payslip of the month in one PDF, a page per worker of the statement,
 * as the single payslip does: the closed month's snapshot, or while the month is open the
 * statement as it stands with each page marked provisional (409 while the rules are off).
 */
export async function monthPayslips(deps: ServiceDeps, actor: Actor, month: string): Promise<Buffer> {
  const [statement, employees, identity] = await Promise.all([
    payrollStatement(deps, actor, month),
    listEmployees(deps, actor),
    identityOf(deps, actor),
  ]);
  const personalIds = new Map(employees.map((employee) => [employee.id, employee.personal_id]));
  const closedOn = closedOnOf(actor, statement);
  const inputs = statement.workers.map((worker) =>
    inputOf(identity, closedOn, statement, worker, personalIds.get(worker.employee_id) ?? null),
  );
  return renderPayslips(inputs, { companyName: identity.companyName, month });
}

/** GET /krye/worker/me/payslip: the worker's own payslip, only from a closed month (else 409). */
export async function ownPayslip(deps: ServiceDeps, actor: Actor, month: string) {
  const employerId = tenantOf(actor);
  const employee = await findEmployeeOf(deps.db, employerId, ownEmployeeOf(actor));
  const statement = await closedStatementOf(deps, employerId, month);
  if (!statement) throw conflict(messages.payslipMonthOpen);
  return payslipOf(deps, actor, statement, employee);
}

/**
 * GET /krye/worker/me/payslips: the months the worker's payslip can be downloaded, those its
 * employer has closed with the worker in the statement, newest first.
 */
export async function ownPayslips(deps: ServiceDeps, actor: Actor): Promise<TWorkerPayslip[]> {
  const rows = await closedMonthsOfEmployee(deps.db, tenantOf(actor), ownEmployeeOf(actor));
  return rows.map((row) => ({ month: row.month, closed_at: row.closedAt.toISOString() }));
}
