import type { THoursEntry } from '@puna/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import { weekdays } from '../../../test/helpers/schedules';
import {
  addEmployee,
  addHours,
  call,
  createTeam,
  createWorkspace,
  createWorkspaceTestApp,
  listHours,
  resultOf,
  statementOf,
} from '../../../test/helpers/workspace-factories';
import { hoursEntries } from '../../db/schema';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

const NIGHTS_MONDAY_TO_FRIDAY = weekdays('22:00', '06:00');

describe('hours entries with times', () => {
  it('stores from and to beside the hours, and lists them; an entry without times has none', async () => {
    const { employer, zana, agim } = await createTeam(ctx);
    const added = await addHours(ctx, employer.token, [
      { worker_id: zana.id, data: '2026-03-02', ora: 8, from: '22:00', to: '06:00' },
      { worker_id: agim.id, data: '2026-03-02', ora: 8 },
    ]);
    expect(added.find((entry) => entry.worker_id === zana.id)).toMatchObject({ ora: 8, from: '22:00', to: '06:00' });
    const agimEntry = added.find((entry) => entry.worker_id === agim.id) as THoursEntry;
    expect('from' in agimEntry).toBe(false);
    const listed = await listHours(ctx, employer.token, 'date=2026-03-02');
    expect(listed.find((entry) => entry.worker_id === zana.id)).toMatchObject({ from: '22:00', to: '06:00' });
  });

  it.each([
    ['only a start', { from: '08:00' }, 'hoursTimesBoth'],
    ['a time that is not HH:MM', { from: '8', to: '16:00' }, 'hoursTimeInvalid'],
    ['an hour past 23', { from: '24:00', to: '08:00' }, 'hoursTimeInvalid'],
    ['the same start and end', { from: '08:00', to: '08:00' }, 'hoursTimesSame'],
    ['more hours than the times hold', { from: '08:00', to: '12:00' }, 'hoursLongerThanTimes'],
  ])('refuses %s with 400 and stores nothing', async (_name, times, code) => {
    const { employer, zana } = await createTeam(ctx);
    const res = await call(ctx, employer.token, 'POST', '/krye/addworkerklista', [
      { worker_id: zana.id, data: '2026-03-03', ora: 8, ...times },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ Status: false, code });
    const stored = await ctx.app.db.select().from(hoursEntries).where(eq(hoursEntries.workerId, zana.id));
    expect(stored).toEqual([]);
  });

  it('changes the times on an edit, keeps them when only the hours change, clears them when the hours no longer fit', async () => {
    const { employer, zana } = await createTeam(ctx);
    const [entry] = await addHours(ctx, employer.token, [
      { worker_id: zana.id, data: '2026-03-04', ora: 7, from: '22:00', to: '06:00' },
    ]);
    const id = (entry as THoursEntry).id;
    const moved = await call(ctx, employer.token, 'PUT', `/krye/edit_klista/${id}`, {
      ora: 8,
      from: '21:00',
      to: '05:00',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(resultOf<THoursEntry>(moved)).toMatchObject({ ora: 8, from: '21:00', to: '05:00' });

    // An older client sends only ora: the times stay while the hours fit between them.
    const kept = await call(ctx, employer.token, 'PUT', `/krye/edit_klista/${id}`, { ora: 7.5 });
    expect(resultOf<THoursEntry>(kept)).toMatchObject({ ora: 7.5, from: '21:00', to: '05:00' });
    const cleared = await call(ctx, employer.token, 'PUT', `/krye/edit_klista/${id}`, { ora: 10 });
    const clearedEntry = resultOf<THoursEntry>(cleared);
    expect(clearedEntry.ora).toBe(10);
    expect('from' in clearedEntry).toBe(false);

    const refused = await call(ctx, employer.token, 'PUT', `/krye/edit_klista/${id}`, { ora: 8, from: '08:00' });
    expect(refused.statusCode).toBe(400);
  });

  it("refuses to change another employer's entry, as if it did not exist", async () => {
    const { employer, zana } = await createTeam(ctx);
    const [entry] = await addHours(ctx, employer.token, [{ worker_id: zana.id, data: '2026-03-05', ora: 8 }]);
    const outsider = await createWorkspace(ctx);
    const res = await call(ctx, outsider.token, 'PUT', `/krye/edit_klista/${(entry as THoursEntry).id}`, {
      ora: 8,
      from: '22:00',
      to: '06:00',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('night hours of entered hours in the statement', () => {
  it('places hours without times on the scheduled night shift and pays the night allowance (€36 on €120)', async () => {
    const employer = await createWorkspace(ctx, { labourRules: 'XK' });
    const guard = await addEmployee(ctx, employer.token, {
      name: 'Roja',
      salary: 8,
      wages: 'Orë',
      schedule: NIGHTS_MONDAY_TO_FRIDAY,
    });
    await addHours(ctx, employer.token, [
      { worker_id: guard.id, data: '2026-03-02', ora: 7.5 },
      { worker_id: guard.id, data: '2026-03-03', ora: 7.5 },
    ]);
    const row = (await statementOf(ctx, employer.token, '2026-03')).workers.find(
      (worker) => worker.employee_id === guard.id,
    );
    // 15 h × €8 = €120; all of them between 22:00 and 05:30, so 30 % night allowance: €36.
    expect(row?.premiums.find((line) => line.kind === 'night')).toMatchObject({ hours: 15, amount: 36 });
    expect(row?.warnings.some((warning) => warning.code === 'nightHoursUnknown')).toBe(false);
  });

  it("takes an entry's own times before the schedule", async () => {
    const employer = await createWorkspace(ctx, { labourRules: 'XK' });
    const guard = await addEmployee(ctx, employer.token, {
      salary: 8,
      wages: 'Orë',
      schedule: NIGHTS_MONDAY_TO_FRIDAY,
    });
    // Worked 18:00–02:00 that day: 4 night hours of 8.
    await addHours(ctx, employer.token, [
      { worker_id: guard.id, data: '2026-03-02', ora: 8, from: '18:00', to: '02:00' },
    ]);
    const row = (await statementOf(ctx, employer.token, '2026-03')).workers.find(
      (worker) => worker.employee_id === guard.id,
    );
    expect(row?.premiums.find((line) => line.kind === 'night')).toMatchObject({ hours: 4, amount: 9.6 });
  });

  it('warns that the night hours are unknown when an entry has neither times nor a schedule', async () => {
    const employer = await createWorkspace(ctx, { labourRules: 'XK' });
    const worker = await addEmployee(ctx, employer.token, { salary: 8, wages: 'Orë' });
    await addHours(ctx, employer.token, [{ worker_id: worker.id, data: '2026-03-02', ora: 8 }]);
    const row = (await statementOf(ctx, employer.token, '2026-03')).workers.find(
      (item) => item.employee_id === worker.id,
    );
    expect(row?.premiums.some((line) => line.kind === 'night')).toBe(false);
    expect(row?.warnings).toContainEqual(expect.objectContaining({ code: 'nightHoursUnknown' }));
  });
});
