import {
  compareNames,
  entryTimesProblem,
  formatMessage,
  messages,
  type TAddHoursRequest,
  type TDateRange,
  type THoursEntry,
  weekdayName,
} from '@puna/domain';
import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { preparedRead } from '../../db/prepared';
import { hoursEntries } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/errors';
import { tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { assertMonthsOpen } from '../closed-months/service';
import { EMPLOYEE_NOT_FOUND, employeeNamesOf, findEmployeeOf } from '../employees/service';
import { hoursFromScans } from '../employer-settings/service';
import { scannedDays } from '../rfid/days';

export const ENTRY_NOT_FOUND = messages.hoursEntryNotFound;

type EntryRow = {
  id: number;
  worker_id: number;
  name: string;
  data: string;
  ora: number;
  employer_id: number;
  from: string | null;
  to: string | null;
};

/** The wire entry: the times only when the entry has them (docs/product.md#hours-times). */
function toEntry(row: EntryRow): THoursEntry {
  const { from, to, ...rest } = row;
  const entry: THoursEntry = { ...rest, dita: weekdayName(row.data) };
  if (from !== null && to !== null) {
    entry.from = from;
    entry.to = to;
  }
  return entry;
}

const entryColumns = {
  id: hoursEntries.id,
  worker_id: hoursEntries.workerId,
  data: hoursEntries.date,
  ora: hoursEntries.hours,
  employer_id: hoursEntries.employerId,
  from: hoursEntries.fromTime,
  to: hoursEntries.toTime,
};

/** The entries of a date range: the day list's read, built once (db/prepared.ts). */
const entriesInRange = preparedRead((qb) =>
  qb
    .select(entryColumns)
    .from(hoursEntries)
    .where(
      and(
        eq(hoursEntries.employerId, sql.placeholder('employerId')),
        between(hoursEntries.date, sql.placeholder('from'), sql.placeholder('to')),
      ),
    ),
);

/** Entries of one employer (optionally one worker, or some ids) in a date range, by name then date. */
export async function listEntriesOf(
  db: Executor,
  employerId: number,
  filter: { range?: TDateRange; workerId?: number; ids?: number[] },
): Promise<THoursEntry[]> {
  const stored =
    filter.range && filter.workerId === undefined && filter.ids === undefined
      ? await entriesInRange.run(db, { employerId, from: filter.range.from, to: filter.range.to })
      : await db
          .select(entryColumns)
          .from(hoursEntries)
          .where(
            and(
              eq(hoursEntries.employerId, employerId),
              filter.range ? between(hoursEntries.date, filter.range.from, filter.range.to) : undefined,
              filter.workerId === undefined ? undefined : eq(hoursEntries.workerId, filter.workerId),
              filter.ids === undefined ? undefined : inArray(hoursEntries.id, filter.ids),
            ),
          );
  // Each entry carries its employee's current name (the employees module's).
  const names = await employeeNamesOf(db, employerId, [...new Set(stored.map((row) => row.worker_id))]);
  const rows: EntryRow[] = stored.flatMap((row) => {
    const name = names.get(row.worker_id);
    return name === undefined ? [] : [{ ...row, name }];
  });
  // By name (Albanian order), then worker, then date.
  rows.sort(
    (a, b) =>
      compareNames(a.name, b.name) || a.worker_id - b.worker_id || (a.data < b.data ? -1 : a.data > b.data ? 1 : 0),
  );
  return rows.map(toEntry);
}

export async function listEntries(deps: ServiceDeps, actor: Actor, range: TDateRange): Promise<THoursEntry[]> {
  return listEntriesOf(deps.db, tenantOf(actor), { range });
}

/**
 * One worker's entries. An employer reaches any of its employees; a worker only itself. Any
 * other id answers 404, the same as an id that does not exist.
 */
export async function listWorkerEntries(
  deps: ServiceDeps,
  actor: Actor,
  workerId: number,
  range: TDateRange,
): Promise<THoursEntry[]> {
  const employerId = tenantOf(actor);
  if (actor.kind === 'worker' && actor.employeeId !== workerId) throw notFound(EMPLOYEE_NOT_FOUND);
  await findEmployeeOf(deps.db, employerId, workerId);
  const entries = await listEntriesOf(deps.db, employerId, { range, workerId });
  return entries;
}

const hoursPerWorker = preparedRead((qb) =>
  qb
    .select({ workerId: hoursEntries.workerId, hours: hoursEntries.hours, days: sql<number>`count(*)::int` })
    .from(hoursEntries)
    .where(
      and(
        eq(hoursEntries.employerId, sql.placeholder('employerId')),
        between(hoursEntries.date, sql.placeholder('from'), sql.placeholder('to')),
      ),
    )
    .groupBy(hoursEntries.workerId, hoursEntries.hours),
);

/**
 * Hours of every worker of an employer in a range, for pay: one query whatever the number of
 * workers. Rows are grouped by (worker, hours) in SQL — a month has few distinct values per worker —
 * and expanded back to one value per day, so the pay rule itself stays in the domain.
 */
export async function hoursByWorker(
  db: Executor,
  employerId: number,
  range: TDateRange,
): Promise<Map<number, number[]>> {
  const rows = await hoursPerWorker.run(db, { employerId, from: range.from, to: range.to });
  const byWorker = new Map<number, number[]>();
  for (const row of rows) {
    let list = byWorker.get(row.workerId);
    if (!list) {
      list = [];
      byWorker.set(row.workerId, list);
    }
    for (let day = 0; day < row.days; day += 1) list.push(row.hours);
  }
  return byWorker;
}

/** A day of entered hours with its optional times ('HH:MM'). */
export type EnteredDay = { date: string; hours: number; from: string | null; to: string | null };

/**
 * Each worker's entered hours per date for a range (a date's entries summed), in one query: the
 * payroll statement's input when hours are entered rather than scanned.
 */
export async function dailyHoursByWorker(
  db: Executor,
  employerId: number,
  range: TDateRange,
): Promise<Map<number, EnteredDay[]>> {
  // One entry per worker and date (the unique index), so each row is a day with its times.
  const rows = await db
    .select({
      workerId: hoursEntries.workerId,
      date: hoursEntries.date,
      hours: hoursEntries.hours,
      from: hoursEntries.fromTime,
      to: hoursEntries.toTime,
    })
    .from(hoursEntries)
    .where(and(eq(hoursEntries.employerId, employerId), between(hoursEntries.date, range.from, range.to)));
  const byWorker = new Map<number, EnteredDay[]>();
  for (const row of rows) {
    let list = byWorker.get(row.workerId);
    if (!list) {
      list = [];
      byWorker.set(row.workerId, list);
    }
    list.push({ date: row.date, hours: Number(row.hours), from: row.from, to: row.to });
  }
  return byWorker;
}

export async function getEntry(deps: ServiceDeps, actor: Actor, id: number): Promise<THoursEntry> {
  const [entry] = await listEntriesOf(deps.db, tenantOf(actor), { ids: [id] });
  if (!entry) throw notFound(ENTRY_NOT_FOUND);
  return entry;
}

/** Who has an entry on a date (the add page leaves them out; the dashboard card counts the rest). */
export async function workersWithEntryOn(
  deps: ServiceDeps,
  actor: Actor,
  date: string,
): Promise<{ worker_id: number; data: string }[]> {
  const employerId = tenantOf(actor);
  // With the RFID list chosen, a worker who scanned that day counts as having hours.
  if (await hoursFromScans(deps.db, employerId)) {
    const days = await scannedDays(deps, employerId, { from: date, to: date });
    return days.map((day) => ({ worker_id: day.employeeId, data: day.date })).sort((a, b) => a.worker_id - b.worker_id);
  }
  return deps.db
    .select({ worker_id: hoursEntries.workerId, data: hoursEntries.date })
    .from(hoursEntries)
    .where(and(eq(hoursEntries.employerId, employerId), eq(hoursEntries.date, date)))
    .orderBy(asc(hoursEntries.workerId));
}

/**
 * Stores a list of entries all-or-nothing. The employee and employer come from the database and
 * the session, never from the body. An unknown (or another employer's) worker is 404; an entry
 * for a worker and date that already has one — stored before, or twice in this list — is 409.
 */
export async function addEntries(deps: ServiceDeps, actor: Actor, rows: TAddHoursRequest): Promise<THoursEntry[]> {
  const employerId = tenantOf(actor);
  const ids = await deps.db.transaction(async (tx) => {
    const names = await employeeNamesOf(tx, employerId, [...new Set(rows.map((row) => row.worker_id))]);
    const unknown = rows.find((row) => !names.has(row.worker_id));
    if (unknown) throw notFound(`${EMPLOYEE_NOT_FOUND} (worker_id ${unknown.worker_id})`);
    await assertMonthsOpen(
      tx,
      employerId,
      rows.map((row) => row.data),
    );
    const inserted = await tx
      .insert(hoursEntries)
      .values(
        rows.map((row) => ({
          employerId,
          workerId: row.worker_id,
          date: row.data,
          hours: row.ora,
          fromTime: row.from ?? null,
          toTime: row.to ?? null,
        })),
      )
      // The unique (worker, date) index decides; a skipped row means a duplicate, and the
      // transaction is rolled back below, so a race can never leave half a list behind.
      .onConflictDoNothing()
      .returning({ id: hoursEntries.id, workerId: hoursEntries.workerId, date: hoursEntries.date });
    if (inserted.length < rows.length) {
      const stored = new Set(inserted.map((row) => `${row.workerId}|${row.date}`));
      const seen = new Set<string>();
      const duplicate =
        rows.find((row) => {
          const key = `${row.worker_id}|${row.data}`;
          if (!stored.has(key)) return true;
          if (seen.has(key)) return true;
          seen.add(key);
          return false;
        }) ?? rows[0];
      throw conflict(
        formatMessage('hoursDuplicate', {
          name: names.get(duplicate?.worker_id ?? 0) ?? 'this employee',
          date: duplicate?.data ?? '',
        }),
      );
    }
    return inserted.map((row) => row.id);
  });
  announceHours(
    deps,
    employerId,
    rows.map((row) => ({ workerId: row.worker_id, date: row.data })),
  );
  return listEntriesOf(deps.db, employerId, { ids });
}

/**
 * Announces which employees' hours changed on which dates: another tab's hours list, a worker's own
 * hours and the pay views refresh (`hours_update`, docs/product.md#realtime).
 */
function announceHours(
  deps: Pick<ServiceDeps, 'events'>,
  employerId: number,
  changed: { workerId: number; date: string }[],
): void {
  if (changed.length === 0) return;
  const changes = changed.map((row) => ({ employeeId: row.workerId, date: row.date }));
  void deps.events.announce('hours.changed', { employerId, changes });
}

/**
 * Changes the hours of one entry, and its times when `times` is given (null clears them). Without
 * times the stored ones stay while the new hours fit between them, else they are cleared
 * (docs/product.md#hours-times).
 */
export async function setEntryHours(
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  hours: number,
  times?: { from: string | null; to: string | null },
): Promise<THoursEntry> {
  const employerId = tenantOf(actor);
  const changed = await deps.db.transaction(async (tx) => {
    const where = and(eq(hoursEntries.id, id), eq(hoursEntries.employerId, employerId));
    const [entry] = await tx
      .select({
        workerId: hoursEntries.workerId,
        date: hoursEntries.date,
        from: hoursEntries.fromTime,
        to: hoursEntries.toTime,
      })
      .from(hoursEntries)
      .where(where)
      .for('update');
    if (!entry) throw notFound(ENTRY_NOT_FOUND);
    await assertMonthsOpen(tx, employerId, [entry.date]);
    let next = times ?? { from: entry.from, to: entry.to };
    if (!times && next.from && next.to && entryTimesProblem({ ora: hours, from: next.from, to: next.to })) {
      next = { from: null, to: null };
    }
    await tx
      .update(hoursEntries)
      .set({ hours, fromTime: next.from, toTime: next.to, updatedAt: new Date() })
      .where(where);
    return { workerId: entry.workerId, date: entry.date };
  });
  announceHours(deps, employerId, [changed]);
  return getEntry(deps, actor, id);
}

/** Deletes the listed entries, all or none: an id that is not the employer's is 404 and nothing goes. */
export async function deleteEntries(deps: ServiceDeps, actor: Actor, ids: number[]): Promise<number> {
  const employerId = tenantOf(actor);
  const unique = [...new Set(ids)];
  const removed = await deps.db.transaction(async (tx) => {
    const dated = await tx
      .select({ workerId: hoursEntries.workerId, date: hoursEntries.date })
      .from(hoursEntries)
      .where(and(eq(hoursEntries.employerId, employerId), inArray(hoursEntries.id, unique)));
    await assertMonthsOpen(
      tx,
      employerId,
      dated.map((row) => row.date),
    );
    const deleted = await tx
      .delete(hoursEntries)
      .where(and(eq(hoursEntries.employerId, employerId), inArray(hoursEntries.id, unique)))
      .returning({ id: hoursEntries.id });
    if (deleted.length < unique.length) {
      throw notFound(unique.length === 1 ? ENTRY_NOT_FOUND : messages.hoursSomeNotFound);
    }
    return dated;
  });
  announceHours(deps, employerId, removed);
  return removed.length;
}
