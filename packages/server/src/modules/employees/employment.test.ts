import { messages, type TEmployee, type TLeaveBalance, type TPayrollStatement, todayIn } from '@puna/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import { createPremiumWorkspace } from '../../../test/helpers/device-factories';
import { weekdays } from '../../../test/helpers/schedules';
import {
  addEmployee,
  addHours,
  call,
  createWorker,
  createWorkspace,
  createWorkspaceTestApp,
  resultOf,
  setWorkerLimit,
} from '../../../test/helpers/workspace-factories';
import { employees, employers, hoursEntries, users } from '../../db/schema';

/**
 * Employment dates and archiving (issue 30, observations 6 and 10; docs/product.md#employees):
 * employees carry optional `start_date` and `end_date`; deleting one with pay in a closed month
 * archives it instead, and the closed month's payslip keeps answering.
 */

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createWorkspace>>;
let other: Awaited<ReturnType<typeof createWorkspace>>;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
  owner = await createWorkspace(ctx, 'Owner shpk');
  other = await createWorkspace(ctx, 'Other shpk');
  await setWorkerLimit(ctx, owner.employerId, 1000);
});
afterAll(async () => ctx?.close());

const listOf = async (token: string) => resultOf<TEmployee[]>(await call(ctx, token, 'GET', '/krye/employee'));
const editBody = (employee: TEmployee) => ({
  name: employee.name,
  salary: employee.salary,
  wages: employee.wages,
  role: employee.role,
});

async function timeZoneOf(employerId: number): Promise<string> {
  const [row] = await ctx.app.db
    .select({ timeZone: employers.timeZone })
    .from(employers)
    .where(eq(employers.id, employerId));
  if (!row) throw new Error('no employer');
  return row.timeZone;
}

