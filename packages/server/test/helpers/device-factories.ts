import { eq } from 'drizzle-orm';
import { employers } from '../../src/db/schema';
import type { TestContext } from './app';
import { call, createWorkspace } from './workspace-factories';

/** An employer on Puna Premium (devices, groups and the RFID list need it). */
export async function createPremiumWorkspace(ctx: TestContext, companyName = 'Premium Company') {
  const workspace = await createWorkspace(ctx, companyName);
  await ctx.app.db.update(employers).set({ type: 'premium' }).where(eq(employers.id, workspace.employerId));
  return workspace;
}

let serial = 0;
export function newDeviceId(prefix = 'ESP'): string {
  serial += 1;
  return `${prefix}-${Date.now().toString(36)}-${serial}`;
}

/** Registers a device and returns its id and secret. */
export async function registerDevice(
  ctx: TestContext,
  token: string,
  input: { device_id?: string; name?: string; protocol?: 'puna' | 'zkteco' | 'kiosk' } = {},
) {
  const body = { device_id: input.device_id ?? newDeviceId(), name: input.name ?? 'Hyrja', ...input };
  const res = await call(ctx, token, 'POST', '/api/controllers', body);
  if (res.statusCode !== 201) throw new Error(`register device failed: ${res.body}`);
  return res.json<{ Result: { device_id: string; name: string; secret: string | null } }>().Result;
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
