import { createHash } from 'node:crypto';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clockUsers, deviceRefusals, devices } from '../../db/schema';
import { yieldToEventLoop } from '../../lib/yield';
import { instantOf, zoneOffsetMinutes } from '../../lib/zoned-time';
import type { ServiceDeps } from '../../plugins/deps';
import { cardHolderOf, clockIdentityOf, pinHoldersOf, pinKey, setEmployeeCard } from '../employees/cards';
import { timeZoneOf } from '../employer-settings/service';
import { type IncomingScan, PIN_UID_PREFIX, storedSeqsOf, storeScans } from '../rfid/ingest';
import { CLOCK_PIN, clockLines, isTableHeader, NUL_REASON, PUNCH_WINDOW, parseAttlogLine, withoutNul } from './attlog';
import { queueUserInfoUpdates, userInfoCommand } from './commands';
import { holdOldPunches } from './held';

/** The last `Stamp` a clock uploaded each table with. */
export type ClockStamps = Partial<Record<'ATTLOG' | 'OPERLOG' | 'ATTPHOTO', string>>;
export type Clock = {
  id: number;
  employerId: number;
  deviceId: string;
  stamps: ClockStamps;
  commandsPerPoll: number;
  trustedNetwork: string | null;
  /** Set while a move to another network waits for its confirmation punch. */
  confirmPin: string | null;
  /** Punches older than this are held aside (`held.ts`); null takes every punch. */
  punchesFrom?: Date | null;
  /** PINs that confirmed the clock: their punches are nobody's. */
  spentPins?: string[];
};

/** Tables whose stamps are kept and echoed. */
export const STAMPED_TABLES = new Set(['ATTLOG', 'OPERLOG', 'ATTPHOTO']);

/**
 * The confirmed clock with this serial. The serial is no secret (the push protocol has none): the
 * routes also check the clock's network, and serials waiting for confirmation are not clocks yet
 * (see `trust.ts`).
 */
export async function findClock(db: Db, serial: string | undefined): Promise<Clock | null> {
  if (!serial || serial.length > 64) return null;
  const [row] = await db
    .select({
      id: devices.id,
      employerId: devices.employerId,
      deviceId: devices.deviceId,
      stamps: devices.stamps,
      commandsPerPoll: devices.commandsPerPoll,
      trustedNetwork: devices.trustedNetwork,
      confirmPin: devices.confirmPin,
      punchesFrom: devices.punchesFrom,
      spentPins: devices.spentPins,
    })
    .from(devices)
    .where(and(eq(devices.deviceId, serial), eq(devices.protocol, 'zkteco'), isNotNull(devices.confirmedAt)));
  return row ? { ...row, stamps: (row.stamps ?? {}) as ClockStamps } : null;
}

/**
 * Keeps the `Stamp` an upload of a stamped table came with, once the upload is stored, so the next
 * handshake asks only for what is newer (a clock that reconnects does not send its whole log again).
 */
export async function saveStamp(db: Db, clock: Clock, table: string, stamp: string | undefined): Promise<void> {
  if (!stamp || !STAMPED_TABLES.has(table) || !/^\d{1,20}$/.test(stamp)) return;
  const stamps = { ...clock.stamps, [table]: stamp };
  await db.update(devices).set({ stamps }).where(eq(devices.id, clock.id));
}

/** `TimeZone=` of the handshake: whole hours, or minutes for zones off the hour (as the firmware reads it). */
export async function clockTimeZoneOption(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  employerId: number,
  now = new Date(),
): Promise<number> {
  const minutes = zoneOffsetMinutes(now, await timeZoneOf(deps, employerId));
  return minutes % 60 === 0 ? minutes / 60 : minutes;
}

/**
 * The options a clock reads at its handshake. Stamps are the ones it last uploaded with (push 2.x
 * names and the older `Stamp`/`OpStamp`); without one it sends the whole table (`None`), and the
 * operation log starts from now (`9999`).
 */
