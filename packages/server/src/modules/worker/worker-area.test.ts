import type { TPayRow, TWorkerMonth } from '@puna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import { login } from '../../../test/helpers/factories';
import {
  addEmployee,
  addHours,
  call,
  createWorker,
  createWorkspace,
  createWorkspaceTestApp,
  resultOf,
  setWorkerLimit,
  WORKER_PASSWORD,
} from '../../../test/helpers/workspace-factories';

let ctx: TestContext;
let employer: Awaited<ReturnType<typeof createWorkspace>>;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
  employer = await createWorkspace(ctx);
  await setWorkerLimit(ctx, employer.employerId, 100);
});
afterAll(async () => ctx?.close());

describe("the worker's own month", () => {
  it('gives its id', async () => {
    const worker = await createWorker(ctx, employer.token);
    const res = await call(ctx, worker.token, 'GET', '/krye/get_worker_id');
    expect(res.json()).toEqual({ workerId: worker.employee.id });
  });

  it('shows its hours with the Sunday rules and the same pay as the employer sees', async () => {
    const worker = await createWorker(ctx, employer.token, { name: 'Drita', wages: 'Muaj', salary: '520,5' });
    const colleague = await addEmployee(ctx, employer.token);
    await addHours(ctx, employer.token, [
      { worker_id: worker.employee.id, data: '2025-03-03', ora: 8 },
      { worker_id: worker.employee.id, data: '2025-03-08', ora: 0 },
      { worker_id: worker.employee.id, data: '2025-03-09', ora: 5 }, // Sunday with hours: last in its week
      { worker_id: worker.employee.id, data: '2025-03-16', ora: 0 }, // Sunday with 0: hidden
      { worker_id: worker.employee.id, data: '2025-03-17', ora: 6.5 },
      { worker_id: worker.employee.id, data: '2025-04-01', ora: 8 },
      { worker_id: colleague.id, data: '2025-03-03', ora: 9 },
    ]);
    const res = await call(ctx, worker.token, 'GET', '/krye/worker/me?month=2025-03');
    expect(res.statusCode).toBe(200);
    const month = resultOf<TWorkerMonth>(res);
    expect(month).toMatchObject({
      id: worker.employee.id,
      name: 'Drita',
      wages: 'Muaj',
      salary: 520.5,
      month: '2025-03',
      monthName: 'Mars',
      totalHours: 19.5,
      countedDays: 2,
      workingDays: 26,
    });
    expect(month.entries.map((e) => e.data)).toEqual([
      '2025-03-03',
      '2025-03-08',
      '2025-03-09',
      '2025-03-16',
      '2025-03-17',
    ]);
    expect(month.weeks.map((w) => [w.label, w.entries.map((e) => e.data), w.totalHours])).toEqual([
      ['Java 2', ['2025-03-03', '2025-03-08', '2025-03-09'], 13],
      ['Java 4', ['2025-03-17'], 6.5],
    ]);
    const pay = resultOf<TPayRow[]>(await call(ctx, employer.token, 'GET', '/krye/pay?month=2025-03'));
    const row = pay.find((r) => r.id === worker.employee.id);
    expect(month.pay).toBe(row?.pay);
    expect(month.gross).toBe(row?.gross);
    expect(month.pay).toBe(40.04); // 2 / 26 × 520.50
  });

  it('refuses a bad month', async () => {
    const worker = await createWorker(ctx, employer.token);
    expect((await call(ctx, worker.token, 'GET', '/krye/worker/me?month=03-2025')).statusCode).toBe(400);
  });
});

describe('the password screen', () => {
  it('gives the worker its own id and name, never a password', async () => {
    const worker = await createWorker(ctx, employer.token, { name: 'Ilir' });
    const res = await call(ctx, worker.token, 'GET', `/auth/password/${worker.employee.id}`);
    expect(res.json()).toEqual({ Status: true, Result: { id: worker.employee.id, name: 'Ilir' } });
  });

  it('answers 404 for any other id', async () => {
    const worker = await createWorker(ctx, employer.token);
    const colleague = await createWorker(ctx, employer.token);
    expect((await call(ctx, worker.token, 'GET', `/auth/password/${colleague.employee.id}`)).statusCode).toBe(404);
    const body = { currentPassword: WORKER_PASSWORD, newPassword: 'a brand new one' };
    const change = await call(ctx, worker.token, 'PUT', `/auth/changepassword/${colleague.employee.id}`, body);
    expect(change.statusCode).toBe(404);
    await login(ctx, colleague.email, WORKER_PASSWORD);
  });

  it('changes the password, revokes the old sessions and hands back a new one', async () => {
    const worker = await createWorker(ctx, employer.token);
    const otherDevice = await login(ctx, worker.email, WORKER_PASSWORD);
    const res = await call(ctx, worker.token, 'PUT', `/auth/changepassword/${worker.employee.id}`, {
      currentPassword: WORKER_PASSWORD,
      newPassword: 'a brand new one',
    });
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ Status: true; token: string }>();
    expect(res.json()).toEqual({ Status: true, token });
    expect(String(res.headers['set-cookie'])).toContain(`puna_session=${token}`);
    expect((await call(ctx, worker.token, 'GET', '/krye/get_worker_id')).statusCode).toBe(401);
    expect((await call(ctx, otherDevice.token, 'GET', '/krye/get_worker_id')).statusCode).toBe(401);
    expect((await call(ctx, token, 'GET', '/krye/get_worker_id')).statusCode).toBe(200);
    await login(ctx, worker.email, 'a brand new one');
    const old = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: worker.email, password: WORKER_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
  });

  it.each([
    [{ currentPassword: 'wrong password', newPassword: 'a brand new one' }, 'Current password is incorrect.'],
    [{ currentPassword: '', newPassword: 'a brand new one' }, 'Current password is required.'],
    [{ currentPassword: WORKER_PASSWORD, newPassword: 'short' }, 'New password must be at least 8 characters.'],
    [
      { currentPassword: WORKER_PASSWORD, newPassword: 'a brand new one', confirmPassword: 'another' },
      'New password and confirmation do not match.',
    ],
  ])('refuses %j with 400 and keeps the password', async (body, message) => {
    const worker = await createWorker(ctx, employer.token);
    const res = await call(ctx, worker.token, 'PUT', `/auth/changepassword/${worker.employee.id}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Status: false, Error: message });
    expect((await call(ctx, worker.token, 'GET', '/krye/get_worker_id')).statusCode).toBe(200);
    await login(ctx, worker.email, WORKER_PASSWORD);
  });
});

describe('who may use the worker area', () => {
  it.each([
    ['GET', '/krye/get_worker_id'],
    ['GET', '/krye/worker/me'],
    ['GET', '/krye/worker/me/payslip'],
    ['GET', '/auth/password/1'],
  ] as const)('%s %s refuses an employer (403) and anonymous callers (401)', async (method, url) => {
    expect((await call(ctx, employer.token, method, url)).statusCode).toBe(403);
    expect((await call(ctx, null, method, url)).statusCode).toBe(401);
  });
});
