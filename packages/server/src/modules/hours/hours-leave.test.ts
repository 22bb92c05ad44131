import type { THoursEntry, THoursOnLeave } from '@puna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import { insertLeave } from '../../../test/helpers/leave-factories';
import {
  addEmployee,
  addHours,
  call,
  createWorker,
  createWorkspace,
  createWorkspaceTestApp,
} from '../../../test/helpers/workspace-factories';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

type ListBody = { Status: true; Result: THoursEntry[]; on_leave: THoursOnLeave[] };

async function listOf(token: string, query: string): Promise<ListBody> {
  const res = await call(ctx, token, 'GET', `/krye/klista?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListBody>();
}

describe('leave on the hours list', () => {
  it('lists the workers on approved leave beside the entries, the entries unchanged', async () => {
    const employer = await createWorkspace(ctx, 'Lista me pushime');
    const zana = await addEmployee(ctx, employer.token, { name: 'Zana' });
    const agim = await addEmployee(ctx, employer.token, { name: 'Agim' });
    const besa = await addEmployee(ctx, employer.token, { name: 'Besa' });
    await addHours(ctx, employer.token, [
      { worker_id: zana.id, data: '2025-04-01', ora: 4 },
      { worker_id: agim.id, data: '2025-04-01', ora: 8 },
    ]);
    await insertLeave(ctx, employer.employerId, zana.id, {
      from: '2025-03-31',
      to: '2025-04-02',
      type: 'Pushim vjetor',
    });
    await insertLeave(ctx, employer.employerId, besa.id, {
      from: '2025-04-01',
      to: '2025-04-01',
      type: 'Pa pagesë',
      paid: false,
    });
    await insertLeave(ctx, employer.employerId, agim.id, {
      from: '2025-04-01',
      to: '2025-04-01',
      type: 'Mjekësor',
      status: 'declined',
    });

    const day = await listOf(employer.token, 'date=2025-04-01');
    expect(day.Result.map((entry) => [entry.name, entry.data, entry.dita, entry.ora])).toEqual([
      ['Agim', '2025-04-01', 'E Martë', 8],
      ['Zana', '2025-04-01', 'E Martë', 4],
    ]);
    expect(Object.keys(day.Result[0] ?? {}).sort()).toEqual([
      'data',
      'dita',
      'employer_id',
      'id',
      'name',
      'ora',
      'worker_id',
    ]);
    // By name; Besa has no entry that day and is still listed; Agim's declined request is not leave.
    expect(day.on_leave).toEqual([
      { worker_id: besa.id, name: 'Besa', date: '2025-04-01', type: 'Pa pagesë', paid: false },
      { worker_id: zana.id, name: 'Zana', date: '2025-04-01', type: 'Pushim vjetor', paid: true },
    ]);
    // A range lists each day of leave inside it.
    const range = await listOf(employer.token, 'from=2025-03-30&to=2025-03-31');
    expect(range.on_leave).toEqual([
      { worker_id: zana.id, name: 'Zana', date: '2025-03-31', type: 'Pushim vjetor', paid: true },
    ]);
    expect((await listOf(employer.token, 'date=2025-04-05')).on_leave).toEqual([]);
  });

  it("never shows another employer's leave; a worker is refused; a bad date is 400", async () => {
    const mine = await createWorkspace(ctx, 'Imja');
    const zana = await addEmployee(ctx, mine.token, { name: 'Zana' });
    await insertLeave(ctx, mine.employerId, zana.id, { from: '2025-04-01', to: '2025-04-01', type: 'Pushim' });
    const other = await createWorkspace(ctx, 'E tjetra');
    expect(await listOf(other.token, 'date=2025-04-01')).toEqual({ Status: true, Result: [], on_leave: [] });
    const worker = await createWorker(ctx, mine.token, { name: 'Punëtori' });
    expect((await call(ctx, worker.token, 'GET', '/krye/klista?date=2025-04-01')).statusCode).toBe(403);
    const bad = await call(ctx, mine.token, 'GET', '/krye/klista?date=2025-04-31');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ Status: boolean }>().Status).toBe(false);
  });
});
