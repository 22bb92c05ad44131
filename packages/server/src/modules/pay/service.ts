import {
  computeMonthPay,
  monthRange,
  type TDateRange,
  type TListTypePayPreview,
  type TPayRow,
  type TPayTotal,
  type TStatementPay,
} from '@puna/domain';
import type { Actor } from '../../lib/actor';
import { tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { payeesOf } from '../employees/service';
import { hoursFromScans, labourSettingsOf } from '../employer-settings/service';
import { hoursByWorker } from '../hours/service';
import { statementPayOf } from '../month-close/statement-pay';
import { scanHoursByWorker } from '../rfid/days';

/** A day's hours per worker from one source: the scans (RFID list) or the entered hours. */
function monthHours(deps: ServiceDeps, employerId: number, range: TDateRange, fromScans: boolean) {
  return fromScans ? scanHoursByWorker(deps, employerId, range) : hoursByWorker(deps.db, employerId, range);
}

type Employees = Awaited<ReturnType<typeof payeesOf>>;

function payRows(employees: Employees, hours: Map<number, number[]>, month: string): TPayRow[] {
  return employees.map((employee) => ({
    id: employee.id,
    name: employee.name,
    role: employee.role,
    wages: employee.wages,
    salary: employee.salary,
    ...computeMonthPay({ wages: employee.wages, salary: employee.salary, month, hours: hours.get(employee.id) ?? [] }),
  }));
}

/**
 * Every employee's pay for a month, by name: two queries (employees, the month's hours) whatever
 * the number of employees, and the figures from the domain's `computeMonthPay`, so the pay page,
 * the worker's own page and the exports agree to the cent.
 */
export async function paySummary(deps: ServiceDeps, actor: Actor, month: string): Promise<TPayRow[]> {
  const employerId = tenantOf(actor);
  const range = monthRange(month);
  // The settings (plan, list type, labour rules), the employees and the entered hours are read at
  // once (one round trip); with the RFID list chosen, a day's hours come from its scans instead.
  const [settings, employees, entered] = await Promise.all([
    labourSettingsOf(deps.db, employerId),
    payeesOf(deps.db, employerId),
    hoursByWorker(deps.db, employerId, range),
  ]);
  const hours = settings?.hoursFromScans ? await scanHoursByWorker(deps, employerId, range) : entered;
  const rows = payRows(employees, hours, month);
  if (!settings?.applyLabourRules) return rows;
  return withStatementPay(rows, await statementPayOf(deps, employerId, month));
}

/**
 * With the labour rules on, a row's pay and gross are the statement's net and gross, its figures
 * beside them (docs/product.md#one-pay-figure); a row the statement lacks keeps the card's rule.
 */
export function withStatementPay<T extends { id: number; pay: number; gross: number }>(
  rows: T[],
  statement: Map<number, TStatementPay> | undefined,
): T[] {
  if (!statement) return rows;
  return rows.map((row) => {
    const figures = statement.get(row.id);
    return figures ? { ...row, pay: figures.net, gross: figures.gross, statement: figures } : row;
  });
}

/** The rows' pay and hours added up, in whole cents and hundredths so no float error creeps in. */
function totalOf(rows: TPayRow[]): TPayTotal {
  let cents = 0;
  let hundredths = 0;
  for (const row of rows) {
    cents += Math.round(row.pay * 100);
    hundredths += Math.round(row.totalHours * 100);
  }
  return { pay: cents / 100, totalHours: hundredths / 100 };
}

/**
 * The month's pay total under each list type, from the same rule as the pay page, so the list-type
 * page can show what switching does to the month's pay before it is saved (docs/product.md#list-type).
 */
export async function payByListType(deps: ServiceDeps, actor: Actor, month: string): Promise<TListTypePayPreview> {
  const employerId = tenantOf(actor);
  const range = monthRange(month);
  const [employees, fromScans, entered, scanned] = await Promise.all([
    payeesOf(deps.db, employerId),
    hoursFromScans(deps.db, employerId),
    monthHours(deps, employerId, range, false),
    monthHours(deps, employerId, range, true),
  ]);
  return {
    month,
    current: fromScans ? 'rfid' : 'klista',
    totals: {
      klista: totalOf(payRows(employees, entered, month)),
      rfid: totalOf(payRows(employees, scanned, month)),
    },
  };
}
