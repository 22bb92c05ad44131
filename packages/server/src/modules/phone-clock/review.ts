import {
  messages,
  PUNCH_METHODS,
  scanOrigin,
  type TPunchMethod,
  type TPunchQuery,
  type TReviewPunch,
} from '@puna/domain';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { scanPhotos, scans } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/errors';
import { employerTimeZoneOf, tenantOf } from '../../lib/tenant';
import { wallClockOf, wallClockReader } from '../../lib/zoned-time';
import { recordAudit } from '../../plugins/audit';
import type { ServiceDeps } from '../../plugins/deps';
import { assertMonthsOpen } from '../closed-months/service';
import { deviceProtocolsOf } from '../devices/protocols';
import { employeeNamesOf, findEmployeeOf } from '../employees/service';
import { locationNamesOf } from './locations';
import { dayBounds } from './punch';

/**
 * The employer's review of punches (docs/product.md#phone-clock): one employee's day with each
 * punch's origin, position, workplace, flags and photo; a flagged punch is accepted or removed,
 * each with an audit entry.
 */

type Row = typeof scans.$inferSelect;

async function toReviewPunches(db: Executor, employerId: number, rows: Row[], timeZone: string) {
  const ids = rows.map((row) => row.id);
  const deviceIds = [
    ...new Set(rows.flatMap((row) => (row.origin === null && row.deviceId !== null ? [row.deviceId] : []))),
  ];
  const locationIds = [...new Set(rows.flatMap((row) => (row.locationId === null ? [] : [row.locationId])))];
  const [protocols, places, photos] = await Promise.all([
    deviceProtocolsOf(db, employerId, deviceIds),
    locationNamesOf(db, employerId, locationIds),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: scanPhotos.scanId })
          .from(scanPhotos)
          .where(and(eq(scanPhotos.employerId, employerId), inArray(scanPhotos.scanId, ids))),
  ]);
  const withPhoto = new Set(photos.map((photo) => photo.id));
  const clock = wallClockReader(timeZone);
  return rows.map((row): TReviewPunch => {
    const name = row.locationId === null ? undefined : places.get(row.locationId);
    return {
      id: row.id,
      at: row.scannedAt.toISOString(),
      time: clock(row.scannedAt).time,
      origin: scanOrigin(row.origin, row.deviceId === null ? null : (protocols.get(row.deviceId) ?? null)),
      method: (PUNCH_METHODS as readonly string[]).includes(row.method ?? '') ? (row.method as TPunchMethod) : null,
      lat: row.lat,
      lng: row.lng,
      accuracy_m: row.accuracyM,
      location: row.locationId !== null && name !== undefined ? { id: row.locationId, name } : null,
      distance_m: row.distanceM,
      flags: row.flags.filter((flag): flag is TReviewPunch['flags'][number] =>
        ['outside', 'poor_accuracy', 'late', 'clock_skew'].includes(flag),
      ),
      accepted: row.acceptedAt !== null,
      has_photo: withPhoto.has(row.id),
    };
  });
}

/** GET /krye/punches: one employee's punches of a day (every origin), oldest first. */
export async function listPunches(
  deps: ServiceDeps,
  actor: Actor,
  query: TPunchQuery,
): Promise<{ punches: TReviewPunch[] }> {
  const employerId = tenantOf(actor);
  const timeZone = employerTimeZoneOf(actor);
  await findEmployeeOf(deps.db, employerId, query.employee_id);
  const { start, end } = dayBounds(query.date, timeZone);
  const rows = await deps.db
    .select()
    .from(scans)
    .where(
      and(
        eq(scans.employerId, employerId),
        eq(scans.employeeId, query.employee_id),
        gte(scans.scannedAt, start),
        lt(scans.scannedAt, end),
      ),
    )
    .orderBy(asc(scans.scannedAt), asc(scans.id));
  return { punches: await toReviewPunches(deps.db, employerId, rows, timeZone) };
}

/** The employer's punch (a worker's scan) by id; another tenant's or an unknown card's is 404. */
async function punchOf(db: Executor, employerId: number, id: number): Promise<Row & { employeeId: number }> {
  const [row] = await db
    .select()
    .from(scans)
    .where(and(eq(scans.employerId, employerId), eq(scans.id, id)))
    .limit(1);
  if (!row || row.employeeId === null) throw notFound(messages.punchNotFound);
  return { ...row, employeeId: row.employeeId };
}

