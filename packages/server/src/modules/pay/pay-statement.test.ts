import type { TPayRow, TPayrollStatement, TWorkerMonth } from '@puna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import {
  addHours,
  call,
  createWorker,
  createWorkspace,
  createWorkspaceTestApp,
  resultOf,
} from '../../../test/helpers/workspace-factories';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

async function get<T>(token: string, url: string): Promise<T> {
  const res = await call(ctx, token, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return resultOf<T>(res);
}

/** An employer with a worker login paid by the hour and a week of entered hours in March 2026. */
async function employerWithHours(rules: boolean) {
  const employer = await createWorkspace(ctx, rules ? { labourRules: 'XK' } : {});
  const worker = await createWorker(ctx, employer.token, { name: 'Drita', salary: 6.5, wages: 'Orë' });
  // A 10-hour day: 2 hours of daily overtime, which the pay card's rule does not pay extra.
  await addHours(ctx, employer.token, [
    { worker_id: worker.employee.id, data: '2026-03-02', ora: 10, from: '08:00', to: '18:00' },
    { worker_id: worker.employee.id, data: '2026-03-03', ora: 8, from: '08:00', to: '16:00' },
  ]);
  return { employer, worker };
}

describe('one pay figure for one person and month', () => {
  it('shows the payroll statement’s net and gross on the pay page and the worker’s home when the rules are on', async () => {
    const { employer, worker } = await employerWithHours(true);
    const statement = await get<TPayrollStatement>(employer.token, '/krye/payroll?month=2026-03');
    const line = statement.workers.find((row) => row.employee_id === worker.employee.id);
    expect(line).toBeDefined();

    const pay = await get<TPayRow[]>(employer.token, '/krye/pay?month=2026-03');
    const row = pay.find((item) => item.id === worker.employee.id);
    expect(row).toMatchObject({
      pay: line?.net,
      gross: line?.gross,
      statement: {
        currency: 'EUR',
        gross: line?.gross,
        net: line?.net,
        employee_contributions: line?.employee_contributions,
        income_tax: line?.income_tax,
        employer_cost: line?.employer_cost,
        closed: false,
      },
    });
    // The card's rule would give 18 h × €6.50 = €117.00 net and €131.63 gross: not shown.
    expect(row?.pay).not.toBe(117);

    const home = await get<TWorkerMonth>(worker.token, '/krye/worker/me?month=2026-03');
    expect(home).toMatchObject({ pay: line?.net, gross: line?.gross, statement: { net: line?.net } });
  });

  it('keeps showing the closed month’s stored figures after the month is closed', async () => {
    const { employer, worker } = await employerWithHours(true);
    const closed = await call(ctx, employer.token, 'POST', '/krye/months/2026-03/close', {
      acknowledge_exceptions: true,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const stored = await get<TPayrollStatement>(employer.token, '/krye/payroll?month=2026-03');
    const line = stored.workers.find((row) => row.employee_id === worker.employee.id);
    const pay = await get<TPayRow[]>(employer.token, '/krye/pay?month=2026-03');
    expect(pay.find((item) => item.id === worker.employee.id)).toMatchObject({
      pay: line?.net,
      statement: { closed: true },
    });
    const home = await get<TWorkerMonth>(worker.token, '/krye/worker/me?month=2026-03');
    expect(home).toMatchObject({ pay: line?.net, statement: { closed: true } });
  });

  it('keeps the specification’s pay card when the rules are off', async () => {
    const { employer, worker } = await employerWithHours(false);
    const pay = await get<TPayRow[]>(employer.token, '/krye/pay?month=2026-03');
    const row = pay.find((item) => item.id === worker.employee.id);
    expect(row).toMatchObject({ pay: 117, gross: 131.63 });
    expect(row && 'statement' in row).toBe(false);
    const home = await get<TWorkerMonth>(worker.token, '/krye/worker/me?month=2026-03');
    expect(home).toMatchObject({ pay: 117, gross: 131.63 });
  });

  it('shows a worker only its own figures and refuses a bad month', async () => {
    const { employer } = await employerWithHours(true);
    const outsider = await createWorkspace(ctx);
    const theirs = await get<TPayRow[]>(outsider.token, '/krye/pay?month=2026-03');
    expect(theirs).toEqual([]);
    const bad = await call(ctx, employer.token, 'GET', '/krye/pay?month=2026-13');
    expect(bad.statusCode).toBe(400);
  });
});
