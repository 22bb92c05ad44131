import { type SQL, sql } from 'drizzle-orm';
import { employees } from '../../db/schema';
import { employerTodaySql } from '../employer-settings/service';

/**
 * Employment dates (docs/product.md#employees). `start_date` is the first day of employment and
 * `end_date` the last, both optional. An employee whose end date is today or earlier has left:
 * it is gone from every list (employees, pay page, hours, today board, cards, chat pickers, leave
 * balances, counts and the worker limit), while the payroll statement of a month still has every
 * employee employed during that month. Deleting an employee with pay in a closed month archives
 * it this way (its end date becomes today).
 */

/** Today in the employee's employer's zone, worked out by the database from the employer row. */
const employerToday = employerTodaySql(employees.employerId);

/** The employee has not left: no end date, or one after today (in the employer's zone). */
export const stillEmployed: SQL = sql`(${employees.endDate} is null or ${employees.endDate} > ${employerToday})`;

/**
 * The employee was employed on some day of `from`…`to` (`YYYY-MM-DD`, values or placeholders):
 * it started on or before `to` (or has no start date) and ended on or after `from` (or has none).
 */
export function employedDuring(from: unknown, to: unknown): SQL {
  return sql`(${employees.startDate} is null or ${employees.startDate} <= ${to}::date) and (${employees.endDate} is null or ${employees.endDate} >= ${from}::date)`;
}
