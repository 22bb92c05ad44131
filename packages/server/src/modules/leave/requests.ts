import { messages, type TLeaveRequest, type TLeaveStatus, type TWorkerLeave, todayIn } from '@puna/domain';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { leaveRequests, leaveTypes } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/errors';
import { employerTimeZoneOf, ownEmployeeOf, tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { EMPLOYEE_NOT_FOUND, employeeNamesOf } from '../employees/service';
import { balancesOf } from './balances';
import { typesOf } from './types';

const requestColumns = {
  id: leaveRequests.id,
  employeeId: leaveRequests.employeeId,
  typeId: leaveRequests.typeId,
  typeName: leaveTypes.name,
  kind: leaveTypes.kind,
  paid: leaveTypes.paid,
  fromDate: leaveRequests.fromDate,
  toDate: leaveRequests.toDate,
  days: leaveRequests.days,
  status: leaveRequests.status,
  note: leaveRequests.note,
  decisionNote: leaveRequests.decisionNote,
  decidedAt: leaveRequests.decidedAt,
  createdAt: leaveRequests.createdAt,
  employerUnread: leaveRequests.employerUnread,
  workerUnread: leaveRequests.workerUnread,
};

function selectRequests(db: Executor) {
  return db.select(requestColumns).from(leaveRequests).innerJoin(leaveTypes, eq(leaveTypes.id, leaveRequests.typeId));
}

/** The rows with their workers' names (one query for all). */
async function named(db: Executor, employerId: number, rows: Omit<RequestRow, 'name'>[]): Promise<RequestRow[]> {
  const names = await employeeNamesOf(db, employerId, [...new Set(rows.map((row) => row.employeeId))]);
  return rows.map((row) => ({ ...row, name: names.get(row.employeeId) ?? '' }));
}
type RequestRow = {
  id: number;
  employeeId: number;
  name: string;
  typeId: number;
  typeName: string;
  kind: string;
  paid: boolean;
  fromDate: string;
  toDate: string;
  days: number;
  status: string;
  note: string | null;
  decisionNote: string | null;
  decidedAt: Date | null;
  createdAt: Date;
  employerUnread: boolean;
  workerUnread: boolean;
};

function requestToWire(row: RequestRow, side: 'employer' | 'worker'): TLeaveRequest {
  return {
    id: row.id,
    employee_id: row.employeeId,
    name: row.name,
    type_id: row.typeId,
    type_name: row.typeName,
    kind: row.kind as TLeaveRequest['kind'],
    paid: row.paid,
    from: row.fromDate,
    to: row.toDate,
    days: Number(row.days),
    status: row.status as TLeaveStatus,
    note: row.note,
    decision_note: row.decisionNote,
    decided_at: row.decidedAt ? row.decidedAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    unread: side === 'employer' ? row.employerUnread : row.workerUnread,
  };
}

export async function requestOf(db: Executor, employerId: number, id: number, side: 'employer' | 'worker') {
  const found = await selectRequests(db)
    .where(and(eq(leaveRequests.id, id), eq(leaveRequests.employerId, employerId)))
    .limit(1);
  const [row] = await named(db, employerId, found);
  if (!row) throw notFound(messages.leaveNotFound);
  return requestToWire(row, side);
}
/**
 * One side's view of the employer's requests (all of them, or those `scope` keeps), newest first; the
 * side's unread marks are cleared as they are listed, and counted.
 */
async function readRequests(
  db: Executor,
  employerId: number,
  scope: SQL | undefined,
  side: 'employer' | 'worker',
): Promise<{ requests: TLeaveRequest[]; unread: number }> {
  const rows = await named(
    db,
    employerId,
    await selectRequests(db)
      .where(and(eq(leaveRequests.employerId, employerId), scope))
      .orderBy(desc(leaveRequests.createdAt), desc(leaveRequests.id)),
  );
  const unreadIds = rows
    .filter((row) => (side === 'employer' ? row.employerUnread : row.workerUnread))
    .map((row) => row.id);
  if (unreadIds.length > 0) {
    await db
      .update(leaveRequests)
      .set(side === 'employer' ? { employerUnread: false } : { workerUnread: false })
      .where(and(eq(leaveRequests.employerId, employerId), inArray(leaveRequests.id, unreadIds)));
  }
  return { requests: rows.map((row) => requestToWire(row, side)), unread: unreadIds.length };
}

/** GET /krye/leave: the employer's requests, newest first; listing them clears their unread marks. */
export async function listLeave(
  deps: ServiceDeps,
  actor: Actor,
  status: TLeaveStatus | undefined,
): Promise<{ requests: TLeaveRequest[]; unread: number }> {
  return readRequests(deps.db, tenantOf(actor), status ? eq(leaveRequests.status, status) : undefined, 'employer');
}

/**
 * GET /krye/leave/unread: the employer's unread requests (the nav's dot), without clearing them, and
 * the pending ones (the requests inbox's count).
 */
export async function employerUnreadLeave(
  deps: ServiceDeps,
  actor: Actor,
): Promise<{ unread: number; pending: number }> {
  const [row] = await deps.db
    .select({
      unread: sql<number>`count(*) filter (where ${leaveRequests.employerUnread})::int`,
      pending: sql<number>`count(*) filter (where ${leaveRequests.status} = 'pending')::int`,
    })
    .from(leaveRequests)
    .where(eq(leaveRequests.employerId, tenantOf(actor)));
  return { unread: Number(row?.unread ?? 0), pending: Number(row?.pending ?? 0) };
}

/** GET /krye/worker/me/leave/unread: the worker's unseen decisions, without clearing them. */
export async function workerUnreadLeave(deps: ServiceDeps, actor: Actor): Promise<{ unread: number }> {
  const [row] = await deps.db
    .select({ count: sql<number>`count(*)::int` })
    .from(leaveRequests)
    .where(
      and(
        eq(leaveRequests.employerId, tenantOf(actor)),
        eq(leaveRequests.employeeId, ownEmployeeOf(actor)),
        eq(leaveRequests.workerUnread, true),
      ),
    );
  return { unread: Number(row?.count ?? 0) };
}

/** GET /krye/worker/me/leave: the worker's own requests, newest first, its balance and the types to ask for. */
export async function workerLeave(deps: ServiceDeps, actor: Actor, year?: number): Promise<TWorkerLeave> {
  const employerId = tenantOf(actor);
  const employeeId = ownEmployeeOf(actor);
  const timeZone = employerTimeZoneOf(actor);
  const theYear = year ?? Number(todayIn(timeZone).slice(0, 4));
  const { requests, unread } = await readRequests(
    deps.db,
    employerId,
    eq(leaveRequests.employeeId, employeeId),
    'worker',
  );
  const [balance] = await balancesOf(deps.db, employerId, timeZone, theYear, employeeId);
  if (!balance) throw notFound(EMPLOYEE_NOT_FOUND);
  const types = (await typesOf(deps.db, employerId)).filter((type) => !type.archived);
  return { year: theYear, balance, requests, types, unread };
}
