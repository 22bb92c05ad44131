import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices, employees } from '../../db/schema';
import { instantOf, zoneOffsetMinutes } from '../../lib/zoned-time';
import type { Realtime } from '../../plugins/realtime';
import { clockIdentityOf } from '../rfid/cards';
import { timeZoneOfEmployer } from '../rfid/days';
import { type IncomingScan, PIN_UID_PREFIX, storeScans } from '../rfid/ingest';
import { queueUserInfoUpdates } from './commands';

export type ZktecoDeps = { db: Db; realtime: Realtime };
export type Clock = { id: number; employerId: number; deviceId: string };

/**
 * The clock's serial is its only credential (the push protocol has no per-device secret): only
 * a serial registered as a ZKTeco device by an employer is let in.
 */
export async function findClock(db: Db, serial: string | undefined): Promise<Clock | null> {
  if (!serial || serial.length > 64) return null;
  const [row] = await db
    .select({ id: devices.id, employerId: devices.employerId, deviceId: devices.deviceId })
    .from(devices)
    .where(and(eq(devices.deviceId, serial), eq(devices.protocol, 'zkteco')));
  return row ?? null;
}

/** `TimeZone=` of the handshake: whole hours, or minutes for zones off the hour (as the firmware reads it). */
export async function clockTimeZoneOption(db: Db, employerId: number, now = new Date()): Promise<number> {
  const minutes = zoneOffsetMinutes(now, await timeZoneOfEmployer(db, employerId));
  return minutes % 60 === 0 ? minutes / 60 : minutes;
}

export function handshakeText(serial: string, timeZone: number): string {
  return [
    `GET OPTION FROM: ${serial}`,
    'ATTLOGStamp=None',
    'OPERLOGStamp=9999',
    'ATTPHOTOStamp=None',
    'Stamp=None',
    'OpStamp=9999',
    'ErrorDelay=30',
    'Delay=10',
    'TransTimes=00:00;14:05',
    'TransInterval=1',
    'TransFlag=TransData AttLog\tOpLog\tEnrollUser\tChgUser',
    `TimeZone=${timeZone}`,
    'Realtime=1',
    'Encrypt=None',
  ].join('\n');
}

/**
 * ATTLOG lines carry no sequence number, so one is derived from (PIN, time): the same punch sent
 * again gets the same seq, and the (device, seq) unique index drops it. 48 bits of SHA-256 keep
 * it an exact JavaScript number; a collision would need two different punches on one clock to
 * share 48 hash bits.
 */
export function punchSeq(pin: string, time: string): number {
  return Number.parseInt(createHash('sha256').update(`${pin}\t${time}`).digest('hex').slice(0, 12), 16);
}

const PUNCH_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/;

/** Stores ATTLOG punches (device-local times in the employer's zone); returns the lines processed. */
export async function receiveAttendance(deps: ZktecoDeps, clock: Clock, body: string): Promise<number> {
  const timeZone = await timeZoneOfEmployer(deps.db, clock.employerId);
  const punches = new Map<number, IncomingScan>();
  let processed = 0;
  for (const line of body.split(/\r?\n/)) {
    const [pin, time] = line.split('\t').map((field) => field.trim());
    const match = time?.match(PUNCH_TIME);
    if (!pin || !/^\d{1,9}$/.test(pin) || !match?.[1] || !match[2]) continue;
    const scannedAt = instantOf(match[1], match[2], timeZone);
    if (Number.isNaN(scannedAt.getTime())) continue;
    processed += 1;
    const seq = punchSeq(pin, time as string);
    punches.set(seq, { seq, uid: `${PIN_UID_PREFIX}${pin}`, scannedAt });
  }
  await storeScans(deps, clock, [...punches.values()]);
  return processed;
}

/** `[15CD5B07]` (hex) or `365779719` (decimal) → `15CD5B07`; empty or zero → null. */
export function normaliseCard(card: string | undefined): string | null {
  const value = card?.trim() ?? '';
  const hex = value.match(/^\[([0-9a-fA-F]+)\]$/);
  if (hex?.[1]) return /^0+$/.test(hex[1]) ? null : hex[1].toUpperCase();
  if (/^\d+$/.test(value) && !/^0+$/.test(value)) {
    const digits = BigInt(value).toString(16).toUpperCase();
    return digits.length % 2 === 0 ? digits : `0${digits}`;
  }
  return null;
}

/**
 * OPERLOG `USER PIN=…\tName=…\tCard=…` lines: a card enrolled on the clock becomes the card of the
 * employee holding that PIN (a card another employee holds is left alone). Returns lines processed.
 */
export async function receiveOperations(deps: ZktecoDeps, clock: Clock, body: string): Promise<number> {
  let processed = 0;
  for (const line of body.split(/\r?\n/)) {
    if (!line.trim()) continue;
    processed += 1;
    if (!line.startsWith('USER ')) continue;
    const fields = new Map(
      line
        .slice('USER '.length)
        .split('\t')
        .map((pair) => {
          const at = pair.indexOf('=');
          return [pair.slice(0, at).trim(), pair.slice(at + 1)] as const;
        }),
    );
    const pin = fields.get('PIN')?.trim();
    const card = normaliseCard(fields.get('Card'));
    if (!pin || !card) continue;
    await deps.db.transaction(async (tx) => {
      const [holder] = await tx
        .select({ id: employees.id })
        .from(employees)
        .where(and(eq(employees.employerId, clock.employerId), eq(employees.devicePin, pin)));
      if (!holder) return;
      const [other] = await tx
        .select({ id: employees.id })
        .from(employees)
        .where(and(eq(employees.employerId, clock.employerId), eq(employees.rfid, card)));
      if (other) return;
      const before = await clockIdentityOf(tx, clock.employerId, holder.id);
      await tx.update(employees).set({ rfid: card }).where(eq(employees.id, holder.id));
      // The other clocks of the employer learn the card too (this one already has it).
      await queueUserInfoUpdates(tx, clock.employerId, holder.id, before);
    });
  }
  return processed;
}
