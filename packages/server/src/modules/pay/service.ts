import { computeMonthPay, monthRange, type TPayRow } from '@puna/domain';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { tenantOf } from '../../lib/tenant';
import { listEmployeesOf } from '../employees/service';
import { hoursFromScans } from '../employer-settings/service';
import { hoursByWorker } from '../hours/service';
import { scanHoursByWorker } from '../rfid/days';

/**
 * Every employee's pay for a month, by name: two queries (employees, the month's hours) whatever
 * the number of employees, and the figures from the domain's `computeMonthPay`, so the pay page,
 * the worker's own page and the exports agree to the cent.
 */
export async function paySummary(deps: ServiceDeps, actor: Actor, month: string): Promise<TPayRow[]> {
  const employerId = tenantOf(actor);
  // With the RFID list chosen, a day's hours come from its scans (last − first, quarter hours).
  const range = monthRange(month);
  const fromScans = await hoursFromScans(deps.db, employerId);
  const [employees, hours] = await Promise.all([
    listEmployeesOf(deps.db, employerId),
    fromScans ? scanHoursByWorker(deps, employerId, range) : hoursByWorker(deps.db, employerId, range),
  ]);
  return employees.map((employee) => ({
    id: employee.id,
    name: employee.name,
    role: employee.role,
    wages: employee.wages,
    salary: employee.salary,
    ...computeMonthPay({ wages: employee.wages, salary: employee.salary, month, hours: hours.get(employee.id) ?? [] }),
  }));
}
