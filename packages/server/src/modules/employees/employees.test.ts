import type { TEmployee, TEmployeeDetail } from '@puna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import { login, randomEmail } from '../../../test/helpers/factories';
import {
  addEmployee,
  addRole,
  call,
  createWorkspace,
  createWorkspaceTestApp,
  resultOf,
  setWorkerLimit,
  WORKER_PASSWORD,
} from '../../../test/helpers/workspace-factories';

const REQUIRED = 'Name, salary, role, and wages are required. Please select a valid role.';

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

async function employeesOf(token: string) {
  return resultOf<TEmployee[]>(await call(ctx, token, 'GET', '/krye/employee'));
}

describe('adding employees', () => {
  it('adds an employee with a free-text salary and a schedule sent as JSON text', async () => {
    const schedule = { monday: { selected: true, startTime: '08:00', endTime: '16:00' } };
    const res = await call(ctx, owner.token, 'POST', '/krye/add_employee', {
      name: '  Besa Kola ',
      salary: '450,5',
      wages: 'Muaj',
      role: 'Mjeshtër',
      schedule: JSON.stringify(schedule),
    });
    expect(res.statusCode).toBe(201);
    const employee = resultOf<TEmployee>(res);
    expect(employee).toMatchObject({
      name: 'Besa Kola',
      salary: 450.5,
      wages: 'Muaj',
      role: 'Mjeshtër',
      employer_id: owner.employerId,
      email: null,
      rfid: null,
    });
    expect(employee.schedule?.monday).toEqual(schedule.monday);
    expect(employee.schedule?.tuesday).toEqual({ selected: false, startTime: '', endTime: '' });
  });

  it('creates a worker login with the employee when an e-mail and password are given', async () => {
    const email = randomEmail('worker');
    const employee = await addEmployee(ctx, owner.token, { email: email.toUpperCase(), password: WORKER_PASSWORD });
    expect(employee.email).toBe(email);
    const session = await login(ctx, email, WORKER_PASSWORD);
    const check = await call(ctx, session.token, 'GET', '/auth/check');
    expect(check.json()).toMatchObject({ user: { role: 'worker', employeeId: employee.id, name: employee.name } });
  });

  it.each([
    ['no name', { name: '' }, REQUIRED],
    ['no salary', { salary: '' }, REQUIRED],
    ['no wages', { wages: undefined }, REQUIRED],
    ['no role', { role: '' }, REQUIRED],
    ['a role the employer does not have', { role: 'Astronaut' }, REQUIRED],
    ['a salary that is not a number', { salary: '450 lekë' }, 'Salary must be a number such as 450, 450.5 or 450,5.'],
    ['an unknown pay basis', { wages: 'Javë' }, 'Wages must be Orë, Ditë or Muaj.'],
    ['an e-mail that is not one', { email: 'besa@', password: WORKER_PASSWORD }, 'Invalid email format'],
    ['a short password', { email: randomEmail(), password: 'short' }, 'Password must be at least 8 characters.'],
    [
      'a bad schedule',
      { schedule: { monday: { selected: true, startTime: '08:05', endTime: '16:00' } } },
      'Monday: times go in 15-minute steps from 00:00 to 23:45 (for example 08:00 or 16:45).',
    ],
  ])('refuses %s with 400 and stores nothing', async (_name, change, message) => {
    const before = (await employeesOf(owner.token)).length;
    const res = await call(ctx, owner.token, 'POST', '/krye/add_employee', {
      name: 'Refused',
      salary: 10,
      wages: 'Orë',
      role: 'Punëtor',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Status: false, Error: message });
    expect(await employeesOf(owner.token)).toHaveLength(before);
  });

  it('refuses an e-mail another account uses (even an employer) and stores nothing', async () => {
    const before = (await employeesOf(owner.token)).length;
    const res = await call(ctx, owner.token, 'POST', '/krye/add_employee', {
      name: 'Taken',
      salary: 10,
      wages: 'Orë',
      role: 'Punëtor',
      email: other.email,
      password: WORKER_PASSWORD,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      Status: false,
      Error: 'This email is already used by another account.',
      code: 'emailTaken',
    });
    expect(await employeesOf(owner.token)).toHaveLength(before);
  });

  it('refuses a worker past the limit with a message naming it', async () => {
    const small = await createWorkspace(ctx);
    await setWorkerLimit(ctx, small.employerId, 2);
    await addEmployee(ctx, small.token);
    await addEmployee(ctx, small.token);
    const res = await call(ctx, small.token, 'POST', '/krye/add_employee', {
      name: 'Third',
      salary: 10,
      wages: 'Orë',
      role: 'Punëtor',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      Error:
        'Your plan allows at most 2 workers. Delete a worker or ask the platform administrator to raise the limit.',
      code: 'workerLimit',
    });
    expect(await employeesOf(small.token)).toHaveLength(2);
  });

  it('lets concurrent adds past the limit through only up to it', async () => {
    const small = await createWorkspace(ctx);
    await setWorkerLimit(ctx, small.employerId, 3);
    await addRole(ctx, small.token, 'Shofer');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(ctx, small.token, 'POST', '/krye/add_employee', {
          name: `R${i}`,
          salary: 1,
          wages: 'Orë',
          role: 'Shofer',
        }),
      ),
    );
    expect(results.filter((res) => res.statusCode === 201)).toHaveLength(3);
    expect(results.filter((res) => res.statusCode === 409)).toHaveLength(3);
    expect(await employeesOf(small.token)).toHaveLength(3);
  });
});

