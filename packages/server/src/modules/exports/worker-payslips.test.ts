import { ZWorkerPayslipsResponse } from '@puna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import {
  addEmployee,
  addHours,
  call,
  createWorker,
  createWorkspace,
  createWorkspaceTestApp,
} from '../../../test/helpers/workspace-factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

/** A Kosovo employer with the rules on and one worker with a login and hours in March and April 2026. */
async function closingTeam() {
  const employer = await createWorkspace(ctx, { companyName: 'Furra Çeta', labourRules: 'XK' });
  const worker = await createWorker(ctx, employer.token, { name: 'Vesa Berisha', wages: 'Orë', salary: 6 });
  await addHours(ctx, employer.token, [
    { worker_id: worker.employee.id, data: '2026-03-03', ora: 8 },
    { worker_id: worker.employee.id, data: '2026-04-07', ora: 8 },
  ]);
  return { employer, worker };
}

async function payslipsOf(token: string) {
  const res = await call(ctx, token, 'GET', '/krye/worker/me/payslips');
  expect(res.statusCode, res.body).toBe(200);
  return ZWorkerPayslipsResponse.parse(res.json()).Result;
}

describe('GET /krye/worker/me/payslips', () => {
  it("lists the months the worker's employer has closed, newest first, and drops a reopened one", async () => {
    const { employer, worker } = await closingTeam();
    expect(await payslipsOf(worker.token)).toEqual([]);

    for (const month of ['2026-03', '2026-04', '2026-02']) {
      const res = await call(ctx, employer.token, 'POST', `/krye/months/${month}/close`);
      expect(res.statusCode, res.body).toBe(200);
    }
    const closed = await payslipsOf(worker.token);
    expect(closed.map((row) => row.month)).toEqual(['2026-04', '2026-03', '2026-02']);
    for (const row of closed) expect(Date.parse(row.closed_at)).not.toBeNaN();

    const reopen = await call(ctx, employer.token, 'POST', '/krye/months/2026-04/reopen', { reason: 'Gabim në orë' });
    expect(reopen.statusCode, reopen.body).toBe(200);
    expect((await payslipsOf(worker.token)).map((row) => row.month)).toEqual(['2026-03', '2026-02']);
  });

  it("leaves out another employer's months and a month closed before the worker was added", async () => {
    const { employer, worker } = await closingTeam();
    expect((await call(ctx, employer.token, 'POST', '/krye/months/2026-03/close')).statusCode).toBe(200);
    const late = await createWorker(ctx, employer.token, { name: 'Arbër Gashi' });
    expect((await call(ctx, employer.token, 'POST', '/krye/months/2026-04/close')).statusCode).toBe(200);

    const other = await closingTeam();
    expect((await call(ctx, other.employer.token, 'POST', '/krye/months/2026-01/close')).statusCode).toBe(200);

    expect((await payslipsOf(worker.token)).map((row) => row.month)).toEqual(['2026-04', '2026-03']);
    expect((await payslipsOf(late.token)).map((row) => row.month)).toEqual(['2026-04']);
    expect((await payslipsOf(other.worker.token)).map((row) => row.month)).toEqual(['2026-01']);
    // Every listed month downloads.
    const pdf = await call(ctx, late.token, 'GET', '/krye/worker/me/payslip?month=2026-04');
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses an employer (403) and a caller without a session (401)', async () => {
    const { employer } = await closingTeam();
    await addEmployee(ctx, employer.token, { name: 'Pa Hyrje' });
    const asEmployer = await call(ctx, employer.token, 'GET', '/krye/worker/me/payslips');
    expect(asEmployer.statusCode).toBe(403);
    expect(asEmployer.json()).toMatchObject({ Status: false });
    const anonymous = await call(ctx, null, 'GET', '/krye/worker/me/payslips');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ Status: false });
  });

  it('refuses an unknown query parameter with 400 and a sentence', async () => {
    const { worker } = await closingTeam();
    const res = await call(ctx, worker.token, 'GET', '/krye/worker/me/payslips?employer_id=1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Status: false, Error: expect.any(String) });
  });
});
