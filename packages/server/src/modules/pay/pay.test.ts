import { computeMonthPay, currentMonthIn, datesOfMonth, isSunday, type TPayRow } from '@puna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import {
  addEmployee,
  addHours,
  call,
  createWorkspace,
  createWorkspaceTestApp,
  resultOf,
} from '../../../test/helpers/workspace-factories';
import { employees, hoursEntries } from '../../db/schema';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

async function payOf(token: string, query = ''): Promise<TPayRow[]> {
  const res = await call(ctx, token, 'GET', `/krye/pay${query}`);
  expect(res.statusCode).toBe(200);
  return resultOf<TPayRow[]>(res);
}

describe('pay summary', () => {
  it('computes each pay basis with the domain rule, by name', async () => {
    const employer = await createWorkspace(ctx);
    const hourly = await addEmployee(ctx, employer.token, { name: 'Orari', wages: 'Orë', salary: '3,35' });
    const daily = await addEmployee(ctx, employer.token, { name: 'Ditori', wages: 'Ditë', salary: 25 });
    const monthly = await addEmployee(ctx, employer.token, {
      name: 'Mujori',
      wages: 'Muaj',
      salary: 600,
      role: 'Mjeshtër',
    });
    const idle = await addEmployee(ctx, employer.token, { name: 'Asnjë', wages: 'Muaj', salary: 500 });
    const march = [
      ['2025-03-03', 8],
      ['2025-03-04', 6],
      ['2025-03-05', 0],
      ['2025-03-09', 7.25], // a Sunday: counted, though not a working day
    ] as const;
    for (const worker of [hourly, daily, monthly]) {
      await addHours(ctx, employer.token, [
        ...march.map(([data, ora]) => ({ worker_id: worker.id, data, ora })),
        { worker_id: worker.id, data: '2025-04-01', ora: 10 }, // another month: left out
      ]);
    }
    const rows = await payOf(employer.token, '?month=2025-03');
    expect(rows.map((row) => row.name)).toEqual(['Asnjë', 'Ditori', 'Mujori', 'Orari']);
    const hours = march.map(([, ora]) => ora);
    const expected = (employee: typeof hourly) => ({
      id: employee.id,
      name: employee.name,
      role: employee.role,
      wages: employee.wages,
      salary: employee.salary,
      ...computeMonthPay({
        wages: employee.wages,
        salary: employee.salary,
        month: '2025-03',
        hours: employee === idle ? [] : hours,
      }),
    });
    expect(rows).toEqual([expected(idle), expected(daily), expected(monthly), expected(hourly)]);
    // The figures, written out: 21.25 h × 3.35; 2.5 days × 25; 2.5 / 26 × 600.
    expect(rows.find((row) => row.id === hourly.id)).toMatchObject({ totalHours: 21.25, pay: 71.19, gross: 80.09 });
    expect(rows.find((row) => row.id === daily.id)).toMatchObject({ countedDays: 2.5, pay: 62.5, gross: 70.31 });
    expect(rows.find((row) => row.id === monthly.id)).toMatchObject({ workingDays: 26, pay: 57.69, gross: 64.9 });
    expect(rows.find((row) => row.id === idle.id)).toMatchObject({ totalHours: 0, pay: 0, gross: 0 });
  });

  it('shows the current month when none is given', async () => {
    const employer = await createWorkspace(ctx);
    const worker = await addEmployee(ctx, employer.token, { wages: 'Ditë', salary: 10 });
    const month = currentMonthIn('Europe/Tirane');
    await addHours(ctx, employer.token, [{ worker_id: worker.id, data: `${month}-01`, ora: 8 }]);
    const [row] = await payOf(employer.token);
    expect(row).toMatchObject({ countedDays: 1, pay: 10, gross: 11.25 });
  });

  it('never counts another employer’s employees or hours', async () => {
    const a = await createWorkspace(ctx);
    const b = await createWorkspace(ctx);
    const theirs = await addEmployee(ctx, b.token);
    await addHours(ctx, b.token, [{ worker_id: theirs.id, data: '2025-03-03', ora: 8 }]);
    expect(await payOf(a.token, '?month=2025-03')).toEqual([]);
  });

  it.each([['?month=2025-3'], ['?month=March'], ['?month=2025-03-01']])('refuses %s', async (query) => {
    const employer = await createWorkspace(ctx);
    const res = await call(ctx, employer.token, 'GET', `/krye/pay${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      Status: false,
      Error: 'Month must be written YYYY-MM (for example 2025-03).',
      fields: { month: 'Month must be written YYYY-MM (for example 2025-03).' },
      code: 'monthInvalid',
    });
  });

  it('stays fast with 500 employees × 26 days', async () => {
    const employer = await createWorkspace(ctx);
    const wages = ['Orë', 'Ditë', 'Muaj'] as const;
    const created = await ctx.app.db
      .insert(employees)
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          employerId: employer.employerId,
          name: `Punëtor ${String(i).padStart(3, '0')}`,
          salary: 3 + (i % 7),
          wages: wages[i % 3],
          role: 'Punëtor',
        })),
      )
      .returning({ id: employees.id });
    const days = datesOfMonth('2025-03').filter((date) => !isSunday(date));
    const rows = created.flatMap(({ id }, i) =>
      days.map((data, d) => ({ employerId: employer.employerId, workerId: id, date: data, hours: (i + d) % 10 })),
    );
    for (let i = 0; i < rows.length; i += 2000) await ctx.app.db.insert(hoursEntries).values(rows.slice(i, i + 2000));

    const started = performance.now();
    const pay = await payOf(employer.token, '?month=2025-03');
    const elapsed = performance.now() - started;
    expect(pay).toHaveLength(500);
    expect(pay.every((row) => row.workingDays === 26)).toBe(true);
    const first = pay[0];
    expect(first?.totalHours).toBe(days.reduce((sum, _d, d) => sum + (d % 10), 0));
    // Two queries whatever the size; generous bound for slow CI machines and PGlite.
    expect(elapsed).toBeLessThan(3000);
  });
});
