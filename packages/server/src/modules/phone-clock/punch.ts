import {
  addDays,
  base64DecodedLength,
  effectivePhoneClock,
  formatMessage,
  isJpeg,
  messages,
  nearestWorkplace,
  PUNCH_FLAGS,
  photoProblem,
  punchFlags,
  punchTimeProblem,
  stripDataUrl,
  type TPhonePunch,
  type TPunchBody,
  type TPunchFlag,
  type TPunchState,
  todayIn,
  weekdayName,
} from '@puna/domain';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Executor } from '../../db/executor';
import { scans } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError, conflict, forbidden, notFound, tooManyRequests } from '../../lib/errors';
import { employerTimeZoneOf, ownEmployeeOf, tenantOf } from '../../lib/tenant';
import { instantOf, wallClockOf } from '../../lib/zoned-time';
import type { ServiceDeps } from '../../plugins/deps';
import { assertMonthsOpen } from '../closed-months/service';
import { EMPLOYEE_NOT_FOUND } from '../employees/service';
import { locationNamesOf, locationsOf, sortedLocations } from './locations';
import { COMPANY_NOT_FOUND, effectiveFor } from './settings';
import { onPglite, PHONE_UID, punchReads, storePunch } from './store';

/**
 * The worker's phone punch (docs/product.md#phone-clock): a row of `scans` with origin 'phone',
 * the worker's own employee, no device, uid 'phone' — so the scan-days triggers count it into the
 * worker's day like a card scan, and it flows into the RFID list, marks, today board and payroll.
 */

const unprocessable = (message: string) => new AppError(422, message);
/** A worker's punch lock: an advisory key of its own, offset from any other feature's single keys. */
const PUNCH_LOCK_BASE = 36 * 2 ** 40;

/** One day of the employer's zone as an instant range. */
export function dayBounds(date: string, timeZone: string): { start: Date; end: Date } {
  return { start: instantOf(date, '00:00:00', timeZone), end: instantOf(addDays(date, 1), '00:00:00', timeZone) };
}

const flagsOf = (stored: string[]): TPunchFlag[] =>
  stored.filter((flag): flag is TPunchFlag => (PUNCH_FLAGS as readonly string[]).includes(flag));

/** How many punches of the worker's day come before this one: even → this one clocks in. */
async function directionOf(
  db: Executor,
  employeeId: number,
  scan: { id: number; scannedAt: Date },
  timeZone: string,
): Promise<'in' | 'out'> {
  const { start } = dayBounds(wallClockOf(scan.scannedAt, timeZone).date, timeZone);
  const [row] = await db
    .select({ before: sql<number>`count(*)::int` })
    .from(scans)
    .where(
      and(
        eq(scans.employeeId, employeeId),
        gte(scans.scannedAt, start),
        sql`(${scans.scannedAt}, ${scans.id}) < (${scan.scannedAt.toISOString()}::timestamptz, ${scan.id})`,
      ),
    );
  return Number(row?.before ?? 0) % 2 === 0 ? 'in' : 'out';
}

type StoredPunch = typeof scans.$inferSelect;

/** The answer for a stored phone punch: its workplace only when the punch was inside it. */
async function toPhonePunch(
  db: Executor,
  employerId: number,
  row: StoredPunch,
  timeZone: string,
  direction?: 'in' | 'out',
): Promise<TPhonePunch> {
  const flags = flagsOf(row.flags);
  const names = row.locationId === null ? new Map() : await locationNamesOf(db, employerId, [row.locationId]);
  const name = row.locationId === null ? undefined : names.get(row.locationId);
  return {
    id: row.clientId ?? '',
    at: row.scannedAt.toISOString(),
    direction: direction ?? (await directionOf(db, row.employeeId ?? 0, row, timeZone)),
    location:
      row.locationId !== null && name !== undefined && !flags.includes('outside') ? { id: row.locationId, name } : null,
    distance_m: row.distanceM,
    flags,
  };
}

