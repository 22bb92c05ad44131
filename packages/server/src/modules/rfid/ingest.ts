import {
  MAX_PUNCH_PHOTO_BYTES,
  type TKioskScanError,
  type TRfidUpdate,
  type TScan,
  type TScanBatchResponse,
  type TScanResult,
  weekdayName,
  ZKioskScan,
  ZScan,
} from '@puna/domain';
import { and, eq, fillPlaceholders, inArray, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/executor';
import { devices, employees, employers, scanPhotos, scans } from '../../db/schema';
import { wallClockReader } from '../../lib/zoned-time';
import type { ServiceDeps } from '../../plugins/deps';
import { cardHoldersOf, pinHoldersOf, pinKey } from '../employees/cards';
import { employeeNamesOf } from '../employees/service';
import { timeZoneOf } from '../employer-settings/service';

/** What kind of device a scan came from (`scans.origin`; phone punches are stored by phone-clock). */
export type ScanOrigin = 'reader' | 'clock' | 'kiosk';
/**
 * Where scans come from; a device that already knows its employer's time zone saves a query.
 * `credential`: the secret hash a device was authenticated with from the cache (devices/auth-cache.ts);
 * the scans are stored only if the device's row still holds it (`DeviceCredentialGone` otherwise).
 */
export type ScanSource = { id: number; employerId: number; timeZone?: string; origin: ScanOrigin; credential?: string };
type Holder = { id: number; name: string };
/** How a kiosk scan was made; a card scan at a kiosk is 'card', other devices' scans have none. */
type ScanMethod = 'card' | 'pin' | 'badge';
const cardMethod = (source: ScanSource): ScanMethod | null => (source.origin === 'kiosk' ? 'card' : null);
/** A scan ready to store: `uid` is a card UID, or `PIN:<pin>` for a clock that only knows PINs. */
export type IncomingScan = { seq: number; uid: string; scannedAt: Date };

export const PIN_UID_PREFIX = 'PIN:';

/**
 * Stores scans idempotently on (device, seq) in one statement: a retried batch inserts nothing
 * new, and its scans count as stored. Attribution uses the card (or PIN) holder at scan time.
 * Returns the seqs newly stored and the holders they were attributed to; every seq given is
 * durable once this resolves.
 */
export async function storeScans(
  deps: ServiceDeps,
  source: ScanSource,
  incoming: IncomingScan[],
): Promise<{ inserted: number[]; holders: Map<string, Holder> }> {
  const holders = new Map<string, Holder>();
  if (incoming.length === 0) {
    await checkCredential(deps.db, source);
    return { inserted: [], holders };
  }
  if (!incoming.some((scan) => scan.uid.startsWith(PIN_UID_PREFIX))) {
    // Cards only (the device protocol's batches): the holders, the insert and the zone in one statement.
    const stored = await storeCardScans(deps.db, source, incoming);
    for (const holder of stored.holders) holders.set(holder.rfid, { id: holder.id, name: holder.name });
    if (stored.inserted.length > 0) {
      await announceScans(
        deps,
        { ...source, timeZone: source.timeZone ?? stored.timeZone },
        stored.inserted,
        (scan) => holders.get(scan.uid) ?? null,
      );
    }
    return { inserted: stored.inserted.map((row) => row.seq), holders };
  }
  await checkCredential(deps.db, source);
  const cardUids = [...new Set(incoming.filter((s) => !s.uid.startsWith(PIN_UID_PREFIX)).map((s) => s.uid))];
  const pins = [
    ...new Set(incoming.filter((s) => s.uid.startsWith(PIN_UID_PREFIX)).map((s) => s.uid.slice(PIN_UID_PREFIX.length))),
  ];
  if (cardUids.length > 0) {
    const rows = await cardHoldersOf(deps.db, source.employerId, cardUids);
    for (const row of rows) if (row.rfid) holders.set(row.rfid, row);
  }
  if (pins.length > 0) {
    // A numeric PIN matches without its leading zeros (a clock may send 00123 for 123).
    const rows = await pinHoldersOf(deps.db, source.employerId, [...new Set(pins.map(pinKey))]);
    const byKey = new Map(rows.map((row) => [row.key, row] as const));
    for (const pin of pins) {
      const row = byKey.get(pinKey(pin));
      if (row) holders.set(`${PIN_UID_PREFIX}${pin}`, { id: row.id, name: row.name });
    }
  }
  const inserted = await insertScans(deps.db, source, incoming, holders);
  if (inserted.length > 0) {
    await announceScans(deps, source, inserted, (scan) => holders.get(scan.uid) ?? null);
  }
  return { inserted: inserted.map((row) => row.seq), holders };
}

/**
 * One INSERT … SELECT FROM unnest(arrays): four array parameters whatever the batch size. The
 * query builder's multi-row VALUES makes six parameters per scan, and building and parsing those
 * was most of the route's time (bench/: scan-ingestion).
 */
async function insertScans(
  db: Db,
  source: ScanSource,
  incoming: IncomingScan[],
  holders: Map<string, Holder>,
): Promise<{ seq: number; uid: string; scannedAt: Date }[]> {
  const column = (values: unknown[]) => sql.param(values);
  const result = await db.execute<{ seq: string | number; uid: string; scanned_at: Date | string }>(sql`
    insert into ${scans} (employer_id, device_id, seq, uid, employee_id, scanned_at, origin, method)
    select ${source.employerId}, ${source.id}, batch.seq, batch.uid, batch.employee_id, batch.scanned_at,
      ${source.origin}, ${cardMethod(source)}::text
    from unnest(
      ${column(incoming.map((scan) => scan.seq))}::bigint[],
      ${column(incoming.map((scan) => scan.uid))}::text[],
      ${column(incoming.map((scan) => holders.get(scan.uid)?.id ?? null))}::integer[],
      ${column(incoming.map((scan) => scan.scannedAt.toISOString()))}::timestamptz[]
    ) as batch(seq, uid, employee_id, scanned_at)
    on conflict (device_id, seq) do nothing
    returning seq, uid, scanned_at`);
  return result.rows.map((row) => ({ seq: Number(row.seq), uid: row.uid, scannedAt: new Date(row.scanned_at) }));
}

/** What the card batch statement takes (`cardBatch`), by name. */
type CardBatchValues = {
  employerId: number;
  deviceId: number;
  origin: ScanOrigin;
  method: ScanMethod | null;
  credential: string | null;
  cards: string[];
  seqs: number[];
  uids: string[];
  /** Each scan's time in milliseconds since 1970 (exact: whole milliseconds, as `Date` holds them). */
  times: number[];
};

/**
 * A batch of card scans stored in one round trip (issue 37): whether the device still holds its
 * credential, the cards' holders, the insert (each scan attributed to its card's holder, in the
 * batch's order, a (device, seq) already stored left as it is) and the employer's time zone, in one
 * statement whose one row carries the holders as JSON and the newly stored seqs. Three round trips
 * before (holders, insert, zone) left the route at 0.28 × the bare insert loop on PostgreSQL.
 *
 * `credential` (a device authenticated from the cache, devices/auth-cache.ts): the statement stores
 * nothing unless the device's row, read in the statement's own snapshot, still holds that secret
 * hash and is confirmed — a device deleted in another process since is refused here, not trusted.
 * Null: the caller has just checked the device against its row.
 */
const cardBatch = (value: <K extends keyof CardBatchValues>(name: K) => unknown) => sql`
  with device as (
    select ${value('credential')}::text is null or exists (
      select 1 from ${devices} d
      where d.id = ${value('deviceId')} and d.employer_id = ${value('employerId')}
        and d.secret_hash = ${value('credential')} and d.confirmed_at is not null
    ) as still_valid
  ), holders as (
    select e.id, e.name, e.rfid from ${employees} e
    where e.employer_id = ${value('employerId')} and e.rfid = any(${value('cards')}::text[])
  ), stored as (
    insert into ${scans} (employer_id, device_id, seq, uid, employee_id, scanned_at, origin, method)
    select ${value('employerId')}, ${value('deviceId')}, batch.seq, batch.uid, holders.id,
      timestamptz 'epoch' + batch.ms * interval '1 millisecond',
      ${value('origin')}, ${value('method')}::text
    from unnest(
      ${value('seqs')}::bigint[], ${value('uids')}::text[], ${value('times')}::bigint[]
    ) with ordinality as batch(seq, uid, ms, position)
    left join holders on holders.rfid = batch.uid
    where (select still_valid from device)
    order by batch.position
    on conflict (device_id, seq) do nothing
    returning seq
  )
  select
    (select still_valid from device) as still_valid,
    (select coalesce(json_agg(json_build_array(h.id, h.name, h.rfid)), '[]') from holders h) as holders,
    (select coalesce(array_agg(s.seq), '{}') from stored s) as inserted,
    (select ${employers.timeZone} from ${employers} where ${employers.id} = ${value('employerId')}) as time_zone`;

/**
 * The card batch statement's text, built once: on PostgreSQL it runs as a named prepared statement,
 * so each connection parses and plans it once rather than once per batch (bench/NOTES.md: the
 * database's CPU per batch of 100 about 4.8 → 3.8 ms, the bare insert loop's 3.3).
 */
const CARD_BATCH = new PgDialect().sqlToQuery(cardBatch((name) => sql.placeholder(name)));
const CARD_BATCH_NAME = 'puna_store_card_scans';

type CardBatchRow = {
  still_valid: boolean;
  holders: [number, string, string][] | string;
  /** The seqs newly stored (int8: a string from node-postgres). */
  inserted: (number | string | bigint)[];
  time_zone: string | null;
};

/** Runs `cardBatch`: named and prepared on a PostgreSQL pool, through Drizzle otherwise (PGlite). */
async function runCardBatch(db: Db, values: CardBatchValues): Promise<CardBatchRow | undefined> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const result = await client.query<CardBatchRow>({
      name: CARD_BATCH_NAME,
      text: CARD_BATCH.sql,
      values: fillPlaceholders(CARD_BATCH.params, values),
    });
    return result.rows[0];
  }
  const result = await db.execute<CardBatchRow>(cardBatch((name) => sql.param(values[name])));
  return result.rows[0];
}

