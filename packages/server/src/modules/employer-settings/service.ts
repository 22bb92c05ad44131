/**
 * The employer row's owner. Every other module reads or changes an employer's settings (time
 * zone, list type, plan and limits, roles seeding, labour-law jurisdiction) and locks the row only through these functions.
 */
import { effectiveListType, hoursComeFromScans, type TJurisdiction, type TListType, ZJurisdiction } from '@puna/domain';
import { and, eq, inArray, isNull, lt, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Executor } from '../../db/executor';
import { preparedRead } from '../../db/prepared';
import { employers } from '../../db/schema';

/** What reading an employer's time zone needs: a connection (or open transaction) and the default zone. */
type ZoneReader = { db: Executor; config: Pick<AppConfig, 'defaultTimeZone'> };

/** The employer's time zone (its dates, today and this month, are read in it); TZ_DEFAULT without a row. */
export async function timeZoneOf(deps: ZoneReader, employerId: number): Promise<string> {
  const [row] = await zoneRow.run(deps.db, { employerId });
  return row?.timeZone ?? deps.config.defaultTimeZone;
}

// The settings read by the main reads on every request, built once (db/prepared.ts).
const zoneRow = preparedRead((qb) =>
  qb
    .select({ timeZone: employers.timeZone })
    .from(employers)
    .where(eq(employers.id, sql.placeholder('employerId')))
    .limit(1),
);
const planRowOf = preparedRead((qb) =>
  qb
    .select({ type: employers.type, listType: employers.listType })
    .from(employers)
    .where(eq(employers.id, sql.placeholder('employerId')))
    .limit(1),
);
const attendanceRow = preparedRead((qb) =>
  qb
    .select({
      jurisdiction: employers.jurisdiction,
      toleranceMinutes: employers.attendanceToleranceMinutes,
      autoCheckout: employers.autoCheckout,
    })
    .from(employers)
    .where(eq(employers.id, sql.placeholder('employerId')))
    .limit(1),
);

export async function companyNameOf(db: Executor, employerId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: employers.companyName })
    .from(employers)
    .where(eq(employers.id, employerId))
    .limit(1);
  return row?.name ?? null;
}

async function planRow(db: Executor, employerId: number) {
  const [row] = await planRowOf.run(db, { employerId });
  return row;
}

/** The list the employer works with (the RFID list only while premium); null without a row. */
export async function listTypeOf(db: Executor, employerId: number): Promise<TListType | null> {
  const row = await planRow(db, employerId);
  return row ? effectiveListType(row.type, row.listType) : null;
}

export async function setListType(db: Executor, employerId: number, listType: TListType): Promise<void> {
  await db.update(employers).set({ listType }).where(eq(employers.id, employerId));
}

/** Whether the employer's hours come from scans rather than entered hours (the domain's rule). */
export async function hoursFromScans(db: Executor, employerId: number): Promise<boolean> {
  const row = await planRow(db, employerId);
  return row ? hoursComeFromScans(row.type, row.listType) : false;
}

export type LockedEmployer = {
  type: string;
  transactionId: string | null;
  timeZone: string;
  limitWorkers: number;
  rolesSeeded: boolean;
};

/**
 * Locks the employer row (`for update`) for the rest of the transaction and returns its settings;
 * undefined when there is no such employer. Every change to an employer's employees, cards, PINs,
 * roles or plan takes this lock first, so concurrent ones of one employer run one after another.
 */
export async function lockEmployer(tx: Executor, employerId: number): Promise<LockedEmployer | undefined> {
  const [row] = await tx
    .select({
      type: employers.type,
      transactionId: employers.transactionId,
      timeZone: employers.timeZone,
      limitWorkers: employers.limitWorkers,
      rolesSeeded: employers.rolesSeeded,
    })
    .from(employers)
    .where(eq(employers.id, employerId))
    .for('update');
  return row;
}

/** Whose labour law applies to the employer (docs/labour-rules.md); Kosovo without a row. */
export async function jurisdictionOf(db: Executor, employerId: number): Promise<TJurisdiction> {
  const [row] = await db
    .select({ jurisdiction: employers.jurisdiction })
    .from(employers)
    .where(eq(employers.id, employerId))
    .limit(1);
  const parsed = ZJurisdiction.safeParse(row?.jurisdiction);
  return parsed.success ? parsed.data : 'XK';
}

export type LabourSettingsRow = {
  jurisdiction: TJurisdiction;
  applyLabourRules: boolean;
  /** Whether the employer's hours come from scans (hoursComeFromScans), read in the same query. */
  hoursFromScans: boolean;
  /** The NUI (Kosovo) or NIPT (Albania) printed on payslips and declarations, or null. */
  fiscalNumber: string | null;
  /** The address printed on payslips, or null. */
  address: string | null;
};

