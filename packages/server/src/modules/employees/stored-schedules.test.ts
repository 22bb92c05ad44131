import fs from 'node:fs';
import path from 'node:path';
import { emptySchedule, readNormalSchedule, type TSchedule } from '@puna/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import {
  addEmployee,
  call,
  createWorkspace,
  createWorkspaceTestApp,
  setWorkerLimit,
} from '../../../test/helpers/workspace-factories';
import { migrationsFolder } from '../../paths';
import { scheduleHistoriesOf } from './schedule-history';

/**
 * Issue 37: schedules are stored normalised, and migration 0020 normalises the rows stored before.
 * Each shape older clients and imports left in `employees.schedule` and `employee_schedules` is
 * written the old way (straight into the table); the answers must read byte for byte the same
 * after the migration as before it, and every row must then be in the shape read without zod.
 */
const nineToFive = { selected: true, startTime: '09:00', endTime: '17:00' };
const mondayToFriday: TSchedule = {
  ...emptySchedule(),
  monday: nineToFive,
  tuesday: nineToFive,
  wednesday: nineToFive,
  thursday: nineToFive,
  friday: nineToFive,
};
const STORED_SHAPES: unknown[] = [
  null,
  '{}',
  '',
  'null',
  'not json',
  JSON.stringify(mondayToFriday),
  JSON.stringify({ monday: nineToFive, saturday: { selected: true, startTime: '22:00', endTime: '06:00' } }),
  {},
  { monday: nineToFive },
  { monday: { selected: true } },
  { monday: { selected: false, startTime: '09:00', endTime: '17:00' } },
  { monday: { selected: true, startTime: '09:10', endTime: '17:00' } },
  { monday: nineToFive, funday: nineToFive },
  { ...mondayToFriday, sunday: null },
  [],
  42,
  emptySchedule(),
  mondayToFriday,
];

const migration = fs
  .readFileSync(path.join(migrationsFolder, '0020_normalise_schedules.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .filter((statement) => statement !== '');

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createWorkspace>>;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
  owner = await createWorkspace(ctx, 'Orari i vjetër shpk');
  await setWorkerLimit(ctx, owner.employerId, 100);
});
afterAll(async () => ctx?.close());

async function answers() {
  const list = await call(ctx, owner.token, 'GET', '/krye/employee');
  expect(list.statusCode).toBe(200);
  const histories = await scheduleHistoriesOf(ctx.database.db, owner.employerId);
  return { list: list.body, histories: JSON.stringify([...histories]) };
}

describe('stored schedules (issue 37)', () => {
  it('reads every older shape the same after migration 0020, and stores each normalised', async () => {
    for (const [index, shape] of STORED_SHAPES.entries()) {
      const employee = await addEmployee(ctx, owner.token, { name: `Orari ${String(index).padStart(2, '0')} Çelë` });
      const stored = shape === null ? null : JSON.stringify(shape);
      await ctx.database.db.execute(sql`update employees set schedule = ${stored}::jsonb where id = ${employee.id}`);
      await ctx.database.db.execute(
        sql`insert into employee_schedules (employer_id, employee_id, effective_from, schedule)
            values (${owner.employerId}, ${employee.id}, '2025-01-01', ${stored}::jsonb)
            on conflict (employee_id, effective_from) do update set schedule = excluded.schedule`,
      );
    }
    const before = await answers();
    // The old shapes read as they did: the JSON text and partial objects as schedules, the rest as none.
    expect(before.list).toContain('"schedule":null');
    expect(before.list).toContain('"saturday":{"selected":true,"startTime":"22:00","endTime":"06:00"}');

    for (const statement of migration) await ctx.database.db.execute(sql.raw(statement));

    expect(await answers()).toEqual(before);
    const rows = await ctx.database.db.execute(
      sql`select schedule from employees where employer_id = ${owner.employerId}
          union all select schedule from employee_schedules where employer_id = ${owner.employerId}`,
    );
    const notNormal = (rows.rows as { schedule: unknown }[])
      .map((row) => row.schedule)
      .filter((schedule) => schedule !== null && readNormalSchedule(schedule) === undefined);
    expect(notNormal).toEqual([]);
  });
});