/** A device authenticated from the cache no longer holds its credential (deleted since): nothing was stored. */
export class DeviceCredentialGone extends Error {
  constructor() {
    super('the device no longer holds the credential it was authenticated with');
  }
}

async function storeCardScans(
  db: Db,
  source: ScanSource,
  incoming: IncomingScan[],
): Promise<{
  holders: { id: number; name: string; rfid: string }[];
  inserted: { seq: number; uid: string; scannedAt: Date }[];
  timeZone: string | undefined;
}> {
  const row = await runCardBatch(db, {
    employerId: source.employerId,
    deviceId: source.id,
    origin: source.origin,
    method: cardMethod(source),
    credential: source.credential ?? null,
    cards: [...new Set(incoming.map((scan) => scan.uid))],
    seqs: incoming.map((scan) => scan.seq),
    uids: incoming.map((scan) => scan.uid),
    times: incoming.map((scan) => scan.scannedAt.getTime()),
  });
  if (!row) throw new Error('storing scans answered no row');
  if (!row.still_valid) throw new DeviceCredentialGone();
  // node-postgres parses json; PGlite does too, but an older driver may hand over the text.
  const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  // The statement answers the new rows' seqs only: their uid and time are the batch's own.
  const bySeq = new Map(incoming.map((scan) => [scan.seq, scan] as const));
  return {
    holders: json(row.holders).map(([id, name, rfid]) => ({ id, name, rfid })),
    inserted: row.inserted.flatMap((seq) => bySeq.get(Number(seq)) ?? []),
    timeZone: row.time_zone ?? undefined,
  };
}

