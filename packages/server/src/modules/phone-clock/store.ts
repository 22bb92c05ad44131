import type { TLocation, TPhoneClockSettingsState, TPhoneOutside } from '@puna/domain';
import { is, Placeholder, type SQL, sql } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/executor';
import { arrayRows, preparedSql } from '../../db/prepared';
import { closedMonths, employees, employers, locations, scanPhotos, scans } from '../../db/schema';

/**
 * A phone punch's statements (bench/README.md#phone-punch, issue 36): on PGlite every statement is
 * half a dozen protocol messages through its WebAssembly backend, so the punch reads what it needs
 * in one statement and stores itself in one more.
 */

/** The uid a phone punch is stored with (a scan's uid cannot be empty). */
export const PHONE_UID = 'phone';

/** bytea's type id: the photo goes to the database as its bytes, in binary. */
const BYTEA = 17;
const asIs = (value: unknown) => value;

/** Whether the database behind `db` is PGlite (one connection in this process) rather than node-postgres. */
export function onPglite(db: Executor): boolean {
  return !((db as unknown as { session: unknown }).session instanceof NodePgSession);
}

/**
 * Runs SQL text whose bytea parameters are Buffers; rows as arrays. node-postgres sends a Buffer in
 * binary as it is; PGlite's own serializer would write it as hex text in JavaScript (about 40 ms for
 * 200 KB), so on PGlite bytea parameters are handed over as they are and sent in binary too.
 */
async function rowsWithBytes(db: Executor, text: string, values: unknown[]): Promise<unknown[][]> {
  if (!onPglite(db)) return arrayRows(db, text, values);
  const client = (db as unknown as { session: { client: unknown } }).session.client as {
    query(text: string, values: unknown[], options: object): Promise<{ rows: unknown[][] }>;
  };
  return (await client.query(text, values, { rowMode: 'array', serializers: { [BYTEA]: asIs } })).rows;
}

/** What a punch reads before it is taken. */
export type PunchReads = {
  /** The employer's settings; undefined without the employer's row. */
  settings: TPhoneClockSettingsState | undefined;
  /** The worker's name and overrides; undefined when it is not the employer's. */
  own:
    | {
        name: string;
        phone_punches: boolean | null;
        phone_outside: TPhoneOutside | null;
        phone_photo_required: boolean | null;
      }
    | undefined;
  /** The employer's workplaces, unsorted. */
  places: TLocation[];
  /** The id of the employer's scan with this client id (a resend), or null. */
  resendId: number | null;
};

type ReadRow = [
  boolean | null,
  string | null,
  boolean | null,
  number | null,
  string | null,
  boolean | null,
  string | null,
  boolean | null,
  TLocation[] | string,
  number | string | null,
];

const employer = sql.placeholder('employer');
/**
 * The employer's phone clock settings, the worker's overrides, the workplaces and the resend's id,
 * in one statement (the phone-clock module reads employers' and employees' columns here: see
 * scripts/check-server-boundaries.mjs).
 */
const punchReadsSql = preparedSql<ReadRow>(sql`
  select ${employers.phonePunches}, ${employers.phoneOutside}, ${employers.phonePhotoRequired},
    ${employers.photoRetentionDays},
    ${employees.name}, ${employees.phonePunches}, ${employees.phoneOutside}, ${employees.phonePhotoRequired},
    (select coalesce(json_agg(json_build_object('id', ${locations.id}, 'name', ${locations.name},
        'lat', ${locations.lat}, 'lng', ${locations.lng}, 'radius_m', ${locations.radiusM},
        'address', ${locations.address})), '[]'::json)
      from ${locations} where ${locations.employerId} = ${employer}),
    (select ${scans.id} from ${scans}
      where ${scans.employerId} = ${employer} and ${scans.clientId} = ${sql.placeholder('clientId')} limit 1)
  from (select 1) as one
  left join ${employers} on ${employers.id} = ${employer}
  left join ${employees} on ${employees.employerId} = ${employer} and ${employees.id} = ${sql.placeholder('employee')}`);

/** The punch's reads in one statement. */
export async function punchReads(
  db: Executor,
  employerId: number,
  employeeId: number,
  clientId: string,
): Promise<PunchReads> {
  const [row] = await punchReadsSql.run(db, { employer: employerId, employee: employeeId, clientId });
  if (!row) throw new Error('the punch read returned no row');
  const [punches, outside, photoRequired, retention, name, ownPunches, ownOutside, ownPhoto, places, resend] = row;
  return {
    settings:
      punches === null
        ? undefined
        : {
            phone_punches: punches,
            phone_outside: outside as TPhoneOutside,
            phone_photo_required: photoRequired ?? false,
            photo_retention_days: Number(retention),
          },
    own:
      name === null
        ? undefined
        : {
            name,
            phone_punches: ownPunches,
            phone_outside: ownOutside as TPhoneOutside | null,
            phone_photo_required: ownPhoto,
          },
    // node-postgres and PGlite parse json; an older driver may hand over the text.
    places: typeof places === 'string' ? (JSON.parse(places) as TLocation[]) : places,
    resendId: resend === null ? null : Number(resend),
  };
}

