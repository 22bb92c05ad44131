import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers/app';
import { addEmployee, createWorkspace } from '../../test/helpers/workspace-factories';
import { maintainDatabase, maintenanceOf, type TableActivity } from './housekeeping';

const quiet: TableActivity = {
  neverAnalyzed: false,
  live: 1000,
  dead: 0,
  insertedSinceVacuum: 0,
  modifiedSinceAnalyze: 0,
};

describe('what the embedded database maintenance does to a table (autovacuum defaults)', () => {
  it('leaves a quiet table alone', () => {
    expect(maintenanceOf(quiet)).toBeNull();
  });

  it('analyzes a table the planner has no statistics for, or one changed past 50 + 10 % of its rows', () => {
    expect(maintenanceOf({ ...quiet, neverAnalyzed: true, live: 0 })).toBe('analyze');
    expect(maintenanceOf({ ...quiet, modifiedSinceAnalyze: 150 })).toBeNull();
    expect(maintenanceOf({ ...quiet, modifiedSinceAnalyze: 151 })).toBe('analyze');
  });

  it('vacuums a table with dead rows past 50 + 20 % of its rows, or inserts past 1,000 + 20 %', () => {
    expect(maintenanceOf({ ...quiet, dead: 250 })).toBeNull();
    expect(maintenanceOf({ ...quiet, dead: 251 })).toBe('vacuum');
    expect(maintenanceOf({ ...quiet, insertedSinceVacuum: 1200 })).toBeNull();
    expect(maintenanceOf({ ...quiet, insertedSinceVacuum: 1201, neverAnalyzed: true })).toBe('vacuum');
  });
});

describe('maintaining the database', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  const rowsEstimate = async (context: TestContext, table: string) => {
    const { rows } = await context.database.db.execute<{ reltuples: number }>(
      sql`select reltuples from pg_class where relname = ${table} and relkind = 'r'`,
    );
    return Number(rows[0]?.reltuples);
  };

  it('gives the planner statistics for tables that had none, once', async () => {
    ctx = await createTestApp();
    const workspace = await createWorkspace(ctx);
    for (let i = 0; i < 3; i += 1) await addEmployee(ctx, workspace.token, { name: `Worker ${i + 1}` });
    expect(await rowsEstimate(ctx, 'employees')).toBeLessThan(0);

    const first = await maintainDatabase(ctx.database.db);
    expect([...first.analyzed, ...first.vacuumed]).toContain('employees');
    expect(await rowsEstimate(ctx, 'employees')).toBe(3);

    // Nothing changed since: nothing to do for the employees.
    const second = await maintainDatabase(ctx.database.db);
    expect([...second.analyzed, ...second.vacuumed]).not.toContain('employees');
  });

  it('runs by itself on the embedded database only (PostgreSQL has its own autovacuum)', async () => {
    ctx = await createTestApp({}, { purgeIntervalMs: 100 });
    const context = ctx;
    await addEmployee(context, (await createWorkspace(context)).token, { name: 'Arta' });
    if (context.database.kind === 'pglite') {
      await expect.poll(() => rowsEstimate(context, 'employees'), { timeout: 10_000 }).toBe(1);
    } else {
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await rowsEstimate(context, 'employees')).toBeLessThan(0);
    }
  });
});
