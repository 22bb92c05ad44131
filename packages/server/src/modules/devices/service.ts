import { randomInt } from 'node:crypto';
import type {
  TDevice,
  TDeviceConfig,
  TDeviceConfigRequest,
  TDeviceProtocol,
  THeartbeatRequest,
  TRegisterDeviceRequest,
} from '@puna/domain';
import { messages } from '@puna/domain';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { deviceCommands, devices } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/errors';
import { tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { decryptSecret, encryptSecret, isDeviceSecret, newDeviceSecret } from './secrets';

/** Uploads that tried confirmation-range PINs and confirmed nothing, per confirmation PIN (modules/zkteco/trust.ts). */
export const MAX_CONFIRM_ATTEMPTS = 10;
export const DEVICE_NOT_FOUND = messages.deviceNotFound;
/** A device counts as online when its last heartbeat (or upload) is this recent. */
export const ONLINE_WINDOW_MS = 90_000;

/** What is kept in `devices.pending_config` until the device acknowledges its version. */
type PendingConfig = { version: number; name?: string; ssid?: string; passwordEncrypted?: string };

type DeviceRow = typeof devices.$inferSelect;

export function toDevice(row: DeviceRow, now = Date.now()): TDevice {
  return {
    device_id: row.deviceId,
    name: row.name,
    ssid: row.ssid,
    pending_ssid: (row.pendingConfig as PendingConfig | null)?.ssid ?? null,
    connected: row.lastSeenAt !== null && now - row.lastSeenAt.getTime() <= ONLINE_WINDOW_MS,
    last_seen: row.lastSeenAt?.toISOString() ?? null,
    protocol: row.protocol as TDeviceProtocol,
    confirmed: row.confirmedAt !== null,
    // Waiting for its first confirmation, or for the one that proves a move.
    confirm_pin: row.confirmPin,
    moved_network: row.movedNetwork,
    moved_seen: row.movedNetwork ? (row.movedSeenAt?.toISOString() ?? null) : null,
    commands_per_poll: row.protocol === 'zkteco' ? row.commandsPerPoll : null,
    numeric_users: row.protocol === 'zkteco' ? row.numericUsers : null,
  };
}

export async function listDevices(deps: ServiceDeps, actor: Actor): Promise<TDevice[]> {
  const rows = await deps.db
    .select()
    .from(devices)
    .where(eq(devices.employerId, tenantOf(actor)))
    .orderBy(asc(devices.name), asc(devices.id));
  const now = Date.now();
  return rows.map((row) => toDevice(row, now));
}

/** One device of an employer by its serial; another employer's device is "not found". */
export async function findDeviceOf(db: Executor, employerId: number, deviceId: string): Promise<DeviceRow> {
  const [row] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.employerId, employerId), eq(devices.deviceId, deviceId)));
  if (!row) throw notFound(DEVICE_NOT_FOUND);
  return row;
}

export const DEVICE_TAKEN_MESSAGE = 'This device ID is already registered.';

/**
 * Registers a device; the secret is returned once and only its hash kept. Readers and kiosks are
 * confirmed at once (their secret proves them). A ZKTeco clock cannot present a secret, so it is
 * registered unconfirmed with a confirmation PIN: until someone at the clock punches with that user
 * ID, the clock gets no employee data and its punches are not taken (see `modules/zkteco/trust.ts`).
 * Several employers may wait on one serial (so registering tells nothing about a pending one); a
 * serial confirmed anywhere is refused with the same sentence as one's own duplicate.
 */