export function handshakeText(serial: string, timeZone: number, stamps: ClockStamps = {}): string {
  return [
    `GET OPTION FROM: ${serial}`,
    `ATTLOGStamp=${stamps.ATTLOG ?? 'None'}`,
    `OPERLOGStamp=${stamps.OPERLOG ?? '9999'}`,
    `ATTPHOTOStamp=${stamps.ATTPHOTO ?? 'None'}`,
    `Stamp=${stamps.ATTLOG ?? 'None'}`,
    `OpStamp=${stamps.OPERLOG ?? '9999'}`,
    // Encryption starts at push 2.4.0: a server below it keeps the conversation in plain text.
    'PushProtVer=2.3.0',
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
 * share 48 hash bits. Callers pass the PIN as it is matched (`pinKey`: `00123` is `123`, the
 * employee that PIN resolves to) and the time as `YYYY-MM-DD HH:MM:SS` whatever form the clock
 * wrote, so one punch under two spellings is one seq.
 */
export function punchSeq(pin: string, time: string): number {
  return Number.parseInt(createHash('sha256').update(`${pin}\t${time}`).digest('hex').slice(0, 12), 16);
}

/**
 * Stores ATTLOG punches (device-local times in the employer's zone). Every line is handled: a punch
 * is stored (an unknown PIN's too, for assignment), and a line that cannot be a punch (malformed, an
 * impossible date or time, outside now − 400 days … now + 1 day) is refused alone and logged with
 * its raw text. Returns the number of lines handled, for `OK:<n>`, so the clock moves on.
 */
export async function receiveAttendance(
  deps: ServiceDeps,
  clock: Clock,
  body: string,
  options: { confirmPin?: string | undefined; now?: Date } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const confirmKey = options.confirmPin ? pinKey(options.confirmPin) : null;
  const timeZone = await timeZoneOf(deps, clock.employerId);
  const earliest = now.getTime() - PUNCH_WINDOW.pastDays * DAY_MS;
  const latest = now.getTime() + PUNCH_WINDOW.futureDays * DAY_MS;
  const refused: { raw: string; reason: string }[] = [];
  const lines = body.split('\n').filter((line) => line.trim() !== '' && !isTableHeader(line));
  // Parsed, converted and stored a chunk at a time, each chunk's statement awaited before the next
  // chunk is parsed: a clock's whole log (16 MiB, ~440,000 lines) never holds the event loop or the
  // embedded database for long, and other tenants' requests run in between.
  for (let start = 0; start < lines.length; start += PUNCH_CHUNK) {
    const punches = new Map<number, IncomingScan>();
    // Zero-padded PINs' punches by the seq they were stored under before seqs used `pinKey`.
    const spelled = new Map<number, number>();
    for (const line of lines.slice(start, start + PUNCH_CHUNK).map(parseAttlogLine)) {
      if (!line.ok) {
        refused.push({ raw: line.raw, reason: line.reason });
        continue;
      }
      const scannedAt = instantOf(line.date, line.time, timeZone);
      if (Number.isNaN(scannedAt.getTime()) || scannedAt.getTime() < earliest || scannedAt.getTime() > latest) {
        refused.push({
          raw: `${line.pin}\t${line.date} ${line.time}`,
          reason: 'the time is more than 400 days ago or more than a day ahead',
        });
        continue;
      }
      // The punch that confirmed the clock is no one's attendance.
      if (confirmKey !== null && pinKey(line.pin) === confirmKey) continue;
      const stamp = `${line.date} ${line.time}`;
      const seq = punchSeq(pinKey(line.pin), stamp);
      punches.set(seq, { seq, uid: `${PIN_UID_PREFIX}${line.pin}`, scannedAt });
      if (pinKey(line.pin) !== line.pin) spelled.set(punchSeq(line.pin, stamp), seq);
    }
    await dropStoredUnderOldSeq(deps.db, clock, punches, spelled);
    // A moved clock's earlier log is held aside, and confirmation punches dropped (held.ts).
    const taken = await holdOldPunches(deps, trustOf(clock), [...punches.values()]);
    if (taken.length > 0) await storeScans(deps, { ...clock, origin: 'clock' }, taken);
    await yieldToEventLoop();
  }
  if (refused.length > 0) await keepRefusals(deps, clock, refused);
  return lines.length;
}

/** A clock's trust as `holdOldPunches` reads it. */
const trustOf = (clock: Clock) => ({
  id: clock.id,
  employerId: clock.employerId,
  punchesFrom: clock.punchesFrom ?? null,
  spentPins: clock.spentPins ?? [],
});

/**
 * Before seqs were derived from `pinKey`, a zero-padded PIN's punch was stored under the seq of its
 * spelling (`00123`): such a punch sent again is not stored a second time under the new seq.
 */
async function dropStoredUnderOldSeq(
  db: Db,
  clock: Clock,
  punches: Map<number, IncomingScan>,
  spelled: Map<number, number>,
): Promise<void> {
  if (spelled.size === 0) return;
  for (const seq of await storedSeqsOf(db, clock.id, [...spelled.keys()])) punches.delete(spelled.get(seq) ?? -1);
}

/** Refused lines kept per device for its page; older ones beyond this are dropped. */
export const KEPT_REFUSALS = 100;

/**
 * Logs refused lines and keeps the newest `KEPT_REFUSALS` per device with their raw text (cut to
 * 500 characters), so the employer sees on the Devices page what the clock sent that was not taken.
 */
async function keepRefusals(
  deps: ServiceDeps,
  clock: Clock,
  lines: { raw: string; reason: string }[],
  table = 'ATTLOG',
) {
  // No NUL reaches a text column (PostgreSQL refuses it, and the clock would resend forever).
  const refused = lines.map((line) => ({ raw: withoutNul(line.raw), reason: line.reason }));
  deps.log.warn(
    {
      serial: clock.deviceId,
      employerId: clock.employerId,
      count: refused.length,
      first: { raw: refused[0]?.raw.slice(0, 500), reason: refused[0]?.reason },
    },
    `${table} lines refused`,
  );
  // A clock sends a refused batch again when it missed the answer: a line already kept is not kept twice.
  const newest = [...new Map(refused.slice(-KEPT_REFUSALS).map((line) => [line.raw.slice(0, 500), line])).values()];
  const kept = await deps.db
    .select({ raw: deviceRefusals.raw })
    .from(deviceRefusals)
    .where(
      and(
        eq(deviceRefusals.deviceId, clock.id),
        inArray(
          deviceRefusals.raw,
          newest.map((line) => line.raw.slice(0, 500)),
        ),
      ),
    );
  const known = new Set(kept.map((row) => row.raw));
  const fresh = newest.filter((line) => !known.has(line.raw.slice(0, 500)));
  if (fresh.length === 0) return;
  await deps.db
    .insert(deviceRefusals)
    .values(fresh.map((line) => ({ deviceId: clock.id, raw: line.raw.slice(0, 500), reason: line.reason })));
  await deps.db.execute(sql`
    delete from ${deviceRefusals} where ${deviceRefusals.deviceId} = ${clock.id} and ${deviceRefusals.id} < (
      select min(id) from (select id from ${deviceRefusals} where ${deviceRefusals.deviceId} = ${clock.id}
        order by id desc limit ${KEPT_REFUSALS}) as kept)`);
}

/** Lines parsed and punches stored per chunk (one insert statement). */
const PUNCH_CHUNK = 2000;

const DAY_MS = 24 * 60 * 60 * 1000;

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
 * OPERLOG `USER PIN=…\tName=…\tCard=…` lines (and USERINFO `PIN=…\tName=…\tCard=…`): a card enrolled on the clock becomes the card of the
 * employee holding that PIN (a card another employee holds is left alone). Returns lines processed.
 */
export async function receiveOperations(
  deps: ServiceDeps,
  clock: Clock,
  body: string | Uint8Array,
  options: { encoding?: 'gbk' } = {},
): Promise<number> {
  let processed = 0;
  const refused: { raw: string; reason: string }[] = [];
  // The newest card each PIN was given in this upload, and every user the clock reported.
  const cards = new Map<string, { pin: string; card: string }>();
  const reported = new Map<string, { pin: string; name: string; card: string | null }>();
  // Names arrive as bytes: each line is decoded as UTF-8, GBK or Latin-1 (`decodeClockLine`).
  for (const line of clockLines(body, options.encoding).map((text) => text.replace(/\r$/, ''))) {
    if (!line.trim() || isTableHeader(line)) continue;
    processed += 1;
    if (line.includes('\0')) {
      refused.push({ raw: line, reason: NUL_REASON });
      continue;
    }
    // OPERLOG writes `USER PIN=…`; a USERINFO upload (bridges) writes the fields alone.
    const userLine = line.startsWith('USER ') ? line.slice('USER '.length) : /^PIN=/i.test(line) ? line : null;
    if (userLine === null) continue;
    // Fields split by tabs, or by runs of spaces in some bridges' USER tables.
    const fields = new Map(
      userLine.split(/\t| {2,}/).map((pair) => {
        const at = pair.indexOf('=');
        return [pair.slice(0, at).trim(), pair.slice(at + 1)] as const;
      }),
    );
    const pin = fields.get('PIN')?.trim();
    const card = normaliseCard(fields.get('Card'));
    if (!pin || !CLOCK_PIN.test(pin)) continue;
    reported.set(pin, { pin, name: (fields.get('Name') ?? '').trim().slice(0, 100), card });
    if (card) cards.set(pinKey(pin), { pin, card });
  }
  await keepClockUsers(deps.db, clock, [...reported.values()]);
  if (refused.length > 0) await keepRefusals(deps, clock, refused, 'OPERLOG');
  if (cards.size === 0) return processed;
  // One query finds the employees these PINs belong to; only their lines cost a transaction, so a
  // huge upload of strangers' users holds the database for one statement.
  const holders = await pinHoldersOf(deps.db, clock.employerId, [...cards.keys()]);
  for (const holder of holders) {
    const card = cards.get(holder.key)?.card;
    if (!card) continue;
    await deps.db.transaction(async (tx) => {
      if ((await cardHolderOf(tx, clock.employerId, card)) !== null) return;
      const before = await clockIdentityOf(tx, clock.employerId, holder.id);
      await setEmployeeCard(tx, clock.employerId, holder.id, card);
      // The other clocks of the employer learn the card too (this one already has it).
      await queueUserInfoUpdates(tx, clock.employerId, holder.id, before);
    });
  }
  return processed;
}

/** Clock users stored per statement. */
const USER_CHUNK = 1000;

/** Keeps (or refreshes) the users a clock reported, for "Import users from this clock". */
async function keepClockUsers(db: Db, clock: Clock, users: { pin: string; name: string; card: string | null }[]) {
  for (let start = 0; start < users.length; start += USER_CHUNK) {
    await db
      .insert(clockUsers)
      .values(users.slice(start, start + USER_CHUNK).map((user) => ({ deviceId: clock.id, ...user })))
      .onConflictDoUpdate({
        target: [clockUsers.deviceId, clockUsers.pin],
        set: { name: sql`excluded.name`, card: sql`excluded.card`, seenAt: sql`now()` },
      });
    await yieldToEventLoop();
  }
}

/**
 * RemoteAtt: the clock asks for a user it does not know by PIN. Answered with that employee's
 * USERINFO line (no `C:` prefix), or nothing when no employee holds the PIN.
 */
export async function remoteUserLines(db: Db, clock: Clock, pin: string | undefined): Promise<string> {
  if (!pin || !CLOCK_PIN.test(pin)) return '';
  const [holder] = await pinHoldersOf(db, clock.employerId, [pinKey(pin)]);
  if (!holder?.pin) return '';
  return userInfoCommand({ name: holder.name, rfid: holder.rfid, pin: holder.pin });
}
