import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { devices } from '../../db/schema';

/** The protocol ('puna', 'zkteco', 'kiosk') of each of these devices of the employer, by row id. */
export async function deviceProtocolsOf(db: Executor, employerId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: devices.id, protocol: devices.protocol })
    .from(devices)
    .where(and(eq(devices.employerId, employerId), inArray(devices.id, ids)));
  return new Map(rows.map((row) => [row.id, row.protocol]));
}
