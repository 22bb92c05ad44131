import {
  addDays,
  LEAVE_MAX_RANGE_DAYS,
  messages,
  rangeLength,
  type TDateRange,
  type TLeaveAskRequest,
  type TLeaveDecisionRequest,
  type TLeaveRecordRequest,
  type TLeaveRequest,
  todayIn,
} from '@puna/domain';
import { and, count, eq, gt, gte, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { leaveRequests } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { badRequest, conflict, notFound, tooManyRequests } from '../../lib/errors';
import { employerTimeZoneOf, ownEmployeeOf, tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { assertMonthsOpen } from '../closed-months/service';
import { type PlannedDays, plannedDaysOf } from '../planned-days/service';
import { leaveDaysOf } from './counted-days';
import { requestOf } from './requests';
import { ensureBuiltInTypes, findType, type TypeRow } from './types';
import { lockWorker, type Worker } from './workers';

/** Every date of a range (at most 366), for the month lock. */
function datesOf(range: TDateRange): string[] {
  const dates: string[] = [];
  for (let date = range.from; date <= range.to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** Refuses a reversed range or one over 366 days, before anything is read for it. */
function assertRange(range: TDateRange): void {
  if (range.to < range.from) throw badRequest(messages.leaveRangeReversed);
  if (rangeLength(range) > LEAVE_MAX_RANGE_DAYS) throw badRequest(messages.leaveRangeTooLong);
}

/**
 * The planned days of a new leave's range (`plannedDaysOf`), read before its transaction: their
 * reads run side by side, which the one connection of a transaction does not allow.
 */
function plannedFor(deps: ServiceDeps, employerId: number, employeeId: number, range: TDateRange) {
  return plannedDaysOf(deps.db, employerId, range, [employeeId]);
}

/**
 * The checks every new leave passes, inside the transaction that writes it (the worker's row is
 * locked, so two overlapping requests cannot both pass): an unarchived type of the employer, at
 * least one working day, no day in a closed month, no overlap with the worker's pending or approved
 * leave. Answers the days it takes (`leaveDaysOf`: each date against the schedule in force that
 * day). The range was checked before (`assertRange`).
 */
async function checkNewLeave(
  tx: Executor,
  employerId: number,
  worker: Worker,
  planned: PlannedDays,
  range: TDateRange,
  typeId: number,
): Promise<{ days: number; type: TypeRow }> {
  await ensureBuiltInTypes(tx, employerId);
  const type = await findType(tx, employerId, typeId);
  if (type.archived) throw conflict(messages.leaveTypeArchived);
  const days = leaveDaysOf(planned, worker, range);
  if (days === 0) throw badRequest(messages.leaveNoWorkingDay);
  await assertMonthsOpen(tx, employerId, datesOf(range));
  await assertNoOverlap(tx, employerId, worker.id, range);
  return { days, type };
}

/** Leave is taken from 2 years back (a late entry) to 2 years ahead (a planned one); older or later is a typo. */
export const LEAVE_WINDOW_YEARS = 2;
/** Requests one worker may send in 24 hours (the employer's own entries are not counted). */
export const LEAVE_REQUESTS_PER_DAY = 20;

/** The same calendar date `years` later (earlier when negative), as a bound to compare ISO dates with. */
const shiftYears = (date: string, years: number) =>
  `${String(Number(date.slice(0, 4)) + years).padStart(4, '0')}${date.slice(4)}`;

/** Refuses a range outside the window around today in the employer's zone. */
function assertInWindow(range: TDateRange, timeZone: string, now: Date): void {
  const today = todayIn(timeZone, now);
  if (range.from < shiftYears(today, -LEAVE_WINDOW_YEARS) || range.to > shiftYears(today, LEAVE_WINDOW_YEARS)) {
    throw badRequest(messages.leaveOutOfWindow);
  }
}

/** Refuses a worker past its day's requests; run under the worker's row lock, so a burst cannot pass it. */
async function assertUnderDailyRequests(tx: Executor, worker: Worker, userId: number, now: Date): Promise<void> {
  const [sent] = await tx
    .select({ n: count() })
    .from(leaveRequests)
    .where(
      and(
        eq(leaveRequests.employeeId, worker.id),
        eq(leaveRequests.requestedByUserId, userId),
        gt(leaveRequests.createdAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)),
      ),
    );
  if ((sent?.n ?? 0) >= LEAVE_REQUESTS_PER_DAY) throw tooManyRequests(messages.leavePerDay);
}

async function assertNoOverlap(
  tx: Executor,
  employerId: number,
  employeeId: number,
  range: TDateRange,
  except?: number,
) {
  const clashes = await tx
    .select({ id: leaveRequests.id })
    .from(leaveRequests)
    .where(
      and(
        eq(leaveRequests.employerId, employerId),
        eq(leaveRequests.employeeId, employeeId),
        inArray(leaveRequests.status, ['pending', 'approved']),
        lte(leaveRequests.fromDate, range.to),
        gte(leaveRequests.toDate, range.from),
      ),
    );
  if (clashes.some((clash) => clash.id !== except)) throw conflict(messages.leaveOverlaps);
}

/**
 * POST /krye/worker/me/leave: a worker asks; a type that needs no approval is approved at once. The
 * dates lie within 2 years of today, and a worker sends at most 20 requests in 24 hours.
 */
export async function askForLeave(deps: ServiceDeps, actor: Actor, input: TLeaveAskRequest): Promise<TLeaveRequest> {
  const employerId = tenantOf(actor);
  const employeeId = ownEmployeeOf(actor);
  const timeZone = employerTimeZoneOf(actor);
  const now = deps.now();
  assertInWindow(input, timeZone, now);
  assertRange(input);
  const planned = await plannedFor(deps, employerId, employeeId, input);
  const { id, worker } = await deps.db.transaction(async (tx) => {
    const worker = await lockWorker(tx, employerId, employeeId, timeZone);
    await assertUnderDailyRequests(tx, worker, actor.userId, now);
    const { days, type } = await checkNewLeave(tx, employerId, worker, planned, input, input.type);
    const approved = !type.needsApproval;
    const [row] = await tx
      .insert(leaveRequests)
      .values({
        employerId,
        employeeId,
        typeId: type.id,
        fromDate: input.from,
        toDate: input.to,
        days,
        status: approved ? 'approved' : 'pending',
        note: input.note,
        requestedByUserId: actor.userId,
        ...(approved ? { decidedAt: new Date() } : {}),
        employerUnread: true,
        workerUnread: false,
      })
      .returning({ id: leaveRequests.id });
    return { id: (row as { id: number }).id, worker };
  });
  const request = await requestOf(deps.db, employerId, id, 'worker');
  void deps.events.announce('leave.requested', { employerId, employeeName: worker.name, request });
  return request;
}

/** POST /krye/leave: the employer records approved leave for a worker, within 2 years of today. */
export async function recordLeave(deps: ServiceDeps, actor: Actor, input: TLeaveRecordRequest): Promise<TLeaveRequest> {
  const employerId = tenantOf(actor);
  const timeZone = employerTimeZoneOf(actor);
  assertInWindow(input, timeZone, deps.now());
  assertRange(input);
  const planned = await plannedFor(deps, employerId, input.employee_id, input);
  const id = await deps.db.transaction(async (tx) => {
    const worker = await lockWorker(tx, employerId, input.employee_id, timeZone);
    const { days, type } = await checkNewLeave(tx, employerId, worker, planned, input, input.type);
    const [row] = await tx
      .insert(leaveRequests)
      .values({
        employerId,
        employeeId: worker.id,
        typeId: type.id,
        fromDate: input.from,
        toDate: input.to,
        days,
        status: 'approved',
        note: input.note,
        requestedByUserId: actor.userId,
        decidedByUserId: actor.userId,
        decidedAt: new Date(),
        employerUnread: false,
        workerUnread: true,
      })
      .returning({ id: leaveRequests.id });
    return (row as { id: number }).id;
  });
  const request = await requestOf(deps.db, employerId, id, 'employer');
  void deps.events.announce('leave.decided', { employerId, request });
  return request;
}

/**
 * PUT /krye/leave/{id}: the employer approves or declines a pending leave. A decided one answers
 * 409; approving checks the month lock and overlaps again (the calendar may have changed).
 */
export async function decideLeave(
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  input: TLeaveDecisionRequest,
): Promise<TLeaveRequest> {
  const employerId = tenantOf(actor);
  const timeZone = employerTimeZoneOf(actor);
  await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ employeeId: leaveRequests.employeeId })
      .from(leaveRequests)
      .where(and(eq(leaveRequests.id, id), eq(leaveRequests.employerId, employerId)));
    if (!found) throw notFound(messages.leaveNotFound);
    await lockWorker(tx, employerId, found.employeeId, timeZone);
    const [row] = await tx
      .select({ status: leaveRequests.status, fromDate: leaveRequests.fromDate, toDate: leaveRequests.toDate })
      .from(leaveRequests)
      .where(eq(leaveRequests.id, id));
    if (row?.status !== 'pending') throw conflict(messages.leaveAlreadyDecided);
    if (input.status === 'approved') {
      const range = { from: row.fromDate, to: row.toDate };
      await assertMonthsOpen(tx, employerId, datesOf(range));
      await assertNoOverlap(tx, employerId, found.employeeId, range, id);
    }
    await tx
      .update(leaveRequests)
      .set({
        status: input.status,
        decisionNote: input.note,
        decidedByUserId: actor.userId,
        decidedAt: new Date(),
        employerUnread: false,
        workerUnread: true,
      })
      .where(eq(leaveRequests.id, id));
  });
  const request = await requestOf(deps.db, employerId, id, 'employer');
  void deps.events.announce('leave.decided', { employerId, request });
  return request;
}

/** DELETE /krye/worker/me/leave/{id}: the worker withdraws its own pending request. */
export async function cancelLeave(deps: ServiceDeps, actor: Actor, id: number): Promise<TLeaveRequest> {
  const employerId = tenantOf(actor);
  const employeeId = ownEmployeeOf(actor);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: leaveRequests.status })
      .from(leaveRequests)
      .where(
        and(
          eq(leaveRequests.id, id),
          eq(leaveRequests.employerId, employerId),
          eq(leaveRequests.employeeId, employeeId),
        ),
      )
      .for('update');
    if (!row) throw notFound(messages.leaveNotFound);
    if (row.status !== 'pending') throw conflict(messages.leaveNotPending);
    await tx.update(leaveRequests).set({ status: 'cancelled', employerUnread: false }).where(eq(leaveRequests.id, id));
  });
  const request = await requestOf(deps.db, employerId, id, 'worker');
  void deps.events.announce('leave.cancelled', { employerId, request });
  return request;
}
