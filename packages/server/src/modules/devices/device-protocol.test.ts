import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import { createPremiumWorkspace, deviceCall, registerDevice } from '../../../test/helpers/device-factories';
import { call, createWorkspaceTestApp } from '../../../test/helpers/workspace-factories';
import { buildApp } from '../../app';
import { devices, scans } from '../../db/schema';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

async function scansOf(employerId: number) {
  return ctx.app.db.select().from(scans).where(eq(scans.employerId, employerId)).orderBy(scans.seq);
}

const ts = (minute: number) => `2025-03-03T07:${String(minute).padStart(2, '0')}:00Z`;

describe('device protocol v1: scans', () => {
  it('stores a batch once however often it is retried', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const device = await registerDevice(ctx, employer.token);
    const batch = { scans: [1, 2, 3].map((seq) => ({ seq, uid: 'a1b2c3d4', ts: ts(seq) })) };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const res = await deviceCall(ctx, device, '/device/v1/scans', batch);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ accepted: [1, 2, 3], rejected: [] });
    }
    // A retry overlapping a new batch stores only the new scans.
    const overlap = { scans: [3, 4].map((seq) => ({ seq, uid: 'A1B2C3D4', ts: ts(seq) })) };
    expect((await deviceCall(ctx, device, '/device/v1/scans', overlap)).json()).toEqual({
      accepted: [3, 4],
      rejected: [],
    });
    const stored = await scansOf(employer.employerId);
    expect(stored.map((scan) => scan.seq)).toEqual([1, 2, 3, 4]);
    expect(stored.every((scan) => scan.uid === 'A1B2C3D4' && scan.employeeId === null)).toBe(true);
  });

  it('keeps the good scans of a batch and rejects a malformed one alone', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const device = await registerDevice(ctx, employer.token);
    const res = await deviceCall(ctx, device, '/device/v1/scans', {
      scans: [
        { seq: 10, uid: 'CARD1', ts: ts(1) },
        { seq: 11, uid: 'CARD1', ts: 'yesterday' },
        { seq: 12, uid: '', ts: ts(2) },
        { uid: 'CARD1', ts: ts(3) },
        { seq: 13, uid: 'CARD1', ts: ts(4) },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ accepted: number[]; rejected: { seq: number | null; error: string }[] }>();
    expect(body.accepted).toEqual([10, 13]);
    expect(body.rejected.map((r) => r.seq)).toEqual([11, 12, null]);
    expect((await scansOf(employer.employerId)).map((scan) => scan.seq)).toEqual([10, 13]);
  });

  it('attributes scans of an assigned card to its holder', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const device = await registerDevice(ctx, employer.token);
    const add = await call(ctx, employer.token, 'POST', '/krye/add_employee', {
      name: 'Ana',
      salary: 4,
      wages: 'Orë',
      role: 'Punëtor',
    });
    const ana = add.json<{ Result: { id: number } }>().Result;
    const edit = await call(ctx, employer.token, 'PUT', `/krye/edit_employee/${ana.id}`, {
      name: 'Ana',
      salary: 4,
      wages: 'Orë',
      role: 'Punëtor',
      rfid: 'beef01',
    });
    expect(edit.statusCode).toBe(200);
    await deviceCall(ctx, device, '/device/v1/scans', { scans: [{ seq: 1, uid: 'BEEF01', ts: ts(0) }] });
    expect((await scansOf(employer.employerId))[0]?.employeeId).toBe(ana.id);
  });

  it('refuses bad credentials with 401 and stores nothing', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const device = await registerDevice(ctx, employer.token);
    const batch = { scans: [{ seq: 1, uid: 'CARD1', ts: ts(1) }] };
    for (const headers of [
      {},
      { authorization: `Device ${device.device_id}:wrong-secret` },
      { authorization: `Device unknown-device:${device.secret}` },
      { authorization: `Bearer ${employer.token}` },
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/device/v1/scans', headers, payload: batch });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ Status: false });
    }
    expect(await scansOf(employer.employerId)).toEqual([]);
  });

  it('refuses a batch that is not a list, or too long, with 400', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const device = await registerDevice(ctx, employer.token);
    const tooMany = Array.from({ length: 501 }, (_, seq) => ({ seq, uid: 'C', ts: ts(1) }));
    for (const body of [{ scans: 'x' }, {}, { scans: tooMany }]) {
      const res = await deviceCall(ctx, device, '/device/v1/scans', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ Status: false, Error: expect.any(String) });
    }
    expect(await scansOf(employer.employerId)).toEqual([]);
  });

  it('rejects a scan with an impossible time alone, so its batch drains and later reads stay readable', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const device = await registerDevice(ctx, employer.token);
    const batch = {
      scans: [
        { seq: 20, uid: 'CARD2', ts: ts(1) },
        { seq: 21, uid: 'CARD2', ts: '0000-01-01T08:00:00Z' },
        { seq: 22, uid: 'CARD2', ts: '9999-12-31T08:00:00Z' },
        { seq: 23, uid: 'CARD2', ts: ts(2) },
      ],
    };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const res = await deviceCall(ctx, device, '/device/v1/scans', batch);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ accepted: number[]; rejected: { seq: number | null; error: string }[] }>();
      expect(body.accepted).toEqual([20, 23]);
      expect(body.rejected.map((r) => r.seq)).toEqual([21, 22]);
      expect(body.rejected[0]?.error).toMatch(/not a possible scan time/);
    }
    expect((await scansOf(employer.employerId)).map((scan) => scan.seq)).toEqual([20, 23]);
    const unknown = await call(ctx, employer.token, 'GET', '/krye/rfid/unknown');
    expect(unknown.statusCode).toBe(200);
  });

  it('authenticates a device whose id is a MAC address (holds colons)', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const mac = `AA:BB:CC:${Date.now().toString(16).slice(-6).match(/../g)?.join(':')}`;
    const device = await registerDevice(ctx, employer.token, { device_id: mac });
    const res = await deviceCall(ctx, device, '/device/v1/heartbeat', { firmware: '1.0' });
    expect(res.statusCode, res.body).toBe(200);
    const wrong = await deviceCall(ctx, { ...device, secret: 'wrong' }, '/device/v1/heartbeat', { firmware: '1.0' });
    expect(wrong.statusCode).toBe(401);
  });
});

