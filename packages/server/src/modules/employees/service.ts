import {
  compareNames,
  endsBeforeStart,
  formatMessage,
  messages,
  readStoredSchedule,
  type TCreateEmployeeRequest,
  type TDeleteEmployeeResponse,
  type TEditEmployeeRequest,
  type TEmployee,
  type TEmployeeDetail,
  type TWageBasis,
  todayIn,
} from '@puna/domain';
import { and, count, eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { preparedRead, preparedSql } from '../../db/prepared';
import { employeeListVersions, employees, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { hashPassword } from '../../lib/crypto';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { employerTimeZoneOf, tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { revokeAllSessionsOfUser } from '../../plugins/sessions';
import {
  createWorkerLogin,
  EMAIL_TAKEN_MESSAGE,
  findWorkerLogin,
  isEmailTaken,
  setWorkerPasswordHash,
} from '../auth/worker-logins';
import { closedMonthsOfEmployee } from '../closed-months/service';
import { employerTodaySql, lockEmployer } from '../employer-settings/service';
import { assertCardFree, assertPinFree, assignMissingPins, clockIdentityOf } from './cards';
import { employedDuring, stillEmployed } from './employment';
import { listAnswerText } from './list-answer';
import { listCacheOf } from './list-cache';
import { assertRoleExists } from './roles';
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

/**
 * Every employee of an employer that has not left, with its login's e-mail: the employee list's
 * read, built once (db/prepared.ts).
 */
const employeesOfEmployer = preparedRead((qb) =>
  qb
    .select(employeeColumns)
    .from(employees)
    .leftJoin(users, eq(users.employeeId, employees.id))
    .where(and(eq(employees.employerId, sql.placeholder('employerId')), stillEmployed)),
);

/** Every employee of an employer employed on some day of a range (`from`, `to`), left or not. */
const employeesEmployedDuring = preparedRead((qb) =>
  qb
    .select(employeeColumns)
    .from(employees)
    .leftJoin(users, eq(users.employeeId, employees.id))
    .where(
      and(
        eq(employees.employerId, sql.placeholder('employerId')),
        employedDuring(sql.placeholder('from'), sql.placeholder('to')),
      ),
    ),
);

/** A range of days, `YYYY-MM-DD`. */
export type EmploymentRange = { from: string; to: string };

async function selectEmployees(
  db: Executor,
  employerId: number,
  id?: number,
  employed?: EmploymentRange,
): Promise<TEmployeeRecord[]> {
  if (id === undefined && employed !== undefined) {
    const rows = await employeesEmployedDuring.run(db, { employerId, from: employed.from, to: employed.to });
    return rows.map(toEmployee).sort(byName);
  }
  if (id === undefined) return (await employeesOfEmployer.run(db, { employerId })).map(toEmployee).sort(byName);
  const rows = await db
    .select(employeeColumns)
    .from(employees)
    .leftJoin(users, eq(users.employeeId, employees.id))
    .where(and(eq(employees.employerId, employerId), id === undefined ? undefined : eq(employees.id, id)));
  return rows.map(toEmployee).sort(byName);
}

/**
 * Employees of an employer by name, with their employment dates (`startDate`, `endDate`): those
 * that have not left (no end date, or one after today in the employer's zone), or with `employed`
 * those employed on some day of that range, left since or not (a month's payroll statement).
 */
export async function listEmployeesOf(
  db: Executor,
  employerId: number,
  employed?: EmploymentRange,
): Promise<TEmployeeRecord[]> {
  return selectEmployees(db, employerId, undefined, employed);
}

export async function listEmployees(deps: ServiceDeps, actor: Actor): Promise<TEmployee[]> {
  const { db } = deps;
  return (await selectEmployees(db, tenantOf(actor))).map(toAnswer);
}

/** A nullable value as JSON: its `to_json` text, or null. */
const json = (value: SQLWrapper) => sql`coalesce(to_json(${value})::text, 'null')`;

/** An employer's list version (0 before its first write) and today in its zone, as text. */
const listVersionSql = sql`select
    coalesce((select ${employeeListVersions.version} from ${employeeListVersions}
      where ${employeeListVersions.employerId} = ${sql.placeholder('employerId')}), 0)::text,
    ${employerTodaySql(sql.placeholder('employerId'))}::text`;

/** A row of the list's read: a `ListRow` (list-answer.ts), then the list version and today it was read with. */
type VersionedListRow = [number, string, string, string | null, string, string, string | null];

/**
 * The employee list's read written as JSON text by the database (list-answer.ts says how): every
 * employee of an employer that has not left, as `[id, name, the JSON text before the
 * schedule, the stored schedule's text, the JSON text after it, the list version, today]`.
 */
const listRows = preparedSql<VersionedListRow>(
  sql`select ${employees.id}, ${employees.name},
        '{"id":' || ${employees.id} || ',"name":' || ${json(employees.name)} || ',"salary":' || trim_scale(${employees.salary})::text
          || ',"wages":' || ${json(employees.wages)} || ',"role":' || ${json(employees.role)} || ',"schedule":',
        ${employees.schedule}::text,
        ',"employer_id":' || ${employees.employerId} || ',"email":' || ${json(users.email)} || ',"rfid":' || ${json(employees.rfid)}
          || ',"personal_id":' || ${json(employees.personalId)} || ',"start_date":' || ${json(sql`${employees.startDate}::text`)}
          || ',"end_date":' || ${json(sql`${employees.endDate}::text`)} || '}'
        , current.version, current.today
      from ${employees} left join ${users} on ${users.employeeId} = ${employees.id}
      cross join (${listVersionSql}) as current(version, today)
      where ${employees.employerId} = ${sql.placeholder('employerId')} and ${stillEmployed}`,
);

/** An employer's list version and today, read before the list to find its kept answer (list-cache.ts). */
const listVersion = preparedSql<[string, string | null]>(listVersionSql);

/**
 * The employee list's answer as JSON bytes (list-answer.ts), or null when a schedule needs the old
 * read: the one kept in memory while the employer's list version and today are those it was read
 * with (list-cache.ts), else read, kept and answered.
 */
export async function employeeListBody(db: Executor, employerId: number): Promise<Buffer | null> {
  const cache = listCacheOf(db);
  const [current] = await listVersion.run(db, { employerId });
  const kept = current ? cache.get(employerId, current[0], current[1] ?? '') : undefined;
  if (kept) return kept;
  const rows = await listRows.run(db, { employerId });
  const text = listAnswerText(rows);
  if (text === null) return null;
  const body = Buffer.from(text);
  // Kept under the version and date the list was read with (the same statement), not the ones
  // read before it: a write committed in between is then seen by the next request.
  const first = rows[0];
  if (first) cache.set(employerId, { version: first[5], today: first[6] ?? '', body });
  return body;
}

/**
 * The employee list's answer: its JSON text as the database writes it (`list-answer.ts`), or, when
 * a stored schedule is not in the normalised shape, the employees read and parsed (`listEmployees`).
 */
export async function employeeListAnswer(
  deps: ServiceDeps,
  actor: Actor,
): Promise<{ body: Buffer } | { employees: TEmployee[] }> {
  const body = await employeeListBody(deps.db, tenantOf(actor));
  return body === null ? { employees: await listEmployees(deps, actor) } : { body };
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
    .where(and(eq(employees.employerId, sql.placeholder('employerId')), stillEmployed)),
);

/**
 * Every employee of an employer that has not left, by name, with what its pay needs (the pay summary's read): no
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
  const { name, salary, role, wages, schedule, start_date, end_date } = await findEmployeeOf(db, tenantOf(actor), id);
  return { id, name, salary, role, wages, schedule, start_date, end_date };
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

/** Dashboard counts: all employees that have not left, or those holding one role. */
export async function countEmployeesByRole(deps: ServiceDeps, actor: Actor, role?: string): Promise<number> {
  const { db } = deps;
  const employerId = tenantOf(actor);
  const [row] = await db
    .select({ n: count() })
    .from(employees)
    .where(
      and(
        eq(employees.employerId, employerId),
        stillEmployed,
        role === undefined ? undefined : eq(employees.role, role),
      ),
    );
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
    // Employees that have left (archived) do not count against the limit.
    const [current] = await tx
      .select({ n: count() })
      .from(employees)
      .where(and(eq(employees.employerId, employerId), stillEmployed));
    if ((current?.n ?? 0) >= limit) throw conflict(workerLimitMessage(limit));
    // No employee has this id yet: any holder of the card is another employee.
    if (input.rfid) await assertCardFree(tx, employerId, input.rfid, 0);
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
        startDate: input.start_date ?? null,
        endDate: input.end_date ?? null,
        rfid: input.rfid ?? null,
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
    // The next free clock PIN; the employer's time clocks learn the new employee (zkteco subscribes).
    await assignMissingPins(tx, employerId);
    await deps.events.publish(tx, 'employee.saved', { employerId, employeeId: created.id, before: null });
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
    // The dates not sent stay as stored; the end must not come before the start either way.
    const start = input.start_date === undefined ? current.startDate : input.start_date;
    const end = input.end_date === undefined ? current.endDate : input.end_date;
    if (endsBeforeStart(start, end)) throw badRequest(messages.endDateBeforeStart);
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
        ...(input.start_date === undefined ? {} : { startDate: input.start_date }),
        ...(input.end_date === undefined ? {} : { endDate: input.end_date }),
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
    // Cards and PINs reach the employer's ZKTeco clocks (the zkteco module queues USERINFO commands).
    await deps.events.publish(tx, 'employee.saved', { employerId, employeeId: id, before });
  });
  if (passwordHash !== undefined) void deps.events.announce('access.revoked', { employeeIds: [id] });
  await announceEmployees(deps, employerId);
  return toAnswer(await findEmployeeOf(deps.db, employerId, id));
}

export const NO_LOGIN_FOR_PASSWORD = messages.workerLoginMissingForPassword;

/**
 * Deletes an employee. The database cascades the rest: its hours entries, its scans, its worker
 * login with that login's sessions, chat memberships and push subscriptions; messages it sent
 * stay in their chats under the sender name they were sent with.
 *
 * An employee with a row in a closed month's statement is archived instead, as payroll records
 * are kept for years: its end date becomes today in the employer's zone (an earlier one stays), so
 * it leaves every list; its hours, scans, leave, statements and payslips stay. Its card and clock
 * PIN are taken off it (the clocks are told to forget the PIN), so both can be given to someone
 * else, and its worker login is removed with its sessions (a worker who has left has no access;
 * its e-mail is free again). The employer keeps every payslip of it.
 */
export async function deleteEmployee(deps: ServiceDeps, actor: Actor, id: number): Promise<TDeleteEmployeeResponse> {
  const employerId = tenantOf(actor);
  const today = todayIn(employerTimeZoneOf(actor));
  const archivedOn = await deps.db.transaction(async (tx) => {
    // The employer row lock orders this with adds and edits (card and PIN checks, the worker limit).
    await lockEmployerForEmployees(tx, employerId);
    const current = await findEmployeeOf(tx, employerId, id);
    const closed = await closedMonthsOfEmployee(tx, employerId, id);
    if (closed.length === 0) {
      await tx.delete(employees).where(and(eq(employees.id, id), eq(employees.employerId, employerId)));
      return null;
    }
    const endDate = current.endDate !== null && current.endDate < today ? current.endDate : today;
    const before = await clockIdentityOf(tx, employerId, id);
    await tx
      .update(employees)
      .set({ endDate, rfid: null, devicePin: null, kioskPin: null })
      .where(and(eq(employees.id, id), eq(employees.employerId, employerId)));
    await tx.delete(users).where(and(eq(users.employeeId, id), eq(users.kind, 'worker')));
    await deps.events.publish(tx, 'employee.saved', { employerId, employeeId: id, before });
    return endDate;
  });
  void deps.events.announce('access.revoked', { employeeIds: [id] });
  await announceEmployees(deps, employerId);
  if (archivedOn === null) return { Status: true };
  return { Status: true, archived: true, end_date: archivedOn, message: messages.employeeArchived };
}

/** Announces the employer's current employee list (its open pages show it: `employee_update`). */
export async function announceEmployees(deps: ServiceDeps, employerId: number): Promise<void> {
  const employees = (await listEmployeesOf(deps.db, employerId)).map(toAnswer);
  void deps.events.announce('employees.changed', { employerId, employees });
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
  createdOn: sql<string>`greatest(to_char(${employees.createdAt} at time zone ${sql.placeholder('timeZone')}, 'YYYY-MM-DD'), to_char(${employees.startDate}, 'YYYY-MM-DD'))`,
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
 * was made in the employer's zone, or their start date when that is later, worked out by the
 * database (`to_char`, `greatest` skips a null) rather than for each row in JavaScript: the first
 * day of the attendance marks.
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
 * Employees of an employer (or one) with their weekly schedule, the instant their row was made and
 * their employment dates: the start date (else the day the row was made) and end date for leave
 * pro rata. Without an id only those that have not left. `lock` holds the row(s) until the
 * transaction ends, so two leave decisions for one worker run one after the other.
 */
export async function employeesWithStartOf(
  db: Executor,
  employerId: number,
  options: { id?: number; lock?: boolean } = {},
): Promise<
  { id: number; name: string; schedule: unknown; createdAt: Date; startDate: string | null; endDate: string | null }[]
> {
  const query = db
    .select({
      id: employees.id,
      name: employees.name,
      schedule: employees.schedule,
      createdAt: employees.createdAt,
      startDate: employees.startDate,
      endDate: employees.endDate,
    })
    .from(employees)
    .where(
      and(
        eq(employees.employerId, employerId),
        options.id === undefined ? stillEmployed : eq(employees.id, options.id),
      ),
    );
  return options.lock ? query.for('update') : query;
}
