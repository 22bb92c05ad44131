import type { THoursEntry } from '@puna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import {
  addEmployee,
  addHours,
  call,
  createTeam,
  createWorkspace,
  createWorkspaceTestApp,
  listHours,
  resultOf,
} from '../../../test/helpers/workspace-factories';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createWorkspace>>;
let other: Awaited<ReturnType<typeof createWorkspace>>;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
  owner = await createWorkspace(ctx);
  other = await createWorkspace(ctx);
});
afterAll(async () => ctx?.close());

describe('adding hours', () => {
  it('stores a list, names and weekdays from the server, employer from the session', async () => {
    const { employer, zana, agim } = await createTeam(ctx);
    const res = await call(ctx, employer.token, 'POST', '/krye/addworkerklista', [
      { worker_id: zana.id, name: 'ignored', data: '2025-03-03', dita: 'wrong', ora: 8, employer_id: other.employerId },
      { worker_id: agim.id, name: 'ignored', data: '2025-03-03', dita: 'wrong', ora: '7,5', employer_id: 0 },
    ]);
    expect(res.statusCode).toBe(201);
    const entries = resultOf<THoursEntry[]>(res);
    expect(entries.map(({ id: _id, ...rest }) => rest)).toEqual([
      {
        worker_id: agim.id,
        name: 'Agim',
        data: '2025-03-03',
        dita: 'E Hënë',
        ora: 7.5,
        employer_id: employer.employerId,
      },
      {
        worker_id: zana.id,
        name: 'Zana',
        data: '2025-03-03',
        dita: 'E Hënë',
        ora: 8,
        employer_id: employer.employerId,
      },
    ]);
  });

  it('refuses hours that already exist with 409 and stores none of the list', async () => {
    const { employer, zana, agim } = await createTeam(ctx);
    await addHours(ctx, employer.token, [{ worker_id: zana.id, data: '2025-03-04', ora: 8 }]);
    const res = await call(ctx, employer.token, 'POST', '/krye/addworkerklista', [
      { worker_id: agim.id, data: '2025-03-04', ora: 8 },
      { worker_id: zana.id, data: '2025-03-04', ora: 9 },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      Status: false,
      Error: 'Hours for Zana on 2025-03-04 already exist.',
      code: 'hoursDuplicate',
    });
    const stored = await listHours(ctx, employer.token, 'date=2025-03-04');
    expect(stored.map((entry) => [entry.name, entry.ora])).toEqual([['Zana', 8]]);
  });

  it('refuses the same worker and date twice in one list', async () => {
    const { employer, agim } = await createTeam(ctx);
    const res = await call(ctx, employer.token, 'POST', '/krye/addworkerklista', [
      { worker_id: agim.id, data: '2025-03-05', ora: 8 },
      { worker_id: agim.id, data: '2025-03-05', ora: 9 },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ Error: string }>().Error).toBe('Hours for Agim on 2025-03-05 already exist.');
    expect(await listHours(ctx, employer.token, 'date=2025-03-05')).toEqual([]);
  });

  it('lets only one of two racing lists for the same day through', async () => {
    const { employer, agim, zana } = await createTeam(ctx);
    const list = [
      { worker_id: agim.id, data: '2025-03-06', ora: 8 },
      { worker_id: zana.id, data: '2025-03-06', ora: 8 },
    ];
    const results = await Promise.all(
      [1, 2, 3].map(() => call(ctx, employer.token, 'POST', '/krye/addworkerklista', list)),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await listHours(ctx, employer.token, 'date=2025-03-06')).toHaveLength(2);
  });

  it('answers 404 for another employer’s worker and stores nothing', async () => {
    const { employer, agim } = await createTeam(ctx);
    const stranger = await addEmployee(ctx, other.token);
    const res = await call(ctx, employer.token, 'POST', '/krye/addworkerklista', [
      { worker_id: agim.id, data: '2025-03-07', ora: 8 },
      { worker_id: stranger.id, data: '2025-03-07', ora: 8 },
    ]);
    expect(res.statusCode).toBe(404);
    expect(await listHours(ctx, employer.token, 'date=2025-03-07')).toEqual([]);
    expect(await listHours(ctx, other.token, 'date=2025-03-07')).toEqual([]);
  });

  it.each([
    ['hours above 24', { ora: 25 }, 'Hours must be a number from 0 to 24 (at most 2 decimals).'],
    ['negative hours', { ora: -1 }, 'Hours must be a number from 0 to 24 (at most 2 decimals).'],
    ['text for hours', { ora: 'tetë' }, 'Hours must be a number from 0 to 24 (at most 2 decimals).'],
    ['no hours', { ora: undefined }, 'Hours are required.'],
    ['a date that does not exist', { data: '2025-02-30' }, 'Date must be a real date written YYYY-MM-DD.'],
  ])('refuses %s with 400 and stores nothing', async (_name, change, message) => {
    const { employer, agim, zana } = await createTeam(ctx);
    const res = await call(ctx, employer.token, 'POST', '/krye/addworkerklista', [
      { worker_id: zana.id, data: '2025-03-10', ora: 8 },
      { worker_id: agim.id, data: '2025-03-10', ora: 8, ...change },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Status: false, Error: message });
    expect(await listHours(ctx, employer.token, 'month=2025-03')).toEqual([]);
  });

  it('refuses an empty list', async () => {
    const res = await call(ctx, owner.token, 'POST', '/krye/addworkerklista', []);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ Error: string }>().Error).toBe('Select at least one worker.');
  });
});
