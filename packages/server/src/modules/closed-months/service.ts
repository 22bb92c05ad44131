import { messages, type TPayrollStatement } from '@puna/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { closedMonths } from '../../db/schema';
import { conflict } from '../../lib/errors';

/**
 * The month lock (docs/product.md#month-close). Every write dated in a month — hours entries, scan
 * corrections, approved correction requests and leave, company days, a card's earlier scans — and
 * the close of that month serialize on one lock per employer and month: a PostgreSQL advisory lock
 * on the key (employer id, YYYYMM), held until the transaction ends. Writes take it shared (they do
 * not wait for each other), the close and the reopening take it exclusive, so a write either
 * commits before the close reads the month (and is in its stored statement) or runs after the close
 * committed and is refused with 409. PGlite has the same functions (one connection: they never wait).
 *
 * Rules for a caller: call inside the write's own transaction (on the database itself the lock ends
 * with the statement and protects nothing), before the write; take the month locks before the
 * employer row lock (`lockEmployer`), since the close's inserts take a key-share lock on that row
 * while they hold the month, so the other order could deadlock. Device scans are not locked: they
 * keep arriving into a closed month and are stored as usual (late scans).
 */
export async function assertMonthsOpen(
  tx: Executor,
  employerId: number,
  dates: readonly string[],
  message: string = messages.monthClosed,
): Promise<void> {
  const { closed } = await lockMonths(tx, employerId, dates.map(monthOf));
  if (closed.length > 0) throw conflict(message);
}

const monthOf = (date: string) => date.slice(0, 7);

/** The month's lock key beside the employer id: 2026-10 → 202610. */
const monthKey = (month: string) => Number(month.slice(0, 4)) * 100 + Number(month.slice(5, 7));

/**
 * Takes the shared lock of each month (each once, in month order, so two writers never wait on each
 * other crosswise) and answers which of them are closed and which open. The caller writes only into
 * the open ones, in the same transaction.
 */
export async function lockMonths(
  tx: Executor,
  employerId: number,
  months: readonly string[],
): Promise<{ open: string[]; closed: string[] }> {
  const unique = [...new Set(months)].sort();
  if (unique.length === 0) return { open: [], closed: [] };
  for (const month of unique) {
    await tx.execute(sql`select pg_advisory_xact_lock_shared(${employerId}::int, ${monthKey(month)}::int)`);
  }
  const rows = await tx
    .select({ month: closedMonths.month })
    .from(closedMonths)
    .where(and(eq(closedMonths.employerId, employerId), inArray(closedMonths.month, unique)));
  const closed = new Set(rows.map((row) => row.month));
  return { open: unique.filter((month) => !closed.has(month)), closed: unique.filter((month) => closed.has(month)) };
}

/**
 * Takes the month's lock exclusively: waits for every write into the month in flight to commit or
 * roll back, and holds off new ones until the transaction ends. For the close and the reopening;
 * what the transaction reads after this is the month as it will stay.
 */
export async function lockMonthExclusively(tx: Executor, employerId: number, month: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${employerId}::int, ${monthKey(month)}::int)`);
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