/**
 * A device authenticated from the cache, on a path that stores without `cardBatch` (nothing to
 * store, or PIN punches): its row is read once, as `authenticateDevice` would.
 */
async function checkCredential(db: Db, source: ScanSource): Promise<void> {
  if (!source.credential) return;
  const result = await db.execute<{ still_valid: boolean }>(sql`
    select exists (
      select 1 from ${devices} d
      where d.id = ${source.id} and d.employer_id = ${source.employerId}
        and d.secret_hash = ${source.credential} and d.confirmed_at is not null
    ) as still_valid`);
  if (!result.rows[0]?.still_valid) throw new DeviceCredentialGone();
}

/** The employee each of a device's earlier-stored scans was attributed to (null: unknown card). */
async function storedAttribution(db: Db, source: ScanSource, seqs: number[]): Promise<Map<number, Holder | null>> {
  const rows = await db
    .select({ seq: scans.seq, id: scans.employeeId })
    .from(scans)
    .where(and(eq(scans.deviceId, source.id), inArray(scans.seq, seqs)));
  const ids = [...new Set(rows.flatMap((row) => (row.id === null ? [] : [row.id])))];
  const names = await employeeNamesOf(db, source.employerId, ids);
  return new Map(
    rows.map((row) => {
      const name = row.id === null ? undefined : names.get(row.id);
      return [row.seq ?? 0, row.id !== null && name !== undefined ? { id: row.id, name } : null];
    }),
  );
}

