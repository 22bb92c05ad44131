import {
  addDays,
  hoursBetweenScans,
  type TCorrectionOrigin,
  type TDateRange,
  type THoursEntry,
  weekdayName,
} from '@puna/domain';
import { and, between, eq, gt, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { preparedRead, preparedSql } from '../../db/prepared';
import { scanCorrections, scanDays, scans } from '../../db/schema';
import type { ServiceDeps } from '../../lib/deps';
import { instantOf } from '../../lib/zoned-time';
import { timeZoneOf } from '../employer-settings/service';

/** One worker's scanned day: raw first/last scan, or the employer's correction when recorded. */
export type ScannedDay = {
  employeeId: number;
  date: string;
  firstScanTime: string;
  lastScanTime: string;
  scanCount: number;
  corrected: boolean;
  /** Who wrote the correction (the employer, an approved worker request, the automatic checkout); null when raw. */
  origin: TCorrectionOrigin | null;
  /** Only one scan and no correction: the worker never checked out. */
  missingCheckout: boolean;
  hours: number;
};

/**
 * The worker days as the database keeps them (`scan_days`, migration 0015): a day is the scans'
 * date in the employer's zone, its first and last times the earliest and latest scan of that day,
 * and its `summary` is `employee_id,HH:MM:SS,HH:MM:SS,scan_count` in that zone. One row per date, its
 * workers' days in one text joined by ';' in the order of the workers: the driver made a string of
 * every field of every worker day (a month of 13,000 of them, 5 fields each, was about a tenth of the
 * payroll statement's CPU, bench/README.md#payroll), now of 33 rows. Grouping the month's scans here
 * instead took most of the statement's time in the database (about 55 of 75 ms for 26,000 scans on
 * PostgreSQL; 15 ms from the kept days). The rows are read as arrays (db/prepared.ts). Built once,
 * for every worker or for one.
 */
function scannedDaysQuery(oneEmployee: boolean) {
  const where = and(
    eq(scanDays.employerId, sql.placeholder('employerId')),
    between(scanDays.day, sql.placeholder('from'), sql.placeholder('to')),
    oneEmployee ? eq(scanDays.employeeId, sql.placeholder('employeeId')) : undefined,
  );
  return preparedSql<[string, string]>(sql`
    select ${scanDays.day}::text as date, string_agg(${scanDays.summary}, ';' order by ${scanDays.employeeId}) as days
    from ${scanDays}
    where ${where}
    group by ${scanDays.day}
    order by ${scanDays.day}`);
}
const daysOfAll = scannedDaysQuery(false);
const daysOfOne = scannedDaysQuery(true);

/** A whole number written in decimal digits from `start` to `end` of `text`. */
function digitsOf(text: string, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i += 1) value = value * 10 + text.charCodeAt(i) - 48;
  return value;
}

function correctionsQuery(oneEmployee: boolean) {
  return preparedRead((qb) =>
    qb
      .select()
      .from(scanCorrections)
      .where(
        and(
          eq(scanCorrections.employerId, sql.placeholder('employerId')),
          between(scanCorrections.date, sql.placeholder('from'), sql.placeholder('to')),
          oneEmployee ? eq(scanCorrections.employeeId, sql.placeholder('employeeId')) : undefined,
        ),
      ),
  );
}
const correctionsOfAll = correctionsQuery(false);
const correctionsOfOne = correctionsQuery(true);

/**
 * Scanned days of an employer's workers in a date range (dates in the employer's zone), with
 * corrections applied: a deletion hides the day, an edit replaces its first and last time.
 */
export async function scannedDays(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  employerId: number,
  range: TDateRange,
  employeeId?: number,
): Promise<ScannedDay[]> {
  const { db } = deps;
  const values = { employerId, from: range.from, to: range.to, employeeId };
  const rows = await (employeeId === undefined ? daysOfAll : daysOfOne).run(db, values);
  // The rows come in the result's order (date, then worker): one pass builds the days, and a map
  // to find them is built only when the range has corrections.
  const result: (ScannedDay | null)[] = [];
  for (const [date, text] of rows) {
    // `employee_id,first,last,scan_count;…` (see `scannedDaysQuery`): ids and counts are digits.
    let start = 0;
    while (start < text.length) {
      const afterId = text.indexOf(',', start);
      const afterFirst = text.indexOf(',', afterId + 1);
      const afterLast = text.indexOf(',', afterFirst + 1);
      let end = text.indexOf(';', afterLast + 1);
      if (end === -1) end = text.length;
      const first = text.slice(afterId + 1, afterFirst);
      const last = text.slice(afterFirst + 1, afterLast);
      const count = digitsOf(text, afterLast + 1, end);
      result.push({
        employeeId: digitsOf(text, start, afterId),
        date,
        firstScanTime: first,
        lastScanTime: last,
        scanCount: count,
        corrected: false,
        origin: null,
        missingCheckout: count === 1,
        hours: hoursBetweenScans(first, last),
      });
      start = end + 1;
    }
  }
  const corrections = await (employeeId === undefined ? correctionsOfAll : correctionsOfOne).run(db, {
    employerId,
    from: range.from,
    to: range.to,
    employeeId,
  });
  if (corrections.length === 0) return result as ScannedDay[];
  const indexOf = new Map<string, number>();
  for (const [index, day] of result.entries()) if (day) indexOf.set(`${day.employeeId}|${day.date}`, index);
  let added = false;
  for (const correction of corrections) {
    const key = `${correction.employeeId}|${correction.date}`;
    const index = indexOf.get(key);
    if (correction.deleted) {
      if (index !== undefined) result[index] = null;
      indexOf.delete(key);
      continue;
    }
    const first = `${correction.firstTime ?? '00:00'}:00`;
    const last = `${correction.lastTime ?? correction.firstTime ?? '00:00'}:00`;
    const day: ScannedDay = {
      employeeId: correction.employeeId,
      date: correction.date,
      firstScanTime: first,
      lastScanTime: last,
      scanCount: index === undefined ? 0 : (result[index]?.scanCount ?? 0),
      corrected: true,
      origin: correction.origin as TCorrectionOrigin,
      missingCheckout: false,
      hours: hoursBetweenScans(first, last),
    };
    if (index !== undefined) result[index] = day;
    else {
      indexOf.set(key, result.length);
      result.push(day);
      added = true;
    }
  }
  const days = result.filter((day): day is ScannedDay => day !== null);
  return added ? days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.employeeId - b.employeeId)) : days;
}