describe('device protocol v1: last seen', () => {
  it('marks the device seen on upload, refreshing it at most every 15 s', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const device = await registerDevice(ctx, employer.token);
    const lastSeen = async () => {
      const [row] = await ctx.app.db.select().from(devices).where(eq(devices.deviceId, device.device_id));
      return row?.lastSeenAt?.getTime() ?? null;
    };
    await deviceCall(ctx, device, '/device/v1/scans', { scans: [{ seq: 1, uid: 'CARD1', ts: ts(1) }] });
    const first = await lastSeen();
    expect(first).not.toBeNull();
    await deviceCall(ctx, device, '/device/v1/scans', { scans: [{ seq: 2, uid: 'CARD1', ts: ts(2) }] });
    expect(await lastSeen()).toBe(first);
    const listed = await call(ctx, employer.token, 'GET', '/api/controllers');
    const [entry] = listed.json<{ Result: { connected: boolean }[] }>().Result;
    expect(entry?.connected).toBe(true);
  });
});

describe('device protocol v1: restarts', () => {
  it('stores every scan exactly once when the server restarts mid-batch and the device retries', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const device = await registerDevice(ctx, employer.token);
    const batch = Array.from({ length: 200 }, (_, i) => ({ seq: 1000 + i, uid: 'CAFE', ts: ts(i % 60) }));
    // The first half reached the database; the server then went down before answering.
    await deviceCall(ctx, device, '/device/v1/scans', { scans: batch.slice(0, 100) });
    await ctx.app.close();
    const restarted = await buildApp(ctx.config, { database: ctx.database, logger: false });
    await restarted.ready();
    ctx.app = restarted;
    // The device never saw an answer, so it sends the whole batch again to the new process.
    const retry = await deviceCall(ctx, device, '/device/v1/scans', { scans: batch });
    expect(retry.statusCode).toBe(200);
    expect(retry.json<{ accepted: number[] }>().accepted).toHaveLength(200);
    const stored = await scansOf(employer.employerId);
    expect(stored.map((scan) => scan.seq)).toEqual(batch.map((scan) => scan.seq));
  });
});

describe('device protocol v1: heartbeat', () => {
  it('delivers a Wi-Fi change and erases the password once acknowledged', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const device = await registerDevice(ctx, employer.token);
    const none = await deviceCall(ctx, device, '/device/v1/heartbeat', { ssid: 'Old' });
    expect(none.json<{ config: unknown; serverTime: string }>()).toMatchObject({ config: null });
    const put = await call(ctx, employer.token, 'PUT', `/api/controllers/${device.device_id}/config`, {
      ssid: 'Zyra',
      password: 'sekret-wifi',
    });
    expect(put.json()).toEqual({ Status: true });
    const [row] = await ctx.app.db.select().from(devices).where(eq(devices.deviceId, device.device_id));
    expect(JSON.stringify(row?.pendingConfig)).not.toContain('sekret-wifi');
    // The Devices page shows the new network as pending, beside the one the reader last reported.
    const listed = async () =>
      call(ctx, employer.token, 'GET', '/api/controllers').then(
        (res) => res.json<{ Result: { ssid: string | null; pending_ssid: string | null }[] }>().Result[0],
      );
    expect(await listed()).toMatchObject({ ssid: 'Old', pending_ssid: 'Zyra' });

    const delivered = await deviceCall(ctx, device, '/device/v1/heartbeat', { ssid: 'Old' });
    expect(delivered.json<{ config: unknown }>().config).toEqual({ version: 1, ssid: 'Zyra', password: 'sekret-wifi' });
    const acked = await deviceCall(ctx, device, '/device/v1/heartbeat', { ssid: 'Zyra', ackConfigVersion: 1 });
    expect(acked.json<{ config: unknown }>().config).toBeNull();
    const [after] = await ctx.app.db.select().from(devices).where(eq(devices.deviceId, device.device_id));
    expect(after?.pendingConfig).toBeNull();
    expect(after?.ssid).toBe('Zyra');
    expect(await listed()).toMatchObject({ ssid: 'Zyra', pending_ssid: null });
  });

  it('refuses a heartbeat with bad credentials', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const device = await registerDevice(ctx, employer.token);
    const res = await deviceCall(ctx, { ...device, secret: 'nope' }, '/device/v1/heartbeat', { ssid: 'X' });
    expect(res.statusCode).toBe(401);
    const [row] = await ctx.app.db.select().from(devices).where(eq(devices.deviceId, device.device_id));
    expect(row?.lastSeenAt).toBeNull();
  });
});