export async function registerDevice(
  deps: ServiceDeps,
  actor: Actor,
  input: TRegisterDeviceRequest,
): Promise<{ device_id: string; name: string; secret: string | null; confirm_pin: string | null }> {
  const employerId = tenantOf(actor);
  const isClock = input.protocol === 'zkteco';
  const credentials = isClock ? null : newDeviceSecret();
  const row = await deps.db.transaction(async (tx) => {
    const [confirmed] = await tx
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.deviceId, input.device_id), isNotNull(devices.confirmedAt)));
    if (confirmed) return undefined;
    const [inserted] = await tx
      .insert(devices)
      .values({
        employerId,
        deviceId: input.device_id,
        name: input.name,
        protocol: input.protocol,
        secretHash: credentials?.hash ?? null,
        confirmedAt: isClock ? null : new Date(),
        confirmPin: isClock ? newConfirmPin() : null,
      })
      .onConflictDoNothing()
      .returning();
    return inserted;
  });
  if (!row) throw conflict(DEVICE_TAKEN_MESSAGE);
  void deps.events.announce('device.changed', { employerId, device: toDevice(row) });
  return {
    device_id: row.deviceId,
    name: row.name,
    secret: credentials?.secret ?? null,
    confirm_pin: row.confirmPin,
  };
}

/**
 * A 6-digit user ID for the confirmation punch (every ZKTeco firmware takes 6-digit user IDs). From
 * 900000 up: clocks number their users from 1, so a real user rarely holds one.
 */
function newConfirmPin(): string {
  return String(900_000 + randomInt(100_000));
}

/**
 * The employer approves that its clock now calls from the network it was last refused from (a new
 * internet line, a moved office). The approval alone moves nothing: anyone who registered the serial
 * can press it, and a squatter who did would capture the real clock. So it gives the clock a new
 * confirmation PIN, and the new network is trusted only once a punch with that PIN arrives from it,
 * which needs someone at the clock (see `modules/zkteco/trust.ts`).
 */
export async function approveClockMove(deps: ServiceDeps, actor: Actor, deviceId: string): Promise<void> {
  const employerId = tenantOf(actor);
  const [row] = await deps.db
    .update(devices)
    // A PIN whose tries ran out (docs/devices.md: confirmation cannot be enumerated) is replaced.
    .set({
      confirmPin: sql`case when ${devices.confirmAttempts} >= ${MAX_CONFIRM_ATTEMPTS} then ${newConfirmPin()} else coalesce(${devices.confirmPin}, ${newConfirmPin()}) end`,
      confirmAttempts: sql`case when ${devices.confirmAttempts} >= ${MAX_CONFIRM_ATTEMPTS} then 0 else ${devices.confirmAttempts} end`,
    })
    .where(
      and(
        eq(devices.employerId, employerId),
        eq(devices.deviceId, deviceId),
        eq(devices.protocol, 'zkteco'),
        isNotNull(devices.confirmedAt),
        isNotNull(devices.movedNetwork),
      ),
    )
    .returning();
  if (!row) {
    await findDeviceOf(deps.db, employerId, deviceId);
    throw badRequest('This clock has not called from another network.');
  }
  void deps.events.announce('device.changed', { employerId, device: toDevice(row) });
}

/**
 * Renames at once and queues the change for the device; a Wi-Fi change is only queued (the
 * device applies it). Each change bumps the config version; pending fields accumulate.
 */
export async function updateDeviceConfig(
  deps: ServiceDeps,
  actor: Actor,
  deviceId: string,
  input: TDeviceConfigRequest,
): Promise<void> {
  const employerId = tenantOf(actor);
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(devices)
      .where(and(eq(devices.employerId, employerId), eq(devices.deviceId, deviceId)))
      .for('update');
    if (!row) throw notFound(DEVICE_NOT_FOUND);
    if ('commands_per_poll' in input) {
      if (row.protocol !== 'zkteco') throw badRequest('Only a ZKTeco clock takes commands per poll.');
      const [saved] = await tx
        .update(devices)
        .set({ commandsPerPoll: input.commands_per_poll })
        .where(eq(devices.id, row.id))
        .returning();
      return saved;
    }
    if ('numeric_users' in input) {
      if (row.protocol !== 'zkteco') throw badRequest(messages.numericUsersZktecoOnly);
      const [saved] = await tx
        .update(devices)
        .set({ numericUsers: input.numeric_users })
        .where(eq(devices.id, row.id))
        .returning();
      // The clock learns its users again in the form it can apply.
      if (input.numeric_users !== row.numericUsers && row.confirmedAt) {
        await deps.events.publish(tx, 'clock.rosterRequested', {
          employerId,
          deviceId: row.id,
          numericUsers: input.numeric_users,
        });
      }
      return saved;
    }
    const version = row.configVersion + 1;
    const pending: PendingConfig = { ...((row.pendingConfig as PendingConfig | null) ?? {}), version };
    if ('name' in input) pending.name = input.name;
    else {
      pending.ssid = input.ssid;
      pending.passwordEncrypted = await encryptSecret(tx, input.password);
    }
    const [saved] = await tx
      .update(devices)
      .set({
        configVersion: version,
        // ZKTeco clocks take no configuration from Puna; only their name changes.
        pendingConfig: row.protocol === 'puna' ? pending : null,
        ...('name' in input ? { name: input.name } : {}),
      })
      .where(eq(devices.id, row.id))
      .returning();
    return saved;
  });
  if (updated) void deps.events.announce('device.changed', { employerId, device: toDevice(updated) });
}

