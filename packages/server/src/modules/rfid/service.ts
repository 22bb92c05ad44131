import { addDays, compareNames, type TEditRfidRequest, type TScanRecord, weekdayName } from '@puna/domain';
import { and, asc, count, eq, gte, isNull, lt, max } from 'drizzle-orm';
import { scanCorrections, scans } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/errors';
import { employerTimeZoneOf, tenantOf } from '../../lib/tenant';
import { instantOf, wallClockOf } from '../../lib/zoned-time';
import type { ServiceDeps } from '../../plugins/deps';
import { assertMonthsOpen, lockMonths } from '../closed-months/service';
import {
  assertCardFree,
  assertPinFree,
  cardsOf,
  clockIdentityOf,
  setEmployeeCard,
  setEmployeePin,
} from '../employees/cards';
import { announceEmployees, EMPLOYEE_NOT_FOUND, findEmployeeOf } from '../employees/service';
import { lockEmployer, timeZoneOf } from '../employer-settings/service';
import { attributeScans, unattributedScanMonths } from './attribution';
import { PIN_UID_PREFIX } from './ingest';

/** GET /krye/listarfid: every employee with its card, by name. */
export async function listRfidWorkers(deps: ServiceDeps, actor: Actor) {
  const rows = await cardsOf(deps.db, tenantOf(actor));
  return rows.sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);
}

export async function workerRfidName(deps: ServiceDeps, actor: Actor, id: number): Promise<{ name: string }> {
  const employee = await findEmployeeOf(deps.db, tenantOf(actor), id);
  return { name: employee.name };
}

/** One day in the employer's zone as an instant range. */
function dayBounds(date: string, timeZone: string) {
  return { start: instantOf(date, '00:00:00', timeZone), end: instantOf(addDays(date, 1), '00:00:00', timeZone) };
}

/** GET /krye/rfid_data: one worker's raw scans (one date, or all), oldest first, in the employer's zone. */
export async function workerScans(
  deps: ServiceDeps,
  actor: Actor,
  workerId: number,
  date?: string,
): Promise<TScanRecord[]> {
  const employerId = tenantOf(actor);
  await findEmployeeOf(deps.db, employerId, workerId);
  const timeZone = await timeZoneOf(deps, employerId);
  const bounds = date ? dayBounds(date, timeZone) : undefined;
  const rows = await deps.db
    .select({ scannedAt: scans.scannedAt })
    .from(scans)
    .where(
      and(
        eq(scans.employerId, employerId),
        eq(scans.employeeId, workerId),
        bounds ? gte(scans.scannedAt, bounds.start) : undefined,
        bounds ? lt(scans.scannedAt, bounds.end) : undefined,
      ),
    )
    .orderBy(asc(scans.scannedAt));
  return rows.map((row) => {
    const local = wallClockOf(row.scannedAt, timeZone);
    return { date: local.date, time: local.time, day: weekdayName(local.date) };
  });
}

/** Records a correction of a worker's day; the raw scans are never changed. */
async function recordCorrection(
  deps: ServiceDeps,
  actor: Actor,
  workerId: number,
  date: string,
  change: { firstTime: string | null; lastTime: string | null; deleted: boolean },
): Promise<void> {
  const employerId = tenantOf(actor);
  const employee = await findEmployeeOf(deps.db, employerId, workerId);
  const values = { ...change, origin: 'employer', actorUserId: actor.userId, updatedAt: new Date() };
  // The month's lock is held until the correction commits (modules/closed-months).
  await deps.db.transaction(async (tx) => {
    await assertMonthsOpen(tx, employerId, [date]);
    await tx
      .insert(scanCorrections)
      .values({ employerId, employeeId: workerId, date, ...values })
      .onConflictDoUpdate({ target: [scanCorrections.employeeId, scanCorrections.date], set: values });
  });
  void deps.events.announce('scans.changed', {
    employerId,
    updates: [{ worker: { id: employee.id, name: employee.name }, scanData: [] }],
  });
}

