import { type TRfidUpdate, type TScanBatchResponse, weekdayName, ZScan } from '@puna/domain';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { employees, employers, scans } from '../../db/schema';
import { wallClockOf } from '../../lib/zoned-time';
import type { Realtime } from '../../plugins/realtime';

export type IngestDeps = { db: Db; realtime: Realtime };
export type ScanSource = { id: number; employerId: number };
/** A scan ready to store: `uid` is a card UID, or `PIN:<pin>` for a clock that only knows PINs. */
export type IncomingScan = { seq: number; uid: string; scannedAt: Date };

export const PIN_UID_PREFIX = 'PIN:';

/**
 * Stores scans idempotently on (device, seq) in one statement: a retried batch inserts nothing
 * new, and its scans count as stored. Attribution uses the card (or PIN) holder at scan time.
 * Returns the seqs newly stored; every seq given is durable once this resolves.
 */
export async function storeScans(deps: IngestDeps, source: ScanSource, incoming: IncomingScan[]): Promise<number[]> {
  if (incoming.length === 0) return [];
  const cardUids = [...new Set(incoming.filter((s) => !s.uid.startsWith(PIN_UID_PREFIX)).map((s) => s.uid))];
  const pins = [
    ...new Set(incoming.filter((s) => s.uid.startsWith(PIN_UID_PREFIX)).map((s) => s.uid.slice(PIN_UID_PREFIX.length))),
  ];
  const holders = new Map<string, { id: number; name: string }>();
  if (cardUids.length > 0) {
    const rows = await deps.db
      .select({ id: employees.id, name: employees.name, rfid: employees.rfid })
      .from(employees)
      .where(and(eq(employees.employerId, source.employerId), inArray(employees.rfid, cardUids)));
    for (const row of rows) if (row.rfid) holders.set(row.rfid, row);
  }
  if (pins.length > 0) {
    const rows = await deps.db
      .select({ id: employees.id, name: employees.name, pin: employees.devicePin })
      .from(employees)
      .where(
        and(
          eq(employees.employerId, source.employerId),
          isNotNull(employees.devicePin),
          inArray(employees.devicePin, pins),
        ),
      );
    for (const row of rows) if (row.pin) holders.set(`${PIN_UID_PREFIX}${row.pin}`, row);
  }
  const inserted = await deps.db
    .insert(scans)
    .values(
      incoming.map((scan) => ({
        employerId: source.employerId,
        deviceId: source.id,
        seq: scan.seq,
        uid: scan.uid,
        employeeId: holders.get(scan.uid)?.id ?? null,
        scannedAt: scan.scannedAt,
      })),
    )
    .onConflictDoNothing({ target: [scans.deviceId, scans.seq] })
    .returning({ seq: scans.seq, uid: scans.uid, scannedAt: scans.scannedAt });
  if (inserted.length > 0) await announceScans(deps, source.employerId, inserted, holders);
  return inserted.map((row) => row.seq ?? 0);
}

/** One `rfid_update` per worker (and one for unknown cards) of the scans just stored. */
async function announceScans(
  deps: IngestDeps,
  employerId: number,
  stored: { uid: string; scannedAt: Date }[],
  holders: Map<string, { id: number; name: string }>,
): Promise<void> {
  const [employer] = await deps.db
    .select({ timeZone: employers.timeZone })
    .from(employers)
    .where(eq(employers.id, employerId));
  const timeZone = employer?.timeZone ?? 'Europe/Tirane';
  const byWorker = new Map<number | null, TRfidUpdate>();
  for (const scan of stored) {
    const holder = holders.get(scan.uid) ?? null;
    const key = holder?.id ?? null;
    let update = byWorker.get(key);
    if (!update) {
      update = { worker: holder ? { id: holder.id, name: holder.name } : null, scanData: [] };
      byWorker.set(key, update);
    }
    const { date, time } = wallClockOf(scan.scannedAt, timeZone);
    update.scanData.push({ uid: scan.uid, date, time, day: weekdayName(date) });
  }
  for (const update of byWorker.values()) deps.realtime.emitToEmployer(employerId, 'rfid_update', update);
}

/**
 * Protocol v1 batch: each scan is checked on its own; the good ones are stored together and
 * reported accepted (duplicates included) only after the insert has committed.
 */
export async function ingestScanBatch(
  deps: IngestDeps,
  source: ScanSource,
  raw: unknown[],
): Promise<TScanBatchResponse> {
  const rejected: TScanBatchResponse['rejected'] = [];
  const good = new Map<number, IncomingScan>();
  for (const item of raw) {
    const parsed = ZScan.safeParse(item);
    const seq = typeof (item as { seq?: unknown })?.seq === 'number' ? (item as { seq: number }).seq : null;
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      rejected.push({ seq, error: `${issue?.path.join('.') || 'scan'}: ${issue?.message ?? 'invalid'}` });
      continue;
    }
    const scannedAt = new Date(parsed.data.ts);
    if (good.has(parsed.data.seq)) continue; // the same seq twice in one batch is one scan
    good.set(parsed.data.seq, { seq: parsed.data.seq, uid: parsed.data.uid.toUpperCase(), scannedAt });
  }
  await storeScans(deps, source, [...good.values()]);
  return { accepted: [...good.keys()], rejected };
}
