import { readStoredSchedule, SCHEDULE_HISTORY_START, type TSchedule, type TScheduleChange } from '@puna/domain';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { preparedRead, preparedSql } from '../../db/prepared';
import { employeeSchedules, employees } from '../../db/schema';

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

/** The schedules of the workers that have a night shift in their schedule now or in its history. */
export type NightSchedules = Map<number, { current: TSchedule | null; history: TScheduleChange[] | undefined }>;

/** A stored schedule with a ticked day that ends before it starts (a night shift), in SQL. */
const hasNightDay = (column: SQL) =>
  sql`exists (select 1 from jsonb_each(case when jsonb_typeof(${column}) = 'object' then ${column} else '{}'::jsonb end) d
    where jsonb_typeof(d.value) = 'object' and (d.value->>'selected') = 'true' and (d.value->>'endTime') <> ''
      and (d.value->>'endTime') < (d.value->>'startTime'))`;

function nightSchedulesQuery(oneEmployee: boolean) {
  const night = sql`select e.id from ${employees} e where e.employer_id = ${sql.placeholder('employerId')}
    ${oneEmployee ? sql`and e.id = ${sql.placeholder('employeeId')}` : sql``}
    and (${hasNightDay(sql`e.schedule`)} or exists (select 1 from ${employeeSchedules} h
      where h.employee_id = e.id and ${hasNightDay(sql`h.schedule`)}))`;
  return preparedSql<[number, string | null, unknown]>(sql`
    with night as (${night})
    select e.id, null::text, e.schedule from ${employees} e join night n on n.id = e.id
    union all
    select h.employee_id, h.effective_from::text, h.schedule from ${employeeSchedules} h join night n on n.id = h.employee_id
    order by 1, 2 nulls first`);
}
const nightSchedulesOfAll = nightSchedulesQuery(false);
const nightSchedulesOfOne = nightSchedulesQuery(true);

/** The night-shift workers' schedules, read (only theirs: most workers have none). */
export async function nightSchedulesOf(db: Executor, employerId: number, employeeId?: number): Promise<NightSchedules> {
  const rows = await (employeeId === undefined ? nightSchedulesOfAll : nightSchedulesOfOne).run(db, {
    employerId,
    employeeId,
  });
  const nights: NightSchedules = new Map();
  // Each worker's current schedule comes first (its history's dates after it: `nulls first`).
  for (const [id, effectiveFrom, stored] of rows) {
    const schedule = readStoredSchedule(stored);
    const own = nights.get(Number(id));
    if (effectiveFrom === null || !own) nights.set(Number(id), { current: schedule, history: undefined });
    else if (own.history) own.history.push({ effectiveFrom, schedule });
    else own.history = [{ effectiveFrom, schedule }];
  }
  return nights;
}
