import { messages, type TPayrollStatement } from '@puna/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { closedMonths } from '../../db/schema';
import { conflict } from '../../lib/errors';

/**
 * The month lock (docs/product.md#month-close). Every write dated in a month — hours entries,
 * scan corrections — calls `assertMonthsOpen` with its dates inside its own transaction before it
 * changes anything; a closed month answers 409 and nothing changes. Device scans are not locked:
 * they keep arriving into a closed month and are stored as usual.
 */
export async function assertMonthsOpen(db: Executor, employerId: number, dates: readonly string[]): Promise<void> {
  const months = [...new Set(dates.map((date) => date.slice(0, 7)))];
  if (months.length === 0) return;
  const closed = await db
    .select({ month: closedMonths.month })
    .from(closedMonths)
    .where(and(eq(closedMonths.employerId, employerId), inArray(closedMonths.month, months)))
    .limit(1);
  if (closed.length > 0) throw conflict(messages.monthClosed);
}

export type ClosedMonth = { closedAt: Date; statement: TPayrollStatement };

/**
 * Overtime hours per worker in the closed months of the month's year before it, summed by the
 * database from their stored statements' overtime premiums (for the 200 h yearly cap; open earlier
 * months are not counted). One query; the snapshots are not sent back whole.
 */
export async function overtimeBeforeMonth(
  db: Executor,
  employerId: number,
  month: string,
): Promise<Map<number, number>> {
  const rows = await db.execute<{ employee_id: number; hours: string }>(sql`
    select (worker->>'employee_id')::int as employee_id, sum((premium->>'hours')::numeric) as hours
    from ${closedMonths},
      jsonb_array_elements(${closedMonths.statement}->'workers') as worker,
      jsonb_array_elements(worker->'premiums') as premium
    where ${closedMonths.employerId} = ${employerId}
      and ${closedMonths.month} >= ${`${month.slice(0, 4)}-01`}
      and ${closedMonths.month} < ${month}
      and premium->>'kind' in ('overtimeDaily', 'overtimeWeekly', 'overtimeRestDayOrHoliday')
    group by 1`);
  return new Map(rows.rows.map((row) => [Number(row.employee_id), Number(row.hours)]));
}

/** The closed month's row, or undefined while the month is open. */
export async function closedMonthOf(db: Executor, employerId: number, month: string): Promise<ClosedMonth | undefined> {
  const [row] = await db
    .select({ closedAt: closedMonths.closedAt, statement: closedMonths.statement })
    .from(closedMonths)
    .where(and(eq(closedMonths.employerId, employerId), eq(closedMonths.month, month)))
    .limit(1);
  return row ? { closedAt: row.closedAt, statement: row.statement as TPayrollStatement } : undefined;
}

/** Stores the closing; false when the month was already closed (the unique index decides). */
export async function insertClosedMonth(
  db: Executor,
  values: { employerId: number; month: string; closedByUserId: number; statement: TPayrollStatement },
): Promise<Date | null> {
  const [row] = await db
    .insert(closedMonths)
    .values(values)
    .onConflictDoNothing()
    .returning({ closedAt: closedMonths.closedAt });
  return row?.closedAt ?? null;
}

/** Deletes the closing; false when the month was not closed. */
export async function deleteClosedMonth(db: Executor, employerId: number, month: string): Promise<boolean> {
  const deleted = await db
    .delete(closedMonths)
    .where(and(eq(closedMonths.employerId, employerId), eq(closedMonths.month, month)))
    .returning({ id: closedMonths.id });
  return deleted.length > 0;
}

/**
 * The employer's closed months whose statement has a row for the employee (a worker added after a
 * month was closed has no payslip for it), newest month first. The snapshot is searched in the
 * database (jsonb containment), so no statement is read out.
 */
export async function closedMonthsOfEmployee(
  db: Executor,
  employerId: number,
  employeeId: number,
): Promise<{ month: string; closedAt: Date }[]> {
  const row = JSON.stringify([{ employee_id: employeeId }]);
  return db
    .select({ month: closedMonths.month, closedAt: closedMonths.closedAt })
    .from(closedMonths)
    .where(and(eq(closedMonths.employerId, employerId), sql`${closedMonths.statement} -> 'workers' @> ${row}::jsonb`))
    .orderBy(desc(closedMonths.month));
}