describe('employment dates', () => {
  it('stores the start and end dates given on add, and answers them in the list', async () => {
    const employee = await addEmployee(ctx, owner.token, { start_date: '2024-03-01', end_date: ' 2027-06-30 ' });
    expect(employee).toMatchObject({ start_date: '2024-03-01', end_date: '2027-06-30' });
    const listed = (await listOf(owner.token)).find((row) => row.id === employee.id);
    expect(listed).toMatchObject({ start_date: '2024-03-01', end_date: '2027-06-30' });
    const detail = await call(ctx, owner.token, 'GET', `/krye/data/employee/${employee.id}`);
    expect(resultOf(detail)).toMatchObject({ start_date: '2024-03-01', end_date: '2027-06-30' });
  });

  it('leaves both dates empty for a client that does not send them, or sends them empty', async () => {
    const plain = await addEmployee(ctx, owner.token);
    expect(plain).toMatchObject({ start_date: null, end_date: null });
    const blank = await addEmployee(ctx, owner.token, { start_date: '', end_date: null as unknown as string });
    expect(blank).toMatchObject({ start_date: null, end_date: null });
  });

  it('changes a date sent on edit, keeps one left out, and clears one sent empty', async () => {
    const employee = await addEmployee(ctx, owner.token, { start_date: '2025-01-06' });
    const edit = (body: Record<string, unknown>) =>
      call(ctx, owner.token, 'PUT', `/krye/edit_employee/${employee.id}`, { ...editBody(employee), ...body });
    let res = await edit({ end_date: '2027-01-31' });
    expect(res.statusCode, res.body).toBe(200);
    expect(resultOf<TEmployee>(res)).toMatchObject({ start_date: '2025-01-06', end_date: '2027-01-31' });
    res = await edit({});
    expect(resultOf<TEmployee>(res)).toMatchObject({ start_date: '2025-01-06', end_date: '2027-01-31' });
    res = await edit({ start_date: '2024-12-02', end_date: '' });
    expect(resultOf<TEmployee>(res)).toMatchObject({ start_date: '2024-12-02', end_date: null });
  });

  it.each([
    ['a start date that is not a date', { start_date: '2026-02-30' }, 'startDateInvalid'],
    ['a start date in another format', { start_date: '01.03.2026' }, 'startDateInvalid'],
    ['an end date that is not text', { end_date: 20260301 }, 'endDateInvalid'],
    ['an end before the start', { start_date: '2026-03-10', end_date: '2026-03-09' }, 'endDateBeforeStart'],
  ])('refuses %s with 400 and a sentence, on add and on edit', async (_, body, code) => {
    const add = await call(ctx, owner.token, 'POST', '/krye/add_employee', {
      name: 'Drita',
      salary: 4,
      wages: 'Orë',
      role: 'Punëtor',
      ...body,
    });
    expect(add.statusCode).toBe(400);
    expect(add.json()).toMatchObject({ Status: false, code, Error: messages[code as keyof typeof messages] });
    const employee = await addEmployee(ctx, owner.token);
    const edit = await call(ctx, owner.token, 'PUT', `/krye/edit_employee/${employee.id}`, {
      ...editBody(employee),
      ...body,
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toMatchObject({ Status: false, code });
  });

  it('refuses an edited end date before the stored start date, changing nothing', async () => {
    const employee = await addEmployee(ctx, owner.token, { start_date: '2026-05-04' });
    const res = await call(ctx, owner.token, 'PUT', `/krye/edit_employee/${employee.id}`, {
      ...editBody(employee),
      end_date: '2026-05-01',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Status: false, Error: messages.endDateBeforeStart });
    const [row] = await ctx.app.db.select().from(employees).where(eq(employees.id, employee.id));
    expect(row).toMatchObject({ startDate: '2026-05-04', endDate: null });
  });

  it("does not let another employer set an employee's dates", async () => {
    const employee = await addEmployee(ctx, owner.token);
    const res = await call(ctx, other.token, 'PUT', `/krye/edit_employee/${employee.id}`, {
      ...editBody(employee),
      role: 'Punëtor',
      start_date: '2020-01-01',
    });
    expect(res.statusCode).toBe(404);
    const [row] = await ctx.app.db.select().from(employees).where(eq(employees.id, employee.id));
    expect(row?.startDate).toBeNull();
    expect((await listOf(other.token)).some((row) => row.id === employee.id)).toBe(false);
  });

  it('takes an employee whose end date has passed off the list and the counts', async () => {
    const employer = await createWorkspace(ctx, 'Lists shpk');
    const stays = await addEmployee(ctx, employer.token, { end_date: '2099-12-31' });
    const left = await addEmployee(ctx, employer.token, { start_date: '2020-01-01', end_date: '2021-06-30' });
    const ids = (await listOf(employer.token)).map((row) => row.id);
    expect(ids).toContain(stays.id);
    expect(ids).not.toContain(left.id);
    const count = await call(ctx, employer.token, 'GET', '/krye/ujipuntoret_count');
    expect(resultOf(count)).toEqual({ worker_count: 1 });
  });
});

describe('annual leave from the start date', () => {
  const WEEKDAYS = weekdays('08:00', '16:00');
  const balancesOf = async (token: string, year: number) =>
    resultOf<{ balances: TLeaveBalance[] }>(await call(ctx, token, 'GET', `/krye/leave/balances?year=${year}`))
      .balances;

  it('gives a worker who started years ago the whole year, though it was added today', async () => {
    const employer = await createWorkspace(ctx, 'Leave shpk');
    const veteran = await addEmployee(ctx, employer.token, { schedule: WEEKDAYS, start_date: '2019-04-15' });
    const [row] = (await balancesOf(employer.token, 2026)).filter((balance) => balance.employee_id === veteran.id);
    expect(row).toMatchObject({ start_date: '2019-04-15', entitled: 20 });
  });

  it('pro-rates the year of joining from the start date: July to December is half the year', async () => {
    const employer = await createWorkspace(ctx, 'Leave shpk');
    const joiner = await addEmployee(ctx, employer.token, { schedule: WEEKDAYS, start_date: '2026-07-01' });
    const [in2026] = (await balancesOf(employer.token, 2026)).filter((balance) => balance.employee_id === joiner.id);
    expect(in2026).toMatchObject({ start_date: '2026-07-01', entitled: 10 });
    const [in2027] = (await balancesOf(employer.token, 2027)).filter((balance) => balance.employee_id === joiner.id);
    expect(in2027).toMatchObject({ entitled: 20 });
  });

  it('falls back to the day the worker was added when it has no start date', async () => {
    const employer = await createWorkspace(ctx, 'Leave shpk');
    const added = await addEmployee(ctx, employer.token, { schedule: WEEKDAYS });
    const today = todayIn(await timeZoneOf(employer.employerId));
    const [row] = (await balancesOf(employer.token, Number(today.slice(0, 4)))).filter(
      (balance) => balance.employee_id === added.id,
    );
    const months = 12 - Number(today.slice(5, 7)) + 1;
    expect(row).toMatchObject({ start_date: today, entitled: Math.ceil((20 * months) / 12 - 1e-9) });
  });
});

describe('deleting an employee with pay in a closed month', () => {
  async function closedMarch() {
    const employer = await createPremiumWorkspace(ctx, { companyName: 'Arkivi shpk', labourRules: 'XK' });
    const worker = await createWorker(ctx, employer.token, { name: 'Ardi', wages: 'Orë', salary: 5 });
    const edited = await call(ctx, employer.token, 'PUT', `/krye/edit_employee/${worker.employee.id}`, {
      ...editBody(worker.employee),
      rfid: 'A1B2C3D4',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await addHours(ctx, employer.token, [{ worker_id: worker.employee.id, data: '2026-03-02', ora: 8 }]);
    const close = await call(ctx, employer.token, 'POST', '/krye/months/2026-03/close');
    expect(close.statusCode, close.body).toBe(200);
    return { employer, worker };
  }

  it('archives it: the answer says so, the closed payslip still answers, the lists lose it', async () => {
    const { employer, worker } = await closedMarch();
    const id = worker.employee.id;
    const today = todayIn(await timeZoneOf(employer.employerId));

    const res = await call(ctx, employer.token, 'DELETE', `/krye/delete_employee/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ Status: true, archived: true, end_date: today, message: messages.employeeArchived });

    const payslip = await call(ctx, employer.token, 'GET', `/krye/payslip/${id}?month=2026-03`);
    expect(payslip.statusCode, payslip.body).toBe(200);
    expect(payslip.headers['content-type']).toContain('application/pdf');
    const statement = resultOf<TPayrollStatement>(
      await call(ctx, employer.token, 'GET', '/krye/payroll?month=2026-03'),
    );
    expect(statement.workers.map((row) => row.employee_id)).toContain(id);

    expect((await listOf(employer.token)).some((row) => row.id === id)).toBe(false);
    expect(resultOf(await call(ctx, employer.token, 'GET', '/krye/ujipuntoret_count'))).toEqual({ worker_count: 0 });
    const cards = await call(ctx, employer.token, 'GET', '/krye/listarfid');
    expect(cards.statusCode).toBe(200);
    expect(JSON.stringify(cards.json())).not.toContain('"Ardi"');
    const chat = await call(ctx, employer.token, 'GET', '/chat/workers');
    expect(JSON.stringify(chat.json())).not.toContain('"Ardi"');

    // Its hours stay; its login is gone; its card and PIN are free for someone else.
    expect(await ctx.app.db.select().from(hoursEntries).where(eq(hoursEntries.workerId, id))).toHaveLength(1);
    expect(await ctx.app.db.select().from(users).where(eq(users.employeeId, id))).toHaveLength(0);
    expect((await call(ctx, worker.token, 'GET', '/krye/get_worker_id')).statusCode).toBe(401);
    const [row] = await ctx.app.db.select().from(employees).where(eq(employees.id, id));
    expect(row).toMatchObject({ endDate: today, rfid: null, devicePin: null });
    const next = await addEmployee(ctx, employer.token, { name: 'Besa' });
    const takes = await call(ctx, employer.token, 'PUT', `/krye/edit_employee/${next.id}`, {
      ...editBody(next),
      rfid: 'A1B2C3D4',
    });
    expect(takes.statusCode, takes.body).toBe(200);
    // Adding Besa gave PINs to employees without one, but not to the archived one.
    const [still] = await ctx.app.db.select().from(employees).where(eq(employees.id, id));
    expect(still?.devicePin).toBeNull();
  });

  it('keeps an earlier end date, and deletes as before an employee without closed-month pay', async () => {
    const { employer, worker } = await closedMarch();
    await ctx.app.db.update(employees).set({ endDate: '2026-04-30' }).where(eq(employees.id, worker.employee.id));
    const res = await call(ctx, employer.token, 'DELETE', `/krye/delete_employee/${worker.employee.id}`);
    expect(res.json()).toMatchObject({ archived: true, end_date: '2026-04-30' });

    const newcomer = await addEmployee(ctx, employer.token);
    await addHours(ctx, employer.token, [{ worker_id: newcomer.id, data: '2026-04-01', ora: 8 }]);
    const gone = await call(ctx, employer.token, 'DELETE', `/krye/delete_employee/${newcomer.id}`);
    expect(gone.json()).toEqual({ Status: true });
    expect(await ctx.app.db.select().from(employees).where(eq(employees.id, newcomer.id))).toHaveLength(0);
  });

  it('is refused for another employer’s employee (404), which stays as it was', async () => {
    const { employer, worker } = await closedMarch();
    const res = await call(ctx, other.token, 'DELETE', `/krye/delete_employee/${worker.employee.id}`);
    expect(res.statusCode).toBe(404);
    expect((await listOf(employer.token)).some((row) => row.id === worker.employee.id)).toBe(true);
  });

  it('keeps a worker who left in the statement of every month it was employed in, and only those', async () => {
    const { employer, worker } = await closedMarch();
    await call(ctx, employer.token, 'PUT', `/krye/edit_employee/${worker.employee.id}`, {
      ...editBody(worker.employee),
      start_date: '2026-02-01',
      end_date: '2026-04-15',
    });
    const idsIn = async (month: string) =>
      resultOf<TPayrollStatement>(await call(ctx, employer.token, 'GET', `/krye/payroll?month=${month}`)).workers.map(
        (row) => row.employee_id,
      );
    expect(await idsIn('2026-04')).toContain(worker.employee.id);
    expect(await idsIn('2026-05')).not.toContain(worker.employee.id);
    expect(await idsIn('2026-01')).not.toContain(worker.employee.id);
  });
});
