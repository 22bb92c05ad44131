import { addDays, messages, type TShift, type TShiftRequest, todayIn } from '@puna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers/app';
import { insertLeave } from '../../../test/helpers/leave-factories';
import { startPushService, subscribedBrowser } from '../../../test/helpers/push-service';
import { call, createWorker, createWorkspace, resultOf } from '../../../test/helpers/workspace-factories';

let ctx: TestContext;
let pushService: Awaited<ReturnType<typeof startPushService>>;

beforeAll(async () => {
  ctx = await createTestApp({}, { pushAllowPrivateAddresses: true });
  pushService = await startPushService();
});
afterAll(async () => {
  await ctx?.close();
  await pushService?.close();
});

const DAY = addDays(todayIn('Europe/Tirane'), 10);

async function team() {
  const owner = await createWorkspace(ctx, 'Dyqani');
  const arta = await createWorker(ctx, owner.token, { name: 'Arta Krasniqi' });
  const besa = await createWorker(ctx, owner.token, { name: 'Besa Hoxha' });
  const ownerPushes = (await subscribedBrowser(ctx, pushService, owner.token)).pushes;
  const artaPushes = (await subscribedBrowser(ctx, pushService, arta.token)).pushes;
  const besaPushes = (await subscribedBrowser(ctx, pushService, besa.token)).pushes;
  return { owner, arta, besa, ownerPushes, artaPushes, besaPushes };
}

async function publishedShift(token: string, employeeId: number | null, start = '08:00', end = '16:00') {
  const res = await call(ctx, token, 'POST', '/krye/shifts', { employee_id: employeeId, date: DAY, start, end });
  expect(res.statusCode, res.body).toBe(201);
  const published = await call(ctx, token, 'POST', '/krye/shifts/publish', { from: DAY, to: DAY });
  expect(published.statusCode, published.body).toBe(200);
  return resultOf<TShift>(res);
}
const claim = (token: string, id: number) => call(ctx, token, 'POST', `/krye/worker/me/shifts/${id}/claim`);
const decide = (token: string, id: number, status: string) =>
  call(ctx, token, 'PUT', `/krye/shift-requests/${id}`, { status });
async function mineOn(token: string) {
  const res = await call(ctx, token, 'GET', `/krye/worker/me/shifts?from=${DAY}&to=${DAY}`);
  expect(res.statusCode, res.body).toBe(200);
  return resultOf<{ shifts: TShift[]; open: TShift[] }>(res);
}

describe('claims of open shifts', () => {
  it('a worker claims an open shift; the employer hears, approves; the shift is the worker’s, published; the other claim is declined', async () => {
    const { owner, arta, besa, ownerPushes, artaPushes, besaPushes } = await team();
    const open = await publishedShift(owner.token, null);
    const artaClaim = await claim(arta.token, open.id);
    expect(artaClaim.statusCode, artaClaim.body).toBe(201);
    const request = resultOf<TShiftRequest>(artaClaim);
    expect(request).toMatchObject({ kind: 'claim', status: 'pending', employee_name: 'Arta Krasniqi' });
    // The same worker cannot claim twice; a colleague can.
    expect((await claim(arta.token, open.id)).statusCode).toBe(409);
    const besaClaim = resultOf<TShiftRequest>(await claim(besa.token, open.id));
    await expect.poll(() => ownerPushes().length).toBe(2);
    expect(ownerPushes()[0]).toMatchObject({ title: 'Kërkesë për një turn të hapur' });

    const pending = await call(ctx, owner.token, 'GET', '/krye/shift-requests?status=pending');
    expect(resultOf<TShiftRequest[]>(pending).map((row) => row.id)).toEqual([besaClaim.id, request.id]);

    const approved = await decide(owner.token, request.id, 'approved');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(resultOf<TShiftRequest>(approved)).toMatchObject({
      status: 'approved',
      shift: { employee_id: arta.employee.id },
    });
    expect((await mineOn(arta.token)).shifts).toEqual([expect.objectContaining({ id: open.id, start: '08:00' })]);
    expect((await mineOn(besa.token)).open).toEqual([]);
    // Each hears the answer once: Arta approved, Besa declined.
    await expect.poll(() => artaPushes().length).toBe(1);
    await expect.poll(() => besaPushes().length).toBe(1);
    expect(artaPushes()[0]).toMatchObject({ title: 'Kërkesa për turnin u miratua' });
    expect(besaPushes()[0]).toMatchObject({ title: 'Kërkesa për turnin nuk u miratua' });
    // Decided once.
    expect((await decide(owner.token, request.id, 'declined')).statusCode).toBe(409);
  });

  it('refuses a claim that would overlap the worker’s shift, or fall on its leave', async () => {
    const { owner, arta, besa } = await team();
    await publishedShift(owner.token, arta.employee.id, '07:00', '12:00');
    const open = await publishedShift(owner.token, null, '10:00', '18:00');
    const overlap = await claim(arta.token, open.id);
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({ Status: false, Error: messages.shiftOverlaps });
    await insertLeave(ctx, owner.employerId, besa.employee.id, { from: DAY, to: DAY });
    const onLeave = await claim(besa.token, open.id);
    expect(onLeave.statusCode).toBe(409);
    expect(onLeave.json()).toMatchObject({ Status: false, Error: messages.shiftOnLeave });
  });
});