/** One `rfid_update` per worker (and one for unknown cards) of the scans just stored. */
async function announceScans<S extends { uid: string; scannedAt: Date }>(
  deps: ServiceDeps,
  source: ScanSource,
  stored: readonly S[],
  holderOf: (scan: S) => Holder | null,
): Promise<void> {
  const employerId = source.employerId;
  const timeZone = source.timeZone ?? (await timeZoneOf(deps, employerId));
  const wallClockOf = wallClockReader(timeZone);
  const byWorker = new Map<number | null, TRfidUpdate>();
  for (const scan of stored) {
    const holder = holderOf(scan);
    const key = holder?.id ?? null;
    let update = byWorker.get(key);
    if (!update) {
      update = { worker: holder ? { id: holder.id, name: holder.name } : null, scanData: [] };
      byWorker.set(key, update);
    }
    const { date, time } = wallClockOf(scan.scannedAt);
    update.scanData.push({ uid: scan.uid, date, time, day: weekdayName(date) });
  }
  void deps.events.announce('scans.changed', { employerId, updates: [...byWorker.values()] });
}

/** `ZScan`'s pattern for `ts` (an ISO date-time with an offset), read from the schema itself. */
const SCAN_TIME_PATTERN = (ZScan.shape.ts as unknown as { _zod?: { def?: { pattern?: unknown } } })._zod?.def?.pattern;
const CARD_UID = /^[\w:-]{1,64}$/;

/**
 * A scan as a device sends it, taken as it is when it plainly passes `ZScan` (a safe integer seq of
 * at least 0, a uid of 1–64 word characters, colons and dashes with nothing to trim, and a ts
 * matching `ZScan`'s own pattern); null sends it through `ZScan.safeParse`, which parses whatever
 * else and words the refusals. About 1.7 µs a scan less than zod; `ingest.test.ts` checks that the
 * two agree.
 */
export function plainScan(item: unknown): TScan | null {
  if (!(SCAN_TIME_PATTERN instanceof RegExp) || typeof item !== 'object' || item === null) return null;
  const { seq, uid, ts } = item as { seq?: unknown; uid?: unknown; ts?: unknown };
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0) return null;
  if (typeof uid !== 'string' || !CARD_UID.test(uid)) return null;
  if (typeof ts !== 'string' || !SCAN_TIME_PATTERN.test(ts)) return null;
  return { seq, uid, ts };
}

