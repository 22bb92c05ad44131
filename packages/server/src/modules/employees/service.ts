import {
  compareNames,
  formatMessage,
  messages,
  readStoredSchedule,
  type TCreateEmployeeRequest,
  type TEditEmployeeRequest,
  type TEmployee,
  type TEmployeeDetail,
  type TWageBasis,
  todayIn,
} from '@puna/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { preparedRead } from '../../db/prepared';
import { employees, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { hashPassword } from '../../lib/crypto';
import type { ServiceDeps } from '../../lib/deps';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { employerTimeZoneOf, tenantOf } from '../../lib/tenant';
import { revokeAllSessionsOfUser } from '../auth/sessions';
import {
  createWorkerLogin,
  EMAIL_TAKEN_MESSAGE,
  findWorkerLogin,
  isEmailTaken,
  setWorkerPasswordHash,
} from '../auth/worker-logins';
import { lockEmployer } from '../employer-settings/service';
import { assertRoleExists } from '../roles/service';
import { queueUserInfoUpdates } from '../zkteco/commands';
import { assertCardFree, assertPinFree, assignMissingPins, clockIdentityOf } from './cards';
import { recordSchedule } from './schedule-history';

export const EMPLOYEE_NOT_FOUND = messages.employeeNotFound;

const employeeColumns = {
  id: employees.id,
  name: employees.name,
  salary: employees.salary,
  wages: employees.wages,
  role: employees.role,
  schedule: employees.schedule,
  employer_id: employees.employerId,
  email: users.email,
  rfid: employees.rfid,
  personal_id: employees.personalId,
  start_date: employees.startDate,
  end_date: employees.endDate,
};

type EmployeeRow = {
  id: number;
  name: string;
  salary: number;
  wages: string;
  role: string;
  schedule: unknown;
  employer_id: number;
  email: string | null;
  rfid: string | null;
  personal_id: string | null;
  start_date: string | null;
  end_date: string | null;
};

/**
 * An employee as the server's own reads use it: the list's fields and the employment dates again in
 * camelCase (`startDate`, `endDate`), as the payroll statement reads them.
 */
export type TEmployeeRecord = TEmployee & { startDate: string | null; endDate: string | null };

function toEmployee(row: EmployeeRow): TEmployeeRecord {
  return {
    ...row,
    wages: row.wages as TWageBasis,
    schedule: readStoredSchedule(row.schedule),
    startDate: row.start_date,
    endDate: row.end_date,
  };
}

/** The answer's shape: the list's fields only. */
function toAnswer({ startDate: _start, endDate: _end, ...employee }: TEmployeeRecord): TEmployee {
  return employee;
}

/** Albanian alphabetical order (`compareNames`); the id keeps equal names in a stable order. */
function byName(a: { name: string; id: number }, b: { name: string; id: number }): number {
  return compareNames(a.name, b.name) || a.id - b.id;
}

/** Every employee of an employer with its login's e-mail: the employee list's read, built once (db/prepared.ts). */
const employeesOfEmployer = preparedRead((qb) =>
  qb
    .select(employeeColumns)
    .from(employees)
    .leftJoin(users, eq(users.employeeId, employees.id))
    .where(eq(employees.employerId, sql.placeholder('employerId'))),
);

async function selectEmployees(db: Executor, employerId: number, id?: number): Promise<TEmployeeRecord[]> {
  if (id === undefined) return (await employeesOfEmployer.run(db, { employerId })).map(toEmployee).sort(byName);
  const rows = await db
    .select(employeeColumns)
    .from(employees)
    .leftJoin(users, eq(users.employeeId, employees.id))
    .where(and(eq(employees.employerId, employerId), id === undefined ? undefined : eq(employees.id, id)));
  return rows.map(toEmployee).sort(byName);
}

/** Every employee of an employer, by name, with its employment dates (`startDate`, `endDate`). */
export async function listEmployeesOf(db: Executor, employerId: number): Promise<TEmployeeRecord[]> {
  return selectEmployees(db, employerId);
}

export async function listEmployees(deps: ServiceDeps, actor: Actor): Promise<TEmployee[]> {
  const { db } = deps;
  return (await selectEmployees(db, tenantOf(actor))).map(toAnswer);
}

const payeesOfEmployer = preparedRead((qb) =>
  qb
    .select({
      id: employees.id,
      name: employees.name,
      role: employees.role,
      wages: employees.wages,
      salary: employees.salary,
    })
    .from(employees)
    .where(eq(employees.employerId, sql.placeholder('employerId'))),
);

/**
 * Every employee of an employer by name with what its pay needs (the pay summary's read): no
 * login e-mail and no schedule, which the full list joins and parses for each row.
 */
export async function payeesOf(
  db: Executor,
  employerId: number,
): Promise<{ id: number; name: string; role: string; wages: TWageBasis; salary: number }[]> {
  const rows = await payeesOfEmployer.run(db, { employerId });
  return (rows as { id: number; name: string; role: string; wages: TWageBasis; salary: number }[]).sort(byName);
}

/** One employee of the employer; another employer's id is "not found", like a missing one. */
export async function findEmployeeOf(db: Executor, employerId: number, id: number): Promise<TEmployeeRecord> {
  const [employee] = await selectEmployees(db, employerId, id);
  if (!employee) throw notFound(EMPLOYEE_NOT_FOUND);
  return employee;
}

export async function getEmployee(deps: ServiceDeps, actor: Actor, id: number): Promise<TEmployeeDetail> {
  const { db } = deps;
  const { name, salary, role, wages, schedule } = await findEmployeeOf(db, tenantOf(actor), id);
  return { id, name, salary, role, wages, schedule };
}

/**
 * The names of some employees, the ids as one array value (`= any($2)`): the text stays the same
 * whatever the number of ids, so it is built once, where `in ($2, …, $501)` was built for each call.
 */
const namesOfIds = preparedRead((qb) =>
  qb
    .select({ id: employees.id, name: employees.name })
    .from(employees)
    .where(
      and(
        eq(employees.employerId, sql.placeholder('employerId')),
        sql`${employees.id} = any(${sql.placeholder('ids')})`,
      ),
    ),
);

/** Names of the given employees of one employer; ids of other employers are simply absent. */
export async function employeeNamesOf(db: Executor, employerId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await namesOfIds.run(db, { employerId, ids });
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Dashboard counts: all employees, or those holding one role. */
export async function countEmployeesByRole(deps: ServiceDeps, actor: Actor, role?: string): Promise<number> {
  const { db } = deps;
  const employerId = tenantOf(actor);
  const [row] = await db
    .select({ n: count() })
    .from(employees)
    .where(and(eq(employees.employerId, employerId), role === undefined ? undefined : eq(employees.role, role)));
  return row?.n ?? 0;
}

export function workerLimitMessage(limit: number): string {
  return limit === 1 ? messages.workerLimitOne : formatMessage('workerLimit', { limit });
}

/**
 * Adds an employee, with a worker login when an e-mail is given, in one transaction: the worker
 * limit, the role and the e-mail are checked inside it, so nothing half-made is ever stored.
 */
export async function createEmployee(
  deps: ServiceDeps,
  actor: Actor,
  input: TCreateEmployeeRequest,
): Promise<TEmployee> {
  const employerId = tenantOf(actor);
  const login = input.email !== undefined && input.password !== undefined ? input : undefined;
  // Checked before hashing so a taken e-mail answers at once; checked again by the insert below.
  if (login?.email && (await isEmailTaken(deps.db, login.email))) throw conflict(EMAIL_TAKEN_MESSAGE);
  const passwordHash = login?.password ? await hashPassword(login.password) : undefined;

  const id = await deps.db.transaction(async (tx) => {
    const limit = await lockEmployerForEmployees(tx, employerId);
    await assertRoleExists(tx, employerId, input.role);
    const [current] = await tx.select({ n: count() }).from(employees).where(eq(employees.employerId, employerId));
    if ((current?.n ?? 0) >= limit) throw conflict(workerLimitMessage(limit));
    const [created] = await tx
      .insert(employees)
      .values({
        employerId,
        name: input.name,
        salary: input.salary,
        wages: input.wages,
        role: input.role,
        schedule: input.schedule ?? null,
        personalId: input.personal_id ?? null,
      })
      .returning({ id: employees.id });
    if (!created) throw new Error('employee insert returned nothing');
    await recordSchedule(tx, {
      employerId,
      employeeId: created.id,
      today: todayIn(employerTimeZoneOf(actor)),
      schedule: input.schedule ?? null,
    });
    if (login?.email && passwordHash) {
      await createWorkerLogin(tx, { email: login.email, passwordHash, employerId, employeeId: created.id });
    }
    // The next free clock PIN, and the employer's time clocks learn the new employee.
    await assignMissingPins(tx, employerId);
    await queueUserInfoUpdates(tx, employerId, created.id, null);
    return created.id;
  });
  await announceEmployees(deps, employerId);
  return toAnswer(await findEmployeeOf(deps.db, employerId, id));
}

export async function updateEmployee(
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  input: TEditEmployeeRequest,
): Promise<TEmployee> {
  const employerId = tenantOf(actor);
  // Hashed before the transaction, so the employer row is not locked while argon2 runs.
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await lockEmployerForEmployees(tx, employerId);
    const current = await findEmployeeOf(tx, employerId, id);
    if (passwordHash !== undefined) {
      const login = await findWorkerLogin(tx, id);
      if (!login) throw badRequest(NO_LOGIN_FOR_PASSWORD);
      await setWorkerPasswordHash(tx, login.userId, passwordHash);
      // The old password's sessions end: a worker who lost it (or had it taken) starts afresh.
      await revokeAllSessionsOfUser(tx, login.userId);
    }
    // A role the employee already holds stays valid; a new one must be one of the employer's roles.
    if (input.role !== current.role) await assertRoleExists(tx, employerId, input.role);
    if (input.rfid) await assertCardFree(tx, employerId, input.rfid, id);
    if (input.device_pin) await assertPinFree(tx, employerId, input.device_pin, id);
    const before = await clockIdentityOf(tx, employerId, id);
    await tx
      .update(employees)
      .set({
        name: input.name,
        salary: input.salary,
        wages: input.wages,
        role: input.role,
        ...(input.schedule === undefined ? {} : { schedule: input.schedule }),
        ...(input.rfid === undefined ? {} : { rfid: input.rfid }),
        ...(input.device_pin === undefined ? {} : { devicePin: input.device_pin }),
        ...(input.personal_id === undefined ? {} : { personalId: input.personal_id }),
      })
      .where(and(eq(employees.id, id), eq(employees.employerId, employerId)));
    if (input.schedule !== undefined) {
      await recordSchedule(tx, {
        employerId,
        employeeId: id,
        today: todayIn(employerTimeZoneOf(actor)),
        schedule: input.schedule,
        before: current.schedule,
      });
    }
    // Cards and PINs reach the employer's ZKTeco clocks as queued USERINFO commands.
    await queueUserInfoUpdates(tx, employerId, id, before);
  });
  if (passwordHash !== undefined) deps.realtime.disconnectWorker(id);
  await announceEmployees(deps, employerId);
  return toAnswer(await findEmployeeOf(deps.db, employerId, id));
}

