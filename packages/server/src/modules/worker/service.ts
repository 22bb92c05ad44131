import {
  computeMonthPay,
  dayMarkToWire,
  isNotableMark,
  monthName,
  monthRange,
  type TWorkerMonth,
  workerTotalHours,
  workerWeeks,
} from '@puna/domain';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/errors';
import { ownEmployeeOf, tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { marksOf } from '../attendance/marks';
import { EMPLOYEE_NOT_FOUND, findEmployeeOf } from '../employees/service';
import { hoursFromScans } from '../employer-settings/service';
import { listEntriesOf } from '../hours/service';
import { statementPayOf } from '../month-close/statement-pay';
import { withStatementPay } from '../pay/service';
import { scanEntriesOf } from '../rfid/days';

/** The worker's own month: entries, the worker view's weeks, pay from `computeMonthPay` and the day marks. */
export async function workerMonth(deps: ServiceDeps, actor: Actor, month: string): Promise<TWorkerMonth> {
  const employerId = tenantOf(actor);
  const employeeId = ownEmployeeOf(actor);
  const employee = await findEmployeeOf(deps.db, employerId, employeeId);
  const range = monthRange(month);
  // With the RFID list chosen, the worker's days come from its scans.
  const fromScans = await hoursFromScans(deps.db, employerId);
  const [entries, marks] = await Promise.all([
    fromScans
      ? scanEntriesOf(deps, employerId, employee, range)
      : listEntriesOf(deps.db, employerId, { workerId: employeeId, range }),
    marksOf(deps, employerId, range, [employee], { employeeId }),
  ]);
  // Measured against the scans only when they are the hours (an employer entering hours has no scans
  // to be late by): then only the leave is shown.
  const shown = (marks.get(employeeId) ?? []).filter((mark) =>
    fromScans ? isNotableMark(mark) : mark.state === 'onLeave',
  );
  const pay = computeMonthPay({
    wages: employee.wages,
    salary: employee.salary,
    month,
    hours: entries.map((entry) => entry.ora),
  });
  const own: TWorkerMonth = {
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
    marks: shown.map((mark) => ({ date: mark.date, ...dayMarkToWire(mark) })),
  };
  // With the labour rules on, the statement's net and gross (docs/product.md#one-pay-figure).
  const [withStatement] = withStatementPay([own], await statementPayOf(deps, employerId, month));
  return withStatement ?? own;
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
