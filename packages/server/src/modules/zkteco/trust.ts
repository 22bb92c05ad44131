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
 *
 * The confirmation ID cannot be enumerated: an upload with more than 3 confirmation-range PINs
 * confirms nothing, and after 10 failed tries (uploads with IDs not tried before) an ID takes no
 * more. A request from another network raises the move banner and its one notice only while the
 * clock is silent on its own network. Punches older than the confirmation are held (`held.ts`).
 */
import { messages } from '@puna/domain';
import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import type { Db } from '../../db/client';
import { deviceRefusals, devices } from '../../db/schema';
import { isUniqueViolation } from '../../lib/errors';
import type { ServiceDeps } from '../../plugins/deps';
import { MAX_CONFIRM_ATTEMPTS, toDevice } from '../devices/service';
import { pinKey } from '../employees/cards';
import { parseAttlogLine } from './attlog';
import { queueAllUsers } from './commands';

/** Confirmation PINs are 6 digits from 900000 (`devices/service.ts`); only these can confirm. */
export const CONFIRM_PIN_RANGE = /^9\d{5}$/;
/**
 * An upload carrying more distinct confirmation-range PINs than this confirms nothing (a clock
 * being confirmed carries one; 100,000 lines, one per possible ID, carry them all).
 */
export const MAX_CONFIRM_PINS_PER_UPLOAD = 3;
/**
 * Punches this much older than the confirmation are held aside (`held.ts`): the margin covers a
 * clock whose own time runs a little behind the server's.
 */
export const CONFIRM_CLOCK_GRACE_MS = 2 * 60_000;
/**
 * A confirmed clock refused from another network raises the move banner (and one notice) only
 * when it has not called from its own network for this long (a clock polls every few seconds;
 * the Devices page calls it offline after 90 s): the real clock, moved, is silent there; a
 * stranger who knows the serial cannot silence it.
 */
export const MOVE_SILENCE_MS = 2 * 60_000;

/**
 * The distinct confirmation-range PINs (900000–999999, leading zeros aside) of the well-formed
 * punch lines of an ATTLOG upload. Only lines that can hold one are parsed.
 */
export function confirmationPins(body: string): string[] {
  const found = new Set<string>();
  for (const match of body.matchAll(/^0*9\d{5}[\t ]/gm)) {
    const end = body.indexOf('\n', match.index);
    const line = parseAttlogLine(body.slice(match.index, end === -1 ? undefined : end));
    if (line.ok && CONFIRM_PIN_RANGE.test(pinKey(line.pin))) found.add(pinKey(line.pin));
  }
  return [...found];
}

/** The confirmation-range PINs among those punched, once each. */
function candidatesOf(punchedPins: string[]): string[] {
  return [...new Set(punchedPins.map(pinKey))].filter((pin) => CONFIRM_PIN_RANGE.test(pin));
}

/**
 * One more failed confirmation try on a registration (shown to its employer), when the upload
 * tried confirmation-range PINs it had not tried before: a clock sending the same refused log
 * again (every 30 s while it waits) spends one try, not one per resend. The PINs tried are kept
 * with the registration's spent PINs: their punches are nobody's (a former owner's confirmation
 * punch in a moved clock's log among them). An upload with too many PINs counts each time.
 */
async function countFailedAttempt(
  deps: ServiceDeps,
  registration: { id: number; spentPins?: string[] | undefined },
  candidates: string[],
): Promise<void> {
  const spent = new Set(registration.spentPins ?? []);
  const fresh = candidates.filter((pin) => !spent.has(pin));
  const tooMany = candidates.length > MAX_CONFIRM_PINS_PER_UPLOAD;
  if (!tooMany && fresh.length === 0) return;
  const [row] = await deps.db
    .update(devices)
    .set({
      confirmAttempts: sql`${devices.confirmAttempts} + 1`,
      ...(tooMany ? {} : { spentPins: [...spent, ...fresh] }),
    })
    .where(and(eq(devices.id, registration.id), lt(devices.confirmAttempts, MAX_CONFIRM_ATTEMPTS)))
    .returning();
  if (row) void deps.events.announce('device.changed', { employerId: row.employerId, device: toDevice(row) });
}

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