export const NO_LOGIN_FOR_PASSWORD = messages.workerLoginMissingForPassword;

/**
 * Deletes an employee. The database cascades the rest: its hours entries, its scans, its worker
 * login with that login's sessions, chat memberships and push subscriptions; messages it sent
 * stay in their chats under the sender name they were sent with.
 */
export async function deleteEmployee(deps: ServiceDeps, actor: Actor, id: number): Promise<void> {
  const employerId = tenantOf(actor);
  const deleted = await deps.db
    .delete(employees)
    .where(and(eq(employees.id, id), eq(employees.employerId, employerId)))
    .returning({ id: employees.id });
  if (deleted.length === 0) throw notFound(EMPLOYEE_NOT_FOUND);
  deps.realtime.disconnectWorker(id);
  await announceEmployees(deps, employerId);
}

/** Pushes the employer's current employee list to its open pages (`employee_update`). */
export async function announceEmployees(deps: ServiceDeps, employerId: number): Promise<void> {
  deps.realtime.emitToEmployer(
    employerId,
    'employee_update',
    (await listEmployeesOf(deps.db, employerId)).map(toAnswer),
  );
}

/**
 * Locks the employer row for the rest of the transaction, so concurrent adds cannot pass the
 * worker limit together and a role cannot be deleted while an employee is being given it.
 */
