import type { TEmployee } from '@puna/domain';
import { asc, eq } from 'drizzle-orm';
import { scans } from '../../src/db/schema';
import type { TestContext } from './app';
import { addEmployee, call, createWorkspace, type WorkspaceState } from './workspace-factories';

/** An employer on Puna Premium (devices, groups and the RFID list need it), in any further states. */
export function createPremiumWorkspace(ctx: TestContext, state: string | Omit<WorkspaceState, 'premium'> = {}) {
  const rest = typeof state === 'string' ? { companyName: state } : state;
  return createWorkspace(ctx, { companyName: 'Premium Company', ...rest, premium: true });
}

let serial = 0;
export function newDeviceId(prefix = 'ESP'): string {
  serial += 1;
  return `${prefix}-${Date.now().toString(36)}-${serial}`;
}

type Registered = { device_id: string; name: string; secret: string | null; confirm_pin: string | null };

/**
 * Registers a device and returns its id and secret. A ZKTeco clock is also confirmed, as a person
 * at the clock does it (a punch with the confirmation PIN), unless `confirm: false`, and its
 * earlier punches are taken as the employer's (`import-held`).
 */
export async function registerDevice(
  ctx: TestContext,
  token: string,
  input: { device_id?: string; name?: string; protocol?: 'puna' | 'zkteco' | 'kiosk'; confirm?: boolean } = {},
): Promise<Registered> {
  const { confirm = true, ...fields } = input;
  const body = { device_id: fields.device_id ?? newDeviceId(), name: fields.name ?? 'Hyrja', ...fields };
  const res = await call(ctx, token, 'POST', '/api/controllers', body);
  if (res.statusCode !== 201) throw new Error(`register device failed: ${res.body}`);
  const registered = res.json<{ Result: Registered }>().Result;
  if (fields.protocol === 'zkteco' && confirm && registered.confirm_pin) {
    await confirmClock(ctx, registered.device_id, registered.confirm_pin);
    // A clock already in the shop's use: its earlier punches are the employer's own (the import
    // choice, docs/devices.md); `confirmClock` alone holds them aside, as a moved clock's.
    const imported = await call(ctx, token, 'POST', `/api/controllers/${registered.device_id}/import-held`, {});
    if (imported.statusCode !== 200) throw new Error(`import held punches failed: ${imported.body}`);
  }
  return registered;
}

/** A punch with the confirmation PIN, now, from the clock (loopback, like every injected request). */
export async function confirmClock(ctx: TestContext, serial: string, pin: string, remoteAddress?: string) {
  const now = new Date().toISOString().replace('T', ' ').slice(0, 19);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/iclock/cdata?SN=${serial}&table=ATTLOG`,
    headers: { 'content-type': 'text/plain' },
    payload: `${pin}\t${now}\t0\t1\n`,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`clock confirmation failed: ${res.statusCode} ${res.body}`);
  return res;
}

/** A protocol v1 request from a device. */
export function deviceCall(
  ctx: TestContext,
  device: { device_id: string; secret: string | null },
  path: string,
  payload: unknown,
) {
  return ctx.app.inject({
    method: 'POST',
    url: path,
    headers: { authorization: `Device ${device.device_id}:${device.secret}` },
    payload: payload as Record<string, unknown>,
  });
}

/** An hourly employee (Punëtor, €4) added through the API and given a clock PIN through the edit route. */
export async function addEmployeeWithPin(ctx: TestContext, token: string, name: string, pin: string) {
  const employee = await addEmployee(ctx, token, { name });
  const edit = await call(ctx, token, 'PUT', `/krye/edit_employee/${employee.id}`, {
    name,
    salary: 4,
    wages: 'Orë',
    role: 'Punëtor',
    device_pin: pin,
  });
  if (edit.statusCode !== 200) throw new Error(`setting the clock PIN failed: ${edit.body}`);
  return employee;
}

/** A ZKTeco clock registered by the employer and confirmed at the clock, its held punches imported. */
export function withConfirmedClock(ctx: TestContext, token: string, serial = newDeviceId('ZK')): Promise<Registered> {
  return registerDevice(ctx, token, { device_id: serial, protocol: 'zkteco' });
}

/** Gives an employee a card (UID) through the edit route, its name, pay and role sent unchanged. */
export async function giveCard(ctx: TestContext, token: string, employee: TEmployee, uid: string): Promise<TEmployee> {
  const { name, salary, wages, role } = employee;
  const edit = await call(ctx, token, 'PUT', `/krye/edit_employee/${employee.id}`, {
    name,
    salary,
    wages,
    role,
    rfid: uid,
  });
  if (edit.statusCode !== 200) throw new Error(`giving a card failed: ${edit.body}`);
  return edit.json<{ Result: TEmployee }>().Result;
}

/** A worker's card scans at these instants, written straight to the table (card `CARD<employee id>`, no device). */
export async function insertScans(ctx: TestContext, employerId: number, employeeId: number, ...instants: Date[]) {
  await ctx.app.db
    .insert(scans)
    .values(instants.map((scannedAt) => ({ employerId, employeeId, uid: `CARD${employeeId}`, scannedAt })));
}

/** A request as a ZKTeco clock sends it: a plain-text body when given, from `remoteAddress` when given (else loopback). */
export function clockRequest(
  ctx: TestContext,
  method: 'GET' | 'POST',
  url: string,
  body?: string,
  { remoteAddress, contentType = 'text/plain' }: { remoteAddress?: string; contentType?: string } = {},
) {
  return ctx.app.inject({
    method,
    url,
    ...(remoteAddress ? { remoteAddress } : {}),
    ...(body === undefined ? {} : { payload: body, headers: { 'content-type': contentType } }),
  });
}

/** Every scan row stored for an employer, in the order they were stored. */
export function scansOf(ctx: TestContext, employerId: number) {
  return ctx.app.db.select().from(scans).where(eq(scans.employerId, employerId)).orderBy(asc(scans.id));
}
