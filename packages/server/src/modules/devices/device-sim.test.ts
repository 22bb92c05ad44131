import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import {
  createPremiumWorkspace,
  newDeviceId,
  registerDevice,
  withConfirmedClock,
} from '../../../test/helpers/device-factories';
import { addEmployee, call, listeningWorkspaceApp, resultOf } from '../../../test/helpers/workspace-factories';
import { heartbeat, sendScans, zk } from '../../cli/device-sim';
import { runSoak, ZkClock } from '../../cli/zk-clock';
import { scans } from '../../db/schema';

let ctx: TestContext;
let url: string;

beforeAll(async () => {
  ({ ctx, url } = await listeningWorkspaceApp());
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
    await withConfirmedClock(ctx, employer.token, serial);
    const options = { url, device: serial };
    expect(await zk(options, 'handshake', [])).toContain(`GET OPTION FROM: ${serial}`);
    // A punch of yesterday, inside the window a clock's punches are taken from.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(await zk(options, 'punch', ['5', `${yesterday} 08:00:00`])).toBe('OK:1');
    expect(await ctx.app.db.$count(scans, eq(scans.employerId, employer.employerId))).toBe(1);
    expect(await zk(options, 'poll', [])).toBe('OK');
  });
});

describe('a stateful ZKTeco clock (the simulator drives the server from outside)', () => {
  it('learns the team one command per poll, answers each, and reads its stamp at the handshake', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const serial = newDeviceId('ZKS');
    await withConfirmedClock(ctx, employer.token, serial);
    for (const name of ['Ana', 'Besa', 'Drita']) await addEmployee(ctx, employer.token, { name });
    const requests: string[] = [];
    const clock = new ZkClock({ url, serial, onRequest: (method, path) => requests.push(`${method} ${path}`) });
    await clock.handshake();
    const commands = await clock.drainCommands();
    expect(commands).toHaveLength(3);
    expect([...clock.users.keys()].sort()).toEqual(['1', '2', '3']);
    // Each poll carried one command and was answered before the next.
    expect(requests.filter((request) => request === 'POST devicecmd')).toHaveLength(3);

    clock.punch('1', `${yesterday()} 08:00:00`);
    clock.punch('2', `${yesterday()} 08:05:00`);
    await clock.uploadAll();
    // A reboot: the server's stamp says both are stored, so nothing is sent again.
    await clock.handshake();
    expect(clock.acknowledged).toBe(2);
    expect(await clock.uploadNext()).toBe(false);
  });

  it('pushes 50,000 punches through a rebooting clock that misses answers: none lost, none twice', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const serial = newDeviceId('SOAK');
    await withConfirmedClock(ctx, employer.token, serial);
    const clock = new ZkClock({ url, serial, batch: 2000 });
    const result = await runSoak(clock, { count: 50_000 });
    expect(result.acknowledged).toBe(50_000);
    expect(result.resends).toBeGreaterThan(0);
    const stored = await ctx.app.db
      .select({ n: sql<number>`count(*)::int`, distinct: sql<number>`count(distinct ${scans.seq})::int` })
      .from(scans)
      .where(eq(scans.employerId, employer.employerId));
    expect(stored[0]).toEqual({ n: 50_000, distinct: 50_000 });
  }, 240_000);
});

function yesterday(): string {
  return new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
}