describe('swaps', () => {
  it('a worker offers its shift; the colleague accepts; the employer approves; the shift changes hands', async () => {
    const { owner, arta, besa, ownerPushes, besaPushes } = await team();
    const shift = await publishedShift(owner.token, arta.employee.id);
    const offer = await call(ctx, arta.token, 'POST', `/krye/worker/me/shifts/${shift.id}/swap`, {
      employee_id: besa.employee.id,
    });
    expect(offer.statusCode, offer.body).toBe(201);
    const request = resultOf<TShiftRequest>(offer);
    expect(request).toMatchObject({ kind: 'swap', status: 'offered', to_employee_name: 'Besa Hoxha' });
    await expect.poll(() => besaPushes().length).toBe(1);
    expect(besaPushes()[0]).toMatchObject({ title: 'Ju ofrohet një turn' });
    // Not yet the employer's to decide.
    expect((await decide(owner.token, request.id, 'approved')).statusCode).toBe(409);
    // Only the colleague accepts.
    expect(
      (await call(ctx, arta.token, 'POST', `/krye/worker/me/shift-requests/${request.id}/accept`)).statusCode,
    ).toBe(404);
    const offered = await call(ctx, besa.token, 'GET', '/krye/worker/me/shift-requests');
    expect(resultOf<TShiftRequest[]>(offered)).toEqual([expect.objectContaining({ id: request.id })]);
    const accepted = await call(ctx, besa.token, 'POST', `/krye/worker/me/shift-requests/${request.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    await expect.poll(() => ownerPushes().length).toBe(1);
    expect(ownerPushes()[0]).toMatchObject({ title: 'Kërkesë për ndërrim turni' });

    expect((await decide(owner.token, request.id, 'approved')).statusCode).toBe(200);
    expect((await mineOn(arta.token)).shifts).toEqual([]);
    expect((await mineOn(besa.token)).shifts).toEqual([expect.objectContaining({ id: shift.id })]);
  });

  it('refuses an offer of another’s shift, to oneself, or of a shift with an open request', async () => {
    const { owner, arta, besa } = await team();
    const shift = await publishedShift(owner.token, arta.employee.id);
    const swap = (token: string, body: unknown) =>
      call(ctx, token, 'POST', `/krye/worker/me/shifts/${shift.id}/swap`, body);
    expect((await swap(besa.token, { employee_id: arta.employee.id })).statusCode).toBe(404);
    const self = await swap(arta.token, { employee_id: arta.employee.id });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ Status: false, Error: messages.shiftSwapSelf });
    expect((await swap(arta.token, { employee_id: besa.employee.id })).statusCode).toBe(201);
    const twice = await swap(arta.token, { employee_id: besa.employee.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ Status: false, Error: messages.shiftRequestPending });
  });
});

describe('shift requests: outsiders and bad input', () => {
  it('another employer’s requests and shifts answer as missing; an employer cannot claim', async () => {
    const { owner, arta } = await team();
    const open = await publishedShift(owner.token, null);
    const request = resultOf<TShiftRequest>(await claim(arta.token, open.id));
    const other = await createWorkspace(ctx, 'Tjetër');
    const outsider = await createWorker(ctx, other.token, { name: 'Dritë Gashi' });
    expect((await decide(other.token, request.id, 'approved')).statusCode).toBe(404);
    expect((await claim(outsider.token, open.id)).statusCode).toBe(404);
    expect(resultOf<TShiftRequest[]>(await call(ctx, other.token, 'GET', '/krye/shift-requests'))).toEqual([]);
    expect((await claim(owner.token, open.id)).statusCode).toBe(403);
    expect((await call(ctx, arta.token, 'GET', '/krye/shift-requests')).statusCode).toBe(403);
    // An unpublished open shift cannot be claimed.
    const draft = await call(ctx, owner.token, 'POST', '/krye/shifts', {
      employee_id: null,
      date: DAY,
      start: '18:00',
      end: '22:00',
    });
    const unpublished = await claim(arta.token, resultOf<TShift>(draft).id);
    expect(unpublished.statusCode).toBe(404);
    expect(unpublished.json()).toMatchObject({ Status: false, Error: messages.shiftNotOpen });
  });

  it('refuses a bad decision, filter or colleague with a sentence', async () => {
    const { owner, arta } = await team();
    const open = await publishedShift(owner.token, null);
    const request = resultOf<TShiftRequest>(await claim(arta.token, open.id));
    const bad = await decide(owner.token, request.id, 'maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ Status: false, Error: messages.shiftDecisionInvalid });
    const filter = await call(ctx, owner.token, 'GET', '/krye/shift-requests?status=later');
    expect(filter.statusCode).toBe(400);
    expect(filter.json()).toMatchObject({ Status: false, Error: messages.shiftRequestStatusInvalid });
    const colleague = await call(ctx, arta.token, 'POST', `/krye/worker/me/shifts/${open.id}/swap`, {
      employee_id: 'Besa',
    });
    expect(colleague.statusCode).toBe(400);
    expect(colleague.json()).toMatchObject({ Status: false, Error: messages.shiftEmployeeInvalid });
    // Nothing changed.
    expect(resultOf<TShiftRequest[]>(await call(ctx, owner.token, 'GET', '/krye/shift-requests'))).toEqual([
      expect.objectContaining({ id: request.id, status: 'pending' }),
    ]);
  });
});