export type WaitingRegistration = {
  id: number;
  employerId: number;
  confirmPin: string | null;
  confirmAttempts?: number;
  /** Confirmation-range PINs already tried on it (a resent log tries nothing new). */
  spentPins?: string[];
};

/** The registrations waiting on a serial (no confirmed clock holds it). */
export async function waitingRegistrations(db: Db, serial: string): Promise<WaitingRegistration[]> {
  return db
    .select({
      id: devices.id,
      employerId: devices.employerId,
      confirmPin: devices.confirmPin,
      confirmAttempts: devices.confirmAttempts,
      spentPins: devices.spentPins,
    })
    .from(devices)
    .where(and(eq(devices.deviceId, serial), eq(devices.protocol, 'zkteco'), isNull(devices.confirmedAt)));
}

/**
 * The waiting registration whose confirmation PIN punched in this upload, confirmed now from the
 * request's network; the serial's other waiting registrations are removed. The new clock is sent
 * every employee with a PIN or card. Null when no punch confirms any.
 *
 * `punchedPins` are the upload's punched PINs (all of them, or its confirmation-range ones:
 * `confirmationPins`). Confirmation cannot be enumerated: an upload with more than
 * `MAX_CONFIRM_PINS_PER_UPLOAD` confirmation-range PINs confirms nothing, and each upload whose
 * confirmation-range PINs confirm nothing counts as a failed try on every waiting registration;
 * after `MAX_CONFIRM_ATTEMPTS` a registration takes no more (its employer registers it again).
 */
