import type { TCorrection, TCorrectionList, TEmployerCorrectionList } from '@puna/domain';
import { messages } from '@puna/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers/app';
import { createPremiumWorkspace, insertScans } from '../../../test/helpers/device-factories';
import { startPushService, subscribedBrowser } from '../../../test/helpers/push-service';
import {
  call,
  createWorker,
  createWorkspace,
  labourRulesOn,
  resultOf,
  rfidDayOf,
} from '../../../test/helpers/workspace-factories';
import { correctionRequests, scanCorrections, scans } from '../../db/schema';

let ctx: TestContext;
let pushService: Awaited<ReturnType<typeof startPushService>>;

beforeAll(async () => {
  // The stand-in push service listens on 127.0.0.1, which production never sends to.
  ctx = await createTestApp({}, { pushAllowPrivateAddresses: true });
  pushService = await startPushService();
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await ctx?.close();
  await pushService?.close();
});

/** Europe/Tirane is UTC+1 in March. */
const at = (date: string, clock: string) => new Date(`${date}T${clock}:00+01:00`);

/** Subscribes the user's browser at the stand-in push service; answers what it received, decrypted. */
const subscribe = async (token: string) => (await subscribedBrowser(ctx, pushService, token)).pushes;

async function team(name = 'Furra') {
  const owner = await createPremiumWorkspace(ctx, name);
  const arta = await createWorker(ctx, owner.token, { name: 'Arta Krasniqi' });
  const besa = await createWorker(ctx, owner.token, { name: 'Besa Hoxha' });
  return { owner, arta, besa };
}

const ask = (token: string, body: unknown) => call(ctx, token, 'POST', '/krye/worker/me/corrections', body);
const decide = (token: string, id: number, body: unknown) => call(ctx, token, 'PUT', `/krye/corrections/${id}`, body);

