import { messages, type TShiftInput, type TShiftRequest, type TShiftRequestStatus, todayIn } from '@puna/domain';
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { rosterShifts, shiftRequests } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { employerTimeZoneOf, ownEmployeeOf, tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { employeeNamesOf, findEmployeeOf } from '../employees/service';
import { rosterSettingsOf } from '../employer-settings/service';
import { assertShiftFits, lockedEmployer } from './service';

/**
 * Claims and swaps (docs/product.md#shifts-and-the-roster): a worker claims a published open shift,
 * or offers its own published shift to a colleague, who accepts; the employer then approves or
 * declines. An approved request changes the shift and publishes it at once: the workers asked.
 */

type RequestRow = typeof shiftRequests.$inferSelect;
type ShiftRow = typeof rosterShifts.$inferSelect;
type Published = {
  employee_id: number | null;
  date: string;
  start: string;
  end: string;
  break_minutes: number;
  note: string;
};

const publishedOf = (row: ShiftRow) => (row.publishedCopy ?? null) as Published | null;

/** A shift workers can act on: published as it is now, from today on. */
async function liveShift(tx: Executor, employerId: number, shiftId: number, today: string): Promise<ShiftRow | null> {
  const [row] = await tx
    .select()
    .from(rosterShifts)
    .where(and(eq(rosterShifts.id, shiftId), eq(rosterShifts.employerId, employerId), eq(rosterShifts.removed, false)));
  const copy = row ? publishedOf(row) : null;
  if (!row || !copy || copy.date < today) return null;
  const unchanged =
    copy.employee_id === row.employeeId &&
    copy.date === row.date &&
    copy.start === row.start &&
    copy.end === row.end &&
    copy.break_minutes === row.breakMinutes &&
    copy.note === row.note;
  return unchanged ? row : null;
}

const shiftInput = (row: ShiftRow, employeeId: number): TShiftInput => ({
  employee_id: employeeId,
  date: row.date,
  start: row.start,
  end: row.end,
  break_minutes: row.breakMinutes,
  note: row.note,
});

async function assertNoOpenRequest(tx: Executor, shiftId: number, employeeId?: number): Promise<void> {
  const [open] = await tx
    .select({ id: shiftRequests.id })
    .from(shiftRequests)
    .where(
      and(
        eq(shiftRequests.shiftId, shiftId),
        inArray(shiftRequests.status, ['offered', 'pending']),
        employeeId === undefined ? undefined : eq(shiftRequests.employeeId, employeeId),
      ),
    )
    .limit(1);
  if (open) throw conflict(messages.shiftRequestPending);
}

/** The requests with their shifts and names, newest first. */
async function describe(db: Executor, employerId: number, rows: RequestRow[]): Promise<TShiftRequest[]> {
  if (rows.length === 0) return [];
  const shifts = await db
    .select()
    .from(rosterShifts)
    .where(
      inArray(
        rosterShifts.id,
        rows.map((row) => row.shiftId),
      ),
    );
  const byId = new Map(shifts.map((shift) => [shift.id, shift]));
  const ids = [...new Set(rows.flatMap((row) => [row.employeeId, row.toEmployeeId ?? row.employeeId]))];
  const names = await employeeNamesOf(db, employerId, ids);
  return rows.flatMap((row) => {
    const shift = byId.get(row.shiftId);
    if (!shift) return [];
    return [
      {
        id: row.id,
        kind: row.kind as TShiftRequest['kind'],
        status: row.status as TShiftRequestStatus,
        employee_id: row.employeeId,
        employee_name: names.get(row.employeeId) ?? '',
        to_employee_id: row.toEmployeeId,
        to_employee_name: row.toEmployeeId === null ? null : (names.get(row.toEmployeeId) ?? ''),
        shift: {
          id: shift.id,
          employee_id: shift.employeeId,
          date: shift.date,
          start: shift.start,
          end: shift.end,
          break_minutes: shift.breakMinutes,
          note: shift.note,
        },
        created_at: row.createdAt.toISOString(),
      },
    ];
  });
}

async function requestById(db: Executor, employerId: number, id: number): Promise<TShiftRequest> {
  const rows = await db
    .select()
    .from(shiftRequests)
    .where(and(eq(shiftRequests.id, id), eq(shiftRequests.employerId, employerId)));
  const [described] = await describe(db, employerId, rows);
  if (!described) throw notFound(messages.shiftRequestNotFound);
  return described;
}

/** POST /krye/worker/me/shifts/{id}/claim: the worker asks for a published open shift. */
export async function claimShift(deps: ServiceDeps, actor: Actor, shiftId: number): Promise<TShiftRequest> {
  const employerId = tenantOf(actor);
  const employeeId = ownEmployeeOf(actor);
  const today = todayIn(employerTimeZoneOf(actor));
  const id = await deps.db.transaction(async (tx) => {
    await lockedEmployer(tx, employerId);
    const shift = await liveShift(tx, employerId, shiftId, today);
    if (!shift || shift.employeeId !== null) throw notFound(messages.shiftNotOpen);
    await assertNoOpenRequest(tx, shiftId, employeeId);
    await assertShiftFits(tx, employerId, shiftInput(shift, employeeId), shiftId);
    const [row] = await tx
      .insert(shiftRequests)
      .values({ employerId, shiftId, kind: 'claim', employeeId, status: 'pending' })
      .returning({ id: shiftRequests.id });
    return (row as { id: number }).id;
  });
  const request = await requestById(deps.db, employerId, id);
  void deps.events.announce('shift.requested', { employerId, request });
  return approvedWhenAuto(deps, actor, request);
}

/** POST /krye/worker/me/shifts/{id}/swap: the worker offers its own published shift to a colleague. */
export async function offerSwap(
  deps: ServiceDeps,
  actor: Actor,
  shiftId: number,
  toEmployeeId: number,
): Promise<TShiftRequest> {
  const employerId = tenantOf(actor);
  const employeeId = ownEmployeeOf(actor);
  if (toEmployeeId === employeeId) throw badRequest(messages.shiftSwapSelf);
  const today = todayIn(employerTimeZoneOf(actor));
  const id = await deps.db.transaction(async (tx) => {
    await lockedEmployer(tx, employerId);
    const shift = await liveShift(tx, employerId, shiftId, today);
    if (!shift || shift.employeeId !== employeeId) throw notFound(messages.shiftNotYours);
    await findEmployeeOf(tx, employerId, toEmployeeId);
    await assertNoOpenRequest(tx, shiftId);
    const [row] = await tx
      .insert(shiftRequests)
      .values({ employerId, shiftId, kind: 'swap', employeeId, toEmployeeId, status: 'offered' })
      .returning({ id: shiftRequests.id });
    return (row as { id: number }).id;
  });
  const request = await requestById(deps.db, employerId, id);
  void deps.events.announce('shift.offered', { employerId, request });
  return request;
}

/** POST /krye/worker/me/shift-requests/{id}/accept: the colleague takes the offered shift; the employer decides. */
export async function acceptSwap(deps: ServiceDeps, actor: Actor, requestId: number): Promise<TShiftRequest> {
  const employerId = tenantOf(actor);
  const employeeId = ownEmployeeOf(actor);
  const today = todayIn(employerTimeZoneOf(actor));
  await deps.db.transaction(async (tx) => {
    await lockedEmployer(tx, employerId);
    const [row] = await tx
      .select()
      .from(shiftRequests)
      .where(
        and(
          eq(shiftRequests.id, requestId),
          eq(shiftRequests.employerId, employerId),
          eq(shiftRequests.toEmployeeId, employeeId),
        ),
      );
    if (!row) throw notFound(messages.shiftRequestNotFound);
    if (row.status !== 'offered') throw conflict(messages.shiftRequestDecided);
    const shift = await liveShift(tx, employerId, row.shiftId, today);
    if (!shift) throw notFound(messages.shiftNotFound);
    await assertShiftFits(tx, employerId, shiftInput(shift, employeeId), shift.id);
    await tx.update(shiftRequests).set({ status: 'pending' }).where(eq(shiftRequests.id, requestId));
  });
  const request = await requestById(deps.db, employerId, requestId);
  void deps.events.announce('shift.requested', { employerId, request });
  return approvedWhenAuto(deps, actor, request);
}

/** GET /krye/worker/me/shift-requests: the worker's claims and swaps, and the swaps offered to it, newest first. */
export async function ownShiftRequests(deps: ServiceDeps, actor: Actor): Promise<TShiftRequest[]> {
  const employerId = tenantOf(actor);
  const employeeId = ownEmployeeOf(actor);
  const rows = await deps.db
    .select()
    .from(shiftRequests)
    .where(
      and(
        eq(shiftRequests.employerId, employerId),
        or(eq(shiftRequests.employeeId, employeeId), eq(shiftRequests.toEmployeeId, employeeId)),
      ),
    )
    .orderBy(desc(shiftRequests.createdAt), desc(shiftRequests.id));
  return describe(deps.db, employerId, rows);
}

/** GET /krye/shift-requests?status=: the employer's claims and swaps, newest first. */
export async function employerShiftRequests(
  deps: ServiceDeps,
  actor: Actor,
  status?: TShiftRequestStatus,
): Promise<TShiftRequest[]> {
  const employerId = tenantOf(actor);
  const rows = await deps.db
    .select()
    .from(shiftRequests)
    .where(and(eq(shiftRequests.employerId, employerId), status ? eq(shiftRequests.status, status) : undefined))
    .orderBy(desc(shiftRequests.createdAt), desc(shiftRequests.id));
  return describe(deps.db, employerId, rows);
}

/**
 * PUT /krye/shift-requests/{id}: the employer approves or declines a pending claim or accepted swap.
 * Approving gives the shift to the claimant (or the colleague) and publishes it at once; the shift's
 * other open requests are declined.
 */
export async function decideShiftRequest(
  deps: ServiceDeps,
  actor: Actor,
  requestId: number,
  status: 'approved' | 'declined',
): Promise<TShiftRequest> {
  return decide(deps, tenantOf(actor), employerTimeZoneOf(actor), requestId, status, actor.userId);
}

/**
 * With the employer's `shift_requests_auto` on, a pending claim or accepted swap is approved at once,
 * by the employer's own approval (`decide`, no user deciding): the shift changes hands and is
 * published, and the workers are told. Answers the request as it now is.
 */
async function approvedWhenAuto(deps: ServiceDeps, actor: Actor, request: TShiftRequest): Promise<TShiftRequest> {
  const employerId = tenantOf(actor);
  const settings = await rosterSettingsOf(deps.db, employerId);
  if (!settings?.shiftRequestsAuto) return request;
  try {
    return await decide(deps, employerId, employerTimeZoneOf(actor), request.id, 'approved', null);
  } catch (error) {
    // Something changed in between (the shift moved, another request was approved first): the
    // request stays pending for the employer, as without the setting.
    if (error instanceof AppError && error.statusCode < 500) return requestById(deps.db, employerId, request.id);
    throw error;
  }
}

/** A pending request approved or declined, by a user or (null) by the automatic setting; the workers are told. */
async function decide(
  deps: ServiceDeps,
  employerId: number,
  timeZone: string,
  requestId: number,
  status: 'approved' | 'declined',
  userId: number | null,
): Promise<TShiftRequest> {
  const today = todayIn(timeZone);
  const declinedOthers = await deps.db.transaction(async (tx) => {
    await lockedEmployer(tx, employerId);
    const [row] = await tx
      .select()
      .from(shiftRequests)
      .where(and(eq(shiftRequests.id, requestId), eq(shiftRequests.employerId, employerId)));
    if (!row) throw notFound(messages.shiftRequestNotFound);
    if (row.status !== 'pending') throw conflict(messages.shiftRequestDecided);
    const decided = { decidedByUserId: userId, decidedAt: new Date() };
    if (status === 'declined') {
      await tx
        .update(shiftRequests)
        .set({ status: 'declined', ...decided })
        .where(eq(shiftRequests.id, requestId));
      return [];
    }
    const shift = await liveShift(tx, employerId, row.shiftId, today);
    if (!shift) throw notFound(messages.shiftNotFound);
    const to = row.kind === 'claim' ? row.employeeId : (row.toEmployeeId as number);
    const input = shiftInput(shift, to);
    await assertShiftFits(tx, employerId, input, shift.id);
    const { employee_id, date, start, end, break_minutes, note } = input;
    await tx
      .update(rosterShifts)
      .set({
        employeeId: to,
        publishedCopy: { employee_id, date, start, end, break_minutes, note },
        updatedAt: new Date(),
      })
      .where(eq(rosterShifts.id, shift.id));
    await tx
      .update(shiftRequests)
      .set({ status: 'approved', ...decided })
      .where(eq(shiftRequests.id, requestId));
    const others = await tx
      .update(shiftRequests)
      .set({ status: 'declined', ...decided })
      .where(and(eq(shiftRequests.shiftId, shift.id), inArray(shiftRequests.status, ['offered', 'pending'])))
      .returning({ id: shiftRequests.id });
    return others.map((other) => other.id);
  });
  const request = await requestById(deps.db, employerId, requestId);
  void deps.events.announce('shift.decided', { employerId, request });
  for (const id of declinedOthers) {
    void deps.events.announce('shift.decided', { employerId, request: await requestById(deps.db, employerId, id) });
  }
  return request;
}