/**
 * Protocol v1 batch: each scan is checked on its own; the good ones are stored together and
 * reported accepted (duplicates included) only after the insert has committed. With
 * `withResults` (browser kiosks) each accepted scan also says whom it was attributed to: a scan
 * stored by an earlier try keeps the attribution it was stored with.
 */
export async function ingestScanBatch(
  deps: ServiceDeps,
  source: ScanSource,
  raw: unknown[],
  options: { withResults?: boolean } = {},
): Promise<TScanBatchResponse> {
  const rejected: TScanBatchResponse['rejected'] = [];
  const good = new Map<number, IncomingScan>();
  for (const item of raw) {
    let scan = plainScan(item);
    if (!scan) {
      const parsed = ZScan.safeParse(item);
      if (!parsed.success) {
        const seq = typeof (item as { seq?: unknown })?.seq === 'number' ? (item as { seq: number }).seq : null;
        const issue = parsed.error.issues[0];
        rejected.push({ seq, error: `${issue?.path.join('.') || 'scan'}: ${issue?.message ?? 'invalid'}` });
        continue;
      }
      scan = parsed.data;
    }
    const scannedAt = new Date(scan.ts);
    if (!isPlausibleScanTime(scannedAt)) {
      rejected.push({ seq: scan.seq, error: `ts: ${scan.ts} is not a possible scan time` });
      continue;
    }
    if (good.has(scan.seq)) continue; // the same seq twice in one batch is one scan
    good.set(scan.seq, { seq: scan.seq, uid: scan.uid.toUpperCase(), scannedAt });
  }
  return storeCheckedScans(deps, source, good, rejected, options);
}

/** Stores a batch's checked card scans and answers for them (`ingestScanBatch`). */
async function storeCheckedScans(
  deps: ServiceDeps,
  source: ScanSource,
  good: Map<number, IncomingScan>,
  rejected: TScanBatchResponse['rejected'],
  options: { withResults?: boolean },
): Promise<TScanBatchResponse> {
  const { inserted, holders } = await storeScans(deps, source, [...good.values()]);
  const accepted = [...good.keys()];
  if (!options.withResults) return { accepted, rejected };
  const fresh = new Set(inserted);
  const earlier = accepted.filter((seq) => !fresh.has(seq));
  const stored = earlier.length > 0 ? await storedAttribution(deps.db, source, earlier) : new Map();
  const results: TScanResult[] = [...good.values()].map((scan) => {
    const holder = fresh.has(scan.seq) ? holders.get(scan.uid) : stored.get(scan.seq);
    return { seq: scan.seq, employee: holder ? { id: holder.id, name: holder.name } : null };
  });
  return { accepted, rejected, results };
}

/** Earliest scan time a device may send (no clock in use was set before it). */
const EARLIEST_SCAN = Date.UTC(2000, 0, 1);

/**
 * A scan time a device can really have: from 2000 to a day after the server's now. Year 0 would
 * fail its batch in PostgreSQL and year 9999 would break every later read of the worker's scans.
 */
export function isPlausibleScanTime(at: Date, now = Date.now()): boolean {
  const time = at.getTime();
  return Number.isFinite(time) && time >= EARLIEST_SCAN && time <= now + 24 * 60 * 60 * 1000;
}

/** Which of these sequence numbers a device's stored scans already hold (a clock's resent punches). */
export async function storedSeqsOf(db: Executor, deviceId: number, seqs: readonly number[]): Promise<Set<number>> {
  if (seqs.length === 0) return new Set();
  const rows = await db
    .select({ seq: scans.seq })
    .from(scans)
    .where(and(eq(scans.deviceId, deviceId), inArray(scans.seq, [...seqs])));
  return new Set(rows.map((row) => Number(row.seq)));
}

