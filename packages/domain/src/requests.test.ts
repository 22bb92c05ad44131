import { describe, expect, it } from 'vitest';
import { EMPLOYEE_REQUIRED_MESSAGE, ZCreateEmployeeRequest, ZEditEmployeeRequest } from './employees';
import { ZAddHoursRequest, ZDeleteHoursRequest, ZEditHoursRequest } from './hours-entries';
import { NO_SUCH_ID } from './ids';
import { ZRoleIndexParams, ZRoleRequest } from './roles';
import { ZChangePasswordRequest } from './worker';

const employee = { name: 'Arben Hoxha', salary: '450,5', wages: 'Muaj', role: 'Punëtor' };

describe('add employee request', () => {
  it('reads a salary typed with a comma and a schedule sent as JSON text', () => {
    const parsed = ZCreateEmployeeRequest.parse({
      ...employee,
      schedule: JSON.stringify({ monday: { selected: true, startTime: '08:00', endTime: '16:00' } }),
    });
    expect(parsed.salary).toBe(450.5);
    expect(parsed.schedule?.monday.startTime).toBe('08:00');
  });

  it('treats an empty e-mail and password as no login', () => {
    const parsed = ZCreateEmployeeRequest.parse({ ...employee, email: '', password: '' });
    expect(parsed.email).toBeUndefined();
    expect(parsed.password).toBeUndefined();
  });

  it('lower-cases the login e-mail', () => {
    expect(ZCreateEmployeeRequest.parse({ ...employee, email: 'Ana@Example.COM', password: '12345678' }).email).toBe(
      'ana@example.com',
    );
  });

  it.each([
    [{ ...employee, name: '' }, EMPLOYEE_REQUIRED_MESSAGE],
    [{ ...employee, name: '   ' }, EMPLOYEE_REQUIRED_MESSAGE],
    [{ ...employee, salary: undefined }, EMPLOYEE_REQUIRED_MESSAGE],
    [{ ...employee, salary: '' }, EMPLOYEE_REQUIRED_MESSAGE],
    [{ ...employee, role: undefined }, EMPLOYEE_REQUIRED_MESSAGE],
    [{ ...employee, wages: undefined }, EMPLOYEE_REQUIRED_MESSAGE],
    [{ ...employee, wages: 'Javë' }, 'Wages must be Orë, Ditë or Muaj.'],
    [{ ...employee, salary: '4 50' }, 'Salary must be a number such as 450, 450.5 or 450,5.'],
    [{ ...employee, email: 'not-an-email', password: '12345678' }, 'Invalid email format'],
    [{ ...employee, email: 'ana@example.com' }, "Enter a password of at least 8 characters for the worker's login."],
    [{ ...employee, password: '12345678' }, "Enter an email for the worker's login, or leave the password empty."],
    [{ ...employee, email: 'ana@example.com', password: 'short' }, 'Password must be at least 8 characters.'],
  ])('refuses %j', (body, message) => {
    expect(ZCreateEmployeeRequest.safeParse(body).error?.issues[0]?.message).toBe(message);
  });

  it('keeps the schedule when an edit leaves it out, clears it with null', () => {
    expect(ZEditEmployeeRequest.parse(employee).schedule).toBeUndefined();
    expect(ZEditEmployeeRequest.parse({ ...employee, schedule: null }).schedule).toBeNull();
  });
});

describe('hours requests', () => {
  it('ignores name, dita and employer_id sent by older clients', () => {
    const [row] = ZAddHoursRequest.parse([
      { worker_id: '7', name: 'X', data: '2025-03-03', dita: 'E Hënë', ora: '8', employer_id: 99 },
    ]);
    expect(row).toMatchObject({ worker_id: 7, data: '2025-03-03', ora: 8 });
  });

  it.each([
    [[], 'Select at least one worker.'],
    [{}, 'Send a list of hours entries.'],
    [[{ worker_id: 1, data: '2025-03-03' }], 'Hours are required.'],
    [[{ worker_id: 1, data: '2025-03-03', ora: 25 }], 'Hours must be a number from 0 to 24 (at most 2 decimals).'],
    [[{ worker_id: 0, data: '2025-03-03', ora: 8 }], 'worker_id must be the id of one of your employees.'],
    [[{ worker_id: 1, data: '03/03/2025', ora: 8 }], 'Date must be a real date written YYYY-MM-DD.'],
  ])('refuses %j', (body, message) => {
    expect(ZAddHoursRequest.safeParse(body).error?.issues[0]?.message).toBe(message);
  });

  it('edits only hours', () => {
    expect(ZEditHoursRequest.parse({ id: 3, name: 'X', ora: '7,5', data: '2025-03-03', dita: 'E Hënë' }).ora).toBe(7.5);
  });

  it.each([
    [{ idsToDelete: [] }, 'Select at least one entry to delete.'],
    [{ idsToDelete: ['x'] }, 'The id must be a positive whole number.'],
  ])('refuses a bulk delete of %j', (body, message) => {
    expect(ZDeleteHoursRequest.safeParse(body).error?.issues[0]?.message).toBe(message);
  });

  it('reads an id beyond the integer range as one no row has (the route answers as for a missing entry)', () => {
    expect(ZDeleteHoursRequest.parse({ idsToDelete: [3_000_000_000] }).idsToDelete).toEqual([NO_SUCH_ID]);
  });
});

describe('roles requests', () => {
  it.each([[{ role: '  Elektricist ' }, 'Elektricist']])('trims %j', (body, role) => {
    expect(ZRoleRequest.parse(body).role).toBe(role);
  });

  it.each([
    [{ role: '' }, 'Role name is required.'],
    [{ role: '   ' }, 'Role name is required.'],
    [{}, 'Role name is required.'],
    [{ role: 'x'.repeat(61) }, 'Role name is too long (at most 60 characters).'],
  ])('refuses %j', (body, message) => {
    expect(ZRoleRequest.safeParse(body).error?.issues[0]?.message).toBe(message);
  });

  it.each([
    ['0', true],
    ['12', true],
    ['-1', false],
    ['a', false],
  ])('index %s valid: %s', (index, ok) => {
    expect(ZRoleIndexParams.safeParse({ index }).success).toBe(ok);
  });
});

describe('password change request', () => {
  it.each([
    [{ currentPassword: '', newPassword: 'abcdefgh' }, 'Current password is required.'],
    [{ currentPassword: 'old', newPassword: 'short' }, 'New password must be at least 8 characters.'],
    [
      { currentPassword: 'old', newPassword: 'abcdefgh', confirmPassword: 'abcdefgx' },
      'New password and confirmation do not match.',
    ],
  ])('refuses %j', (body, message) => {
    expect(ZChangePasswordRequest.safeParse(body).error?.issues[0]?.message).toBe(message);
  });
});
