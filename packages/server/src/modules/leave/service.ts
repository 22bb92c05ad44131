import {
  addDays,
  BUILT_IN_LEAVE_TYPES,
  fullYearEntitlement,
  holidaysOf,
  LEAVE_MAX_RANGE_DAYS,
  LEAVE_RULES,
  leaveBalance,
  leaveDaysIn,
  messages,
  proRataEntitlement,
  rangeLength,
  readStoredSchedule,
  type TJurisdiction,
  type TLeaveAllowanceRequest,
  type TLeaveAskRequest,
  type TLeaveBalance,
  type TLeaveDecisionRequest,
  type TLeaveRecordRequest,
  type TLeaveRequest,
  type TLeaveSettings,
  type TLeaveSettingsRequest,
  type TLeaveStatus,
  type TLeaveType,
  type TLeaveTypeCreateRequest,
  type TLeaveTypeUpdateRequest,
  type TSchedule,
  type TWorkerLeave,
  todayIn,
} from '@puna/domain';
import { and, count, desc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { leaveAllowances, leaveRequests, leaveTypes } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { badRequest, conflict, isUniqueViolation, notFound, tooManyRequests } from '../../lib/errors';
import { employerTimeZoneOf, ownEmployeeOf, tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { assertMonthsOpen } from '../closed-months/service';
import { EMPLOYEE_NOT_FOUND, employeeNamesOf, employeesWithStartOf } from '../employees/service';
import { leaveSettingsOf, setAnnualLeaveDays } from '../employer-settings/service';
import { companyDaysIn } from '../holidays/service';
import { pushLeaveDecision, pushNewLeave } from './push';

type Range = { from: string; to: string };

// ---------------------------------------------------------------------------------------------
// Types

const typeColumns = {
  id: leaveTypes.id,
  kind: leaveTypes.kind,
  name: leaveTypes.name,
  paid: leaveTypes.paid,
  needsApproval: leaveTypes.needsApproval,
  archived: leaveTypes.archived,
};
type TypeRow = { id: number; kind: string; name: string; paid: boolean; needsApproval: boolean; archived: boolean };

const typeToWire = (row: TypeRow): TLeaveType => ({
  id: row.id,
  kind: row.kind as TLeaveType['kind'],
  name: row.name,
  paid: row.paid,
  needs_approval: row.needsApproval,
  archived: row.archived,
});

/** The built-in types (annual, sick, unpaid) are created the first time an employer's leave is used. */
async function ensureBuiltInTypes(db: Executor, employerId: number): Promise<void> {
  const [existing] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(leaveTypes)
    .where(and(eq(leaveTypes.employerId, employerId), inArray(leaveTypes.kind, ['annual', 'sick', 'unpaid'])));
  if (Number(existing?.count ?? 0) === BUILT_IN_LEAVE_TYPES.length) return;
  await db
    .insert(leaveTypes)
    .values(BUILT_IN_LEAVE_TYPES.map((type) => ({ employerId, ...type })))
    .onConflictDoNothing();
}

async function typesOf(db: Executor, employerId: number): Promise<TLeaveType[]> {
  await ensureBuiltInTypes(db, employerId);
  const rows = await db.select(typeColumns).from(leaveTypes).where(eq(leaveTypes.employerId, employerId));
  const order = (kind: string) => ['annual', 'sick', 'unpaid', 'custom'].indexOf(kind);
  return rows
    .sort((a, b) => order(a.kind) - order(b.kind) || a.name.localeCompare(b.name, 'sq') || a.id - b.id)
    .map(typeToWire);
}

async function findType(db: Executor, employerId: number, id: number): Promise<TypeRow> {
  const [row] = await db
    .select(typeColumns)
    .from(leaveTypes)
    .where(and(eq(leaveTypes.id, id), eq(leaveTypes.employerId, employerId)))
    .limit(1);
  if (!row) throw notFound(messages.leaveTypeNotFound);
  return row;
}

/** GET /krye/leave-types: built-ins first, then the employer's own, archived ones included. */
export async function listLeaveTypes(deps: ServiceDeps, actor: Actor): Promise<TLeaveType[]> {
  return typesOf(deps.db, tenantOf(actor));
}

/** POST /krye/leave-types: an employer's own type. */
export async function createLeaveType(
  deps: ServiceDeps,
  actor: Actor,
  input: TLeaveTypeCreateRequest,
): Promise<TLeaveType> {
  const employerId = tenantOf(actor);
  await ensureBuiltInTypes(deps.db, employerId);
  try {
    const [row] = await deps.db
      .insert(leaveTypes)
      .values({ employerId, kind: 'custom', name: input.name, paid: input.paid, needsApproval: input.needs_approval })
      .returning(typeColumns);
    return typeToWire(row as TypeRow);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(messages.leaveTypeNameTaken);
    throw error;
  }
}

/** PUT /krye/leave-types/{id}: a built-in keeps its name and pay and is never archived. */
export async function updateLeaveType(
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  body: TLeaveTypeUpdateRequest,
): Promise<TLeaveType> {
  const input = body ?? {};
  const employerId = tenantOf(actor);
  await ensureBuiltInTypes(deps.db, employerId);
  const type = await findType(deps.db, employerId, id);
  if (
    type.kind !== 'custom' &&
    ((input.name !== undefined && input.name !== type.name) ||
      (input.paid !== undefined && input.paid !== type.paid) ||
      input.archived === true)
  ) {
    throw conflict(messages.leaveTypeBuiltIn);
  }
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.paid !== undefined ? { paid: input.paid } : {}),
    ...(input.needs_approval !== undefined ? { needsApproval: input.needs_approval } : {}),
    ...(input.archived !== undefined ? { archived: input.archived } : {}),
  };
  // Nothing to change (an empty body): the type as it is.
  if (Object.keys(changes).length === 0) return typeToWire(type);
  try {
    const [row] = await deps.db
      .update(leaveTypes)
      .set(changes)
      .where(and(eq(leaveTypes.id, id), eq(leaveTypes.employerId, employerId)))
      .returning(typeColumns);
    return typeToWire(row as TypeRow);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(messages.leaveTypeNameTaken);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Employees, holidays and settings

type Worker = { id: number; name: string; schedule: TSchedule | null; startDate: string; endDate: string | null };

/** The start date for leave pro rata is the employee's own, else the day it was added (employer's zone). */
function toWorker(
  row: {
    id: number;
    name: string;
    schedule: unknown;
    createdAt: Date;
    startDate: string | null;
    endDate: string | null;
  },
  timeZone: string,
): Worker {
  return {
    id: row.id,
    name: row.name,
    schedule: readStoredSchedule(row.schedule),
    startDate: row.startDate ?? todayIn(timeZone, row.createdAt),
    endDate: row.endDate,
  };
}

async function workersOf(db: Executor, employerId: number, timeZone: string, id?: number): Promise<Worker[]> {
  const rows = await employeesWithStartOf(db, employerId, id === undefined ? {} : { id });
  return rows.map((row) => toWorker(row, timeZone)).sort((a, b) => a.name.localeCompare(b.name, 'sq') || a.id - b.id);
}

/** One worker of the employer, its row locked until the transaction ends (one leave decision at a time). */
async function lockWorker(tx: Executor, employerId: number, id: number, timeZone: string): Promise<Worker> {
  const [row] = await employeesWithStartOf(tx, employerId, { id, lock: true });
  if (!row) throw notFound(EMPLOYEE_NOT_FOUND);
  return toWorker(row, timeZone);
}

async function employerLeaveSettings(
  db: Executor,
  employerId: number,
): Promise<{ jurisdiction: TJurisdiction; annualLeaveDays: number | null }> {
  const settings = await leaveSettingsOf(db, employerId);
  if (!settings) throw notFound('Company not found.');
  return settings;
}

/** Official days off of the jurisdiction and the company's own days in a range. */
async function daysOffIn(db: Executor, employerId: number, jurisdiction: TJurisdiction, range: Range) {
  const days = new Set<string>();
  for (let year = Number(range.from.slice(0, 4)); year <= Number(range.to.slice(0, 4)); year += 1) {
    for (const holiday of holidaysOf(jurisdiction, year).holidays) {
      if (holiday.dayOff && holiday.date >= range.from && holiday.date <= range.to) days.add(holiday.date);
    }
  }
  for (const day of await companyDaysIn(db, employerId, range)) days.add(day.date);
  return days;
}

/** GET /krye/leave/settings. */
export async function getLeaveSettings(deps: ServiceDeps, actor: Actor): Promise<TLeaveSettings> {
  const settings = await employerLeaveSettings(deps.db, tenantOf(actor));
  const rules = LEAVE_RULES[settings.jurisdiction];
  return {
    annual_leave_days: settings.annualLeaveDays,
    jurisdiction: settings.jurisdiction,
    minimum_weeks: rules.annualWeeks,
    paid_sick_days: rules.paidSickDays,
  };
}

/** PUT /krye/leave/settings: the employer's annual days for everyone (null: the legal minimum). */
export async function updateLeaveSettings(
  deps: ServiceDeps,
  actor: Actor,
  input: TLeaveSettingsRequest,
): Promise<TLeaveSettings> {
  await setAnnualLeaveDays(deps.db, tenantOf(actor), input.annual_leave_days);
  return getLeaveSettings(deps, actor);
}

// ---------------------------------------------------------------------------------------------
// Requests

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

async function requestOf(db: Executor, employerId: number, id: number, side: 'employer' | 'worker') {
  const found = await selectRequests(db)
    .where(and(eq(leaveRequests.id, id), eq(leaveRequests.employerId, employerId)))
    .limit(1);
  const [row] = await named(db, employerId, found);
  if (!row) throw notFound(messages.leaveNotFound);
  return requestToWire(row, side);
}

/** Every date of a range (at most 366), for the month lock. */
function datesOf(range: Range): string[] {
  const dates: string[] = [];
  for (let date = range.from; date <= range.to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/**
 * The checks every new leave passes, inside the transaction that writes it (the worker's row is
 * locked, so two overlapping requests cannot both pass): a real range of at most 366 days, an
 * unarchived type of the employer, at least one working day, no day in a closed month, no overlap
 * with the worker's pending or approved leave. Answers the days it takes.
 */
async function checkNewLeave(
  tx: Executor,
  employerId: number,
  worker: Worker,
  range: Range,
  typeId: number,
): Promise<{ days: number; type: TypeRow }> {
  if (range.to < range.from) throw badRequest(messages.leaveRangeReversed);
  if (rangeLength(range) > LEAVE_MAX_RANGE_DAYS) throw badRequest(messages.leaveRangeTooLong);
  await ensureBuiltInTypes(tx, employerId);
  const type = await findType(tx, employerId, typeId);
  if (type.archived) throw conflict(messages.leaveTypeArchived);
  const { jurisdiction } = await employerLeaveSettings(tx, employerId);
  const days = leaveDaysIn(worker.schedule, range, await daysOffIn(tx, employerId, jurisdiction, range)).length;
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
function assertInWindow(range: Range, timeZone: string, now: Date): void {
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

async function assertNoOverlap(tx: Executor, employerId: number, employeeId: number, range: Range, except?: number) {
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
  const { id, worker } = await deps.db.transaction(async (tx) => {
    const worker = await lockWorker(tx, employerId, employeeId, timeZone);
    await assertUnderDailyRequests(tx, worker, actor.userId, now);
    const { days, type } = await checkNewLeave(tx, employerId, worker, input, input.type);
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
  announce(deps, employerId, request);
  notifyLater(deps, pushNewLeave(deps, employerId, worker.name, request));
  return request;
}

/** POST /krye/leave: the employer records approved leave for a worker, within 2 years of today. */
export async function recordLeave(deps: ServiceDeps, actor: Actor, input: TLeaveRecordRequest): Promise<TLeaveRequest> {
  const employerId = tenantOf(actor);
  const timeZone = employerTimeZoneOf(actor);
  assertInWindow(input, timeZone, deps.now());
  const id = await deps.db.transaction(async (tx) => {
    const worker = await lockWorker(tx, employerId, input.employee_id, timeZone);
    const { days, type } = await checkNewLeave(tx, employerId, worker, input, input.type);
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
  announce(deps, employerId, request);
  notifyLater(deps, pushLeaveDecision(deps, request));
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
  announce(deps, employerId, request);
  notifyLater(deps, pushLeaveDecision(deps, request));
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
  announce(deps, employerId, request);
  return request;
}

/** GET /krye/leave: the employer's requests, newest first; listing them clears their unread marks. */
export async function listLeave(
  deps: ServiceDeps,
  actor: Actor,
  status: TLeaveStatus | undefined,
): Promise<{ requests: TLeaveRequest[]; unread: number }> {
  const employerId = tenantOf(actor);
  const rows = await named(
    deps.db,
    employerId,
    await selectRequests(deps.db)
      .where(and(eq(leaveRequests.employerId, employerId), status ? eq(leaveRequests.status, status) : undefined))
      .orderBy(desc(leaveRequests.createdAt), desc(leaveRequests.id)),
  );
  const unreadIds = rows.filter((row) => row.employerUnread).map((row) => row.id);
  if (unreadIds.length > 0) {
    await deps.db
      .update(leaveRequests)
      .set({ employerUnread: false })
      .where(and(eq(leaveRequests.employerId, employerId), inArray(leaveRequests.id, unreadIds)));
  }
  return { requests: rows.map((row) => requestToWire(row, 'employer')), unread: unreadIds.length };
}

/** GET /krye/leave/unread: the employer's unread requests, without clearing them. */
export async function employerUnreadLeave(deps: ServiceDeps, actor: Actor): Promise<{ unread: number }> {
  const [row] = await deps.db
    .select({ count: sql<number>`count(*)::int` })
    .from(leaveRequests)
    .where(and(eq(leaveRequests.employerId, tenantOf(actor)), eq(leaveRequests.employerUnread, true)));
  return { unread: Number(row?.count ?? 0) };
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
  const rows = await named(
    deps.db,
    employerId,
    await selectRequests(deps.db)
      .where(and(eq(leaveRequests.employerId, employerId), eq(leaveRequests.employeeId, employeeId)))
      .orderBy(desc(leaveRequests.createdAt), desc(leaveRequests.id)),
  );
  const unreadIds = rows.filter((row) => row.workerUnread).map((row) => row.id);
  if (unreadIds.length > 0) {
    await deps.db
      .update(leaveRequests)
      .set({ workerUnread: false })
      .where(and(eq(leaveRequests.employeeId, employeeId), inArray(leaveRequests.id, unreadIds)));
  }
  const [balance] = await balancesOf(deps.db, employerId, timeZone, theYear, employeeId);
  if (!balance) throw notFound(EMPLOYEE_NOT_FOUND);
  const types = (await typesOf(deps.db, employerId)).filter((type) => !type.archived);
  return {
    year: theYear,
    balance,
    requests: rows.map((row) => requestToWire(row, 'worker')),
    types,
    unread: unreadIds.length,
  };
}

// ---------------------------------------------------------------------------------------------
// Balances

/**
 * Every worker's year (or one worker's): the annual entitlement (override, employer's days or the
 * law's minimum, pro rata from the start date), carried-over days, approved and pending annual
 * days, and approved sick days. A leave that crosses the year counts only its days inside it.
 */
async function balancesOf(
  db: Executor,
  employerId: number,
  timeZone: string,
  year: number,
  employeeId?: number,
): Promise<TLeaveBalance[]> {
  const range = { from: `${year}-01-01`, to: `${year}-12-31` };
  const [settings, workers, allowances, requests] = await Promise.all([
    employerLeaveSettings(db, employerId),
    workersOf(db, employerId, timeZone, employeeId),
    db
      .select({
        employeeId: leaveAllowances.employeeId,
        entitledDays: leaveAllowances.entitledDays,
        carriedOverDays: leaveAllowances.carriedOverDays,
      })
      .from(leaveAllowances)
      .where(
        and(
          eq(leaveAllowances.employerId, employerId),
          eq(leaveAllowances.year, year),
          employeeId === undefined ? undefined : eq(leaveAllowances.employeeId, employeeId),
        ),
      ),
    db
      .select({
        employeeId: leaveRequests.employeeId,
        fromDate: leaveRequests.fromDate,
        toDate: leaveRequests.toDate,
        days: leaveRequests.days,
        status: leaveRequests.status,
        kind: leaveTypes.kind,
      })
      .from(leaveRequests)
      .innerJoin(leaveTypes, eq(leaveTypes.id, leaveRequests.typeId))
      .where(
        and(
          eq(leaveRequests.employerId, employerId),
          inArray(leaveRequests.status, ['pending', 'approved']),
          inArray(leaveTypes.kind, ['annual', 'sick']),
          lte(leaveRequests.fromDate, range.to),
          gte(leaveRequests.toDate, range.from),
          employeeId === undefined ? undefined : eq(leaveRequests.employeeId, employeeId),
        ),
      ),
  ]);
  const crossing = requests.some((request) => request.fromDate < range.from || request.toDate > range.to);
  const daysOff = crossing ? await daysOffIn(db, employerId, settings.jurisdiction, range) : new Set<string>();
  const allowanceOf = new Map(allowances.map((row) => [row.employeeId, row]));
  const scheduleOf = new Map(workers.map((worker) => [worker.id, worker.schedule]));
  const sums = new Map<number, { annualTaken: number; annualPending: number; sickTaken: number }>();
  for (const request of requests) {
    const inside = request.fromDate >= range.from && request.toDate <= range.to;
    const days = inside
      ? Number(request.days)
      : leaveDaysIn(
          scheduleOf.get(request.employeeId),
          {
            from: [request.fromDate, range.from].sort()[1] as string,
            to: [request.toDate, range.to].sort()[0] as string,
          },
          daysOff,
        ).length;
    const sum = sums.get(request.employeeId) ?? { annualTaken: 0, annualPending: 0, sickTaken: 0 };
    if (request.kind === 'annual' && request.status === 'approved') sum.annualTaken += days;
    else if (request.kind === 'annual') sum.annualPending += days;
    else if (request.status === 'approved') sum.sickTaken += days;
    sums.set(request.employeeId, sum);
  }
  return workers.map((worker) => {
    const allowance = allowanceOf.get(worker.id);
    const override = allowance?.entitledDays == null ? null : Number(allowance.entitledDays);
    const full = fullYearEntitlement({
      jurisdiction: settings.jurisdiction,
      schedule: worker.schedule,
      employerDays: settings.annualLeaveDays,
      workerDays: override,
    });
    // An override is the employer's own number for the year: no pro rata on it.
    const entitled = override !== null ? override : proRataEntitlement(full, year, worker.startDate, worker.endDate);
    const sum = sums.get(worker.id) ?? { annualTaken: 0, annualPending: 0, sickTaken: 0 };
    const balance = leaveBalance({
      entitled,
      carriedOver: Number(allowance?.carriedOverDays ?? 0),
      ...sum,
      jurisdiction: settings.jurisdiction,
    });
    return {
      employee_id: worker.id,
      name: worker.name,
      year,
      start_date: worker.startDate,
      entitled: balance.entitled,
      entitled_override: override,
      carried_over: balance.carriedOver,
      taken: balance.taken,
      pending: balance.pending,
      remaining: balance.remaining,
      sick: { taken: balance.sick.taken, paid_days: balance.sick.paidDays, over: balance.sick.over },
    };
  });
}

/** GET /krye/leave/balances. */
export async function listBalances(deps: ServiceDeps, actor: Actor, year?: number) {
  const employerId = tenantOf(actor);
  const timeZone = employerTimeZoneOf(actor);
  const theYear = year ?? Number(todayIn(timeZone).slice(0, 4));
  const { jurisdiction } = await employerLeaveSettings(deps.db, employerId);
  return { year: theYear, jurisdiction, balances: await balancesOf(deps.db, employerId, timeZone, theYear) };
}

/** PUT /krye/leave/allowances/{employee_id}: the worker's own entitlement (null: computed) and carried-over days. */
export async function setAllowance(
  deps: ServiceDeps,
  actor: Actor,
  employeeId: number,
  input: TLeaveAllowanceRequest,
): Promise<TLeaveBalance> {
  const employerId = tenantOf(actor);
  const timeZone = employerTimeZoneOf(actor);
  const [worker] = await workersOf(deps.db, employerId, timeZone, employeeId);
  if (!worker) throw notFound(EMPLOYEE_NOT_FOUND);
  const values = { entitledDays: input.entitled_days, carriedOverDays: input.carried_over_days };
  await deps.db
    .insert(leaveAllowances)
    .values({ employerId, employeeId, year: input.year, ...values })
    .onConflictDoUpdate({ target: [leaveAllowances.employeeId, leaveAllowances.year], set: values });
  const [balance] = await balancesOf(deps.db, employerId, timeZone, input.year, employeeId);
  return balance as TLeaveBalance;
}

/** Pushes never fail the request that caused them; they are logged when they do. */
function notifyLater(deps: ServiceDeps, pushed: Promise<void>): void {
  pushed.catch((error: unknown) => deps.log.warn({ err: error }, 'leave push failed'));
}

/** Tells the employer's and the worker's open pages that a leave changed, so their lists refresh. */
function announce(deps: ServiceDeps, employerId: number, request: TLeaveRequest): void {
  const update = { id: request.id, employee_id: request.employee_id, status: request.status };
  deps.realtime.emitToEmployer(employerId, 'leave_update', update);
  deps.realtime.emitToWorker(request.employee_id, 'leave_update', update);
}
