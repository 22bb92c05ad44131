import {
  localClockOf,
  messages,
  OVERNIGHT_PAIRING_MINUTES,
  type TCorrection,
  type TCorrectionDecision,
  type TCorrectionList,
  type TCorrectionRequestInput,
  type TCorrectionStatus,
  type TEmployerCorrection,
  type TEmployerCorrectionList,
} from '@puna/domain';
import { and, count, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { correctionRequests } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { badRequest, conflict, notFound, tooManyRequests } from '../../lib/errors';
import type { CorrectionFact } from '../../lib/events';
import { employerTimeZoneOf, ownEmployeeOf, tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { assertMonthsOpen } from '../closed-months/service';
import { employeeNamesOf, findEmployeeOf } from '../employees/service';
import { lockEmployer } from '../employer-settings/service';
import { type ScannedDay, scannedDays, writeCorrection } from '../rfid/days';

type Row = typeof correctionRequests.$inferSelect;

/** 'HH:MM:SS' (or 'HH:MM') as 'HH:MM'. */
const hhmm = (time: string) => time.slice(0, 5);

function toCorrection(row: Row, unread: boolean): TCorrection {
  return {
    id: row.id,
    employee_id: row.employeeId,
    date: row.date,
    kind: row.kind as TCorrection['kind'],
    time: row.time,
    note: row.note,
    status: row.status as TCorrectionStatus,
    decision_note: row.decisionNote,
    decided_at: row.decidedAt ? row.decidedAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    unread,
  };
}

/** A day's first and last time as it stands (corrections applied); last is null without a checkout. */
function timesOf(day: ScannedDay | undefined): { first: string | null; last: string | null } {
  if (!day) return { first: null, last: null };
  const hasLast = day.corrected ? day.lastScanTime !== day.firstScanTime || day.scanCount > 1 : day.scanCount > 1;
  return { first: hhmm(day.firstScanTime), last: hasLast ? hhmm(day.lastScanTime) : null };
}

/** 'HH:MM' as minutes from midnight. */
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether a shift from `first` to a `last` earlier on the clock fits the night pairing (the next day's, within 14 h). */
const fitsNight = (first: string, last: string) =>
  minutesOf(last) + 1440 - minutesOf(first) <= OVERNIGHT_PAIRING_MINUTES;

/**
 * The day's times after a request is applied: 'in' sets the first time and keeps the checkout (a
 * single raw scan after the asked time is then the checkout); 'out' sets the last time and keeps
 * the first. A checkout earlier on the clock than the first time is the next morning's (a night
 * shift, docs/product.md#night-shifts) when it is within 14 hours of it. Refused with a sentence
 * otherwise.
 */
function appliedTimes(
  day: ScannedDay | undefined,
  kind: 'in' | 'out',
  time: string,
): { firstTime: string; lastTime: string | null } {
  const { first, last } = timesOf(day);
  if (kind === 'out') {
    if (first === null) throw badRequest(messages.correctionNoFirstScan);
    if (time < first && !fitsNight(first, time)) throw badRequest(messages.correctionOutBeforeIn);
    return { firstTime: first, lastTime: time };
  }
  const checkout = last ?? (first !== null && first > time ? first : null);
  if (checkout !== null && time > checkout && !fitsNight(time, checkout)) {
    throw badRequest(messages.correctionInAfterOut);
  }
  return { firstTime: time, lastTime: checkout };
}

/** How far back a missed scan can be asked for: older days are long paid (docs/product.md#missed-punches). */
export const CORRECTION_MAX_AGE_YEARS = 2;
/** Requests one worker may send in 24 hours: enough for a bad fortnight, not a flood. */
export const CORRECTION_REQUESTS_PER_DAY = 20;

/** The same calendar date `years` earlier, as a bound to compare ISO dates with (a 29 February stays one). */
const yearsBefore = (date: string, years: number) =>
  `${String(Number(date.slice(0, 4)) - years).padStart(4, '0')}${date.slice(4)}`;

/** Refuses a worker past its day's requests; run after the employer row lock, so a burst cannot pass it. */
async function assertUnderDailyRequests(tx: Executor, employeeId: number, instant: Date): Promise<void> {
  const [sent] = await tx
    .select({ n: count() })
    .from(correctionRequests)
    .where(
      and(
        eq(correctionRequests.employeeId, employeeId),
        gt(correctionRequests.createdAt, new Date(instant.getTime() - 24 * 60 * 60 * 1000)),
      ),
    );
  if ((sent?.n ?? 0) >= CORRECTION_REQUESTS_PER_DAY) throw tooManyRequests(messages.correctionsPerDay);
}

async function dayOf(deps: ServiceDeps, employerId: number, employeeId: number, date: string) {
  const [day] = await scannedDays(deps, employerId, { from: date, to: date }, employeeId);
  return day;
}

/**
 * POST /krye/worker/me/corrections: "I forgot to scan" (docs/product.md#missed-punches). The time
 * is in the employer's zone on the shift's date, the date the shift started (a night shift's
 * checkout after midnight is asked on the evening's date, earlier on the clock than the first
 * scan: docs/product.md#night-shifts). Refused with a sentence, nothing written: a time to come, a day
 * more than 2 years back, a closed month, the same date and kind already pending, a checkout before
 * the day's first scan or without one, a first scan after the day's checkout, a worker's 21st request
 * in 24 hours. The employer gets a push.
 */
export async function requestCorrection(
  deps: ServiceDeps,
  actor: Actor,
  input: TCorrectionRequestInput,
  instant = new Date(),
): Promise<TCorrection> {
  const employerId = tenantOf(actor);
  const employeeId = ownEmployeeOf(actor);
  const now = localClockOf(instant, employerTimeZoneOf(actor));
  const nowClock = `${String(Math.floor(now.minutes / 60)).padStart(2, '0')}:${String(now.minutes % 60).padStart(2, '0')}`;
  if (input.date > now.date || (input.date === now.date && input.time > nowClock)) {
    throw badRequest(messages.correctionInFuture);
  }
  if (input.date < yearsBefore(now.date, CORRECTION_MAX_AGE_YEARS)) throw badRequest(messages.correctionTooOld);
  await assertMonthsOpen(deps.db, employerId, [input.date]);
  appliedTimes(await dayOf(deps, employerId, employeeId, input.date), input.kind, input.time);
  const employee = await findEmployeeOf(deps.db, employerId, employeeId);
  const row = await deps.db.transaction(async (tx) => {
    // The employer row lock serialises two requests of the same worker, so only one stays pending.
    await lockEmployer(tx, employerId);
    await assertUnderDailyRequests(tx, employeeId, instant);
    const [pending] = await tx
      .select({ id: correctionRequests.id })
      .from(correctionRequests)
      .where(
        and(
          eq(correctionRequests.employeeId, employeeId),
          eq(correctionRequests.date, input.date),
          eq(correctionRequests.kind, input.kind),
          eq(correctionRequests.status, 'pending'),
        ),
      )
      .limit(1);
    if (pending) throw conflict(messages.correctionPending);
    const [inserted] = await tx
      .insert(correctionRequests)
      .values({
        employerId,
        employeeId,
        date: input.date,
        kind: input.kind,
        time: input.time,
        note: input.note || null,
      })
      .returning();
    if (!inserted) throw new Error('correction request not stored');
    return inserted;
  });
  await deps.events.announce('correction.requested', { employerId, correction: correctionFact(row, employee.name) });
  return toCorrection(row, false);
}

/** A request as its notices tell it (lib/events.ts). */
function correctionFact(row: Row, employeeName: string): CorrectionFact {
  return {
    id: row.id,
    employeeId: row.employeeId,
    employeeName,
    kind: row.kind as CorrectionFact['kind'],
    date: row.date,
    time: row.time,
    status: row.status as TCorrectionStatus,
    decisionNote: row.decisionNote,
  };
}

async function pendingCount(db: Executor, where: ReturnType<typeof and>): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(correctionRequests)
    .where(and(where, eq(correctionRequests.status, 'pending')));
  return Number(row?.n ?? 0);
}

/** GET /krye/worker/me/corrections: the worker's own requests, newest first; clears its unread marks. */
export async function ownCorrections(deps: ServiceDeps, actor: Actor): Promise<TCorrectionList> {
  const employerId = tenantOf(actor);
  const employeeId = ownEmployeeOf(actor);
  const mine = and(eq(correctionRequests.employerId, employerId), eq(correctionRequests.employeeId, employeeId));
  const rows = await deps.db
    .select()
    .from(correctionRequests)
    .where(mine)
    .orderBy(desc(correctionRequests.createdAt), desc(correctionRequests.id));
  const unread = rows.filter((row) => row.workerUnread).map((row) => row.id);
  if (unread.length > 0) {
    await deps.db
      .update(correctionRequests)
      .set({ workerUnread: false })
      .where(and(mine, inArray(correctionRequests.id, unread)));
  }
  return {
    unread: unread.length,
    pending: await pendingCount(deps.db, mine),
    corrections: rows.map((row) => toCorrection(row, row.workerUnread)),
  };
}

/**
 * GET /krye/corrections: the employer's requests (one status, or all), newest first, each with the
 * worker's name and the day's first and last time as they stand; clears the employer's unread marks.
 */
export async function employerCorrections(
  deps: ServiceDeps,
  actor: Actor,
  status?: TCorrectionStatus,
): Promise<TEmployerCorrectionList> {
  const employerId = tenantOf(actor);
  const theirs = eq(correctionRequests.employerId, employerId);
  const rows = await deps.db
    .select()
    .from(correctionRequests)
    .where(and(theirs, status ? eq(correctionRequests.status, status) : undefined))
    .orderBy(desc(correctionRequests.createdAt), desc(correctionRequests.id));
  const unread = rows.filter((row) => row.employerUnread).map((row) => row.id);
  if (unread.length > 0) {
    await deps.db
      .update(correctionRequests)
      .set({ employerUnread: false })
      .where(and(theirs, inArray(correctionRequests.id, unread)));
  }
  const names = await employeeNamesOf(deps.db, employerId, [...new Set(rows.map((row) => row.employeeId))]);
  const dates = rows.map((row) => row.date).sort();
  const days = new Map<string, ScannedDay>();
  if (dates.length > 0) {
    const range = { from: dates[0] as string, to: dates[dates.length - 1] as string };
    for (const day of await scannedDays(deps, employerId, range)) days.set(`${day.employeeId}|${day.date}`, day);
  }
  const corrections: TEmployerCorrection[] = rows.map((row) => {
    const { first, last } = timesOf(days.get(`${row.employeeId}|${row.date}`));
    return {
      ...toCorrection(row, row.employerUnread),
      name: names.get(row.employeeId) ?? '',
      first_scan: first,
      last_scan: last,
    };
  });
  return { unread: unread.length, pending: await pendingCount(deps.db, theirs), corrections };
}

/** Unread requests for the employer's navigation mark (not cleared). */
export async function employerUnreadCount(deps: ServiceDeps, actor: Actor): Promise<number> {
  const [row] = await deps.db
    .select({ n: count() })
    .from(correctionRequests)
    .where(and(eq(correctionRequests.employerId, tenantOf(actor)), eq(correctionRequests.employerUnread, true)));
  return Number(row?.n ?? 0);
}

/** Decided requests the worker has not seen, for the worker's navigation mark (not cleared). */
export async function workerUnreadCount(deps: ServiceDeps, actor: Actor): Promise<number> {
  const [row] = await deps.db
    .select({ n: count() })
    .from(correctionRequests)
    .where(
      and(
        eq(correctionRequests.employerId, tenantOf(actor)),
        eq(correctionRequests.employeeId, ownEmployeeOf(actor)),
        eq(correctionRequests.workerUnread, true),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * PUT /krye/corrections/{id}: approve or decline. Approval writes the day's correction (origin
 * 'worker'; raw scans untouched) in the same transaction as the decision; another tenant's id is
 * 404, a decided request 409, a closed month 409. The worker gets a push.
 */
export async function decideCorrection(
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  input: TCorrectionDecision,
): Promise<TCorrection> {
  const employerId = tenantOf(actor);
  const [request] = await deps.db
    .select()
    .from(correctionRequests)
    .where(and(eq(correctionRequests.id, id), eq(correctionRequests.employerId, employerId)));
  if (!request) throw notFound(messages.correctionNotFound);
  if (request.status !== 'pending') throw conflict(messages.correctionDecided);
  // The day as it stands, read before the transaction (scannedDays reads through its own connection).
  const times =
    input.status === 'approved'
      ? appliedTimes(
          await dayOf(deps, employerId, request.employeeId, request.date),
          request.kind as 'in' | 'out',
          request.time,
        )
      : null;
  const row = await deps.db.transaction(async (tx) => {
    if (times) {
      await assertMonthsOpen(tx, employerId, [request.date]);
      const write = { employerId, employeeId: request.employeeId, date: request.date, origin: 'worker' as const };
      await writeCorrection(tx, { ...write, ...times, actorUserId: actor.userId }, true);
    }
    const [updated] = await tx
      .update(correctionRequests)
      .set({
        status: input.status,
        decisionNote: input.note || null,
        decidedByUserId: actor.userId,
        decidedAt: new Date(),
        employerUnread: false,
        workerUnread: true,
      })
      .where(and(eq(correctionRequests.id, id), eq(correctionRequests.status, 'pending')))
      .returning();
    if (!updated) throw conflict(messages.correctionDecided);
    return updated;
  });
  const names = await employeeNamesOf(deps.db, employerId, [row.employeeId]);
  await deps.events.announce('correction.decided', {
    employerId,
    correction: correctionFact(row, names.get(row.employeeId) ?? ''),
  });
  return toCorrection(row, false);
}
