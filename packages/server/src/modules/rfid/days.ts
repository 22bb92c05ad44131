import {
  addDays,
  CORRECTED_END_MARGIN_MINUTES,
  clockChangesIn,
  clockChangeWithin,
  expectedShift,
  hoursBetweenScans,
  isNightShift,
  NIGHT_SHIFT_MORNING_END,
  OVERNIGHT_PAIRING_MINUTES,
  pairShifts,
  scheduleOn,
  shiftHours,
  shiftSpan,
  type TCorrectionOrigin,
  type TDateRange,
  type THoursEntry,
  type TScanClock,
  type TSchedule,
  type TScheduleChange,
  type TShiftClockChange,
  weekdayName,
} from '@puna/domain';
import { and, between, eq, gt, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { preparedRead, preparedSql } from '../../db/prepared';
import { scanCorrections, scanDays, scans } from '../../db/schema';
import { instantOf, wallClockReader } from '../../lib/zoned-time';
import type { ServiceDeps } from '../../plugins/deps';
import { type NightSchedules, nightSchedulesOf } from '../employees/schedule-history';
import { timeZoneOf } from '../employer-settings/service';
import { type PublishedShift, publishedShiftsOf } from '../roster/service';

/**
 * One worker's shift from card scans, dated by the day it starts on (docs/product.md#night-shifts):
 * raw first/last scan, or the employer's correction when recorded. A shift past midnight has its
 * last time on the next day (`endsNextDay`, `lastMinutes` past 1440).
 */
export type ScannedDay = {
  employeeId: number;
  date: string;
  firstScanTime: string;
  /** 'HH:MM:SS' on the shift's date, or on the next day when `endsNextDay`. */
  lastScanTime: string;
  scanCount: number;
  corrected: boolean;
  /** Who wrote the correction (the employer, an approved worker request, the automatic checkout); null when raw. */
  origin: TCorrectionOrigin | null;
  /** Only one scan and no correction: the worker never checked out. */
  missingCheckout: boolean;
  /** The real length from first to last, rounded to the quarter hour (a clock change inside counted). */
  hours: number;
  /** The last time is the next day's (a night shift). */
  endsNextDay: boolean;
  /** First and last time as minutes from the date's midnight (last past 1440 the next day). */
  firstMinutes: number;
  lastMinutes: number;
  /** The clocks' change inside the shift (daylight saving time), when there is one. */
  clockChange?: TShiftClockChange;
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

/** 'HH:MM:SS' (or 'HH:MM') at `start` of `text` as minutes from midnight, seconds as a fraction. */
function minutesAt(text: string, start: number): number {
  const digit = (i: number) => text.charCodeAt(start + i) - 48;
  const seconds = text.length - start >= 8 && text.charCodeAt(start + 5) === 58 ? digit(6) * 10 + digit(7) : 0;
  return (digit(0) * 10 + digit(1)) * 60 + digit(3) * 10 + digit(4) + seconds / 60;
}

/** Minutes from midnight (a fraction for seconds; past 1440 the next day's) as 'HH:MM:SS'. */
function timeOfMinutes(minutes: number): string {
  const seconds = Math.round((minutes % 1440) * 60);
  const two = (value: number) => (value < 10 ? `0${value}` : String(value));
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
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

/** Schedules a caller has already read: the employees' current ones and their histories. */
export type KnownSchedules = {
  employees: readonly { id: number; schedule: TSchedule | null }[];
  histories: ReadonlyMap<number, readonly TScheduleChange[]>;
};

/** The night-shift workers' schedules among those a caller read. */
function nightSchedulesFrom(known: KnownSchedules): NightSchedules {
  const nights: NightSchedules = new Map();
  const night = (schedule: TSchedule | null | undefined) =>
    schedule ? Object.values(schedule).some((day) => isNightShift(day)) : false;
  for (const employee of known.employees) {
    const history = known.histories.get(employee.id);
    if (night(employee.schedule) || history?.some((row) => night(row.schedule))) {
      nights.set(employee.id, { current: employee.schedule, history: history ? [...history] : undefined });
    }
  }
  return nights;
}

/** The night-shift workers' schedules, and `employeeId|date` of the published roster shifts ending the next day. */
type Nights = { schedules: NightSchedules; rostered: ReadonlySet<string> };

function rosterNightsOf(shifts: ReadonlyMap<number, readonly PublishedShift[]>): Set<string> {
  const nights = new Set<string>();
  for (const own of shifts.values()) {
    for (const shift of own) if (shiftSpan(shift).end > 1440) nights.add(`${shift.employeeId}|${shift.date}`);
  }
  return nights;
}

/**
 * Whether a worker's day has a night shift (one ending after midnight): its published roster shift
 * that date, else the schedule in force on it.
 */
function nightShiftOf(nights: Nights, employeeId: number, date: string): boolean {
  if (nights.rostered.size > 0 && nights.rostered.has(`${employeeId}|${date}`)) return true;
  const own = nights.schedules.get(employeeId);
  if (!own) return false;
  const shift = expectedShift(scheduleOn(own.history, date, own.current), date);
  return shift !== null && shift.end > 1440;
}

/** How far before the range a worker's raw scans are paired: a week of nights in a row settles which scan is an in-scan. */
const PAIRING_LEAD_DAYS = 8;

function scanTimesQuery() {
  return preparedSql<[number, Date | string]>(sql`
    select ${scans.employeeId}, ${scans.scannedAt} from ${scans}
    where ${scans.employerId} = ${sql.placeholder('employerId')}
      and ${scans.employeeId} = any(${sql.placeholder('ids')})
      and ${scans.scannedAt} >= ${sql.placeholder('since')} and ${scans.scannedAt} < ${sql.placeholder('until')}
    order by ${scans.employeeId}, ${scans.scannedAt}`);
}
const scanTimesOf = scanTimesQuery();

/** A shift's day: hours from its real length (a clock change inside counted). */
function shiftDay(
  employeeId: number,
  date: string,
  first: number,
  last: number,
  scanCount: number,
  correction: { origin: TCorrectionOrigin } | null,
  timeZone: string | undefined,
  changeDates: ReadonlySet<string>,
): ScannedDay {
  const clockChange =
    timeZone !== undefined && (changeDates.has(date) || (last > 1440 && changeDates.has(addDays(date, 1))))
      ? clockChangeWithin(timeZone, date, first, last)
      : undefined;
  const day: ScannedDay = {
    employeeId,
    date,
    firstScanTime: timeOfMinutes(first),
    lastScanTime: timeOfMinutes(last),
    scanCount,
    corrected: correction !== null,
    origin: correction?.origin ?? null,
    missingCheckout: correction === null && scanCount === 1,
    hours: shiftHours(first, last, clockChange),
    endsNextDay: last >= 1440,
    firstMinutes: first,
    lastMinutes: last,
  };
  if (clockChange) day.clockChange = clockChange;
  return day;
}

/** The dates of the range's clock changes in a zone. */
function changeDatesIn(timeZone: string, range: TDateRange): Set<string> {
  const dates = new Set<string>();
  for (let year = Number(range.from.slice(0, 4)); year <= Number(range.to.slice(0, 4)); year += 1) {
    for (const change of clockChangesIn(timeZone, year)) {
      if (change.date >= range.from && change.date <= range.to) dates.add(change.date);
    }
  }
  return dates;
}

/**
 * Shifts from card scans of an employer's workers dated in a range (dates in the employer's zone),
 * with corrections applied: a deletion hides the shift, an edit replaces its first and last time
 * (a last time before the first is the next day's). Scans are paired into shifts by the rule of
 * `pairShifts` (docs/product.md#night-shifts): the kept days (`scan_days`) are the shifts as they
 * are for every worker whose days show no night (no day's last scan followed within 15 hours by
 * the next day's first, no night shift scheduled before a morning scan, no correction past
 * midnight); only the others' raw scans are read and paired, from a week before the range.
 * `schedules`: the employees and histories the caller has read (or is reading), else only the
 * night-shift workers' schedules are read.
 */
export async function scannedDays(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  employerId: number,
  range: TDateRange,
  employeeId?: number,
  options: { schedules?: KnownSchedules | Promise<KnownSchedules>; timeZone?: string } = {},
): Promise<ScannedDay[]> {
  const { db } = deps;
  const wide = { from: addDays(range.from, -1), to: addDays(range.to, 1) };
  const one = employeeId !== undefined;
  const [rows, corrections, schedules, timeZone, rostered] = await Promise.all([
    (one ? daysOfOne : daysOfAll).run(db, { employerId, from: wide.from, to: wide.to, employeeId }),
    (one ? correctionsOfOne : correctionsOfAll).run(db, { employerId, from: wide.from, to: range.to, employeeId }),
    options.schedules
      ? Promise.resolve(options.schedules).then(nightSchedulesFrom)
      : nightSchedulesOf(db, employerId, employeeId),
    options.timeZone ?? timeZoneOf(deps, employerId),
    // Published roster shifts that end the next day are nights too (docs/product.md#shifts-and-the-roster).
    publishedShiftsOf(
      db,
      employerId,
      { from: addDays(range.from, -PAIRING_LEAD_DAYS), to: wide.to },
      one ? [employeeId] : undefined,
    ),
  ]);
  const nights: Nights = { schedules, rostered: rosterNightsOf(rostered) };
  const changeDates = changeDatesIn(timeZone, { from: addDays(range.from, -PAIRING_LEAD_DAYS), to: wide.to });
  // Corrections that end the next day: the next morning's scans up to an hour after are theirs.
  const correctedUntil = new Map<string, number>();
  for (const correction of corrections) {
    const { firstTime, lastTime } = correction;
    if (correction.deleted || !firstTime || !lastTime || lastTime >= firstTime) continue;
    correctedUntil.set(
      `${correction.employeeId}|${addDays(correction.date, 1)}`,
      minutesAt(lastTime, 0) + CORRECTED_END_MARGIN_MINUTES,
    );
  }
  // The rows come in the result's order (date, then worker): one pass builds the days and finds
  // the workers whose days show a night (then paired from their raw scans).
  const result: (ScannedDay | null)[] = [];
  const latest = new Map<number, ScannedDay>();
  const paired = new Set<number>();
  let previousDate = '';
  let previousNext = '';
  for (const [date, text] of rows) {
    const dayBefore = previousNext === date ? previousDate : '';
    previousDate = date;
    previousNext = addDays(date, 1);
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
      const id = digitsOf(text, start, afterId);
      const firstMinutes = minutesAt(first, 0);
      const lastMinutes = minutesAt(last, 0);
      const day: ScannedDay = {
        employeeId: id,
        date,
        firstScanTime: first,
        lastScanTime: last,
        scanCount: count,
        corrected: false,
        origin: null,
        missingCheckout: count === 1,
        hours: hoursBetweenScans(first, last),
        endsNextDay: false,
        firstMinutes,
        lastMinutes,
      };
      if (changeDates.has(date)) {
        const clockChange = clockChangeWithin(timeZone, date, firstMinutes, lastMinutes);
        if (clockChange) {
          day.clockChange = clockChange;
          day.hours = shiftHours(firstMinutes, lastMinutes, clockChange);
        }
      }
      const before = latest.get(id);
      if (
        (before !== undefined &&
          before.date === dayBefore &&
          (firstMinutes + 1440 - before.lastMinutes <= OVERNIGHT_PAIRING_MINUTES + 60 ||
            (firstMinutes < NIGHT_SHIFT_MORNING_END && nightShiftOf(nights, id, dayBefore)))) ||
        (correctedUntil.size > 0 && correctedUntil.has(`${id}|${date}`))
      ) {
        paired.add(id);
      }
      latest.set(id, day);
      result.push(day);
      start = end + 1;
    }
  }
  let reordered = false;
  if (paired.size > 0) {
    reordered = true;
    const ids = [...paired];
    const times = await scanTimesOf.run(db, {
      employerId,
      ids,
      since: instantOf(addDays(range.from, -PAIRING_LEAD_DAYS), '00:00:00', timeZone),
      until: instantOf(addDays(wide.to, 1), '00:00:00', timeZone),
    });
    const wallClockOf = wallClockReader(timeZone);
    const clocksOf = new Map<number, TScanClock[]>();
    for (const [id, at] of times) {
      const { date, time } = wallClockOf(new Date(at));
      const list = clocksOf.get(Number(id));
      const clock = { date, minutes: minutesAt(time, 0) };
      if (list) list.push(clock);
      else clocksOf.set(Number(id), [clock]);
    }
    for (const [index, day] of result.entries()) if (day && paired.has(day.employeeId)) result[index] = null;
    for (const [id, clocks] of clocksOf) {
      const shifts = pairShifts(clocks, {
        nightShiftOn: (date) => nightShiftOf(nights, id, date),
        correctedUntil: (date) => correctedUntil.get(`${id}|${date}`),
      });
      for (const shift of shifts) {
        if (shift.date < wide.from || shift.date > wide.to) continue;
        result.push(shiftDay(id, shift.date, shift.first, shift.last, shift.count, null, timeZone, changeDates));
      }
    }
  }
  // Corrections replace or hide the shifts of their dates (those of the day before the range only
  // told which morning scans are theirs).
  const applied = corrections.filter((correction) => correction.date >= range.from);
  if (applied.length > 0) {
    const indexOf = new Map<string, number>();
    for (const [index, day] of result.entries()) if (day) indexOf.set(`${day.employeeId}|${day.date}`, index);
    for (const correction of applied) {
      const key = `${correction.employeeId}|${correction.date}`;
      const index = indexOf.get(key);
      if (correction.deleted) {
        if (index !== undefined) result[index] = null;
        indexOf.delete(key);
        continue;
      }
      const first = minutesAt(correction.firstTime ?? '00:00', 0);
      let last = minutesAt(correction.lastTime ?? correction.firstTime ?? '00:00', 0);
      if (last < first) last += 1440;
      const scanCount = index === undefined ? 0 : (result[index]?.scanCount ?? 0);
      const origin = correction.origin as TCorrectionOrigin;
      const day = shiftDay(
        correction.employeeId,
        correction.date,
        first,
        last,
        scanCount,
        { origin },
        timeZone,
        changeDates,
      );
      if (index !== undefined) result[index] = day;
      else {
        indexOf.set(key, result.length);
        result.push(day);
        reordered = true;
      }
    }
  }
  const days: ScannedDay[] = [];
  for (const day of result) if (day && day.date >= range.from && day.date <= range.to) days.push(day);
  return reordered
    ? days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.employeeId - b.employeeId))
    : days;
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