/**
 * Hours per worker for a range when the employer's list type is rfid, in the shape the pay rule
 * takes (one value per worked day). Days flagged missing checkout count 0 hours until corrected.
 */
export async function scanHoursByWorker(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  employerId: number,
  range: TDateRange,
): Promise<Map<number, number[]>> {
  const byWorker = new Map<number, number[]>();
  for (const day of await scannedDays(deps, employerId, range)) {
    const list = byWorker.get(day.employeeId) ?? [];
    list.push(day.hours);
    byWorker.set(day.employeeId, list);
  }
  return byWorker;
}

/**
 * A worker's scanned days as hours entries, for the worker's own view. They have no entry row,
 * so their id is 0: the worker view only reads them.
 */
export async function scanEntriesOf(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  employerId: number,
  employee: { id: number; name: string },
  range: TDateRange,
): Promise<THoursEntry[]> {
  const days = await scannedDays(deps, employerId, range, employee.id);
  return days.map((day) => ({
    id: 0,
    worker_id: employee.id,
    name: employee.name,
    data: day.date,
    ora: day.hours,
    employer_id: employerId,
    dita: weekdayName(day.date),
  }));
}

/** Scans of one worker and local day that arrived late (see lateScansIn). */
export type LateScanDay = { employeeId: number; date: string; count: number };

/**
 * Device scans dated in a range (the employer's zone) that the server received after `after`:
 * the scans that reached a month after it was closed (docs/product.md#month-close). One query,
 * grouped per worker and local day; scans of unknown cards are left out.
 */
export async function lateScansIn(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  employerId: number,
  range: TDateRange,
  after: Date,
): Promise<LateScanDay[]> {
  const timeZone = await timeZoneOf(deps, employerId);
  const rows = await deps.db
    .select({
      employeeId: scans.employeeId,
      date: sql<string>`to_char(${scans.scannedAt} at time zone ${timeZone}, 'YYYY-MM-DD')`,
      count: sql<number>`count(*)::int`,
    })
    .from(scans)
    .where(
      and(
        eq(scans.employerId, employerId),
        isNotNull(scans.employeeId),
        gte(scans.scannedAt, instantOf(range.from, '00:00:00', timeZone)),
        lt(scans.scannedAt, instantOf(addDays(range.to, 1), '00:00:00', timeZone)),
        gt(scans.receivedAt, after),
      ),
    )
    .groupBy(scans.employeeId, sql`2`);
  return rows
    .map((row) => ({ employeeId: row.employeeId ?? 0, date: row.date, count: Number(row.count) }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.employeeId - b.employeeId));
}

/**
 * Which of the given employers have a scan in [since, until): one query, an index probe per
 * employer (`scans_employer_time_idx`) rather than a pass over every recent scan.
 */
export async function employersScannedBetween(
  deps: Pick<ServiceDeps, 'db'>,
  employerIds: number[],
  since: Date,
  until: Date,
): Promise<number[]> {
  if (employerIds.length === 0) return [];
  const { rows } = await deps.db.execute<{ id: number }>(sql`
    select e.id from unnest(${`{${employerIds.join(',')}}`}::int[]) as e(id)
    where exists (
      select 1 from ${scans}
      where ${scans.employerId} = e.id and ${scans.scannedAt} >= ${since} and ${scans.scannedAt} < ${until}
    )`);
  return rows.map((row) => Number(row.id));
}

export type CorrectionWrite = {
  employerId: number;
  employeeId: number;
  date: string;
  firstTime: string;
  lastTime: string | null;
  origin: TCorrectionOrigin;
  actorUserId: number | null;
};

/**
 * Writes a day's correction (raw scans are never changed). `replace`: an approved request replaces
 * whatever correction the day had; otherwise (the automatic checkout) an existing correction wins
 * and nothing is written. Answers whether a row was written.
 */
export async function writeCorrection(db: Executor, values: CorrectionWrite, replace: boolean): Promise<boolean> {
  const insert = db.insert(scanCorrections).values({ ...values, deleted: false, updatedAt: new Date() });
  const written = replace
    ? await insert
        .onConflictDoUpdate({
          target: [scanCorrections.employeeId, scanCorrections.date],
          set: {
            firstTime: values.firstTime,
            lastTime: values.lastTime,
            deleted: false,
            origin: values.origin,
            actorUserId: values.actorUserId,
            updatedAt: new Date(),
          },
        })
        .returning({ id: scanCorrections.id })
    : await insert.onConflictDoNothing().returning({ id: scanCorrections.id });
  return written.length > 0;
}
