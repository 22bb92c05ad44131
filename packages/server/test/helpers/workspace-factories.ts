import type { AddressInfo } from 'node:net';
import type {
  TCreateEmployeeInput,
  TEmployee,
  THoursEntry,
  TNewHoursEntryInput,
  TPayrollStatement,
  TRfidDay,
} from '@puna/domain';
import { eq } from 'drizzle-orm';
import { employers } from '../../src/db/schema';
import { createTestApp, generousLimits, type TestContext } from './app';
import { bearer, createEmployer, randomEmail, sessionFor } from './factories';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A test app whose per-IP sign-up limits allow the many employers a workspace test creates. */
export function createWorkspaceTestApp(): Promise<TestContext> {
  return createTestApp({}, { limits: generousLimits({ loginPerAccount: 5, contactPerIp: 5 }) });
}

/** The same app listening on a free loopback port (sockets, device simulators), with its base URL. */
export async function listeningWorkspaceApp(): Promise<{ ctx: TestContext; url: string }> {
  const ctx = await createWorkspaceTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return { ctx, url: `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}` };
}

/** One request with a Bearer token (or none), JSON body when given. */
export async function call(ctx: TestContext, token: string | null, method: Method, url: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** The states a test names for a new workspace instead of setting each up by hand (docs/testing.md). */
export type WorkspaceState = {
  companyName?: string;
  /** On Puna Premium: the plan written to the employer's row, as a paid subscription leaves it. */
  premium?: boolean;
  /** The labour-law rules turned on in this jurisdiction, through `PUT /krye/labour-settings`. */
  labourRules?: 'XK' | 'AL';
  /** The hours come from card scans: the list type 'rfid' written to the employer's row. */
  scans?: boolean;
};

/** An employer with its employer id (the `id` of its session), in the states asked for (default: none). */
export async function createWorkspace(ctx: TestContext, state: string | WorkspaceState = {}) {
  const {
    companyName = 'Test Company',
    premium,
    labourRules,
    scans,
  } = typeof state === 'string' ? { companyName: state } : state;
  const workspace = await createEmployer(ctx, { companyName });
  if (premium)
    await ctx.app.db.update(employers).set({ type: 'premium' }).where(eq(employers.id, workspace.employerId));
  if (scans) await hoursFromScans(ctx, workspace.employerId);
  if (labourRules) await labourRulesOn(ctx, workspace.token, labourRules);
  return workspace;
}

/** Turns the labour-law rules on in a jurisdiction over HTTP, as the employer's settings page does. */
export async function labourRulesOn(ctx: TestContext, token: string, jurisdiction: 'XK' | 'AL' = 'XK') {
  const res = await call(ctx, token, 'PUT', '/krye/labour-settings', { jurisdiction, apply_labour_rules: true });
  if (res.statusCode !== 200) throw new Error(`turning the labour rules on failed: ${res.body}`);
}

/** A company day off on a date, added over HTTP as the holidays page does. */
export async function addCompanyDay(ctx: TestContext, token: string, date: string, name = 'Dita e firmës') {
  const res = await call(ctx, token, 'POST', '/krye/holidays', { date, name });
  if (res.statusCode !== 201) throw new Error(`adding a company day failed: ${res.body}`);
}

/** Makes card scans the employer's hours (list type 'rfid'), written to its row. */
export async function hoursFromScans(ctx: TestContext, employerId: number) {
  await ctx.app.db.update(employers).set({ listType: 'rfid' }).where(eq(employers.id, employerId));
}

/** The caller's payroll statement for a month (`YYYY-MM`); fails the test on anything but 200. */
export async function statementOf(ctx: TestContext, token: string, month: string): Promise<TPayrollStatement> {
  const res = await call(ctx, token, 'GET', `/krye/payroll?month=${month}`);
  if (res.statusCode !== 200) throw new Error(`the payroll statement failed: ${res.statusCode} ${res.body}`);
  return resultOf<TPayrollStatement>(res);
}

export async function setWorkerLimit(ctx: TestContext, employerId: number, limit: number) {
  await ctx.app.db.update(employers).set({ limitWorkers: limit }).where(eq(employers.id, employerId));
}

export async function addRole(ctx: TestContext, token: string, role: string): Promise<string[]> {
  const res = await call(ctx, token, 'POST', '/krye/employers/roles', { role });
  if (res.statusCode !== 201) throw new Error(`add role failed: ${res.body}`);
  return res.json<{ roles: string[] }>().roles;
}

let counter = 0;

/** Adds an employee (default: an hourly 'Punëtor' with a unique name) and returns it. */
export async function addEmployee(
  ctx: TestContext,
  token: string,
  input: Partial<TCreateEmployeeInput> = {},
): Promise<TEmployee> {
  counter += 1;
  const res = await call(ctx, token, 'POST', '/krye/add_employee', {
    name: `Punëtori ${counter}`,
    salary: 4,
    wages: 'Orë',
    role: 'Punëtor',
    ...input,
  });
  if (res.statusCode !== 201) throw new Error(`add employee failed: ${res.body}`);
  return res.json<{ Result: TEmployee }>().Result;
}

export async function addHours(ctx: TestContext, token: string, rows: TNewHoursEntryInput[]): Promise<THoursEntry[]> {
  const res = await call(ctx, token, 'POST', '/krye/addworkerklista', rows);
  if (res.statusCode !== 201) throw new Error(`add hours failed: ${res.body}`);
  return res.json<{ Result: THoursEntry[] }>().Result;
}

export const WORKER_PASSWORD = 'worker password 1';

/** An employee with a worker login, logged in. */
export async function createWorker(ctx: TestContext, employerToken: string, input: Partial<TCreateEmployeeInput> = {}) {
  const email = randomEmail('worker');
  const employee = await addEmployee(ctx, employerToken, { email, password: WORKER_PASSWORD, ...input });
  const session = await sessionFor(ctx, email);
  return { employee, email, password: WORKER_PASSWORD, ...session };
}

/** Every row of a Result list, typed loosely for assertions. */
export function resultOf<T>(res: { json: <R>() => R }): T {
  return res.json<{ Result: T }>().Result;
}

/** Hours entries of the caller's employer for a query such as `date=2025-03-31` or `month=2025-03`. */
export async function listHours(ctx: TestContext, token: string, query: string): Promise<THoursEntry[]> {
  const res = await call(ctx, token, 'GET', `/krye/klista?${query}`);
  if (res.statusCode !== 200) throw new Error(`listing hours failed: ${res.body}`);
  return resultOf<THoursEntry[]>(res);
}

/** The caller's day of card scans (`GET /krye/rfid_day`), one row per worker; fails the test on anything but 200. */
export async function rfidDayOf(ctx: TestContext, token: string, date: string): Promise<TRfidDay[]> {
  const res = await call(ctx, token, 'GET', `/krye/rfid_day?date=${date}`);
  if (res.statusCode !== 200) throw new Error(`the scanned day failed: ${res.statusCode} ${res.body}`);
  return resultOf<TRfidDay[]>(res);
}

/** A new employer with two employees, Zana and Agim. */
export async function createTeam(ctx: TestContext) {
  const employer = await createWorkspace(ctx);
  const zana = await addEmployee(ctx, employer.token, { name: 'Zana' });
  const agim = await addEmployee(ctx, employer.token, { name: 'Agim' });
  return { employer, zana, agim };
}