export async function confirmByPunch(
  deps: ServiceDeps,
  serial: string,
  waiting: WaitingRegistration[],
  punchedPins: string[],
  address: string,
): Promise<number | null> {
  const candidates = candidatesOf(punchedPins);
  if (candidates.length === 0) return null;
  const open = waiting.filter((registration) => (registration.confirmAttempts ?? 0) < MAX_CONFIRM_ATTEMPTS);
  const punched = new Set(candidates);
  const match =
    candidates.length > MAX_CONFIRM_PINS_PER_UPLOAD
      ? undefined
      : open.find((registration) => registration.confirmPin && punched.has(registration.confirmPin));
  if (!match) {
    deps.log.warn({ serial, ip: address, pins: candidates.length }, 'iclock confirmation try refused');
    for (const registration of open) await countFailedAttempt(deps, registration, candidates);
    return null;
  }
  const confirmPin = match.confirmPin ?? '';
  // Only one confirmed device may hold a serial: a reader registered with the same id, or another
  // registration confirmed a moment ago, leaves this one waiting (answered in text, not a 500).
  const confirmed = await deps.db
    .transaction(async (tx) => {
      const [row] = await tx
        .update(devices)
        .set({
          confirmedAt: new Date(),
          confirmPin: null,
          confirmAttempts: 0,
          trustedNetwork: networkOf(address),
          stamps: null,
          // The clock's earlier log (perhaps another employer's) is held aside, never attributed.
          punchesFrom: new Date(Date.now() - CONFIRM_CLOCK_GRACE_MS),
          // Every confirmation-range PIN seen on it (a former owner's among them) is nobody's.
          spentPins: [...new Set([...(match.spentPins ?? []), ...candidates, confirmPin])],
        })
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
  void deps.events.announce('device.changed', {
    employerId: confirmed.row.employerId,
    device: toDevice(confirmed.row),
  });
  for (const other of confirmed.others) {
    void deps.events.announce('device.removed', { employerId: other.employerId, deviceId: serial });
  }
  return confirmed.row.id;
}

/**
 * Whether a confirmed clock's request comes from its network. The first request after the
 * migration (a clock confirmed before networks were kept) teaches it. A request from elsewhere is
 * refused; it raises the move banner (and one notice per new network, `clock.moved`) only when the
 * clock has been silent on its own network for `MOVE_SILENCE_MS`: a stranger who knows the serial
 * cannot raise it while the clock calls. Otherwise it is kept under the clock's problems.
 */
export async function isFromTrustedNetwork(
  deps: ServiceDeps,
  clock: { id: number; employerId: number; trustedNetwork: string | null },
  address: string,
  now = new Date(),
): Promise<boolean> {
  const network = networkOf(address);
  if (clock.trustedNetwork === network) return true;
  if (clock.trustedNetwork === null) {
    await deps.db.update(devices).set({ trustedNetwork: network }).where(eq(devices.id, clock.id));
    return true;
  }
  const [current] = await deps.db
    .select({ lastSeenAt: devices.lastSeenAt, movedNetwork: devices.movedNetwork, name: devices.name })
    .from(devices)
    .where(eq(devices.id, clock.id));
  if (!current) return false;
  const silent = !current.lastSeenAt || now.getTime() - current.lastSeenAt.getTime() >= MOVE_SILENCE_MS;
  if (!silent) {
    await keepForeignRequest(deps, clock.id, network);
    return false;
  }
  const [row] = await deps.db
    .update(devices)
    .set({ movedNetwork: network, movedSeenAt: now })
    .where(eq(devices.id, clock.id))
    .returning();
  if (row) void deps.events.announce('device.changed', { employerId: clock.employerId, device: toDevice(row) });
  // The employer hears at once (a push opening the Devices page), once per clock per new network.
  if (row && current.movedNetwork !== network) {
    await deps.events.announce('clock.moved', {
      employerId: clock.employerId,
      serial: row.deviceId,
      name: current.name,
    });
  }
  return false;
}

/** The reason kept (once per network) for a request from another network while the clock calls from its own. */
export const FOREIGN_REQUEST_REASON = messages.clockForeignNetwork;

/** Kept once per network under the clock's problems (the newest 100 refusals are kept). */
async function keepForeignRequest(deps: ServiceDeps, deviceId: number, network: string): Promise<void> {
  const raw = `network ${network}`;
  const [known] = await deps.db
    .select({ id: deviceRefusals.id })
    .from(deviceRefusals)
    .where(and(eq(deviceRefusals.deviceId, deviceId), eq(deviceRefusals.raw, raw)));
  if (!known) await deps.db.insert(deviceRefusals).values({ deviceId, raw, reason: FOREIGN_REQUEST_REASON });
}

/**
 * A confirmed clock calling from another network after its employer approved the move: a punch
 * with the new confirmation PIN, from this network, makes it the clock's network. False when the
 * upload holds no such punch (or no move was approved). The same limits as the first confirmation
 * hold (`confirmByPunch`): too many confirmation-range PINs in one upload prove nothing, and each
 * failed try counts.
 */
export async function reconfirmByPunch(
  deps: ServiceDeps,
  clock: { id: number; employerId: number; confirmPin: string | null; spentPins?: string[] | undefined },
  punchedPins: string[],
  address: string,
): Promise<boolean> {
  if (!clock.confirmPin) return false;
  const candidates = candidatesOf(punchedPins);
  if (candidates.length === 0) return false;
  if (candidates.length > MAX_CONFIRM_PINS_PER_UPLOAD || !candidates.includes(clock.confirmPin)) {
    deps.log.warn({ clock: clock.id, ip: address, pins: candidates.length }, 'iclock move confirmation try refused');
    await countFailedAttempt(deps, clock, candidates);
    return false;
  }
  const [row] = await deps.db
    .update(devices)
    .set({
      trustedNetwork: networkOf(address),
      confirmPin: null,
      confirmAttempts: 0,
      movedNetwork: null,
      movedSeenAt: null,
      spentPins: [...new Set([...(clock.spentPins ?? []), ...candidates])],
    })
    .where(
      and(
        eq(devices.id, clock.id),
        eq(devices.confirmPin, clock.confirmPin),
        lt(devices.confirmAttempts, MAX_CONFIRM_ATTEMPTS),
      ),
    )
    .returning();
  if (!row) return false;
  void deps.events.announce('device.changed', { employerId: clock.employerId, device: toDevice(row) });
  return true;
}
