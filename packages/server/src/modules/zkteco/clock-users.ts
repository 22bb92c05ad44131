import type { TClockUser } from '@puna/domain';
import { asc, eq } from 'drizzle-orm';
import { clockUsers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { badRequest } from '../../lib/errors';
import { tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { findDeviceOf } from '../devices/service';
import { pinHoldersAll, pinKey } from '../employees/cards';

/**
 * The users one of the employer's ZKTeco clocks reported (from its USER/USERINFO uploads and data
 * queries), by PIN, each with the employee holding that PIN or null. Those without an employee are
 * what "Import users from this clock" offers to link (`POST /krye/rfid/assign` with `PIN:<pin>`).
 * Another employer's clock is "not found".
 */
export async function listClockUsers(deps: ServiceDeps, actor: Actor, deviceId: string): Promise<TClockUser[]> {
  const { db } = deps;
  const employerId = tenantOf(actor);
  const device = await findDeviceOf(db, employerId, deviceId);
  if (device.protocol !== 'zkteco') throw badRequest('Only a ZKTeco clock reports its users.');
  const users = await db
    .select()
    .from(clockUsers)
    .where(eq(clockUsers.deviceId, device.id))
    .orderBy(asc(clockUsers.pin))
    .limit(5000);
  const holders = await pinHoldersAll(db, employerId);
  const byPin = new Map(holders.map((holder) => [pinKey(holder.pin ?? ''), { id: holder.id, name: holder.name }]));
  return users
    .map((user) => ({
      pin: user.pin,
      name: user.name,
      card: user.card,
      employee: byPin.get(pinKey(user.pin)) ?? null,
      seen_at: user.seenAt.toISOString(),
    }))
    .sort(
      (a, b) =>
        Number(a.employee !== null) - Number(b.employee !== null) ||
        a.pin.localeCompare(b.pin, 'en', { numeric: true }),
    );
}
