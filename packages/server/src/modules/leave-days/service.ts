import { addDays, type TDateRange } from '@puna/domain';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { preparedRead } from '../../db/prepared';
import { leaveRequests, leaveTypes } from '../../db/schema';

/**
 * The leave feature's reader of approved leave, day by day: a module of its own below the planned
 * days (docs/architecture.md#the-planned-day), which mark each date's leave, while the leave module
 * above them counts a request's days from the planned days.
 */

/** One calendar day of a worker's approved leave. */
export type LeaveDay = {
  employeeId: number;
  date: string;
  requestId: number;
  typeId: number;
  typeName: string;
  /** 'annual', 'sick', 'unpaid' or 'custom'. */
  kind: string;
  paid: boolean;
};

/** The approved leave overlapping a range, of every worker or one, built once (db/prepared.ts). */
function approvedLeaveQuery(oneEmployee: boolean) {
  return preparedRead((qb) =>
    qb
      .select({
        requestId: leaveRequests.id,
        employeeId: leaveRequests.employeeId,
        fromDate: leaveRequests.fromDate,
        toDate: leaveRequests.toDate,
        typeId: leaveTypes.id,
        typeName: leaveTypes.name,
        kind: leaveTypes.kind,
        paid: leaveTypes.paid,
      })
      .from(leaveRequests)
      .innerJoin(leaveTypes, eq(leaveTypes.id, leaveRequests.typeId))
      .where(
        and(
          eq(leaveRequests.employerId, sql.placeholder('employerId')),
          eq(leaveRequests.status, 'approved'),
          lte(leaveRequests.fromDate, sql.placeholder('to')),
          gte(leaveRequests.toDate, sql.placeholder('from')),
          oneEmployee ? eq(leaveRequests.employeeId, sql.placeholder('employeeId')) : undefined,
        ),
      ),
  );
}
const leaveOfAll = approvedLeaveQuery(false);
const leaveOfOne = approvedLeaveQuery(true);

/**
 * Every calendar day in a range covered by a worker's approved leave (docs/product.md#leave), in
 * date order, for the lists, the board, the calendar and the payroll statement to mark. Weekends and
 * holidays inside a leave are listed too: whether such a day counts is the reader's rule.
 */
export async function approvedLeaveDays(
  db: Executor,
  employerId: number,
  range: TDateRange,
  employeeId?: number,
): Promise<LeaveDay[]> {
  const values = { employerId, from: range.from, to: range.to, employeeId };
  const rows = await (employeeId === undefined ? leaveOfAll : leaveOfOne).run(db, values);
  const days: LeaveDay[] = [];
  for (const row of rows) {
    // ISO dates compare as text: the leave's part inside the range.
    const first = [row.fromDate, range.from].sort()[1] as string;
    const last = [row.toDate, range.to].sort()[0] as string;
    for (let date = first; date <= last; date = addDays(date, 1)) {
      days.push({
        employeeId: row.employeeId,
        date,
        requestId: row.requestId,
        typeId: row.typeId,
        typeName: row.typeName,
        kind: row.kind,
        paid: row.paid,
      });
    }
  }
  return days.sort((a, b) => (a.date === b.date ? a.employeeId - b.employeeId : a.date < b.date ? -1 : 1));
}