/** Removes a device; its scans stay (their device becomes null). */
export async function deleteDevice(deps: ServiceDeps, actor: Actor, deviceId: string): Promise<void> {
  const employerId = tenantOf(actor);
  const deleted = await deps.db
    .delete(devices)
    .where(and(eq(devices.employerId, employerId), eq(devices.deviceId, deviceId)))
    .returning({ id: devices.id });
  if (deleted.length === 0) throw notFound(DEVICE_NOT_FOUND);
  void deps.events.announce('device.removed', { employerId, deviceId });
}

export type AuthenticatedDevice = {
  id: number;
  employerId: number;
  deviceId: string;
  protocol: TDeviceProtocol;
  lastSeenAt: Date | null;
};

/** The 401 a device gets for credentials that are missing, wrong or no longer valid. */
export const DEVICE_REFUSED = 'Device credentials are missing or wrong.';

/** `Authorization: Device <deviceId>:<secret>`; anything else is a 401 before any work is done. */
export async function authenticateDevice(deps: ServiceDeps, header: string | undefined): Promise<AuthenticatedDevice> {
  // The secret never holds ':', so the id is everything before the last one (MAC addresses hold ':').
  const match = header?.match(/^Device (\S+):([^:\s]+)$/);
  // Made when needed: an error's stack trace was a measurable part of every upload's CPU.
  const refused = () => unauthorized(DEVICE_REFUSED);
  if (!match?.[1] || !match[2]) throw refused();
  const [row] = await deps.db
    .select({
      id: devices.id,
      employerId: devices.employerId,
      deviceId: devices.deviceId,
      protocol: devices.protocol,
      secretHash: devices.secretHash,
      lastSeenAt: devices.lastSeenAt,
    })
    .from(devices)
    .where(and(eq(devices.deviceId, match[1]), isNotNull(devices.confirmedAt)));
  // The hash comparison runs even for an unknown device, so timing does not tell which ids exist.
  const valid = isDeviceSecret(row?.secretHash ?? null, match[2]);
  if (!row || !valid || row.protocol === 'zkteco') throw refused();
  return {
    id: row.id,
    employerId: row.employerId,
    deviceId: row.deviceId,
    protocol: row.protocol as TDeviceProtocol,
    lastSeenAt: row.lastSeenAt,
  };
}

/** An upload refreshes `last_seen_at` at most this often; the online window is 90 s. */
const SEEN_REFRESH_MS = 15_000;

/**
 * An upload is a sign of life too. A device sending batch after batch needs no write per batch:
 * `last_seen_at` (read with the credentials) is refreshed only when older than 15 s. A device
 * that was offline is announced online, as a heartbeat does.
 */
export async function recordUpload(deps: ServiceDeps, device: AuthenticatedDevice): Promise<void> {
  const now = Date.now();
  const last = device.lastSeenAt?.getTime() ?? null;
  if (last !== null && now - last < SEEN_REFRESH_MS) return;
  const [row] = await deps.db
    .update(devices)
    .set({ lastSeenAt: new Date(now) })
    .where(eq(devices.id, device.id))
    .returning();
  // A device from the credential cache (auth-cache.ts) keeps its object: the next batch sees this write.
  device.lastSeenAt = new Date(now);
  if (row && (last === null || now - last > ONLINE_WINDOW_MS)) {
    void deps.events.announce('device.changed', { employerId: device.employerId, device: toDevice(row, now) });
  }
}

