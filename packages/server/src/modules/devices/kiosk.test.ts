import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import { createPremiumWorkspace, deviceCall, giveCard, registerDevice } from '../../../test/helpers/device-factories';
import { addEmployee, call, createWorkspaceTestApp } from '../../../test/helpers/workspace-factories';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

const ts = (minute: number) => `2025-03-03T07:${String(minute).padStart(2, '0')}:00Z`;

async function addWorkerWithCard(token: string, name: string, rfid: string) {
  const { id } = await giveCard(ctx, token, await addEmployee(ctx, token, { name }), rfid);
  return { id, name };
}

type KioskAnswer = {
  accepted: number[];
  rejected: { seq: number | null; error: string }[];
  results?: { seq: number; employee: { id: number; name: string } | null }[];
};

describe('browser kiosk on protocol v1', () => {
  it("answers each accepted scan with its worker's name, or null for an unknown card", async () => {
    const employer = await createPremiumWorkspace(ctx);
    const kiosk = await registerDevice(ctx, employer.token, { protocol: 'kiosk', name: 'Tableti' });
    const ana = await addWorkerWithCard(employer.token, 'Ana Hoxha', '0004512345');
    const res = await deviceCall(ctx, kiosk, '/device/v1/scans', {
      scans: [
        { seq: 1, uid: '0004512345', ts: ts(1) },
        { seq: 2, uid: '99999999', ts: ts(2) },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<KioskAnswer>()).toEqual({
      accepted: [1, 2],
      rejected: [],
      results: [
        { seq: 1, employee: { id: ana.id, name: 'Ana Hoxha' } },
        { seq: 2, employee: null },
      ],
    });
  });

  it('answers a retried scan with the worker it was stored for, even after the card moved', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const kiosk = await registerDevice(ctx, employer.token, { protocol: 'kiosk' });
    const ana = await addWorkerWithCard(employer.token, 'Ana', 'C0FFEE');
    const batch = { scans: [{ seq: 7, uid: 'c0ffee', ts: ts(7) }] };
    await deviceCall(ctx, kiosk, '/device/v1/scans', batch);
    // The card goes to Besa; the kiosk never saw the first answer and sends the scan again.
    await call(ctx, employer.token, 'PUT', `/krye/edit_employee/${ana.id}`, {
      name: 'Ana',
      salary: 4,
      wages: 'Orë',
      role: 'Punëtor',
      rfid: '',
    });
    await addWorkerWithCard(employer.token, 'Besa', 'C0FFEE');
    const retry = await deviceCall(ctx, kiosk, '/device/v1/scans', {
      scans: [...batch.scans, { seq: 8, uid: 'C0FFEE', ts: ts(8) }],
    });
    const results = retry.json<KioskAnswer>().results ?? [];
    expect(results.map((result) => [result.seq, result.employee?.name])).toEqual([
      [7, 'Ana'],
      [8, 'Besa'],
    ]);
  });

  it('leaves results out of the answer to a reader on protocol puna', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const reader = await registerDevice(ctx, employer.token, { protocol: 'puna' });
    await addWorkerWithCard(employer.token, 'Ana', 'ABCD01');
    const res = await deviceCall(ctx, reader, '/device/v1/scans', { scans: [{ seq: 1, uid: 'ABCD01', ts: ts(1) }] });
    expect(res.json()).toEqual({ accepted: [1], rejected: [] });
  });

  it('refuses a kiosk with a wrong secret with 401 and no names', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const kiosk = await registerDevice(ctx, employer.token, { protocol: 'kiosk' });
    await addWorkerWithCard(employer.token, 'Ana', 'ABCD02');
    const res = await deviceCall(ctx, { ...kiosk, secret: 'not-the-secret' }, '/device/v1/scans', {
      scans: [{ seq: 1, uid: 'ABCD02', ts: ts(1) }],
    });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('Ana');
    const heartbeat = await deviceCall(ctx, { ...kiosk, secret: 'not-the-secret' }, '/device/v1/heartbeat', {});
    expect(heartbeat.statusCode).toBe(401);
  });

  it('pairs with an empty heartbeat (a browser has no Wi-Fi to report)', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const kiosk = await registerDevice(ctx, employer.token, { protocol: 'kiosk' });
    const res = await deviceCall(ctx, kiosk, '/device/v1/heartbeat', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ config: null, serverTime: expect.any(String) });
  });

  it('describes results in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const answer = doc.paths['/device/v1/scans'].post.responses['200'].content['application/json'].schema;
    expect(Object.keys(answer.properties)).toEqual(['accepted', 'rejected', 'results']);
    expect(answer.required).not.toContain('results');
  });

  it('rejects a malformed scan alone and gives no result for it; refuses a malformed batch with 400', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const kiosk = await registerDevice(ctx, employer.token, { protocol: 'kiosk' });
    const res = await deviceCall(ctx, kiosk, '/device/v1/scans', {
      scans: [
        { seq: 1, uid: 'ABCD03', ts: ts(1) },
        { seq: 2, uid: 'not a uid!', ts: ts(2) },
      ],
    });
    const body = res.json<KioskAnswer>();
    expect(body.accepted).toEqual([1]);
    expect(body.rejected.map((r) => r.seq)).toEqual([2]);
    expect(body.results).toEqual([{ seq: 1, employee: null }]);
    const bad = await deviceCall(ctx, kiosk, '/device/v1/scans', { scans: { seq: 1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ Status: false, Error: expect.any(String) });
  });
});
