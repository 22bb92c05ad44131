import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/helpers/app';
import {
  addEmployeeWithPin,
  createPremiumWorkspace,
  newDeviceId,
  registerDevice,
} from '../../test/helpers/device-factories';
import { call, listeningWorkspaceApp } from '../../test/helpers/workspace-factories';
import { scans } from '../db/schema';
import { timeZoneOf } from '../modules/employer-settings/service';
import { formerLog, zkMoved } from './zk-moved';

let ctx: TestContext;
let url: string;

beforeAll(async () => {
  ({ ctx, url } = await listeningWorkspaceApp());
});
afterAll(async () => ctx?.close());

describe('the simulator’s moved clock', () => {
  it('writes a former employer’s log: an in and an out per PIN and day, oldest first', () => {
    const now = Date.UTC(2026, 10, 11, 12, 0, 0);
    expect(formerLog(['1', '2'], 1, now, 'UTC')).toEqual([
      '1\t2026-11-10 08:00:00\t0\t1\t0\t0\t0',
      '2\t2026-11-10 08:00:00\t0\t1\t0\t0\t0',
      '1\t2026-11-10 16:00:00\t1\t1\t0\t0\t0',
      '2\t2026-11-10 16:00:00\t1\t1\t0\t0\t0',
    ]);
  });

  it('confirms with the old log in the same upload: the old punches are held, the new one counts', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const bea = await addEmployeeWithPin(ctx, employer.token, 'Bea', '1');
    const serial = newDeviceId('SIMMOVED');
    const mine = await registerDevice(ctx, employer.token, { device_id: serial, protocol: 'zkteco', confirm: false });
    const zone = await timeZoneOf(ctx.app.deps, employer.employerId);
    const report = await zkMoved({ url, device: serial }, [mine.confirm_pin ?? '', '3', '1,2', zone]);
    expect(report).toContain('with the confirmation punch → 200 OK:13');
    expect(report).toContain('a new punch of PIN 1 → 200 OK:1');
    const stored = await ctx.app.db.select().from(scans).where(eq(scans.employerId, employer.employerId));
    expect(stored.map((scan) => scan.employeeId)).toEqual([bea.id]);
    const trust = await call(ctx, employer.token, 'GET', `/api/controllers/${serial}/trust`);
    expect(trust.json<{ Result: { held: { count: number } } }>().Result.held.count).toBe(12);
  });

  it('refuses a confirmation ID that is not 6 digits', async () => {
    await expect(zkMoved({ url, device: 'X' }, ['12'])).rejects.toThrow(/6-digit/);
  });
});
