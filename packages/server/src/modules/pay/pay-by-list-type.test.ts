import type { TListTypePayPreview } from '@puna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import { createPremiumWorkspace, deviceCall, giveCard, registerDevice } from '../../../test/helpers/device-factories';
import {
  addEmployee,
  addHours,
  call,
  createWorker,
  createWorkspace,
  createWorkspaceTestApp,
  resultOf,
} from '../../../test/helpers/workspace-factories';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

const URL = '/krye/pay/by-list-type';

/**
 * A premium employer whose hourly worker (5 € an hour) has 16 entered hours in March 2025 but
 * scanned in and out on one day only (08:00–12:00 in Tirane, 4 hours): 80 € by the hours list,
 * 20 € by the scans.
 */
async function employerWithBothSources() {
  const employer = await createPremiumWorkspace(ctx);
  const ana = await addEmployee(ctx, employer.token, { name: 'Ana', salary: 5, wages: 'Orë' });
  await giveCard(ctx, employer.token, ana, 'CAFE01');
  await addHours(ctx, employer.token, [
    { worker_id: ana.id, data: '2025-03-03', ora: 8 },
    { worker_id: ana.id, data: '2025-03-04', ora: 8 },
  ]);
  const device = await registerDevice(ctx, employer.token);
  const scans = await deviceCall(ctx, device, '/device/v1/scans', {
    scans: [
      { seq: 1, uid: 'CAFE01', ts: '2025-03-03T07:00:00Z' },
      { seq: 2, uid: 'CAFE01', ts: '2025-03-03T11:00:00Z' },
    ],
  });
  expect(scans.statusCode).toBe(200);
  return employer;
}

async function previewOf(token: string, query = '?month=2025-03'): Promise<TListTypePayPreview> {
  const res = await call(ctx, token, 'GET', `${URL}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return resultOf<TListTypePayPreview>(res);
}

describe("the month's pay under each list type", () => {
  it('adds up the pay from entered hours and from scans, whichever type is in use', async () => {
    const employer = await employerWithBothSources();
    const both = { klista: { pay: 80, totalHours: 16 }, rfid: { pay: 20, totalHours: 4 } };
    expect(await previewOf(employer.token)).toEqual({ month: '2025-03', current: 'klista', totals: both });

    const switched = await call(ctx, employer.token, 'PUT', `/krye/employers/${employer.employerId}/updateListaType`, {
      listaType: 'rfid',
    });
    expect(switched.statusCode).toBe(200);
    expect(await previewOf(employer.token)).toEqual({ month: '2025-03', current: 'rfid', totals: both });
    // The pay page agrees with the total of the type in use.
    const pay = resultOf<{ pay: number }[]>(await call(ctx, employer.token, 'GET', '/krye/pay?month=2025-03'));
    expect(pay.map((row) => row.pay)).toEqual([20]);

    // Without a month it answers for this month (nothing recorded there).
    const current = await previewOf(employer.token, '');
    expect(current.month).toMatch(/^\d{4}-\d{2}$/);
    expect(current.totals).toEqual({ klista: { pay: 0, totalHours: 0 }, rfid: { pay: 0, totalHours: 0 } });
  });

  it("counts only the caller's own employees: another employer sees its own zero totals", async () => {
    await employerWithBothSources();
    const other = await createWorkspace(ctx);
    await addEmployee(ctx, other.token, { name: 'Ana', salary: 5 });
    expect(await previewOf(other.token)).toEqual({
      month: '2025-03',
      current: 'klista',
      totals: { klista: { pay: 0, totalHours: 0 }, rfid: { pay: 0, totalHours: 0 } },
    });
  });

  it('refuses workers (403) and anonymous callers (401)', async () => {
    const employer = await employerWithBothSources();
    const worker = await createWorker(ctx, employer.token);
    const asWorker = await call(ctx, worker.token, 'GET', `${URL}?month=2025-03`);
    expect(asWorker.statusCode).toBe(403);
    expect(asWorker.body).not.toContain('80');
    expect((await call(ctx, null, 'GET', `${URL}?month=2025-03`)).statusCode).toBe(401);
  });

  it.each(['?month=2025-13', '?month=March', '?month=2025-03&employer_id=1'])('refuses %s with 400', async (query) => {
    const employer = await createWorkspace(ctx);
    const res = await call(ctx, employer.token, 'GET', `${URL}${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ Status: boolean; Error: string }>()).toMatchObject({ Status: false, Error: expect.any(String) });
  });
});
