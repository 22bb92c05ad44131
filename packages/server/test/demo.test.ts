import type { TEmployee, THoursEntry, TPayRow, TWorkerMonth } from '@puna/domain';
import { currentMonthIn, shiftMonth } from '@puna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMPLOYER, loadDemo } from '../src/cli/demo';
import { DEMO_WORKER } from '../src/cli/demo-workspace';
import type { TestContext } from './helpers/app';
import { login } from './helpers/factories';
import { call, createWorkspaceTestApp, resultOf } from './helpers/workspace-factories';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

describe('demo data', () => {
  it('loads roles, a dozen employees, a worker login and two months of hours, once', async () => {
    const first = await loadDemo(ctx.app.db, ctx.config);
    expect(first.join('\n')).toContain(`${DEMO_WORKER.email} / ${DEMO_WORKER.password}`);
    const second = await loadDemo(ctx.app.db, ctx.config);
    expect(second.every((line) => line.includes('(already loaded)'))).toBe(true);

    const { token } = await login(ctx, DEMO_EMPLOYER.email, DEMO_EMPLOYER.password);
    const roles = await call(ctx, token, 'GET', '/krye/employers/roles');
    expect(roles.json()).toEqual({ roles: ['Punëtor', 'Mjeshtër', 'Elektricist', 'Shofer'] });
    const employees = resultOf<TEmployee[]>(await call(ctx, token, 'GET', '/krye/employee'));
    expect(employees).toHaveLength(12);
    expect(new Set(employees.map((e) => e.wages))).toEqual(new Set(['Orë', 'Ditë', 'Muaj']));
    expect(employees.filter((e) => e.schedule !== null).length).toBeGreaterThan(6);
    expect(employees.filter((e) => e.email === DEMO_WORKER.email)).toHaveLength(1);

    const month = currentMonthIn(ctx.config.defaultTimeZone);
    const last = resultOf<THoursEntry[]>(await call(ctx, token, 'GET', `/krye/klista?month=${shiftMonth(month, -1)}`));
    expect(last.length).toBeGreaterThan(12 * 20);
    expect(last.some((e) => e.dita === 'E Dielë')).toBe(true);
    expect(last.some((e) => e.ora === 0)).toBe(true);
    expect(last.some((e) => e.ora === 4)).toBe(true);

    const worker = await login(ctx, DEMO_WORKER.email, DEMO_WORKER.password);
    const own = resultOf<TWorkerMonth>(
      await call(ctx, worker.token, 'GET', `/krye/worker/me?month=${shiftMonth(month, -1)}`),
    );
    const pay = resultOf<TPayRow[]>(await call(ctx, token, 'GET', `/krye/pay?month=${shiftMonth(month, -1)}`));
    expect(pay.find((row) => row.id === own.id)?.pay).toBe(own.pay);
    expect(own.pay).toBeGreaterThan(0);
  });
});
