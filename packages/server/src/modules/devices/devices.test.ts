import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import {
  createPremiumWorkspace,
  deviceCall,
  newDeviceId,
  registerDevice,
} from '../../../test/helpers/device-factories';
import { call, createWorkspace, createWorkspaceTestApp, resultOf } from '../../../test/helpers/workspace-factories';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

type Device = { device_id: string; name: string; ssid: string | null; connected: boolean; last_seen: string | null };

async function devicesOf(token: string): Promise<Device[]> {
  const res = await call(ctx, token, 'GET', '/api/controllers');
  expect(res.statusCode).toBe(200);
  return resultOf<Device[]>(res);
}

describe('device registry', () => {
  it('registers a device with a secret shown once and lists it offline', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const deviceId = newDeviceId();
    const res = await call(ctx, employer.token, 'POST', '/api/controllers', { device_id: deviceId, name: 'Hyrja' });
    expect(res.statusCode).toBe(201);
    const created = res.json<{ Status: true; Result: { device_id: string; name: string; secret: string } }>();
    expect(created.Status).toBe(true);
    expect(created.Result).toMatchObject({ device_id: deviceId, name: 'Hyrja' });
    expect(created.Result.secret.length).toBeGreaterThanOrEqual(32);
    const list = await devicesOf(employer.token);
    expect(list).toEqual([
      {
        device_id: deviceId,
        name: 'Hyrja',
        ssid: null,
        pending_ssid: null,
        connected: false,
        last_seen: null,
        protocol: 'puna',
        confirmed: true,
        confirm_pin: null,
        moved_network: null,
        moved_seen: null,
        commands_per_poll: null,
        numeric_users: null,
      },
    ]);
    expect(JSON.stringify(list)).not.toContain(created.Result.secret);
  });

  it('shows a device online after a heartbeat', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const device = await registerDevice(ctx, employer.token);
    const beat = await deviceCall(ctx, device, '/device/v1/heartbeat', { ssid: 'Zyra', firmware: '1.0.0' });
    expect(beat.statusCode).toBe(200);
    const [listed] = await devicesOf(employer.token);
    expect(listed).toMatchObject({ ssid: 'Zyra', connected: true });
    expect(listed?.last_seen).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('refuses a device id registered anywhere (409)', async () => {
    const first = await createPremiumWorkspace(ctx);
    const second = await createPremiumWorkspace(ctx);
    const device = await registerDevice(ctx, first.token);
    const again = await call(ctx, second.token, 'POST', '/api/controllers', { device_id: device.device_id, name: 'X' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ Status: false });
    expect(await devicesOf(second.token)).toEqual([]);
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const employer = await createPremiumWorkspace(ctx);
    for (const body of [{ name: 'No id' }, { device_id: 'has space', name: 'x' }, { device_id: 'OK1', name: '' }]) {
      const res = await call(ctx, employer.token, 'POST', '/api/controllers', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ Status: false, Error: expect.any(String) });
    }
    expect(await devicesOf(employer.token)).toEqual([]);
  });

  it('renames a device and queues the name for the device', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const device = await registerDevice(ctx, employer.token);
    const res = await call(ctx, employer.token, 'PUT', `/api/controllers/${device.device_id}/config`, {
      name: 'Dalja',
    });
    expect(res.json()).toEqual({ Status: true });
    expect((await devicesOf(employer.token))[0]?.name).toBe('Dalja');
    const beat = await deviceCall(ctx, device, '/device/v1/heartbeat', { ssid: 'Zyra' });
    expect(beat.json<{ config: unknown }>().config).toEqual({ version: 1, name: 'Dalja' });
  });

  it('deletes a device', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const device = await registerDevice(ctx, employer.token);
    const res = await call(ctx, employer.token, 'DELETE', `/api/controllers/${device.device_id}`);
    expect(res.json()).toEqual({ Status: true });
    expect(await devicesOf(employer.token)).toEqual([]);
    const beat = await deviceCall(ctx, device, '/device/v1/heartbeat', { ssid: 'Zyra' });
    expect(beat.statusCode).toBe(401);
  });

  it('refuses a malformed device id in the path (400) and a missing one (404), removing nothing', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const device = await registerDevice(ctx, employer.token);
    for (const id of ['has%20space', 'semi%3Bcolon', 'x'.repeat(65)]) {
      const remove = await call(ctx, employer.token, 'DELETE', `/api/controllers/${id}`);
      expect(remove.statusCode, id).toBe(400);
      expect(remove.json(), id).toMatchObject({ Status: false, Error: expect.any(String) });
    }
    const missing = await call(ctx, employer.token, 'DELETE', `/api/controllers/${newDeviceId()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ Status: false, Error: 'Device not found.', code: 'deviceNotFound' });
    expect((await devicesOf(employer.token)).map((listed) => listed.device_id)).toEqual([device.device_id]);
  });

  it("hides another employer's devices (404)", async () => {
    const owner = await createPremiumWorkspace(ctx);
    const outsider = await createPremiumWorkspace(ctx);
    const device = await registerDevice(ctx, owner.token);
    expect(await devicesOf(outsider.token)).toEqual([]);
    const rename = await call(ctx, outsider.token, 'PUT', `/api/controllers/${device.device_id}/config`, { name: 'X' });
    expect(rename.statusCode).toBe(404);
    const remove = await call(ctx, outsider.token, 'DELETE', `/api/controllers/${device.device_id}`);
    expect(remove.statusCode).toBe(404);
    expect((await devicesOf(owner.token))[0]?.name).toBe('Hyrja');
  });

  it('refuses a basic employer with premiumRequired', async () => {
    const basic = await createWorkspace(ctx);
    for (const [method, url] of [
      ['GET', '/api/controllers'],
      ['POST', '/api/controllers'],
      ['GET', '/api/group-devices'],
      ['GET', '/krye/listarfid'],
    ] as const) {
      const res = await call(
        ctx,
        basic.token,
        method,
        url,
        method === 'POST' ? { device_id: 'B1', name: 'x' } : undefined,
      );
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ Status: false, premiumRequired: true });
    }
  });
});
