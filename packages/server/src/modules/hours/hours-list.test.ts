import { currentMonthIn, type THoursEntry } from '@puna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import {
  addEmployee,
  addHours,
  call,
  createTeam,
  createWorker,
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

describe('listing hours', () => {
  it('filters by date, month or range, sorted by name then date', async () => {
    const { employer, zana, agim } = await createTeam(ctx);
    await addHours(ctx, employer.token, [
      { worker_id: zana.id, data: '2025-03-31', ora: 8 },
      { worker_id: zana.id, data: '2025-04-01', ora: 9 },
      { worker_id: agim.id, data: '2025-04-01', ora: 0 },
      { worker_id: agim.id, data: '2025-03-30', ora: 4 },
    ]);
    const short = (entries: THoursEntry[]) => entries.map((e) => `${e.name} ${e.data} ${e.dita} ${e.ora}`);
    expect(short(await listHours(ctx, employer.token, 'date=2025-04-01'))).toEqual([
      'Agim 2025-04-01 E Martë 0',
      'Zana 2025-04-01 E Martë 9',
    ]);
    expect(short(await listHours(ctx, employer.token, 'month=2025-03'))).toEqual([
      'Agim 2025-03-30 E Dielë 4',
      'Zana 2025-03-31 E Hënë 8',
    ]);
    expect(short(await listHours(ctx, employer.token, 'from=2025-03-31&to=2025-04-01'))).toEqual([
      'Agim 2025-04-01 E Martë 0',
      'Zana 2025-03-31 E Hënë 8',
      'Zana 2025-04-01 E Martë 9',
    ]);
    expect(await listHours(ctx, other.token, 'month=2025-03')).toEqual([]);
  });

  it('shows the current month when no filter is given', async () => {
    const { employer, zana } = await createTeam(ctx);
    const month = currentMonthIn('Europe/Tirane');
    await addHours(ctx, employer.token, [
      { worker_id: zana.id, data: `${month}-01`, ora: 8 },
      { worker_id: zana.id, data: '2020-01-06', ora: 8 },
    ]);
    const entries = await listHours(ctx, employer.token, '');
    expect(entries.map((e) => e.data)).toEqual([`${month}-01`]);
  });

  it.each([
    ['date=2025-13-01', 'Date must be a real date written YYYY-MM-DD.'],
    ['month=2025-03&date=2025-03-01', 'Choose one of date, month, or from and to.'],
    ['from=2025-03-01', 'Give both from and to (YYYY-MM-DD).'],
    ['from=2020-01-01&to=2025-01-01', 'A period can cover at most 366 days.'],
  ])('refuses ?%s', async (query, message) => {
    const res = await call(ctx, owner.token, 'GET', `/krye/klista?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ Error: string }>().Error).toBe(message);
  });

  it('lists who has an entry on a date', async () => {
    const { employer, zana, agim } = await createTeam(ctx);
    await addHours(ctx, employer.token, [
      { worker_id: zana.id, data: '2025-05-05', ora: 8 },
      { worker_id: agim.id, data: '2025-05-06', ora: 8 },
    ]);
    const res = await call(ctx, employer.token, 'GET', '/krye/workerdate?date=2025-05-05');
    expect(res.json()).toEqual({ Status: true, Result: [{ worker_id: zana.id, data: '2025-05-05' }] });
    const today = await call(ctx, employer.token, 'GET', '/krye/workerdate');
    expect(today.statusCode).toBe(200);
    const bad = await call(ctx, employer.token, 'GET', '/krye/workerdate?date=yesterday');
    expect(bad.statusCode).toBe(400);
  });

  it('gives one entry as a one-item list, and 404 to another employer', async () => {
    const { employer, zana } = await createTeam(ctx);
    const [entry] = await addHours(ctx, employer.token, [{ worker_id: zana.id, data: '2025-05-07', ora: 6 }]);
    const res = await call(ctx, employer.token, 'GET', `/krye/klista/${entry?.id}`);
    expect(res.json()).toEqual({ Status: true, Result: [entry] });
    expect((await call(ctx, other.token, 'GET', `/krye/klista/${entry?.id}`)).statusCode).toBe(404);
  });

  it('lists one worker’s month by date; another employer’s worker is 404', async () => {
    const { employer, zana, agim } = await createTeam(ctx);
    await addHours(ctx, employer.token, [
      { worker_id: zana.id, data: '2025-06-03', ora: 8 },
      { worker_id: zana.id, data: '2025-06-02', ora: 7 },
      { worker_id: zana.id, data: '2025-07-01', ora: 7 },
      { worker_id: agim.id, data: '2025-06-02', ora: 9 },
    ]);
    const res = await call(ctx, employer.token, 'GET', `/krye/oret/${zana.id}?month=2025-06`);
    expect(resultOf<THoursEntry[]>(res).map((e) => [e.data, e.ora])).toEqual([
      ['2025-06-02', 7],
      ['2025-06-03', 8],
    ]);
    const refused = await call(ctx, other.token, 'GET', `/krye/oret/${zana.id}?month=2025-06`);
    expect(refused.statusCode).toBe(404);
  });
});

describe('editing hours', () => {
  it('changes only the hours, whatever else the body says', async () => {
    const { employer, zana } = await createTeam(ctx);
    const [entry] = await addHours(ctx, employer.token, [{ worker_id: zana.id, data: '2025-05-08', ora: 6 }]);
    const res = await call(ctx, employer.token, 'PUT', `/krye/edit_klista/${entry?.id}`, {
      id: entry?.id,
      name: 'Hacked',
      data: '2025-01-01',
      dita: 'E Dielë',
      ora: '9,5',
    });
    expect(res.statusCode).toBe(200);
    expect(resultOf<THoursEntry>(res)).toEqual({ ...entry, ora: 9.5 });
  });

  it('changes hours from the modal with the id in the body', async () => {
    const { employer, zana } = await createTeam(ctx);
    const [entry] = await addHours(ctx, employer.token, [{ worker_id: zana.id, data: '2025-05-09', ora: 6 }]);
    const res = await call(ctx, employer.token, 'PUT', '/krye/edit_klista_modal', { id: entry?.id, name: 'x', ora: 0 });
    expect(resultOf<THoursEntry>(res).ora).toBe(0);
  });

  it.each([
    ['edit_klista', (id: number) => [`/krye/edit_klista/${id}`, { ora: 1 }] as const],
    ['edit_klista_modal', (id: number) => ['/krye/edit_klista_modal', { id, ora: 1 }] as const],
  ])('%s answers 404 for another employer’s entry and changes nothing', async (_name, request) => {
    const { employer, zana } = await createTeam(ctx);
    const [entry] = await addHours(ctx, employer.token, [{ worker_id: zana.id, data: '2025-05-12', ora: 6 }]);
    const [url, body] = request(entry?.id ?? 0);
    expect((await call(ctx, other.token, 'PUT', url, body)).statusCode).toBe(404);
    expect((await listHours(ctx, employer.token, 'date=2025-05-12'))[0]?.ora).toBe(6);
  });

  it.each([
    [{ ora: 30 }, 'Hours must be a number from 0 to 24 (at most 2 decimals).'],
    [{ ora: null }, 'Hours are required.'],
    [{ id: 1, ora: 8 }, 'The id in the body does not match the id in the address.'],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    const { employer, zana } = await createTeam(ctx);
    const [entry] = await addHours(ctx, employer.token, [{ worker_id: zana.id, data: '2025-05-13', ora: 6 }]);
    const res = await call(ctx, employer.token, 'PUT', `/krye/edit_klista/${entry?.id}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ Error: string }>().Error).toBe(message);
    expect((await listHours(ctx, employer.token, 'date=2025-05-13'))[0]?.ora).toBe(6);
  });
});

