import { computeMonthPay, monthName, monthRange, type TWorkerMonth, workerTotalHours, workerWeeks } from '@puna/domain';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { ownEmployeeOf, tenantOf } from '../../lib/tenant';
import { EMPLOYEE_NOT_FOUND, findEmployeeOf } from '../employees/service';
import { hoursFromScans } from '../employer-settings/service';
import { listEntriesOf } from '../hours/service';
import { scanEntriesOf } from '../rfid/days';

/** The worker's own month: entries, the worker view's weeks and pay from `computeMonthPay`. */
export async function workerMonth(deps: ServiceDeps, actor: Actor, month: string): Promise<TWorkerMonth> {
  const employerId = tenantOf(actor);
  const employeeId = ownEmployeeOf(actor);
  const employee = await findEmployeeOf(deps.db, employerId, employeeId);
  const range = monthRange(month);
  // With the RFID list chosen, the worker's days come from its scans.
  const entries = (await hoursFromScans(deps.db, employerId))
    ? await scanEntriesOf(deps, employerId, employee, range)
    : await listEntriesOf(deps.db, employerId, { workerId: employeeId, range });
  const pay = computeMonthPay({
    wages: employee.wages,
    salary: employee.salary,
    month,
    hours: entries.map((entry) => entry.ora),
  });
  return {
    id: employee.id,
    name: employee.name,
    role: employee.role,
    wages: employee.wages,
    salary: employee.salary,
    month,
    monthName: monthName(month),
    entries,
    weeks: workerWeeks(entries),
    ...pay,
    totalHours: workerTotalHours(entries),
  };
}

/** The caller's own id must be in the path; any other id is 404, like one that does not exist. */
function ownId(actor: Actor, id: number): number {
  const employeeId = ownEmployeeOf(actor);
  if (id !== employeeId) throw notFound(EMPLOYEE_NOT_FOUND);
  return employeeId;
}

export async function workerName(deps: ServiceDeps, actor: Actor, id: number): Promise<{ id: number; name: string }> {
  const employee = await findEmployeeOf(deps.db, tenantOf(actor), ownId(actor, id));
  return { id: employee.id, name: employee.name };
}