/** Whom a kiosk's PIN or badge scan is for, or why it is no one's. */
export type KioskIdentity = { holder: Holder } | { error: TKioskScanError };
/** Identifies a kiosk's PIN and badge scans in batch order (a wrong PIN counts toward the kiosk's lockout). */
export type KioskIdentifier = (
  scans: { seq: number; pin?: string; badge?: string }[],
) => Promise<Map<number, KioskIdentity>>;

type KioskIncoming = IncomingScan & { method: ScanMethod; pin?: string; badge?: string; photo?: string };

/** A punch photo: base64 of a JPEG (it starts FF D8 FF) of at most 200 KB; the reason it is not one otherwise. */
export function punchPhotoProblem(base64: string): string | null {
  if (base64.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) return 'photo: not base64';
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_PUNCH_PHOTO_BYTES) return 'photo: the photo is larger than 200 KB';
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return 'photo: not a JPEG';
  return null;
}

/**
 * A browser kiosk's batch: card scans as every device's, plus scans carrying a `pin` or a `badge`
 * instead of a card, and a `photo`. Each scan is checked on its own; a scan stored by an earlier
 * try is not identified again (it keeps its attribution, and its PIN counts toward no lockout).
 * A PIN or badge that finds no one is accepted (the kiosk may drop it) but stored nowhere: its
 * result carries `error`. Scans and their photos are stored in one statement, so a photo is never
 * stored without its scan, nor twice.
 */
export async function ingestKioskBatch(
  deps: ServiceDeps,
  source: ScanSource,
  raw: unknown[],
  identify: KioskIdentifier,
): Promise<TScanBatchResponse> {
  const rejected: TScanBatchResponse['rejected'] = [];
  const good = new Map<number, KioskIncoming>();
  for (const item of raw) {
    const parsed = ZKioskScan.safeParse(item);
    const seq = typeof (item as { seq?: unknown })?.seq === 'number' ? (item as { seq: number }).seq : null;
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      rejected.push({ seq, error: `${issue?.path.join('.') || 'scan'}: ${issue?.message ?? 'invalid'}` });
      continue;
    }
    const scan = parsed.data;
    const scannedAt = new Date(scan.ts);
    if (!isPlausibleScanTime(scannedAt)) {
      rejected.push({ seq: scan.seq, error: `ts: ${scan.ts} is not a possible scan time` });
      continue;
    }
    const photoProblem = scan.photo === undefined ? null : punchPhotoProblem(scan.photo);
    if (photoProblem) {
      rejected.push({ seq: scan.seq, error: photoProblem });
      continue;
    }
    if (good.has(scan.seq)) continue;
    const method: ScanMethod = scan.pin !== undefined ? 'pin' : scan.badge !== undefined ? 'badge' : 'card';
    good.set(scan.seq, {
      seq: scan.seq,
      uid: method === 'card' ? (scan.uid ?? '').toUpperCase() : method.toUpperCase(),
      scannedAt,
      method,
      ...(scan.pin !== undefined ? { pin: scan.pin } : {}),
      ...(scan.badge !== undefined ? { badge: scan.badge } : {}),
      ...(scan.photo !== undefined ? { photo: scan.photo } : {}),
    });
  }
  const all = [...good.values()];
  const accepted = [...good.keys()];
  if (all.every((scan) => scan.method === 'card' && scan.photo === undefined)) {
    // Cards only: the devices' one-statement path.
    const cards = new Map(all.map((scan) => [scan.seq, { seq: scan.seq, uid: scan.uid, scannedAt: scan.scannedAt }]));
    return storeCheckedScans(deps, source, cards, rejected, { withResults: true });
  }
  const earlier = await storedSeqsOf(deps.db, source.id, accepted);
  const fresh = all.filter((scan) => !earlier.has(scan.seq));
  const identities = await identify(fresh.filter((scan) => scan.method !== 'card'));
  const cardUids = [...new Set(fresh.filter((scan) => scan.method === 'card').map((scan) => scan.uid))];
  const cardHolders = new Map(
    (await cardHoldersOf(deps.db, source.employerId, cardUids)).flatMap((row) =>
      row.rfid ? [[row.rfid, { id: row.id, name: row.name }] as const] : [],
    ),
  );
  const holderOf = new Map<number, Holder | null>();
  const errors = new Map<number, TKioskScanError>();
  for (const scan of fresh) {
    if (scan.method === 'card') {
      holderOf.set(scan.seq, cardHolders.get(scan.uid) ?? null);
      continue;
    }
    const identity = identities.get(scan.seq) ?? { error: 'unknown' as const };
    if ('holder' in identity) holderOf.set(scan.seq, identity.holder);
    else errors.set(scan.seq, identity.error);
  }
  const toStore = fresh.filter((scan) => holderOf.has(scan.seq));
  const inserted = await insertKioskScans(deps.db, source, toStore, holderOf);
  if (inserted.length > 0) {
    await announceScans(deps, source, inserted, (scan) => holderOf.get(scan.seq) ?? null);
  }
  const stored = earlier.size > 0 ? await storedAttribution(deps.db, source, [...earlier]) : new Map();
  const results: TScanResult[] = all.map((scan) => {
    if (earlier.has(scan.seq)) return { seq: scan.seq, employee: stored.get(scan.seq) ?? null };
    const error = errors.get(scan.seq);
    if (error) return { seq: scan.seq, employee: null, error };
    const holder = holderOf.get(scan.seq) ?? null;
    return { seq: scan.seq, employee: holder ? { id: holder.id, name: holder.name } : null };
  });
  return { accepted, rejected, results };
}