async function lockEmployerForEmployees(tx: Executor, employerId: number): Promise<number> {
  const employer = await lockEmployer(tx, employerId);
  if (!employer) throw notFound();
  return employer.limitWorkers;
}

/** What the start-day reads select: the employee, its schedule and the day its row was made. */
const startDayColumns = {
  id: employees.id,
  name: employees.name,
  schedule: employees.schedule,
  createdOn: sql<string>`to_char(${employees.createdAt} at time zone ${sql.placeholder('timeZone')}, 'YYYY-MM-DD')`,
};
const startDays = preparedRead((qb) =>
  qb
    .select(startDayColumns)
    .from(employees)
    .where(eq(employees.employerId, sql.placeholder('employerId'))),
);
const startDayOfOne = preparedRead((qb) =>
  qb
    .select(startDayColumns)
    .from(employees)
    .where(and(eq(employees.employerId, sql.placeholder('employerId')), eq(employees.id, sql.placeholder('id')))),
);

/**
 * Employees of an employer (or one) with their weekly schedule (as stored) and the date their row
 * was made in the employer's zone, worked out by the database (`to_char`) rather than for each row
 * in JavaScript: the first day of the attendance marks.
 */
export async function employeesWithStartDayOf(
  db: Executor,
  employerId: number,
  timeZone: string,
  id?: number,
): Promise<{ id: number; name: string; schedule: unknown; createdOn: string }[]> {
  return id === undefined
    ? startDays.run(db, { employerId, timeZone })
    : startDayOfOne.run(db, { employerId, timeZone, id });
}

/**
 * Employees of an employer (or one) with their weekly schedule and the instant their row was made,
 * which is their start date for leave pro rata. `lock` holds the row(s) until the transaction ends,
 * so two leave decisions for one worker run one after the other.
 */
export async function employeesWithStartOf(
  db: Executor,
  employerId: number,
  options: { id?: number; lock?: boolean } = {},
): Promise<{ id: number; name: string; schedule: unknown; createdAt: Date }[]> {
  const query = db
    .select({ id: employees.id, name: employees.name, schedule: employees.schedule, createdAt: employees.createdAt })
    .from(employees)
    .where(
      and(eq(employees.employerId, employerId), options.id === undefined ? undefined : eq(employees.id, options.id)),
    );
  return options.lock ? query.for('update') : query;
}
