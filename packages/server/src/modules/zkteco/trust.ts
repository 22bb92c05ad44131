/**
 * Trusting a ZKTeco clock. The push protocol has no secret: a clock names itself by its serial,
 * which is printed on its back and shown in its menu. So Puna trusts a serial only
 *
 * 1. once someone **at the clock** has confirmed it: registration gives the employer a 6-digit
 *    confirmation PIN; a punch with that user ID, made at the clock, confirms it (any firmware that
 *    uploads ATTLOG can do it, no command support needed). Until then the clock gets no commands
 *    (no employee data) and its uploads are answered with an error it reads, so it keeps its punches
 *    and sends them again once confirmed: nothing is lost, nothing reaches a stranger;
 * 2. from the **network it was confirmed from** (an IPv4 /24 or an IPv6 /48, as the server sees
 *    the address). A request with its serial from elsewhere is refused and shown to its employer.
 *    A stranger who knows the serial can neither read its commands nor post punches. A move is
 *    proved like the first confirmation: the employer's approval gives the clock a new PIN, and a
 *    punch with it must arrive **from the new network**.
 *
 * Every request can be forged by someone who knows the serial, but not its source network. So a
 * stranger who registers a serial and forges its confirmation punch holds it only on the stranger's
 * own network: the real clock's requests stay refused (its punches wait on the clock), and no
 * approval moves the serial to the real clock's network without a punch sent from there.
 *
 * Several employers may wait on one serial; the first confirmed takes it and the others' waiting
 * registrations are removed. Unknown serials are rate limited per address (the routes).
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema';
import type { ServiceDeps } from '../../lib/deps';
import { isUniqueViolation } from '../../lib/errors';
import { toDevice } from '../devices/service';
import { pinKey } from './attlog';
import { queueAllUsers } from './commands';

/** The network an address belongs to for trust: IPv4 /24, IPv6 /48 (IPv4-mapped IPv6 counts as IPv4). */
export function networkOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  if (parsed.kind() === 'ipv4') {
    const [a, b, c] = (parsed as ipaddr.IPv4).octets;
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = (parsed as ipaddr.IPv6).parts;
  const prefix = new ipaddr.IPv6([parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, 0, 0, 0, 0, 0]);
  return `${prefix.toString()}/48`;
}

export type WaitingRegistration = { id: number; employerId: number; confirmPin: string | null };

/** The registrations waiting on a serial (no confirmed clock holds it). */
export async function waitingRegistrations(db: Db, serial: string): Promise<WaitingRegistration[]> {
  return db
    .select({ id: devices.id, employerId: devices.employerId, confirmPin: devices.confirmPin })
    .from(devices)
    .where(and(eq(devices.deviceId, serial), eq(devices.protocol, 'zkteco'), isNull(devices.confirmedAt)));
}

/**
 * The waiting registration whose confirmation PIN punched in this upload, confirmed now from the
 * request's network; the serial's other waiting registrations are removed. The new clock is sent
 * every employee with a PIN or card. Null when no punch confirms any.
 */
export async function confirmByPunch(
  deps: ServiceDeps,
  serial: string,
  waiting: WaitingRegistration[],
  punchedPins: string[],
  address: string,
): Promise<number | null> {
  const punched = new Set(punchedPins.map(pinKey));
  const match = waiting.find((registration) => registration.confirmPin && punched.has(registration.confirmPin));
  if (!match) return null;
  // Only one confirmed device may hold a serial: a reader registered with the same id, or another
  // registration confirmed a moment ago, leaves this one waiting (answered in text, not a 500).
  const confirmed = await deps.db
    .transaction(async (tx) => {
      const [row] = await tx
        .update(devices)
        .set({ confirmedAt: new Date(), confirmPin: null, trustedNetwork: networkOf(address), stamps: null })
        .where(and(eq(devices.id, match.id), isNull(devices.confirmedAt)))
        .returning();
      if (!row) return null;
      const others = await tx
        .delete(devices)
        .where(and(eq(devices.deviceId, serial), isNull(devices.confirmedAt), ne(devices.id, row.id)))
        .returning({ employerId: devices.employerId });
      await queueAllUsers(tx, row.employerId, row.id);
      return { row, others };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return null;
      throw error;
    });
  if (!confirmed) return null;
  deps.realtime.emitToEmployer(confirmed.row.employerId, 'device_update', toDevice(confirmed.row));
  for (const other of confirmed.others) {
    deps.realtime.emitToEmployer(other.employerId, 'device_update', { device_id: serial, removed: true });
  }
  return confirmed.row.id;
}

/**
 * Whether a confirmed clock's request comes from its network. The first request after the
 * migration (a clock confirmed before networks were kept) teaches it; a request from elsewhere is
 * recorded for the employer to approve.
 */
export async function isFromTrustedNetwork(
  deps: ServiceDeps,
  clock: { id: number; employerId: number; trustedNetwork: string | null },
  address: string,
): Promise<boolean> {
  const network = networkOf(address);
  if (clock.trustedNetwork === network) return true;
  if (clock.trustedNetwork === null) {
    await deps.db.update(devices).set({ trustedNetwork: network }).where(eq(devices.id, clock.id));
    return true;
  }
  const [row] = await deps.db
    .update(devices)
    .set({ movedNetwork: network, movedSeenAt: new Date() })
    .where(eq(devices.id, clock.id))
    .returning();
  if (row) deps.realtime.emitToEmployer(clock.employerId, 'device_update', toDevice(row));
  return false;
}

/**
 * A confirmed clock calling from another network after its employer approved the move: a punch
 * with the new confirmation PIN, from this network, makes it the clock's network. False when the
 * upload holds no such punch (or no move was approved).
 */
export async function reconfirmByPunch(
  deps: ServiceDeps,
  clock: { id: number; employerId: number; confirmPin: string | null },
  punchedPins: string[],
  address: string,
): Promise<boolean> {
  if (!clock.confirmPin || !punchedPins.map(pinKey).includes(clock.confirmPin)) return false;
  const [row] = await deps.db
    .update(devices)
    .set({ trustedNetwork: networkOf(address), confirmPin: null, movedNetwork: null, movedSeenAt: null })
    .where(and(eq(devices.id, clock.id), eq(devices.confirmPin, clock.confirmPin)))
    .returning();
  if (!row) return false;
  deps.realtime.emitToEmployer(clock.employerId, 'device_update', toDevice(row));
  return true;
}