/** The employer's labour-law settings in one query; undefined without a row. */
export async function labourSettingsOf(db: Executor, employerId: number): Promise<LabourSettingsRow | undefined> {
  const [row] = await db
    .select({
      jurisdiction: employers.jurisdiction,
      applyLabourRules: employers.applyLabourRules,
      type: employers.type,
      listType: employers.listType,
      fiscalNumber: employers.fiscalNumber,
      address: employers.address,
    })
    .from(employers)
    .where(eq(employers.id, employerId))
    .limit(1);
  if (!row) return undefined;
  const parsed = ZJurisdiction.safeParse(row.jurisdiction);
  return {
    jurisdiction: parsed.success ? parsed.data : 'XK',
    applyLabourRules: row.applyLabourRules,
    hoursFromScans: hoursComeFromScans(row.type, row.listType),
    fiscalNumber: row.fiscalNumber,
    address: row.address,
  };
}

/** Changes the given labour-law settings and the employer's fiscal number and address (absent ones stay, null clears). */
export async function setLabourSettings(
  db: Executor,
  employerId: number,
  changes: {
    jurisdiction?: TJurisdiction;
    applyLabourRules?: boolean;
    fiscalNumber?: string | null;
    address?: string | null;
  },
): Promise<void> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (Object.keys(set).length === 0) return;
  await db.update(employers).set(set).where(eq(employers.id, employerId));
}

/** The employer's name, fiscal number and address as payslips and declarations print them; undefined without a row. */
export async function employerIdentityOf(
  db: Executor,
  employerId: number,
): Promise<{ companyName: string; fiscalNumber: string | null; address: string | null } | undefined> {
  const [row] = await db
    .select({ companyName: employers.companyName, fiscalNumber: employers.fiscalNumber, address: employers.address })
    .from(employers)
    .where(eq(employers.id, employerId))
    .limit(1);
  return row;
}

/** The employer's attendance tolerance in minutes with its jurisdiction (the today board's one read). */
export async function attendanceSettingsOf(
  db: Executor,
  employerId: number,
): Promise<{ jurisdiction: TJurisdiction; toleranceMinutes: number; autoCheckout: boolean } | undefined> {
  const [row] = await attendanceRow.run(db, { employerId });
  if (!row) return undefined;
  const parsed = ZJurisdiction.safeParse(row.jurisdiction);
  return {
    jurisdiction: parsed.success ? parsed.data : 'XK',
    toleranceMinutes: row.toleranceMinutes,
    autoCheckout: row.autoCheckout,
  };
}

export async function setAttendanceTolerance(db: Executor, employerId: number, minutes: number): Promise<void> {
  await db.update(employers).set({ attendanceToleranceMinutes: minutes }).where(eq(employers.id, employerId));
}

/** Turns the automatic checkout at the scheduled end on or off (docs/product.md#missed-punches). */
export async function setAutoCheckout(db: Executor, employerId: number, on: boolean): Promise<void> {
  await db.update(employers).set({ autoCheckout: on }).where(eq(employers.id, employerId));
}

/** The roster's settings (docs/product.md#shifts-and-the-roster); undefined without a row. */
export type RosterSettingsRow = {
  jurisdiction: TJurisdiction;
  shiftRequestsAuto: boolean;
  noShowAlert: boolean;
  /** `[{ from_minutes, break_minutes }]` as stored; null: the jurisdiction's rule. */
  unpaidBreakRules: unknown;
};

export async function rosterSettingsOf(db: Executor, employerId: number): Promise<RosterSettingsRow | undefined> {
  const [row] = await db
    .select({
      jurisdiction: employers.jurisdiction,
      shiftRequestsAuto: employers.shiftRequestsAuto,
      noShowAlert: employers.noShowAlert,
      unpaidBreakRules: employers.unpaidBreakRules,
    })
    .from(employers)
    .where(eq(employers.id, employerId))
    .limit(1);
  if (!row) return undefined;
  const parsed = ZJurisdiction.safeParse(row.jurisdiction);
  return { ...row, jurisdiction: parsed.success ? parsed.data : 'XK' };
}

export async function setRosterSettings(
  db: Executor,
  employerId: number,
  settings: { shiftRequestsAuto: boolean; noShowAlert: boolean; unpaidBreakRules: unknown },
): Promise<void> {
  await db
    .update(employers)
    .set({
      shiftRequestsAuto: settings.shiftRequestsAuto,
      noShowAlert: settings.noShowAlert,
      // A null rule list is SQL null (the jurisdiction's rule), not the JSON null.
      unpaidBreakRules: settings.unpaidBreakRules === null ? sql`null` : settings.unpaidBreakRules,
    })
    .where(eq(employers.id, employerId));
}

/** Which of these employers want to hear of no-shows, with their time zones. */
export async function noShowEmployers(db: Executor, ids: number[]): Promise<{ id: number; timeZone: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: employers.id, timeZone: employers.timeZone })
    .from(employers)
    .where(and(inArray(employers.id, ids), eq(employers.noShowAlert, true)));
}

