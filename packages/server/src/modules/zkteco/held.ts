/**
 * A moved clock's earlier log. A clock keeps up to 400 days of punches and, once confirmed by a new
 * employer, uploads them all; by PIN they would count for the new employer's staff (PIN 1 of the
 * old shop is PIN 1 of the new one). So punches older than the clock's confirmation by this
 * employer (`devices.punches_from`) are held aside here, attributed to no one and listed under the
 * clock's problems, until the employer says the clock really was theirs (`importHeldPunches`).
 * The PINs that confirmed the clock (`devices.spent_pins`) are nobody's punches, ever: "upload all
 * again" does not bring the confirmation punch back as an unknown card.
 */
import type { TClockTrust } from '@puna/domain';
import { and, asc, count, desc, eq, inArray, max, min } from 'drizzle-orm';
import { devices, heldPunches } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { tenantOf } from '../../lib/tenant';
import { yieldToEventLoop } from '../../lib/yield';
import type { ServiceDeps } from '../../plugins/deps';
import { findDeviceOf, MAX_CONFIRM_ATTEMPTS, toDevice } from '../devices/service';
import { pinKey } from '../employees/cards';
import { type IncomingScan, PIN_UID_PREFIX, storeScans } from '../rfid/ingest';

/** What a clock's trust says about its punches. */
export type PunchTrust = { id: number; employerId: number; punchesFrom: Date | null; spentPins: string[] };

/**
 * The punches of an upload that count: a confirmation PIN's are dropped, and those older than the
 * clock's confirmation are held (stored once per (clock, seq)). Returns the rest, to store.
 */
export async function holdOldPunches(
  deps: ServiceDeps,
  clock: PunchTrust,
  punches: IncomingScan[],
): Promise<IncomingScan[]> {
  const spent = new Set(clock.spentPins.map(pinKey));
  const from = clock.punchesFrom?.getTime() ?? null;
  const kept: IncomingScan[] = [];
  const held: (typeof heldPunches.$inferInsert)[] = [];
  for (const punch of punches) {
    const pin = punch.uid.startsWith(PIN_UID_PREFIX) ? punch.uid.slice(PIN_UID_PREFIX.length) : null;
    if (pin !== null && spent.has(pinKey(pin))) continue;
    if (pin !== null && from !== null && punch.scannedAt.getTime() < from) {
      held.push({ deviceId: clock.id, seq: punch.seq, pin, scannedAt: punch.scannedAt });
    } else kept.push(punch);
  }
  if (held.length > 0) await deps.db.insert(heldPunches).values(held).onConflictDoNothing();
  return kept;
}

/** Held punches moved per statement on import. */
const IMPORT_CHUNK = 2000;
/** Held punches listed on the Devices page (the newest). */
const SHOWN = 20;

/**
 * The employer's choice for a clock that really was theirs before its confirmation: its held
 * punches are stored as attendance (attributed by PIN, as they would have been), and later
 * uploads take every punch. Another employer's device is "not found"; a clock holding nothing
 * imports nothing.
 */
export async function importHeldPunches(
  deps: ServiceDeps,
  actor: Actor,
  deviceId: string,
): Promise<{ imported: number }> {
  const employerId = tenantOf(actor);
  const device = await findDeviceOf(deps.db, employerId, deviceId);
  let imported = 0;
  for (;;) {
    const rows = await deps.db
      .select()
      .from(heldPunches)
      .where(eq(heldPunches.deviceId, device.id))
      .orderBy(asc(heldPunches.id))
      .limit(IMPORT_CHUNK);
    if (rows.length === 0) break;
    await storeScans(
      deps,
      { id: device.id, employerId, origin: 'clock' },
      rows.map((row) => ({ seq: row.seq, uid: `${PIN_UID_PREFIX}${row.pin}`, scannedAt: row.scannedAt })),
    );
    await deps.db.delete(heldPunches).where(
      inArray(
        heldPunches.id,
        rows.map((row) => row.id),
      ),
    );
    imported += rows.length;
    await yieldToEventLoop();
  }
  const [row] = await deps.db
    .update(devices)
    .set({ punchesFrom: null })
    .where(and(eq(devices.id, device.id), eq(devices.employerId, employerId)))
    .returning();
  if (row) void deps.events.announce('device.changed', { employerId, device: toDevice(row) });
  return { imported };
}

/**
 * A clock's trust for its page: failed confirmation tries on its current confirmation PIN, and
 * the punches held from before its confirmation (how many, their span, the newest few).
 */
export async function clockTrustOf(deps: ServiceDeps, actor: Actor, deviceId: string): Promise<TClockTrust> {
  const device = await findDeviceOf(deps.db, tenantOf(actor), deviceId);
  const [span] = await deps.db
    .select({ count: count(), oldest: min(heldPunches.scannedAt), newest: max(heldPunches.scannedAt) })
    .from(heldPunches)
    .where(eq(heldPunches.deviceId, device.id));
  const newest = await deps.db
    .select({ pin: heldPunches.pin, at: heldPunches.scannedAt })
    .from(heldPunches)
    .where(eq(heldPunches.deviceId, device.id))
    .orderBy(desc(heldPunches.scannedAt), desc(heldPunches.id))
    .limit(SHOWN);
  const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);
  return {
    confirm_attempts: device.confirmAttempts,
    max_confirm_attempts: MAX_CONFIRM_ATTEMPTS,
    punches_from: iso(device.punchesFrom),
    held: {
      count: span?.count ?? 0,
      oldest: iso(span?.oldest),
      newest: iso(span?.newest),
      shown: newest.map((punch) => ({ pin: punch.pin, at: punch.at.toISOString() })),
    },
  };
}