/** GET /krye/punches/{id}/photo: the JPEG; 404 when none, deleted after the retention, or another tenant's. */
export async function punchPhoto(deps: ServiceDeps, actor: Actor, id: number): Promise<Buffer> {
  // Read as base64 text, decoded here: a bytea column comes back from PGlite as hex parsed in JavaScript.
  const [row] = await deps.db
    .select({ jpeg: sql<string>`encode(${scanPhotos.jpeg}, 'base64')` })
    .from(scanPhotos)
    .where(and(eq(scanPhotos.employerId, tenantOf(actor)), eq(scanPhotos.scanId, id)))
    .limit(1);
  if (!row) throw notFound(messages.punchPhotoNotFound);
  return Buffer.from(row.jpeg, 'base64');
}

/** PUT /krye/punches/{id}/accept: the employer has looked at a flagged punch and keeps it. */
export async function acceptPunch(deps: ServiceDeps, actor: Actor, id: number): Promise<{ punch: TReviewPunch }> {
  const employerId = tenantOf(actor);
  const timeZone = employerTimeZoneOf(actor);
  const row = await deps.db.transaction(async (tx) => {
    const punch = await punchOf(tx, employerId, id);
    if (punch.flags.length === 0) throw conflict(messages.punchNotFlagged);
    const [accepted] = await tx
      .update(scans)
      .set({ acceptedAt: sql`coalesce(${scans.acceptedAt}, now())` })
      .where(and(eq(scans.employerId, employerId), eq(scans.id, id)))
      .returning();
    await recordAudit(tx, {
      employerId,
      actorUserId: actor.userId,
      impersonatorUserId: actor.impersonatorId,
      action: 'punch.accept',
      details: { params: auditParams(punch, timeZone), statusCode: 200 },
    });
    return accepted ?? punch;
  });
  const [punch] = await toReviewPunches(deps.db, employerId, [row], timeZone);
  if (!punch) throw notFound(messages.punchNotFound);
  return { punch };
}

/** What the audit entry says of a punch: whose, when, from where, and its flags. */
function auditParams(punch: Row & { employeeId: number }, timeZone: string) {
  const { date, time } = wallClockOf(punch.scannedAt, timeZone);
  return { id: punch.id, employee_id: punch.employeeId, date, time, origin: punch.origin, flags: punch.flags };
}

/**
 * DELETE /krye/punches/{id}: removes a flagged punch (its photo goes with it) and the day is counted
 * again without it; refused 409 in a closed month. Unflagged punches are corrected on the day instead.
 */
export async function deletePunch(deps: ServiceDeps, actor: Actor, id: number): Promise<{ deleted: true }> {
  const employerId = tenantOf(actor);
  const timeZone = employerTimeZoneOf(actor);
  const removed = await deps.db.transaction(async (tx) => {
    const punch = await punchOf(tx, employerId, id);
    if (punch.flags.length === 0) throw conflict(messages.punchNotFlagged);
    const params = auditParams(punch, timeZone);
    await assertMonthsOpen(tx, employerId, [params.date], messages.punchMonthClosed);
    await tx.delete(scans).where(and(eq(scans.employerId, employerId), eq(scans.id, id)));
    await recordAudit(tx, {
      employerId,
      actorUserId: actor.userId,
      impersonatorUserId: actor.impersonatorId,
      action: 'punch.remove',
      details: { params, statusCode: 200 },
    });
    return params;
  });
  const names = await employeeNamesOf(deps.db, employerId, [removed.employee_id]);
  void deps.events.announce('scans.changed', {
    employerId,
    updates: [{ worker: { id: removed.employee_id, name: names.get(removed.employee_id) ?? '' }, scanData: [] }],
  });
  return { deleted: true };
}

/**
 * Flagged punches not yet accepted, per worker, on a date of the employer's zone: the RFID day
 * list's `flagged` count (GET /krye/rfid_day).
 */
export async function flaggedCountsOn(
  db: Executor,
  employerId: number,
  date: string,
  timeZone: string,
): Promise<Map<number, number>> {
  const { start, end } = dayBounds(date, timeZone);
  const rows = await db
    .select({ employeeId: scans.employeeId, count: sql<number>`count(*)::int` })
    .from(scans)
    .where(
      and(
        eq(scans.employerId, employerId),
        gte(scans.scannedAt, start),
        lt(scans.scannedAt, end),
        sql`cardinality(${scans.flags}) > 0`,
        sql`${scans.acceptedAt} is null`,
      ),
    )
    .groupBy(scans.employeeId);
  return new Map(rows.flatMap((row) => (row.employeeId === null ? [] : [[row.employeeId, Number(row.count)]])));
}