/** The employer's punch with this client id, if any. */
async function punchByClientId(db: Executor, employerId: number, clientId: string): Promise<StoredPunch | undefined> {
  const [row] = await db
    .select()
    .from(scans)
    .where(and(eq(scans.employerId, employerId), eq(scans.clientId, clientId)))
    .limit(1);
  return row;
}

/** GET /krye/worker/me/punch: what the punch button shows. */
export async function punchState(deps: ServiceDeps, actor: Actor): Promise<TPunchState> {
  const employerId = tenantOf(actor);
  const employeeId = ownEmployeeOf(actor);
  const timeZone = employerTimeZoneOf(actor);
  const { start, end } = dayBounds(todayIn(timeZone), timeZone);
  const [{ effective }, places, [today], [last]] = await Promise.all([
    effectiveFor(deps.db, employerId, employeeId),
    locationsOf(deps.db, employerId),
    deps.db
      .select({ count: sql<number>`count(*)::int` })
      .from(scans)
      .where(and(eq(scans.employeeId, employeeId), gte(scans.scannedAt, start), lt(scans.scannedAt, end))),
    deps.db
      .select({ at: scans.scannedAt, locationId: scans.locationId, flags: scans.flags })
      .from(scans)
      .where(and(eq(scans.employerId, employerId), eq(scans.employeeId, employeeId)))
      .orderBy(desc(scans.scannedAt), desc(scans.id))
      .limit(1),
  ]);
  const lastPlace =
    last && last.locationId !== null && !last.flags.includes('outside')
      ? places.find((place) => place.id === last.locationId)
      : undefined;
  return {
    allowed: effective.phone_punches,
    photo_required: effective.phone_photo_required,
    outside_policy: effective.phone_outside,
    state: Number(today?.count ?? 0) % 2 === 1 ? 'in' : 'out',
    last_punch: last ? { at: last.at.toISOString(), location_name: lastPlace?.name ?? null } : null,
    locations: places.map(({ address: _address, ...place }) => place),
  };
}

/**
 * The photo's bytes once checked, or the refusal: 413 when too big, 422 when not a JPEG. They go to
 * the database as a binary parameter (`store.ts`).
 */
function checkedPhoto(photo: string): Buffer {
  const problem = photoProblem(photo);
  if (problem === 'too_big') throw new AppError(413, messages.punchPhotoTooBig);
  if (problem === 'not_jpeg') throw unprocessable(messages.punchPhotoNotJpeg);
  const text = stripDataUrl(photo);
  const bytes = Buffer.from(text, 'base64');
  // Node skips what is not base64: fewer bytes than the text's length promises is not a photo.
  if (bytes.length !== base64DecodedLength(text) || !isJpeg(bytes)) throw unprocessable(messages.punchPhotoNotJpeg);
  return bytes;
}

/** One point of the worker's per-minute allowance (`PUNCHES_PER_MINUTE`), or 429. */
async function spendPunch(deps: ServiceDeps, employeeId: number): Promise<void> {
  try {
    await deps.rateLimits.phonePunchesPerWorker.consume(String(employeeId));
  } catch (error) {
    if (error instanceof RateLimiterRes) throw tooManyRequests(messages.punchTooMany);
    throw error;
  }
}

/**
 * POST /krye/worker/me/punch. A resend of a stored punch (the same client `id`) answers it again
 * with `created` false and stores nothing. Otherwise, in order: phone punches allowed for the
 * worker (403), at most 6 a minute (429), a time neither older than 7 days nor more than 5 minutes
 * ahead (422), the photo (413 / 422; required: 422), the workplace (outside every one under 'refuse':
 * 422 naming the nearest), then the month (409 when closed) and the insert with its photo, in one
 * statement (`store.ts`).
 */
