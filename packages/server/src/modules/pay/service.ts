import { computeMonthPay, monthRange, type TPayRow, type TSessionUser } from '@puna/domain';
import type { Db } from '../../db/client';
import { tenantOf } from '../../lib/tenant';
import { listEmployeesOf } from '../employees/service';
import { hoursByWorker } from '../hours/service';
import { scanHoursByWorker, usesScanHours } from '../rfid/days';

/**
 * Every employee's pay for a month, by name: two queries (employees, the month's hours) whatever
 * the number of employees, and the figures from the domain's `computeMonthPay`, so the pay page,
 * the worker's own page and the exports agree to the cent.
 */
export async function paySummary(db: Db, actor: TSessionUser, month: string): Promise<TPayRow[]> {
  const employerId = tenantOf(actor);
  // With the RFID list chosen, a day's hours come from its scans (last − first, quarter hours).
  const hoursOf = (await usesScanHours(db, employerId)) ? scanHoursByWorker : hoursByWorker;
  const [employees, hours] = await Promise.all([
    listEmployeesOf(db, employerId),
    hoursOf(db, employerId, monthRange(month)),
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