/** Marks a device seen now; returns whether it was offline before (worth a `device_update`). */
export async function touchDevice(db: Executor, id: number, extra: Partial<typeof devices.$inferInsert> = {}) {
  const [before] = await db.select({ lastSeenAt: devices.lastSeenAt }).from(devices).where(eq(devices.id, id));
  const [row] = await db
    .update(devices)
    .set({ ...extra, lastSeenAt: new Date() })
    .where(eq(devices.id, id))
    .returning();
  const wasOffline = !before?.lastSeenAt || Date.now() - before.lastSeenAt.getTime() > ONLINE_WINDOW_MS;
  return { row, wasOffline };
}

/**
 * Protocol v1 heartbeat: records the device's state, erases a pending config the device has
 * acknowledged (with its encrypted password), and hands over any config still pending.
 */
export async function heartbeat(
  deps: ServiceDeps,
  device: AuthenticatedDevice,
  input: THeartbeatRequest,
): Promise<{ serverTime: string; config: TDeviceConfig | null }> {
  const row = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(devices).where(eq(devices.id, device.id)).for('update');
    if (!current) throw unauthorized(DEVICE_REFUSED);
    const pending = current.pendingConfig as PendingConfig | null;
    const acknowledged =
      pending !== null && input.ackConfigVersion !== undefined && input.ackConfigVersion >= pending.version;
    const { row: saved, wasOffline } = await touchDevice(tx, device.id, {
      ...(input.ssid !== undefined ? { ssid: input.ssid } : {}),
      ...(input.firmware !== undefined ? { firmware: input.firmware } : {}),
      ...(input.ip !== undefined ? { ip: input.ip } : {}),
      ...(acknowledged ? { pendingConfig: null } : {}),
    });
    return { saved, wasOffline, acknowledged };
  });
  // Coming online and confirming a pending Wi-Fi change both change what the Devices page shows.
  if (row.saved && (row.wasOffline || row.acknowledged))
    void deps.events.announce('device.changed', { employerId: device.employerId, device: toDevice(row.saved) });
  const pending = (row.saved?.pendingConfig as PendingConfig | null) ?? null;
  return {
    serverTime: new Date().toISOString(),
    config: pending
      ? {
          version: pending.version,
          ...(pending.name !== undefined ? { name: pending.name } : {}),
          ...(pending.ssid !== undefined ? { ssid: pending.ssid } : {}),
          ...(pending.passwordEncrypted !== undefined
            ? { password: await decryptSecret(deps.db, pending.passwordEncrypted) }
            : {}),
        }
      : null,
  };
}

export const NOT_A_CLOCK = messages.notAClock;

/**
 * Asks a ZKTeco clock to upload its whole log again: its stamps are forgotten, so the next
 * handshake answers `ATTLOGStamp=None`. Punches already stored are not stored twice.
 */
export async function requestFullUpload(deps: ServiceDeps, actor: Actor, deviceId: string): Promise<void> {
  const employerId = tenantOf(actor);
  const [row] = await deps.db
    .select({ id: devices.id, protocol: devices.protocol, confirmedAt: devices.confirmedAt })
    .from(devices)
    .where(and(eq(devices.employerId, employerId), eq(devices.deviceId, deviceId)));
  if (!row) throw notFound(DEVICE_NOT_FOUND);
  if (row.protocol !== 'zkteco') throw badRequest(NOT_A_CLOCK);
  await deps.db.transaction(async (tx) => {
    await tx.update(devices).set({ stamps: null }).where(eq(devices.id, row.id));
    if (row.confirmedAt === null) return;
    // CHECK makes the clock read its options again (the forgotten stamps); it also learns the team anew.
    await deps.events.publish(tx, 'clock.rosterRequested', { employerId, deviceId: row.id });
    await tx.insert(deviceCommands).values({ deviceId: row.id, command: 'CHECK' });
  });
}
