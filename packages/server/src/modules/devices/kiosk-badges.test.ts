import { and, eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import {
  addEmployeeWithPin,
  createPremiumWorkspace,
  deviceCall,
  giveCard,
  registerDevice,
  scansOf,
  withConfirmedClock,
} from '../../../test/helpers/device-factories';
import {
  addEmployee,
  call,
  createWorker,
  createWorkspace,
  createWorkspaceTestApp,
} from '../../../test/helpers/workspace-factories';
import { employees, scanPhotos, scans } from '../../db/schema';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

const ts = (minute: number) => `2025-03-03T07:${String(minute).padStart(2, '0')}:00Z`;

type KioskAnswer = {
  accepted: number[];
  rejected: { seq: number | null; error: string }[];
  results?: { seq: number; employee: { id: number; name: string } | null; error?: 'unknown' | 'locked' }[];
};
type Identity = { kiosk_pin: string | null; badge_version: number; badge: string };

/** A JPEG's first bytes (SOI and an APP0 marker), padded to `size` bytes. */
function jpeg(size = 2048): string {
  const bytes = Buffer.alloc(size, 7);
  bytes.set([0xff, 0xd8, 0xff, 0xe0], 0);
  bytes.set([0xff, 0xd9], size - 2);
  return bytes.toString('base64');
}

async function setPin(token: string, id: number, pin: string | null) {
  return call(ctx, token, 'PUT', `/krye/employees/${id}/kiosk-pin`, { pin });
}

async function identityOf(token: string, id: number): Promise<Identity> {
  const res = await call(ctx, token, 'GET', `/krye/employees/${id}/kiosk`);
  expect(res.statusCode).toBe(200);
  return res.json<{ Result: Identity }>().Result;
}

async function kioskWithWorker(pin = '4821') {
  const employer = await createPremiumWorkspace(ctx, 'Furra Qendra');
  const kiosk = await registerDevice(ctx, employer.token, { protocol: 'kiosk', name: 'Tableti' });
  const ana = await addEmployee(ctx, employer.token, { name: 'Ana Hoxha' });
  expect((await setPin(employer.token, ana.id, pin)).statusCode).toBe(200);
  return { employer, kiosk, ana };
}

describe('kiosk PIN route', () => {
  it('sets, shows and clears a kiosk PIN', async () => {
    const { employer, ana } = await kioskWithWorker('0042');
    expect(await identityOf(employer.token, ana.id)).toMatchObject({ kiosk_pin: '0042', badge_version: 1 });
    const cleared = await setPin(employer.token, ana.id, null);
    expect(cleared.json<{ Result: Identity }>().Result.kiosk_pin).toBeNull();
    const [row] = await ctx.app.db.select({ pin: employees.kioskPin }).from(employees).where(eq(employees.id, ana.id));
    expect(row?.pin).toBeNull();
  });

  it('refuses a PIN another employee holds, as kiosk PIN or as clock PIN (409), and keeps the old one', async () => {
    const { employer, ana } = await kioskWithWorker('1111');
    const besa = await addEmployeeWithPin(ctx, employer.token, 'Besa', '55556');
    const taken = await setPin(employer.token, besa.id, '1111');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ Status: false, code: 'kioskPinTaken' });
    const clockPin = await setPin(employer.token, ana.id, '55556');
    expect(clockPin.statusCode).toBe(409);
    expect((await identityOf(employer.token, ana.id)).kiosk_pin).toBe('1111');
    // An employee may use its own clock PIN as kiosk PIN.
    expect((await setPin(employer.token, besa.id, '55556')).statusCode).toBe(200);
  });

  it("refuses a clock PIN that is another employee's kiosk PIN (409): the kiosk would not know whose it is", async () => {
    const { employer, ana } = await kioskWithWorker('7373');
    const besa = await addEmployeeWithPin(ctx, employer.token, 'Besa', '60601');
    const edit = { name: 'Besa', salary: 4, wages: 'Orë', role: 'Punëtor', device_pin: '7373' };
    const taken = await call(ctx, employer.token, 'PUT', `/krye/edit_employee/${besa.id}`, edit);
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json()).toMatchObject({ Status: false, Error: expect.any(String) });
    const [row] = await ctx.app.db
      .select({ pin: employees.devicePin })
      .from(employees)
      .where(eq(employees.id, besa.id));
    expect(row?.pin).toBe('60601');
    // Ana's own kiosk PIN as her own clock PIN is hers.
    const own = { name: 'Ana Hoxha', salary: 4, wages: 'Orë', role: 'Punëtor', device_pin: '7373' };
    expect((await call(ctx, employer.token, 'PUT', `/krye/edit_employee/${ana.id}`, own)).statusCode).toBe(200);
  });

  it.each([
    ['too short', { pin: '123' }],
    ['too long', { pin: '123456789' }],
    ['letters', { pin: '12ab' }],
    ['a number', { pin: 1234 }],
    ['missing', {}],
  ])('refuses a PIN that is %s with 400 and changes nothing', async (_what, body) => {
    const { employer, ana } = await kioskWithWorker('2468');
    const res = await call(ctx, employer.token, 'PUT', `/krye/employees/${ana.id}/kiosk-pin`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Status: false, Error: expect.any(String) });
    expect((await identityOf(employer.token, ana.id)).kiosk_pin).toBe('2468');
  });

  it("answers another employer's employee like a missing one, and refuses a worker and a basic employer", async () => {
    const { ana } = await kioskWithWorker('3579');
    const other = await createPremiumWorkspace(ctx);
    for (const [method, path, body] of [
      ['PUT', `/krye/employees/${ana.id}/kiosk-pin`, { pin: '9999' }],
      ['GET', `/krye/employees/${ana.id}/kiosk`, undefined],
      ['GET', `/krye/employees/${ana.id}/badge.pdf`, undefined],
      ['POST', `/krye/employees/${ana.id}/badge/revoke`, {}],
    ] as const) {
      const res = await call(ctx, other.token, method, path, body);
      expect(res.statusCode, path).toBe(404);
    }
    const worker = await createWorker(ctx, other.token);
    expect(
      (await call(ctx, worker.token, 'PUT', `/krye/employees/${ana.id}/kiosk-pin`, { pin: '9999' })).statusCode,
    ).toBe(403);
    const basic = await createWorkspace(ctx);
    const own = await addEmployee(ctx, basic.token);
    const refused = await call(ctx, basic.token, 'PUT', `/krye/employees/${own.id}/kiosk-pin`, { pin: '9999' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'premiumRequired' });
  });
});

