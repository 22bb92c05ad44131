import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/helpers/app';
import {
  addEmployeeWithPin,
  createPremiumWorkspace,
  newDeviceId,
  registerDevice,
} from '../../test/helpers/device-factories';
import { listeningWorkspaceApp } from '../../test/helpers/workspace-factories';
import { devices, scans } from '../db/schema';
import { timeZoneOf } from '../modules/employer-settings/service';
import { zk3 } from './zk-push3';

let ctx: TestContext;
let url: string;

beforeAll(async () => {
  ({ ctx, url } = await listeningWorkspaceApp());
});
afterAll(async () => ctx?.close());

/** The clock's local time in the employer's zone, `minutes` from now. */
async function localTime(employerId: number, minutes: number): Promise<string> {
  const timeZone = await timeZoneOf(ctx.app.deps, employerId);
  const text = new Date(Date.now() + minutes * 60_000).toLocaleString('sv-SE', { timeZone, hourCycle: 'h23' });
  return text.replace(/^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}):\d{2}$/, '$1 $2:00');
}

describe('the simulator in push 3.x mode (zk push3)', () => {
  it('registers with a stable RegistryCode, confirms with an rtlog punch, and punches by rtlog and tabledata', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const ana = await addEmployeeWithPin(ctx, employer.token, 'Ana', '14');
    const serial = newDeviceId('ZK3');
    await registerDevice(ctx, employer.token, { device_id: serial, protocol: 'zkteco', confirm: false });
    const [row] = await ctx.app.db
      .select({ pin: devices.confirmPin })
      .from(devices)
      .where(and(eq(devices.deviceId, serial), eq(devices.employerId, employer.employerId)));
    const options = { url, device: serial };

    const registered = await zk3(options, 'register', []);
    expect(registered).toMatch(/^RegistryCode=[0-9a-f]{16}\nServerVersion=/);
    expect((await zk3(options, 'register', [])).split('\n')[0]).toBe(registered.split('\n')[0]);
    expect(await zk3(options, 'time', [])).toMatch(/^DateTime=\d+,ServerTZ=[+-]\d{4}$/);

    expect(await zk3(options, 'punch', [row?.pin ?? '', await localTime(employer.employerId, 0)])).toBe('OK:1');
    expect(await zk3(options, 'punch', ['14', await localTime(employer.employerId, 1)])).toBe('OK:1');
    expect(await zk3(options, 'door', [])).toBe('OK:1');
    expect(await zk3(options, 'transaction', ['14', await localTime(employer.employerId, 2)])).toBe('transaction=1');
    const stored = await ctx.app.db.select().from(scans).where(eq(scans.employerId, employer.employerId));
    expect(stored.map((scan) => scan.employeeId)).toEqual([ana.id, ana.id]);

    expect(await zk3(options, 'burst', ['30', '5', '10'])).toMatch(/^30 rtlog punches acknowledged in /);
    await expect(zk3(options, 'dance', [])).rejects.toThrow(/unknown zk push3 command/);
  });
});
