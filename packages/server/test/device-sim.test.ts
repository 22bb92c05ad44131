import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heartbeat, sendScans, zk } from '../src/cli/device-sim';
import { scans } from '../src/db/schema';
import type { TestContext } from './helpers/app';
import { createPremiumWorkspace, newDeviceId, registerDevice } from './helpers/device-factories';
import { call, createWorkspaceTestApp, resultOf } from './helpers/workspace-factories';

let ctx: TestContext;
let url: string;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => ctx?.close());

describe('device simulator', () => {
  it('heartbeats and scans through protocol v1', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const device = await registerDevice(ctx, employer.token);
    const options = { url, device: device.device_id, secret: device.secret ?? '' };
    expect((await heartbeat(options, 'Sim')).config).toBeNull();
    const scans = [1, 2].map((seq) => ({ seq, uid: 'SIM1', ts: '2025-03-03T07:00:00Z' }));
    expect(await sendScans(options, scans)).toEqual([1, 2]);
    expect(await sendScans(options, scans)).toEqual([1, 2]);
    const unknown = resultOf<{ uid: string; scans: number }[]>(
      await call(ctx, employer.token, 'GET', '/krye/rfid/unknown'),
    );
    expect(unknown).toMatchObject([{ uid: 'SIM1', scans: 2 }]);
  });

  it('speaks the ZKTeco conversation', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const serial = newDeviceId('ZK');
    await registerDevice(ctx, employer.token, { device_id: serial, protocol: 'zkteco' });
    const options = { url, device: serial };
    expect(await zk(options, 'handshake', [])).toContain(`GET OPTION FROM: ${serial}`);
    // A punch of yesterday, inside the window a clock's punches are taken from.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(await zk(options, 'punch', ['5', `${yesterday} 08:00:00`])).toBe('OK:1');
    expect(await ctx.app.db.$count(scans, eq(scans.employerId, employer.employerId))).toBe(1);
    expect(await zk(options, 'poll', [])).toBe('OK');
  });
});