/** A punch to store: its scan's columns, and the photo's bytes or null. */
export type NewPunch = {
  employerId: number;
  employeeId: number;
  clientId: string;
  takenAt: Date;
  receivedAt: Date;
  lat: number;
  lng: number;
  accuracy: number;
  locationId: number | null;
  distanceM: number | null;
  flags: readonly string[];
  /** YYYY-MM: the month the punch falls in (a closed one refuses it). */
  month: string;
  /** The start of the punch's day: the punches from it to this one give its direction. */
  dayStart: Date;
  photo: Buffer | null;
};

/** SQL text built once, and how to lay out its values by placeholder name. */
function statementOf(query: SQL): { text: string; values(named: Record<string, unknown>): unknown[] } {
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  const names = params.map((param) => {
    if (!is(param, Placeholder)) throw new Error('statementOf: every value is a placeholder');
    return param.name;
  });
  return { text, values: (named) => names.map((name) => named[name] ?? null) };
}

const p = (name: string) => sql.placeholder(name);
/**
 * The punch in one statement: the month still open, the scan (none when its client id is stored),
 * its photo, and how many of the worker's punches of that day come before it (RETURNING's subquery
 * sees the rows from before this insert).
 */
const storePunchSql = statementOf(sql`
  with month as (
    select not exists (
      select 1 from ${closedMonths}
      where ${closedMonths.employerId} = ${p('employer')}::int and ${closedMonths.month} = ${p('month')}::text
    ) as open
  ), stored as (
    insert into ${scans} (employer_id, employee_id, uid, scanned_at, received_at, origin, client_id,
      lat, lng, accuracy_m, location_id, distance_m, flags)
    select ${p('employer')}::int, ${p('employee')}::int, ${p('uid')}::text, ${p('takenAt')}::timestamptz,
      ${p('receivedAt')}::timestamptz, 'phone', ${p('clientId')}::text, ${p('lat')}::float8, ${p('lng')}::float8,
      ${p('accuracy')}::float8, ${p('location')}::int, ${p('distance')}::int, string_to_array(${p('flags')}::text, ',')
    from month where month.open
    on conflict (employer_id, client_id) where client_id is not null do nothing
    returning id, (
      select count(*) from ${scans} earlier
      where earlier.employee_id = ${p('employee')}::int
        and earlier.scanned_at >= ${p('dayStart')}::timestamptz
        and earlier.scanned_at <= ${p('takenAt')}::timestamptz
    ) as before
  ), photo as (
    insert into ${scanPhotos} (scan_id, employer_id, jpeg)
    select id, ${p('employer')}::int, ${p('photo')}::bytea from stored where ${p('hasPhoto')}::boolean
  )
  select month.open, stored.id, stored.before from month left join stored on true`);

/**
 * Stores the punch with its photo; 'closed' when its month is closed, null when its client id is
 * already stored (the same id sent twice at once), else its direction from the punches before it.
 * One statement: on PGlite, one connection in this process, it runs alone and commits by itself; on
 * PostgreSQL the caller runs it inside the transaction holding the month's and the worker's locks.
 */
export async function storePunch(db: Executor, punch: NewPunch): Promise<'closed' | null | 'in' | 'out'> {
  const values = {
    employer: punch.employerId,
    employee: punch.employeeId,
    uid: PHONE_UID,
    month: punch.month,
    takenAt: punch.takenAt.toISOString(),
    receivedAt: punch.receivedAt.toISOString(),
    clientId: punch.clientId,
    lat: punch.lat,
    lng: punch.lng,
    accuracy: punch.accuracy,
    location: punch.locationId,
    distance: punch.distanceM,
    flags: punch.flags.join(','),
    dayStart: punch.dayStart.toISOString(),
    photo: punch.photo,
    hasPhoto: punch.photo !== null,
  };
  const [row] = await rowsWithBytes(db, storePunchSql.text, storePunchSql.values(values));
  if (row?.[0] !== true) return 'closed';
  if (row[1] === null || row[1] === undefined) return null;
  return Number(row[2]) % 2 === 0 ? 'in' : 'out';
}