describe('QR badge routes', () => {
  it('prints a card-sized PDF with the company and the name', async () => {
    const { employer, ana } = await kioskWithWorker();
    const res = await call(ctx, employer.token, 'GET', `/krye/employees/${ana.id}/badge.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const body = new Uint8Array(res.rawPayload);
    const { text } = await extractText(body, { mergePages: true });
    expect(text).toContain('Furra Qendra');
    expect(text).toContain('Ana Hoxha');
    // 85.6 × 54 mm in points.
    expect(res.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 242\.6\d* 153\.0\d*\]/);
  });

  it('revokes a badge: the version goes up and the badge text changes', async () => {
    const { employer, ana } = await kioskWithWorker();
    const before = await identityOf(employer.token, ana.id);
    expect(before.badge).toMatch(new RegExp(`^PUNA1\\.${employer.employerId}\\.${ana.id}\\.1\\.[A-Za-z0-9_-]{22}$`));
    const res = await call(ctx, employer.token, 'POST', `/krye/employees/${ana.id}/badge/revoke`, {});
    expect(res.statusCode).toBe(200);
    const after = res.json<{ Result: Identity }>().Result;
    expect(after.badge_version).toBe(2);
    expect(after.badge).not.toBe(before.badge);
  });

  it('refuses a revoke body with fields (400) and changes nothing', async () => {
    const { employer, ana } = await kioskWithWorker();
    const res = await call(ctx, employer.token, 'POST', `/krye/employees/${ana.id}/badge/revoke`, { version: 9 });
    expect(res.statusCode).toBe(400);
    expect((await identityOf(employer.token, ana.id)).badge_version).toBe(1);
  });
});

describe('kiosk scans by PIN, badge and with a photo', () => {
  it('stores a right PIN as the worker, origin kiosk, method pin; a wrong PIN answers unknown and stores nothing', async () => {
    const { employer, kiosk, ana } = await kioskWithWorker('4821');
    const res = await deviceCall(ctx, kiosk, '/device/v1/scans', {
      scans: [
        { seq: 1, pin: '4821', ts: ts(1) },
        { seq: 2, pin: '0000', ts: ts(2) },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<KioskAnswer>()).toEqual({
      accepted: [1, 2],
      rejected: [],
      results: [
        { seq: 1, employee: { id: ana.id, name: 'Ana Hoxha' } },
        { seq: 2, employee: null, error: 'unknown' },
      ],
    });
    const rows = await scansOf(ctx, employer.employerId);
    expect(rows.map((row) => [row.seq, row.employeeId, row.origin, row.method, row.uid])).toEqual([
      [1, ana.id, 'kiosk', 'pin', 'PIN'],
    ]);
  });

  it("takes the worker's clock PIN, spelled as stored", async () => {
    const employer = await createPremiumWorkspace(ctx);
    const kiosk = await registerDevice(ctx, employer.token, { protocol: 'kiosk' });
    const besa = await addEmployeeWithPin(ctx, employer.token, 'Besa', '73105');
    const res = await deviceCall(ctx, kiosk, '/device/v1/scans', { scans: [{ seq: 5, pin: '73105', ts: ts(5) }] });
    expect(res.json<KioskAnswer>().results).toEqual([{ seq: 5, employee: { id: besa.id, name: 'Besa' } }]);
  });

  it('locks PINs on one kiosk after 5 wrong ones, right ones included, while another kiosk still takes them', async () => {
    const { employer, kiosk, ana } = await kioskWithWorker('4821');
    const wrong = [1, 2, 3, 4, 5].map((seq) => ({ seq, pin: `900${seq}`, ts: ts(seq) }));
    const first = await deviceCall(ctx, kiosk, '/device/v1/scans', { scans: wrong });
    expect(first.json<KioskAnswer>().results?.map((result) => result.error)).toEqual(Array(5).fill('unknown'));
    const after = await deviceCall(ctx, kiosk, '/device/v1/scans', { scans: [{ seq: 6, pin: '4821', ts: ts(6) }] });
    expect(after.json<KioskAnswer>()).toEqual({
      accepted: [6],
      rejected: [],
      results: [{ seq: 6, employee: null, error: 'locked' }],
    });
    // Cards still work on the locked kiosk, and PINs on another kiosk.
    await giveCard(ctx, employer.token, ana, 'CAFE01');
    const card = await deviceCall(ctx, kiosk, '/device/v1/scans', { scans: [{ seq: 7, uid: 'CAFE01', ts: ts(7) }] });
    expect(card.json<KioskAnswer>().results).toEqual([{ seq: 7, employee: { id: ana.id, name: 'Ana Hoxha' } }]);
    const other = await registerDevice(ctx, employer.token, { protocol: 'kiosk' });
    const elsewhere = await deviceCall(ctx, other, '/device/v1/scans', { scans: [{ seq: 1, pin: '4821', ts: ts(8) }] });
    expect(elsewhere.json<KioskAnswer>().results?.[0]?.employee?.id).toBe(ana.id);
    const rows = await scansOf(ctx, employer.employerId);
    expect(rows.map((row) => [row.seq, row.method])).toEqual([
      [7, 'card'],
      [1, 'pin'],
    ]);
  });

  it('lets right PINs between wrong ones through without counting them', async () => {
    const { kiosk, ana } = await kioskWithWorker('4821');
    const scans = [1, 2, 3, 4, 5, 6, 7, 8].map((seq) => ({
      seq,
      pin: seq % 2 === 0 ? '4821' : `800${seq}`,
      ts: ts(seq),
    }));
    const res = await deviceCall(ctx, kiosk, '/device/v1/scans', { scans });
    expect(res.json<KioskAnswer>().results?.map((result) => result.employee?.id ?? result.error)).toEqual([
      'unknown',
      ana.id,
      'unknown',
      ana.id,
      'unknown',
      ana.id,
      'unknown',
      ana.id,
    ]);
  });

  it("takes a badge, refuses a forged one, another employer's and a revoked one", async () => {
    const { employer, kiosk, ana } = await kioskWithWorker();
    const { badge } = await identityOf(employer.token, ana.id);
    const forged = `${badge.slice(0, -2)}${badge.endsWith('AA') ? 'BB' : 'AA'}`;
    const otherEmployer = await createPremiumWorkspace(ctx);
    const stranger = await addEmployee(ctx, otherEmployer.token);
    const strangersBadge = (await identityOf(otherEmployer.token, stranger.id)).badge;
    const res = await deviceCall(ctx, kiosk, '/device/v1/scans', {
      scans: [
        { seq: 1, badge, ts: ts(1) },
        { seq: 2, badge: forged, ts: ts(2) },
        { seq: 3, badge: strangersBadge, ts: ts(3) },
        { seq: 4, badge: 'hello', ts: ts(4) },
      ],
    });
    expect(res.json<KioskAnswer>().results).toEqual([
      { seq: 1, employee: { id: ana.id, name: 'Ana Hoxha' } },
      { seq: 2, employee: null, error: 'unknown' },
      { seq: 3, employee: null, error: 'unknown' },
      { seq: 4, employee: null, error: 'unknown' },
    ]);
    await call(ctx, employer.token, 'POST', `/krye/employees/${ana.id}/badge/revoke`, {});
    const revoked = await deviceCall(ctx, kiosk, '/device/v1/scans', { scans: [{ seq: 5, badge, ts: ts(5) }] });
    expect(revoked.json<KioskAnswer>().results).toEqual([{ seq: 5, employee: null, error: 'unknown' }]);
    const fresh = (await identityOf(employer.token, ana.id)).badge;
    const again = await deviceCall(ctx, kiosk, '/device/v1/scans', { scans: [{ seq: 6, badge: fresh, ts: ts(6) }] });
    expect(again.json<KioskAnswer>().results?.[0]?.employee?.id).toBe(ana.id);
    const rows = await scansOf(ctx, employer.employerId);
    expect(rows.map((row) => [row.seq, row.method, row.uid])).toEqual([
      [1, 'badge', 'BADGE'],
      [6, 'badge', 'BADGE'],
    ]);
  });

  it('refuses the PIN and the badge of an employee who has left', async () => {
    const { employer, kiosk, ana } = await kioskWithWorker('6543');
    const { badge } = await identityOf(employer.token, ana.id);
    const left = await call(ctx, employer.token, 'PUT', `/krye/edit_employee/${ana.id}`, {
      name: 'Ana Hoxha',
      salary: 4,
      wages: 'Orë',
      role: 'Punëtor',
      end_date: '2025-01-31',
    });
    expect(left.statusCode, left.body).toBe(200);
    const res = await deviceCall(ctx, kiosk, '/device/v1/scans', {
      scans: [
        { seq: 1, pin: '6543', ts: ts(1) },
        { seq: 2, badge, ts: ts(2) },
      ],
    });
    expect(res.json<KioskAnswer>().results).toEqual([
      { seq: 1, employee: null, error: 'unknown' },
      { seq: 2, employee: null, error: 'unknown' },
    ]);
    expect(await scansOf(ctx, employer.employerId)).toEqual([]);
  });

  it('stores the photo with its scan once, a resend storing nothing twice', async () => {
    const { employer, kiosk, ana } = await kioskWithWorker('4821');
    const photo = jpeg(150 * 1024);
    const batch = { scans: [{ seq: 11, pin: '4821', ts: ts(11), photo }] };
    const first = await deviceCall(ctx, kiosk, '/device/v1/scans', batch);
    expect(first.statusCode).toBe(200);
    const resend = await deviceCall(ctx, kiosk, '/device/v1/scans', batch);
    expect(resend.json<KioskAnswer>().results).toEqual([{ seq: 11, employee: { id: ana.id, name: 'Ana Hoxha' } }]);
    const rows = await ctx.app.db
      .select({ scanId: scanPhotos.scanId, jpeg: scanPhotos.jpeg, employerId: scanPhotos.employerId })
      .from(scanPhotos)
      .innerJoin(scans, eq(scans.id, scanPhotos.scanId))
      .where(and(eq(scans.employerId, employer.employerId), eq(scans.seq, 11)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.employerId).toBe(employer.employerId);
    expect(Buffer.from(rows[0]?.jpeg as Uint8Array).toString('base64')).toBe(photo);
  });

  it('rejects a scan whose photo is too big, not a JPEG or not base64, alone', async () => {
    const { employer, kiosk } = await kioskWithWorker('4821');
    const res = await deviceCall(ctx, kiosk, '/device/v1/scans', {
      scans: [
        { seq: 1, pin: '4821', ts: ts(1), photo: jpeg(201 * 1024) },
        { seq: 2, pin: '4821', ts: ts(2), photo: Buffer.from('GIF89a-not-a-jpeg').toString('base64') },
        { seq: 3, pin: '4821', ts: ts(3), photo: '***' },
        { seq: 4, pin: '4821', badge: 'x', ts: ts(4) },
        { seq: 5, pin: '48', ts: ts(5) },
        { seq: 6, pin: '4821', ts: ts(6) },
      ],
    });
    const answer = res.json<KioskAnswer>();
    expect(answer.accepted).toEqual([6]);
    expect(answer.rejected.map((rejection) => rejection.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(answer.rejected[0]?.error).toMatch(/photo/);
    expect((await scansOf(ctx, employer.employerId)).map((row) => row.seq)).toEqual([6]);
  });

  it('gives card scans at a kiosk origin kiosk and method card, a reader origin reader and a clock origin clock', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const kiosk = await registerDevice(ctx, employer.token, { protocol: 'kiosk' });
    const reader = await registerDevice(ctx, employer.token, { protocol: 'puna' });
    await addEmployeeWithPin(ctx, employer.token, 'Dea', '31');
    await deviceCall(ctx, kiosk, '/device/v1/scans', { scans: [{ seq: 1, uid: 'AB01', ts: ts(1) }] });
    const readerAnswer = await deviceCall(ctx, reader, '/device/v1/scans', {
      scans: [{ seq: 1, uid: 'AB02', ts: ts(2), pin: '4821', photo: jpeg() }],
    });
    expect(readerAnswer.json()).toEqual({ accepted: [1], rejected: [] });
    const clock = await withConfirmedClock(ctx, employer.token);
    const now = new Date(Date.now() - 60_000).toISOString().replace('T', ' ').slice(0, 19);
    await ctx.app.inject({
      method: 'POST',
      url: `/iclock/cdata?SN=${clock.device_id}&table=ATTLOG`,
      headers: { 'content-type': 'text/plain' },
      payload: `31\t${now}\t0\t1\n`,
    });
    const rows = await scansOf(ctx, employer.employerId);
    expect(rows.map((row) => [row.uid, row.origin, row.method])).toEqual([
      ['AB01', 'kiosk', 'card'],
      ['AB02', 'reader', null],
      ['PIN:31', 'clock', null],
    ]);
    expect(
      await ctx.app.db
        .select()
        .from(scanPhotos)
        .innerJoin(scans, eq(scans.id, scanPhotos.scanId))
        .where(eq(scans.employerId, employer.employerId)),
    ).toEqual([]);
  });

  it('takes a batch of photos above the 512 KiB body limit of the rest of the API', async () => {
    const { employer, kiosk } = await kioskWithWorker('4821');
    const scans = [1, 2, 3, 4].map((seq) => ({ seq, pin: '4821', ts: ts(seq), photo: jpeg(190 * 1024) }));
    const res = await deviceCall(ctx, kiosk, '/device/v1/scans', { scans });
    expect(res.statusCode).toBe(200);
    expect(res.json<KioskAnswer>().accepted).toEqual([1, 2, 3, 4]);
    expect(await scansOf(ctx, employer.employerId)).toHaveLength(4);
  });
});