describe('listing and counting', () => {
  it('lists the employer’s employees in Albanian alphabetical order, and only them', async () => {
    const mine = await createWorkspace(ctx);
    await addEmployee(ctx, mine.token, { name: 'zana' });
    await addEmployee(ctx, mine.token, { name: 'Agim' });
    await addEmployee(ctx, mine.token, { name: 'Mira', role: 'Mjeshtër' });
    await addEmployee(ctx, mine.token, { name: 'Ëngjëll' });
    await addEmployee(ctx, mine.token, { name: 'Elira' });
    await addEmployee(ctx, other.token, { name: 'Elsewhere' });
    const list = await employeesOf(mine.token);
    expect(list.map((employee) => employee.name)).toEqual(['Agim', 'Elira', 'Ëngjëll', 'Mira', 'zana']);
    expect(list.every((employee) => employee.employer_id === mine.employerId)).toBe(true);
  });

  it('counts all employees, the Punëtor and the Mjeshtër', async () => {
    const mine = await createWorkspace(ctx);
    await addRole(ctx, mine.token, 'Shofer');
    await addEmployee(ctx, mine.token, { role: 'Punëtor' });
    await addEmployee(ctx, mine.token, { role: 'Punëtor' });
    await addEmployee(ctx, mine.token, { role: 'Mjeshtër' });
    await addEmployee(ctx, mine.token, { role: 'Shofer' });
    const count = async (path: string) =>
      resultOf<{ worker_count: number }>(await call(ctx, mine.token, 'GET', path)).worker_count;
    expect(await count('/krye/ujipuntoret_count')).toBe(4);
    expect(await count('/krye/ujipuntor_count')).toBe(2);
    expect(await count('/krye/ujimjeshter_count')).toBe(1);
  });

  it('gives one employee for the edit form, and 404 for another employer’s', async () => {
    const employee = await addEmployee(ctx, owner.token, { name: 'Detail', salary: '12,5', wages: 'Ditë' });
    const res = await call(ctx, owner.token, 'GET', `/krye/data/employee/${employee.id}`);
    expect(res.statusCode).toBe(200);
    expect(resultOf<TEmployeeDetail>(res)).toEqual({
      id: employee.id,
      name: 'Detail',
      salary: 12.5,
      role: 'Punëtor',
      wages: 'Ditë',
      schedule: null,
      start_date: null,
      end_date: null,
    });
    const refused = await call(ctx, other.token, 'GET', `/krye/data/employee/${employee.id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ Status: false, Error: 'Employee not found.', code: 'employeeNotFound' });
    expect((await call(ctx, owner.token, 'GET', '/krye/data/employee/999999')).statusCode).toBe(404);
    expect((await call(ctx, owner.token, 'GET', '/krye/data/employee/abc')).statusCode).toBe(400);
    // Beyond the integer range an id cannot exist: answered like a missing one.
    expect((await call(ctx, owner.token, 'GET', '/krye/data/employee/99999999999')).statusCode).toBe(404);
  });
});

describe('editing employees', () => {
  const edit = { name: 'Edited', salary: '7,25', wages: 'Orë', role: 'Mjeshtër' };

  it('changes name, salary, wages and role and keeps the schedule when none is sent', async () => {
    const schedule = { friday: { selected: true, startTime: '22:00', endTime: '06:00' } };
    const employee = await addEmployee(ctx, owner.token, { schedule });
    const res = await call(ctx, owner.token, 'PUT', `/krye/edit_employee/${employee.id}`, edit);
    expect(res.statusCode).toBe(200);
    expect(resultOf<TEmployee>(res)).toMatchObject({ name: 'Edited', salary: 7.25, wages: 'Orë', role: 'Mjeshtër' });
    expect(resultOf<TEmployee>(res).schedule?.friday).toEqual(schedule.friday);
  });

  it('takes the schedule as an object or JSON text, and null clears it', async () => {
    const employee = await addEmployee(ctx, owner.token);
    const monday = { selected: true, startTime: '07:00', endTime: '15:30' };
    const asText = await call(ctx, owner.token, 'PUT', `/krye/edit_employee/${employee.id}`, {
      ...edit,
      schedule: JSON.stringify({ monday }),
    });
    expect(resultOf<TEmployee>(asText).schedule?.monday).toEqual(monday);
    const cleared = await call(ctx, owner.token, 'PUT', `/krye/edit_employee/${employee.id}`, {
      ...edit,
      schedule: null,
    });
    expect(resultOf<TEmployee>(cleared).schedule).toBeNull();
  });

  it.each([
    ['a missing name', { name: '' }, REQUIRED],
    ['a bad salary', { salary: 'abc' }, 'Salary must be a number such as 450, 450.5 or 450,5.'],
    ['an unknown role', { role: 'Astronaut' }, REQUIRED],
  ])('refuses %s with 400 and changes nothing', async (_name, change, message) => {
    const employee = await addEmployee(ctx, owner.token, { name: 'Unchanged' });
    const res = await call(ctx, owner.token, 'PUT', `/krye/edit_employee/${employee.id}`, { ...edit, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Status: false, Error: message });
    const detail = resultOf<TEmployeeDetail>(await call(ctx, owner.token, 'GET', `/krye/data/employee/${employee.id}`));
    expect(detail.name).toBe('Unchanged');
  });

  it('answers 404 for another employer’s employee and changes nothing', async () => {
    const employee = await addEmployee(ctx, owner.token, { name: 'Mine' });
    const res = await call(ctx, other.token, 'PUT', `/krye/edit_employee/${employee.id}`, edit);
    expect(res.statusCode).toBe(404);
    const detail = resultOf<TEmployeeDetail>(await call(ctx, owner.token, 'GET', `/krye/data/employee/${employee.id}`));
    expect(detail.name).toBe('Mine');
  });
});

describe('the personal ID number', () => {
  const edit = { name: 'Numbered', salary: 5, wages: 'Orë', role: 'Punëtor' };
  const personalIdOf = async (token: string, id: number) =>
    (await employeesOf(token)).find((employee) => employee.id === id)?.personal_id;

  it('is optional: an employee added without one has null, as before', async () => {
    const employee = await addEmployee(ctx, owner.token);
    expect(employee.personal_id).toBeNull();
    expect(await personalIdOf(owner.token, employee.id)).toBeNull();
  });

  it('is stored when added, trimmed and in capitals, and listed with the employee', async () => {
    const employee = await addEmployee(ctx, owner.token, { personal_id: ' j12345678a ' });
    expect(employee.personal_id).toBe('J12345678A');
    expect(await personalIdOf(owner.token, employee.id)).toBe('J12345678A');
    const blank = await addEmployee(ctx, owner.token, { personal_id: '' });
    expect(blank.personal_id).toBeNull();
  });

  it('is changed when an edit sends it, kept when an edit leaves it out, and cleared by an empty value', async () => {
    const employee = await addEmployee(ctx, owner.token, { personal_id: '1234567890' });
    const path = `/krye/edit_employee/${employee.id}`;
    expect(resultOf<TEmployee>(await call(ctx, owner.token, 'PUT', path, edit)).personal_id).toBe('1234567890');
    const changed = await call(ctx, owner.token, 'PUT', path, { ...edit, personal_id: '1122334455' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await personalIdOf(owner.token, employee.id)).toBe('1122334455');
    await call(ctx, owner.token, 'PUT', path, { ...edit, personal_id: '' });
    expect(await personalIdOf(owner.token, employee.id)).toBeNull();
    await call(ctx, owner.token, 'PUT', path, { ...edit, personal_id: 'K1' });
    await call(ctx, owner.token, 'PUT', path, { ...edit, personal_id: null });
    expect(await personalIdOf(owner.token, employee.id)).toBeNull();
  });

  it.each([
    ['a space inside', '12 34'],
    ['21 characters', '1'.repeat(21)],
    ['a sign', '123-456'],
    ['markup', '<b>1</b>'],
    ['a letter outside A–Z', 'Ë1234'],
    ['a number instead of text', 1234567890],
  ])('refuses %s with 400 on add and edit, changing nothing', async (_name, value) => {
    const before = (await employeesOf(owner.token)).length;
    const add = await call(ctx, owner.token, 'POST', '/krye/add_employee', { ...edit, personal_id: value });
    expect(add.statusCode).toBe(400);
    expect(add.json()).toMatchObject({ Status: false, code: 'personalIdInvalid' });
    expect(await employeesOf(owner.token)).toHaveLength(before);
    const employee = await addEmployee(ctx, owner.token, { personal_id: 'A1' });
    const res = await call(ctx, owner.token, 'PUT', `/krye/edit_employee/${employee.id}`, {
      ...edit,
      personal_id: value,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Status: false, code: 'personalIdInvalid' });
    expect(await personalIdOf(owner.token, employee.id)).toBe('A1');
  });

  it("cannot be set on another employer's employee", async () => {
    const employee = await addEmployee(ctx, owner.token, { personal_id: 'A2' });
    const res = await call(ctx, other.token, 'PUT', `/krye/edit_employee/${employee.id}`, {
      ...edit,
      personal_id: 'B2',
    });
    expect(res.statusCode).toBe(404);
    expect(await personalIdOf(owner.token, employee.id)).toBe('A2');
  });
});