export async function phonePunch(
  deps: ServiceDeps,
  actor: Actor,
  body: TPunchBody,
): Promise<{ created: boolean; punch: TPhonePunch }> {
  const employerId = tenantOf(actor);
  const employeeId = ownEmployeeOf(actor);
  const timeZone = employerTimeZoneOf(actor);
  const receivedAt = deps.now();

  // The reads in one statement; each is checked in its turn below.
  const reads = await punchReads(deps.db, employerId, employeeId, body.id);
  if (!reads.settings) throw notFound(COMPANY_NOT_FOUND);
  if (!reads.own) throw notFound(EMPLOYEE_NOT_FOUND);
  const { name } = reads.own;
  const effective = effectivePhoneClock(reads.settings, reads.own);
  const places = sortedLocations(reads.places);
  if (reads.resendId !== null) {
    const resend = await punchByClientId(deps.db, employerId, body.id);
    if (resend) return answerResend(deps, employerId, employeeId, resend, timeZone);
  }

  if (!effective.phone_punches) throw forbidden(messages.phonePunchesOff);
  await spendPunch(deps, employeeId);

  const takenAt = new Date(body.taken_at);
  const timeProblem = punchTimeProblem(takenAt, receivedAt);
  if (timeProblem === 'future') throw unprocessable(messages.punchInFuture);
  if (timeProblem === 'too_old') throw unprocessable(messages.punchTooOld);

  const photo = body.photo === undefined || body.photo === '' ? null : checkedPhoto(body.photo);
  if (!photo && effective.phone_photo_required) throw unprocessable(messages.punchPhotoRequired);

  const near = nearestWorkplace(body, places);
  const inside = near?.inside ?? false;
  if (!inside && effective.phone_outside === 'refuse') {
    if (!near) throw unprocessable(messages.punchNoWorkplace);
    throw unprocessable(formatMessage('punchOutside', { distance: near.distance_m, name: near.workplace.name }));
  }
  const flags = punchFlags({ inside, accuracy: body.accuracy, takenAt, receivedAt });
  const { date, time } = wallClockOf(takenAt, timeZone);

  const punch = {
    employerId,
    employeeId,
    clientId: body.id,
    takenAt,
    receivedAt,
    lat: body.lat,
    lng: body.lng,
    accuracy: body.accuracy,
    locationId: near?.workplace.id ?? null,
    distanceM: near?.distance_m ?? null,
    flags,
    month: date.slice(0, 7),
    dayStart: dayBounds(date, timeZone).start,
    photo,
  };
  // PGlite: one connection in this process, so the statement runs alone (a month's close or another
  // punch of the worker waits for it) and commits by itself. PostgreSQL: in a transaction holding
  // the month's shared lock (a close waits for it) and the worker's punch lock (a double tap sends
  // two, each must count the other), taken before the statement reads anything.
  const direction = onPglite(deps.db)
    ? await storePunch(deps.db, punch)
    : await deps.db.transaction(async (tx) => {
        await assertMonthsOpen(tx, employerId, [date], messages.punchMonthClosed);
        await tx.execute(sql`select pg_advisory_xact_lock(${PUNCH_LOCK_BASE + employeeId}::bigint)`);
        return storePunch(tx, punch);
      });
  if (direction === 'closed') throw conflict(messages.punchMonthClosed);
  // The same id sent twice at once: the other request stored it.
  if (direction === null) {
    const other = await punchByClientId(deps.db, employerId, body.id);
    if (!other) throw conflict(messages.punchIdUsed);
    return answerResend(deps, employerId, employeeId, other, timeZone);
  }
  void deps.events.announce('scans.changed', {
    employerId,
    updates: [{ worker: { id: employeeId, name }, scanData: [{ uid: PHONE_UID, date, time, day: weekdayName(date) }] }],
  });
  const place = near?.inside ? { id: near.workplace.id, name: near.workplace.name } : null;
  const answer: TPhonePunch = {
    id: body.id,
    at: takenAt.toISOString(),
    direction,
    location: place,
    distance_m: near?.distance_m ?? null,
    flags,
  };
  return { created: true, punch: answer };
}

/** A resend answers the stored punch; an id another worker's punch holds is refused. */
async function answerResend(
  deps: ServiceDeps,
  employerId: number,
  employeeId: number,
  row: StoredPunch,
  timeZone: string,
): Promise<{ created: boolean; punch: TPhonePunch }> {
  if (row.employeeId !== employeeId || row.origin !== 'phone') throw conflict(messages.punchIdUsed);
  return { created: false, punch: await toPhonePunch(deps.db, employerId, row, timeZone) };
}
