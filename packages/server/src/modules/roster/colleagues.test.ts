import { addDays, todayIn } from '@puna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers/app';
import { addEmployee, call, createWorker, createWorkspace, resultOf } from '../../../test/helpers/workspace-factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

type Colleague = { id: number; name: string };

describe('GET /krye/worker/me/colleagues', () => {
  it("lists the worker's colleagues who have not left, by name, without itself: ids and names only", async () => {
    const owner = await createWorkspace(ctx, 'Furra');
    const besa = await createWorker(ctx, owner.token, { name: 'Besa Hoxha' });
    const arta = await createWorker(ctx, owner.token, { name: 'Arta Krasniqi' });
    const dita = await addEmployee(ctx, owner.token, { name: 'Dita Berisha' });
    await addEmployee(ctx, owner.token, {
      name: 'Leonora Gashi',
      start_date: '2020-01-01',
      end_date: addDays(todayIn('Europe/Tirane'), -40),
    });
    // Another employer's people are not colleagues.
    const other = await createWorkspace(ctx, 'Tjetër');
    await addEmployee(ctx, other.token, { name: 'Agim Tjetri' });

    const res = await call(ctx, arta.token, 'GET', '/krye/worker/me/colleagues');
    expect(res.statusCode, res.body).toBe(200);
    expect(resultOf<Colleague[]>(res)).toEqual([
      { id: besa.employee.id, name: 'Besa Hoxha' },
      { id: dita.id, name: 'Dita Berisha' },
    ]);
  });

  it('refuses an employer and a caller without a session', async () => {
    const owner = await createWorkspace(ctx, 'Dyqani');
    expect((await call(ctx, owner.token, 'GET', '/krye/worker/me/colleagues')).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/krye/worker/me/colleagues' });
    expect(anonymous.statusCode).toBe(401);
  });
});
