import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import { createPremiumWorkspace, deviceCall, registerDevice } from '../../../test/helpers/device-factories';
import { call, createWorkspaceTestApp } from '../../../test/helpers/workspace-factories';
import { devices, scans } from '../../db/schema';
import { deviceAuthCache } from './auth-cache';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

const ts = (minute: number) => `2025-03-03T07:${String(minute).padStart(2, '0')}:00Z`;
const batch = (...seqs: number[]) => ({ scans: seqs.map((seq) => ({ seq, uid: 'CAFE01', ts: ts(seq) })) });
const REFUSED = { Status: false, Error: 'Device credentials are missing or wrong.' };

async function storedSeqs(employerId: number) {
  const rows = await ctx.app.db.select({ seq: scans.seq }).from(scans).where(eq(scans.employerId, employerId));
  return rows.map((row) => Number(row.seq)).sort((a, b) => a - b);
}

// A reader's credential is checked against the database once and then taken from memory
// (auth-cache.ts); the statement storing each batch checks it again, so revocation holds.
describe('device credential cache', () => {
  it('refuses a reader deleted after its credential was cached, and stores nothing', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const device = await registerDevice(ctx, employer.token);
    expect((await deviceCall(ctx, device, '/device/v1/scans', batch(1, 2))).statusCode).toBe(200);
    expect((await deviceCall(ctx, device, '/device/v1/scans', batch(3))).statusCode).toBe(200);
    const removed = await call(ctx, employer.token, 'DELETE', `/api/controllers/${device.device_id}`);
    expect(removed.statusCode).toBe(200);
    const after = await deviceCall(ctx, device, '/device/v1/scans', batch(4, 5));
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(REFUSED);
    expect(await storedSeqs(employer.employerId)).toEqual([1, 2, 3]);
  });

  it('refuses a reader whose row went behind the process, as another process deleting it would', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const device = await registerDevice(ctx, employer.token);
    expect((await deviceCall(ctx, device, '/device/v1/scans', batch(1))).statusCode).toBe(200);
    // Not through this process's route: nothing here hears of it but the database.
    await ctx.app.db.delete(devices).where(eq(devices.deviceId, device.device_id));
    expect((await deviceCall(ctx, device, '/device/v1/scans', batch(2))).statusCode).toBe(401);
    // A batch with nothing to store is refused as well (its credential is read once more).
    const empty = await deviceCall(ctx, device, '/device/v1/scans', { scans: [] });
    expect(empty.statusCode).toBe(401);
    const malformed = await deviceCall(ctx, device, '/device/v1/scans', { scans: [{ seq: 3, uid: '', ts: ts(3) }] });
    expect(malformed.statusCode).toBe(401);
    // The same serial registered again gets a new secret: the old one stays refused, the new one works.
    const again = await registerDevice(ctx, employer.token, { device_id: device.device_id });
    expect((await deviceCall(ctx, device, '/device/v1/scans', batch(4))).statusCode).toBe(401);
    expect((await deviceCall(ctx, again, '/device/v1/scans', batch(5))).json()).toEqual({
      accepted: [5],
      rejected: [],
    });
    expect(await storedSeqs(employer.employerId)).toEqual([1, 5]);
  });

  it('refuses a reader whose row is no longer confirmed or holds another secret', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const device = await registerDevice(ctx, employer.token);
    expect((await deviceCall(ctx, device, '/device/v1/scans', batch(1))).statusCode).toBe(200);
    await ctx.app.db.update(devices).set({ secretHash: 'another' }).where(eq(devices.deviceId, device.device_id));
    expect((await deviceCall(ctx, device, '/device/v1/scans', batch(2))).statusCode).toBe(401);
    const unconfirmed = await registerDevice(ctx, employer.token);
    expect((await deviceCall(ctx, unconfirmed, '/device/v1/scans', batch(3))).statusCode).toBe(200);
    await ctx.app.db.update(devices).set({ confirmedAt: null }).where(eq(devices.deviceId, unconfirmed.device_id));
    expect((await deviceCall(ctx, unconfirmed, '/device/v1/scans', batch(4))).statusCode).toBe(401);
    expect(await storedSeqs(employer.employerId)).toEqual([1, 3]);
  });

  it('keeps the last-seen time it wrote, so a busy reader is not written on every batch', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const device = await registerDevice(ctx, employer.token);
    expect((await deviceCall(ctx, device, '/device/v1/scans', batch(1))).statusCode).toBe(200);
    const [first] = await ctx.app.db.select().from(devices).where(eq(devices.deviceId, device.device_id));
    expect(first?.lastSeenAt).toBeInstanceOf(Date);
    expect((await deviceCall(ctx, device, '/device/v1/scans', batch(2))).statusCode).toBe(200);
    const [second] = await ctx.app.db.select().from(devices).where(eq(devices.deviceId, device.device_id));
    expect(second?.lastSeenAt?.getTime()).toBe(first?.lastSeenAt?.getTime());
  });

  it('caches readers only, checks a wrong secret every time, and drops the oldest beyond its size', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const reader = await registerDevice(ctx, employer.token);
    const kiosk = await registerDevice(ctx, employer.token, { protocol: 'kiosk' });
    const cache = deviceAuthCache(1);
    const header = (d: { device_id: string; secret: string | null }) => `Device ${d.device_id}:${d.secret}`;
    const found = await cache.authenticate(ctx.app.deps, header(reader));
    expect(found).toMatchObject({ deviceId: reader.device_id, protocol: 'puna' });
    expect(cache.size).toBe(1);
    expect(await cache.authenticate(ctx.app.deps, header(reader))).toBe(found);
    await cache.authenticate(ctx.app.deps, header(kiosk));
    expect(cache.size).toBe(1);
    await expect(cache.authenticate(ctx.app.deps, `Device ${reader.device_id}:wrong`)).rejects.toMatchObject({
      statusCode: 401,
    });
    const other = await registerDevice(ctx, employer.token);
    await cache.authenticate(ctx.app.deps, header(other));
    expect(cache.size).toBe(1);
    cache.forget(header(other));
    expect(cache.size).toBe(0);
  });
});