/** A kiosk's scans with their method, and the photos of the newly stored ones, in one statement. */
async function insertKioskScans(
  db: Db,
  source: ScanSource,
  incoming: KioskIncoming[],
  holderOf: Map<number, Holder | null>,
): Promise<{ seq: number; uid: string; scannedAt: Date }[]> {
  if (incoming.length === 0) return [];
  const column = (values: unknown[]) => sql.param(values);
  const withPhoto = incoming.filter((scan) => scan.photo !== undefined);
  const result = await db.execute<{ seq: string | number; uid: string; scanned_at: Date | string }>(sql`
    with stored as (
      insert into ${scans} (employer_id, device_id, seq, uid, employee_id, scanned_at, origin, method)
      select ${source.employerId}, ${source.id}, batch.seq, batch.uid, batch.employee_id, batch.scanned_at,
        'kiosk', batch.method
      from unnest(
        ${column(incoming.map((scan) => scan.seq))}::bigint[],
        ${column(incoming.map((scan) => scan.uid))}::text[],
        ${column(incoming.map((scan) => holderOf.get(scan.seq)?.id ?? null))}::integer[],
        ${column(incoming.map((scan) => scan.scannedAt.toISOString()))}::timestamptz[],
        ${column(incoming.map((scan) => scan.method))}::text[]
      ) with ordinality as batch(seq, uid, employee_id, scanned_at, method, position)
      order by batch.position
      on conflict (device_id, seq) do nothing
      returning id, seq, uid, scanned_at
    ), photos as (
      insert into ${scanPhotos} (scan_id, employer_id, jpeg)
      select stored.id, ${source.employerId}, decode(photo.jpeg, 'base64')
      from stored join unnest(
        ${column(withPhoto.map((scan) => scan.seq))}::bigint[],
        ${column(withPhoto.map((scan) => scan.photo))}::text[]
      ) as photo(seq, jpeg) on photo.seq = stored.seq
      returning scan_id
    )
    select seq, uid, scanned_at, (select count(*) from photos) as photos from stored`);
  return result.rows.map((row) => ({ seq: Number(row.seq), uid: row.uid, scannedAt: new Date(row.scanned_at) }));
}