export function editRfid(deps: ServiceDeps, actor: Actor, input: TEditRfidRequest): Promise<void> {
  return recordCorrection(deps, actor, input.id, input.date, {
    firstTime: input.firstScanTime,
    lastTime: input.lastScanTime,
    deleted: false,
  });
}

export function deleteRfid(deps: ServiceDeps, actor: Actor, input: { id: number; date: string }): Promise<void> {
  return recordCorrection(deps, actor, input.id, input.date, { firstTime: null, lastTime: null, deleted: true });
}

/** Scans no employee was holding the card of, by UID (optionally one date), most recent first. */
export async function unknownCards(deps: ServiceDeps, actor: Actor, date?: string) {
  const employerId = tenantOf(actor);
  const bounds = date ? dayBounds(date, await timeZoneOf(deps, employerId)) : undefined;
  const rows = await deps.db
    .select({ uid: scans.uid, scans: count(), lastScan: max(scans.scannedAt) })
    .from(scans)
    .where(
      and(
        eq(scans.employerId, employerId),
        isNull(scans.employeeId),
        bounds ? gte(scans.scannedAt, bounds.start) : undefined,
        bounds ? lt(scans.scannedAt, bounds.end) : undefined,
      ),
    )
    .groupBy(scans.uid);
  return rows
    .map((row) => ({ uid: row.uid, scans: row.scans, lastScan: new Date(row.lastScan ?? 0).toISOString() }))
    .sort((a, b) => (a.lastScan < b.lastScan ? 1 : a.lastScan > b.lastScan ? -1 : 0));
}

/**
 * Scan-to-enroll: gives the card (or a clock PIN, `PIN:<pin>`) to an employee and attributes the
 * scans nobody held it for. Scans already attributed — to anyone — stay as they are, so
 * reassigning a card never rewrites past attendance. Scans dated in a closed month stay unattributed
 * too (its payroll is settled, docs/product.md#month-close): the answer counts them and names the
 * months, which the employer reopens first to have them counted.
 */
export async function assignCard(
  deps: ServiceDeps,
  actor: Actor,
  input: { uid: string; employeeId: number },
): Promise<{ attributedScans: number; keptInClosedMonths: number; closedMonths: string[] }> {
  const employerId = tenantOf(actor);
  const isPin = input.uid.startsWith(PIN_UID_PREFIX);
  const timeZone = employerTimeZoneOf(actor);
  const result = await deps.db.transaction(async (tx) => {
    // The months the card's scans would move into, locked before the employer row (modules/closed-months).
    const months = await unattributedScanMonths(tx, employerId, input.uid, timeZone);
    const { open, closed } = await lockMonths(tx, employerId, [...months.keys()]);
    // The employer row lock serialises card changes with employee edits.
    await lockEmployer(tx, employerId);
    const before = await clockIdentityOf(tx, employerId, input.employeeId);
    if (!before) throw notFound(EMPLOYEE_NOT_FOUND);
    if (isPin) {
      const pin = input.uid.slice(PIN_UID_PREFIX.length);
      await assertPinFree(tx, employerId, pin, input.employeeId);
      await setEmployeePin(tx, employerId, input.employeeId, pin);
    } else {
      await assertCardFree(tx, employerId, input.uid, input.employeeId);
      await setEmployeeCard(tx, employerId, input.employeeId, input.uid);
    }
    const attributed = await attributeScans(tx, employerId, { ...input, timeZone, months: open });
    await deps.events.publish(tx, 'employee.saved', { employerId, employeeId: input.employeeId, before });
    const kept = closed.reduce((sum, month) => sum + (months.get(month) ?? 0), 0);
    return { attributedScans: attributed, keptInClosedMonths: kept, closedMonths: closed, name: before.name };
  });
  await announceEmployees(deps, employerId);
  void deps.events.announce('scans.changed', {
    employerId,
    updates: [{ worker: { id: input.employeeId, name: result.name }, scanData: [] }],
  });
  return {
    attributedScans: result.attributedScans,
    keptInClosedMonths: result.keptInClosedMonths,
    closedMonths: result.closedMonths,
  };
}