describe('deleting hours', () => {
  it('deletes the selected entries', async () => {
    const { employer, zana, agim } = await createTeam(ctx);
    const entries = await addHours(ctx, employer.token, [
      { worker_id: zana.id, data: '2025-05-14', ora: 8 },
      { worker_id: agim.id, data: '2025-05-14', ora: 8 },
      { worker_id: agim.id, data: '2025-05-15', ora: 8 },
    ]);
    const day = entries.filter((e) => e.data === '2025-05-14').map((e) => e.id);
    const res = await call(ctx, employer.token, 'DELETE', '/krye/delete_workers', { idsToDelete: day });
    expect(res.json()).toEqual({ Status: true, Result: { deleted: 2 } });
    expect(await listHours(ctx, employer.token, 'month=2025-05')).toHaveLength(1);
  });

  it('deletes nothing when one id is another employer’s', async () => {
    const { employer, zana } = await createTeam(ctx);
    const [mine] = await addHours(ctx, employer.token, [{ worker_id: zana.id, data: '2025-05-16', ora: 8 }]);
    const stranger = await addEmployee(ctx, other.token);
    const [theirs] = await addHours(ctx, other.token, [{ worker_id: stranger.id, data: '2025-05-16', ora: 8 }]);
    const res = await call(ctx, employer.token, 'DELETE', '/krye/delete_workers', {
      idsToDelete: [mine?.id, theirs?.id],
    });
    expect(res.statusCode).toBe(404);
    expect(await listHours(ctx, employer.token, 'date=2025-05-16')).toHaveLength(1);
    expect(await listHours(ctx, other.token, 'date=2025-05-16')).toHaveLength(1);
  });

  it.each([
    [{ idsToDelete: [] }, 'Select at least one entry to delete.'],
    [{}, 'idsToDelete must be a list of entry ids.'],
  ])('refuses %j', async (body, message) => {
    const res = await call(ctx, owner.token, 'DELETE', '/krye/delete_workers', body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ Error: string }>().Error).toBe(message);
  });

  it('deletes one entry; another employer’s is 404 and stays', async () => {
    const { employer, zana } = await createTeam(ctx);
    const [first, second] = await addHours(ctx, employer.token, [
      { worker_id: zana.id, data: '2025-05-19', ora: 8 },
      { worker_id: zana.id, data: '2025-05-20', ora: 8 },
    ]);
    expect((await call(ctx, other.token, 'DELETE', `/krye/delete_klista/${first?.id}`)).statusCode).toBe(404);
    const res = await call(ctx, employer.token, 'DELETE', `/krye/delete_klista/${first?.id}`);
    expect(res.json()).toEqual({ Status: true });
    expect((await listHours(ctx, employer.token, 'month=2025-05')).map((e) => e.id)).toEqual([second?.id]);
    expect((await call(ctx, employer.token, 'DELETE', `/krye/delete_klista/${first?.id}`)).statusCode).toBe(404);
  });
});

describe('a worker and its own hours', () => {
  it('reads its own entries through /krye/oret and nobody else’s', async () => {
    const { employer, agim } = await createTeam(ctx);
    const worker = await createWorker(ctx, employer.token, { name: 'Drita' });
    await addHours(ctx, employer.token, [
      { worker_id: worker.employee.id, data: '2025-06-02', ora: 8 },
      { worker_id: agim.id, data: '2025-06-02', ora: 8 },
    ]);
    const own = await call(ctx, worker.token, 'GET', `/krye/oret/${worker.employee.id}?month=2025-06`);
    expect(resultOf<THoursEntry[]>(own).map((e) => e.name)).toEqual(['Drita']);
    const colleague = await call(ctx, worker.token, 'GET', `/krye/oret/${agim.id}?month=2025-06`);
    expect(colleague.statusCode).toBe(404);
  });
});