async function employerList(token: string, query = '') {
  const res = await call(ctx, token, 'GET', `/krye/corrections${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return resultOf<TEmployerCorrectionList>(res);
}
async function workerList(token: string) {
  const res = await call(ctx, token, 'GET', '/krye/worker/me/corrections');
  expect(res.statusCode, res.body).toBe(200);
  return resultOf<TCorrectionList>(res);
}
const correctionRow = (employeeId: number, date: string) =>
  ctx.app.db
    .select()
    .from(scanCorrections)
    .where(and(eq(scanCorrections.employeeId, employeeId), eq(scanCorrections.date, date)));

describe('"I forgot to scan"', () => {
  it('a missing checkout: the worker asks, the employer sees it with the day and approves, the day is corrected', async () => {
    const { owner, arta } = await team();
    const date = '2026-03-02';
    await insertScans(ctx, owner.employerId, arta.employee.id, at(date, '08:00'));
    const employerPushes = await subscribe(owner.token);
    const workerPushes = await subscribe(arta.token);
    const emitted = vi.spyOn(ctx.app.realtime, 'emitToEmployer');

    const res = await ask(arta.token, { date, kind: 'out', time: '16:30', note: 'Harrova kartën' });
    expect(res.statusCode, res.body).toBe(201);
    const created = resultOf<TCorrection>(res);
    expect(created).toMatchObject({ date, kind: 'out', time: '16:30', note: 'Harrova kartën', status: 'pending' });
    // It opens the employer's requests inbox, where leave and corrections wait together.
    expect(employerPushes()).toEqual([
      expect.objectContaining({ title: 'Korrigjim i ri', data: { url: '/kryepuntor/kerkesat' } }),
    ]);
    // The employer's open screens hear of it on its own socket room.
    expect(emitted).toHaveBeenCalledWith(owner.employerId, 'correction_update', { id: created.id, status: 'pending' });
    expect(employerPushes()[0]?.body).toContain('Arta Krasniqi');

    // The dot counts what the employer has not listed; the inbox, what waits for an answer.
    expect(resultOf<{ unread: number }>(await call(ctx, owner.token, 'GET', '/krye/corrections/unread'))).toEqual({
      unread: 1,
      pending: 1,
    });
    const listed = await employerList(owner.token, '?status=pending');
    expect(listed).toMatchObject({ unread: 1, pending: 1 });
    expect(listed.corrections).toEqual([
      expect.objectContaining({
        id: created.id,
        name: 'Arta Krasniqi',
        first_scan: '08:00',
        last_scan: null,
        unread: true,
      }),
    ]);
    // Listing cleared the mark.
    expect((await employerList(owner.token)).corrections[0]?.unread).toBe(false);
    expect(resultOf<{ unread: number }>(await call(ctx, owner.token, 'GET', '/krye/corrections/unread'))).toEqual({
      unread: 0,
      pending: 1,
    });

    const approved = await decide(owner.token, created.id, { status: 'approved', note: 'Në rregull' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(resultOf<{ unread: number }>(await call(ctx, owner.token, 'GET', '/krye/corrections/unread'))).toEqual({
      unread: 0,
      pending: 0,
    });
    expect(resultOf<TCorrection>(approved)).toMatchObject({ status: 'approved', decision_note: 'Në rregull' });
    expect(emitted).toHaveBeenCalledWith(owner.employerId, 'correction_update', { id: created.id, status: 'approved' });
    expect(emitted).toHaveBeenCalledWith(owner.employerId, 'rfid_update', expect.anything());
    expect(await correctionRow(arta.employee.id, date)).toEqual([
      expect.objectContaining({ firstTime: '08:00', lastTime: '16:30', origin: 'worker', deleted: false }),
    ]);
    // Raw scans untouched; the RFID list shows the corrected day.
    const raw = await ctx.app.db.select().from(scans).where(eq(scans.employeeId, arta.employee.id));
    expect(raw).toHaveLength(1);
    expect(await rfidDayOf(ctx, owner.token, date)).toEqual([
      expect.objectContaining({
        id: arta.employee.id,
        firstScanTime: '08:00:00',
        lastScanTime: '16:30:00',
        corrected: true,
        correction_origin: 'worker',
        missingCheckout: false,
        hours: 8.5,
      }),
    ]);
    expect(workerPushes()).toEqual([expect.objectContaining({ title: 'Korrigjimi u pranua' })]);

    expect(
      resultOf<{ unread: number }>(await call(ctx, arta.token, 'GET', '/krye/worker/me/corrections/unread')),
    ).toEqual({
      unread: 1,
    });
    const own = await workerList(arta.token);
    expect(own).toMatchObject({ unread: 1, pending: 0 });
    expect(own.corrections).toEqual([expect.objectContaining({ id: created.id, status: 'approved', unread: true })]);
    expect((await workerList(arta.token)).corrections[0]?.unread).toBe(false);

    // Decided: a second answer is refused and changes nothing.
    const again = await decide(owner.token, created.id, { status: 'declined' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ Status: false, Error: messages.correctionDecided });
  });

  it('a missed scan in: the single scan becomes the checkout; an employer correction keeps its other side', async () => {
    const { owner, arta, besa } = await team();
    await insertScans(ctx, owner.employerId, arta.employee.id, at('2026-03-03', '16:00'));
    const inRequest = resultOf<TCorrection>(await ask(arta.token, { date: '2026-03-03', kind: 'in', time: '08:00' }));
    expect((await decide(owner.token, inRequest.id, { status: 'approved' })).statusCode).toBe(200);
    expect(await correctionRow(arta.employee.id, '2026-03-03')).toEqual([
      expect.objectContaining({ firstTime: '08:00', lastTime: '16:00', origin: 'worker' }),
    ]);

    await insertScans(ctx, owner.employerId, besa.employee.id, at('2026-03-03', '08:00'), at('2026-03-03', '12:00'));
    const edit = await call(ctx, owner.token, 'PUT', '/krye/edit_rfid', {
      id: besa.employee.id,
      date: '2026-03-03',
      firstScanTime: '07:45',
      lastScanTime: '12:00',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const out = resultOf<TCorrection>(await ask(besa.token, { date: '2026-03-03', kind: 'out', time: '17:00' }));
    expect((await decide(owner.token, out.id, { status: 'approved' })).statusCode).toBe(200);
    expect(await correctionRow(besa.employee.id, '2026-03-03')).toEqual([
      expect.objectContaining({ firstTime: '07:45', lastTime: '17:00', origin: 'worker' }),
    ]);
  });

  it('a declined request writes no correction and tells the worker', async () => {
    const { owner, arta } = await team();
    await insertScans(ctx, owner.employerId, arta.employee.id, at('2026-03-04', '08:00'));
    const workerPushes = await subscribe(arta.token);
    const request = resultOf<TCorrection>(await ask(arta.token, { date: '2026-03-04', kind: 'out', time: '16:00' }));
    const res = await decide(owner.token, request.id, { status: 'declined', note: 'Ike në 14:00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await correctionRow(arta.employee.id, '2026-03-04')).toEqual([]);
    expect(workerPushes()).toEqual([expect.objectContaining({ title: 'Korrigjimi u refuzua' })]);
    expect((await employerList(owner.token, '?status=declined')).corrections.map((c) => c.id)).toEqual([request.id]);
    expect((await employerList(owner.token, '?status=approved')).corrections).toEqual([]);
  });

  it('refuses with a sentence, writing nothing: a time to come, a closed month, a second pending, times out of order', async () => {
    const { owner, arta } = await team();
    await insertScans(ctx, owner.employerId, arta.employee.id, at('2026-03-05', '08:00'));
    await insertScans(ctx, owner.employerId, arta.employee.id, at('2026-03-06', '08:00'), at('2026-03-06', '16:00'));
    const refused = async (body: unknown, status: number, error: string) => {
      const res = await ask(arta.token, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ Status: false, Error: error });
    };
    await refused({ date: '2099-01-01', kind: 'out', time: '16:00' }, 400, messages.correctionInFuture);
    await refused({ date: '2026-03-05', kind: 'out', time: '07:00' }, 400, messages.correctionOutBeforeIn);
    await refused({ date: '2026-03-07', kind: 'out', time: '16:00' }, 400, messages.correctionNoFirstScan);
    await refused({ date: '2026-03-06', kind: 'in', time: '17:00' }, 400, messages.correctionInAfterOut);
    await refused({ date: '2026-03-05', kind: 'sideways', time: '16:00' }, 400, messages.correctionKindInvalid);
    await refused({ date: '2026-03-05', kind: 'out', time: '25:00' }, 400, messages.correctionTimeInvalid);
    await refused({ date: '2026-02-30', kind: 'out', time: '16:00' }, 400, messages.dateInvalid);
    await refused(
      { date: '2026-03-05', kind: 'out', time: '16:00', note: 'x'.repeat(501) },
      400,
      messages.correctionNoteTooLong,
    );
    expect((await ask(arta.token, { date: '2026-03-05', kind: 'out', time: '16:00' })).statusCode).toBe(201);
    await refused({ date: '2026-03-05', kind: 'out', time: '17:00' }, 409, messages.correctionPending);

    await labourRulesOn(ctx, owner.token);
    const close = await call(ctx, owner.token, 'POST', '/krye/months/2026-01/close', { acknowledge_exceptions: true });
    expect(close.statusCode, close.body).toBe(200);
    await refused({ date: '2026-01-15', kind: 'in', time: '08:00' }, 409, messages.monthClosed);

    const rows = await ctx.app.db
      .select()
      .from(correctionRequests)
      .where(eq(correctionRequests.employeeId, arta.employee.id));
    expect(rows).toHaveLength(1);
    const badDecision = await decide(owner.token, rows[0]?.id ?? 0, { status: 'pending' });
    expect(badDecision.statusCode).toBe(400);
    expect(badDecision.json()).toMatchObject({ Error: messages.correctionStatusInvalid });
    const badFilter = await call(ctx, owner.token, 'GET', '/krye/corrections?status=maybe');
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json()).toMatchObject({ Error: messages.correctionFilterInvalid });
  });

  it('approval in a month closed since the request is refused and writes nothing', async () => {
    const { owner, arta } = await team();
    await insertScans(ctx, owner.employerId, arta.employee.id, at('2025-12-10', '08:00'));
    const request = resultOf<TCorrection>(await ask(arta.token, { date: '2025-12-10', kind: 'out', time: '16:00' }));
    await labourRulesOn(ctx, owner.token);
    const close = await call(ctx, owner.token, 'POST', '/krye/months/2025-12/close', { acknowledge_exceptions: true });
    expect(close.statusCode, close.body).toBe(200);
    const res = await decide(owner.token, request.id, { status: 'approved' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ Error: messages.monthClosed });
    expect(await correctionRow(arta.employee.id, '2025-12-10')).toEqual([]);
    expect((await workerList(arta.token)).corrections[0]?.status).toBe('pending');
  });

  it('another employer and another worker are refused: 404 for the id, and nothing of the request in their lists', async () => {
    const { owner, arta, besa } = await team('Alfa');
    const other = await team('Beta');
    await insertScans(ctx, owner.employerId, arta.employee.id, at('2026-03-09', '08:00'));
    const request = resultOf<TCorrection>(await ask(arta.token, { date: '2026-03-09', kind: 'out', time: '16:00' }));

    const foreign = await decide(other.owner.token, request.id, { status: 'approved' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ Error: messages.correctionNotFound });
    expect((await employerList(other.owner.token)).corrections).toEqual([]);
    expect((await workerList(besa.token)).corrections).toEqual([]);
    expect((await workerList(other.arta.token)).corrections).toEqual([]);
    // Workers cannot answer, employers cannot ask.
    expect((await decide(besa.token, request.id, { status: 'approved' })).statusCode).toBe(403);
    expect((await decide(arta.token, request.id, { status: 'approved' })).statusCode).toBe(403);
    expect((await call(ctx, owner.token, 'GET', '/krye/worker/me/corrections')).statusCode).toBe(403);
    expect((await ask(owner.token, { date: '2026-03-09', kind: 'out', time: '16:00' })).statusCode).toBe(403);
    expect((await call(ctx, null, 'GET', '/krye/corrections')).statusCode).toBe(401);
    expect(await correctionRow(arta.employee.id, '2026-03-09')).toEqual([]);
    // Scans and their corrections are part of Puna Premium.
    const basic = await createWorkspace(ctx, 'Gama');
    const basicWorker = await createWorker(ctx, basic.token, { name: 'Dita' });
    const premiumOnly = await ask(basicWorker.token, { date: '2026-03-09', kind: 'in', time: '08:00' });
    expect(premiumOnly.statusCode).toBe(403);
    expect(premiumOnly.json()).toMatchObject({ premiumRequired: true });
    expect((await employerList(owner.token)).corrections[0]).toMatchObject({ status: 'pending', unread: true });
  });
});
