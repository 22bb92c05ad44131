import { readStoredSchedule, SCHEDULE_HISTORY_START, type TSchedule, type TScheduleChange } from '@puna/domain';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { preparedRead } from '../../db/prepared';
import { employeeSchedules } from '../../db/schema';

/** Two stored schedules are the same when their JSON is (the schedule is always written whole). */
const sameSchedule = (a: TSchedule | null, b: TSchedule | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Records an employee's schedule from the employer's today on (docs/product.md#schedules-over-time):
 * on creation, and when an edit changes it. The first change of an employee with no history yet keeps
 * the old schedule for every earlier day; a second change on the same day replaces that day's row.
 */
export async function recordSchedule(
  tx: Executor,
  input: {
    employerId: number;
    employeeId: number;
    today: string;
    schedule: TSchedule | null;
    /** The schedule until now; absent for a new employee. */
    before?: TSchedule | null;
  },
): Promise<void> {
  const { employerId, employeeId, today, schedule } = input;
  if (input.before !== undefined) {
    if (sameSchedule(input.before, schedule)) return;
    const [rows] = await tx
      .select({ n: count() })
      .from(employeeSchedules)
      .where(eq(employeeSchedules.employeeId, employeeId));
    if ((rows?.n ?? 0) === 0 && today > SCHEDULE_HISTORY_START) {
      await tx
        .insert(employeeSchedules)
        .values({ employerId, employeeId, effectiveFrom: SCHEDULE_HISTORY_START, schedule: input.before });
    }
  }
  await tx
    .insert(employeeSchedules)
    .values({ employerId, employeeId, effectiveFrom: today, schedule })
    .onConflictDoUpdate({
      target: [employeeSchedules.employeeId, employeeSchedules.effectiveFrom],
      set: { schedule },
    });
}

const historyColumns = {
  employeeId: employeeSchedules.employeeId,
  effectiveFrom: employeeSchedules.effectiveFrom,
  schedule: employeeSchedules.schedule,
};
const historiesOfAll = preparedRead((qb) =>
  qb
    .select(historyColumns)
    .from(employeeSchedules)
    .where(eq(employeeSchedules.employerId, sql.placeholder('employerId')))
    .orderBy(asc(employeeSchedules.employeeId), asc(employeeSchedules.effectiveFrom)),
);
/** Some workers' histories, the ids as one array value (`= any($2)`), so the text is built once. */
const historiesOfIds = preparedRead((qb) =>
  qb
    .select(historyColumns)
    .from(employeeSchedules)
    .where(
      and(
        eq(employeeSchedules.employerId, sql.placeholder('employerId')),
        sql`${employeeSchedules.employeeId} = any(${sql.placeholder('ids')})`,
      ),
    )
    .orderBy(asc(employeeSchedules.employeeId), asc(employeeSchedules.effectiveFrom)),
);

/**
 * Each worker's schedule history, oldest first, in one query (a few rows a worker: every change is
 * one). A worker with no row has always had its current schedule (`scheduleOn`).
 */
export async function scheduleHistoriesOf(
  db: Executor,
  employerId: number,
  employeeIds?: readonly number[],
): Promise<Map<number, TScheduleChange[]>> {
  const histories = new Map<number, TScheduleChange[]>();
  if (employeeIds && employeeIds.length === 0) return histories;
  const rows = employeeIds
    ? await historiesOfIds.run(db, { employerId, ids: [...employeeIds] })
    : await historiesOfAll.run(db, { employerId });
  for (const row of rows) {
    const list = histories.get(row.employeeId) ?? [];
    list.push({ effectiveFrom: row.effectiveFrom, schedule: readStoredSchedule(row.schedule) });
    histories.set(row.employeeId, list);
  }
  return histories;
}

/** The first day of a worker's history when it began with the worker's creation (not a first change). */
export function firstDayOf(history: readonly TScheduleChange[] | undefined): string | undefined {
  const first = history?.[0]?.effectiveFrom;
  return first === undefined || first === SCHEDULE_HISTORY_START ? undefined : first;
}