export async function setJurisdiction(db: Executor, employerId: number, jurisdiction: TJurisdiction): Promise<void> {
  await db.update(employers).set({ jurisdiction }).where(eq(employers.id, employerId));
}

/** Whether the default roles were already offered; null without a row. */
export async function rolesSeeded(db: Executor, employerId: number): Promise<boolean | null> {
  const [row] = await db
    .select({ seeded: employers.rolesSeeded })
    .from(employers)
    .where(eq(employers.id, employerId))
    .limit(1);
  return row ? row.seeded : null;
}

export async function markRolesSeeded(db: Executor, employerId: number): Promise<void> {
  await db.update(employers).set({ rolesSeeded: true }).where(eq(employers.id, employerId));
}

/** A new employer row (sign-up, a worker claiming an employer account), in the default time zone. */
export async function createEmployer(
  deps: { db: Executor; config: Pick<AppConfig, 'defaultTimeZone'> },
  companyName: string,
): Promise<number> {
  const [row] = await deps.db
    .insert(employers)
    .values({ companyName, timeZone: deps.config.defaultTimeZone })
    .returning({ id: employers.id });
  if (!row) throw new Error('employer insert returned nothing');
  return row.id;
}

export type PlanChanges = {
  type?: 'basic' | 'premium';
  transactionId?: string | null;
  transactionDate?: string | null;
  limitWorkers?: number;
  rolesSeeded?: boolean;
  listType?: TListType;
};

/** Changes an employer's plan fields; false when there is no such employer. */
export async function updatePlan(db: Executor, employerId: number, changes: PlanChanges): Promise<boolean> {
  if (Object.keys(changes).length === 0) return (await planRow(db, employerId)) !== undefined;
  const updated = await db
    .update(employers)
    .set(changes)
    .where(eq(employers.id, employerId))
    .returning({ id: employers.id });
  return updated.length > 0;
}

/** Back to basic, but only while the plan is still the one this subscription gave. */
export async function endPlanOfSubscription(db: Executor, employerId: number, transactionId: string): Promise<void> {
  await db
    .update(employers)
    .set({ type: 'basic' })
    .where(and(eq(employers.id, employerId), eq(employers.transactionId, transactionId)));
}

/** Company names of some employers, by id (ids without a row are absent). */
export async function companyNamesOf(db: Executor, employerIds: number[]): Promise<Map<number, string>> {
  if (employerIds.length === 0) return new Map();
  const rows = await db
    .select({ id: employers.id, name: employers.companyName })
    .from(employers)
    .where(inArray(employers.id, employerIds));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The jurisdiction and the employer's annual leave days for everyone (null: the legal minimum), for leave. */
export async function leaveSettingsOf(
  db: Executor,
  employerId: number,
): Promise<{ jurisdiction: TJurisdiction; annualLeaveDays: number | null } | undefined> {
  const [row] = await db
    .select({ jurisdiction: employers.jurisdiction, annualLeaveDays: employers.annualLeaveDays })
    .from(employers)
    .where(eq(employers.id, employerId))
    .limit(1);
  if (!row) return undefined;
  const parsed = ZJurisdiction.safeParse(row.jurisdiction);
  return { jurisdiction: parsed.success ? parsed.data : 'XK', annualLeaveDays: row.annualLeaveDays };
}

export async function setAnnualLeaveDays(db: Executor, employerId: number, days: number | null): Promise<void> {
  await db.update(employers).set({ annualLeaveDays: days }).where(eq(employers.id, employerId));
}

/** Premium employers with their time zone and the last digest's date (the attendance job's list). */
export async function premiumEmployers(
  db: Executor,
): Promise<{ id: number; timeZone: string; digestSentOn: string | null }[]> {
  return db
    .select({ id: employers.id, timeZone: employers.timeZone, digestSentOn: employers.digestSentOn })
    .from(employers)
    .where(eq(employers.type, 'premium'));
}

/**
 * Claims the employer's digest of a date: true for the one caller whose conditional UPDATE moved
 * `digest_sent_on` to it, false when another process (or an earlier run) already did.
 */
export async function claimDigest(db: Executor, employerId: number, date: string): Promise<boolean> {
  const claimed = await db
    .update(employers)
    .set({ digestSentOn: date })
    .where(and(eq(employers.id, employerId), or(isNull(employers.digestSentOn), lt(employers.digestSentOn, date))))
    .returning({ id: employers.id });
  return claimed.length > 0;
}

/**
 * Today in an employer's time zone, as an SQL expression for the employer whose id `employerId`
 * holds (a column or a value): for filters such as "has this employee left" that other modules
 * write (employees/employment.ts) without reading the employers table themselves.
 */
export function employerTodaySql(employerId: SQLWrapper): SQL {
  return sql`(select (now() at time zone ${employers.timeZone})::date from ${employers} where ${employers.id} = ${employerId})`;
}
