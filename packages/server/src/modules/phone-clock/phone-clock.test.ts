import { randomBytes, randomUUID } from 'node:crypto';
import {
  formatMessage,
  messages,
  PUNCH_PHOTO_MAX_BYTES,
  type TEmployeePhoneClockState,
  type TLocation,
  type TPhoneClockSettingsState,
  type TPhonePunch,
  type TPunchState,
  type TReviewPunch,
  type TScanRecord,
  type TTodayBoard,
  todayIn,
} from '@puna/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, generousLimits, type TestContext } from '../../../test/helpers/app';
import { createPremiumWorkspace, scansOf } from '../../../test/helpers/device-factories';
import { addEmployee, call, createWorker, createWorkspace, resultOf } from '../../../test/helpers/workspace-factories';
import { auditLog, closedMonths, employers, scanPhotos, scans } from '../../db/schema';
import { deleteExpiredPhotos } from './photos';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({}, { limits: generousLimits() });
});
afterAll(async () => ctx?.close());

const ZONE = 'Europe/Tirane';
/** Skanderbeg Square, Tirana, and a point about 300 m north of it. */
const SQUARE = { lat: 41.3275, lng: 19.8187 };
const NORTH_300 = { lat: 41.3275 + 300 / 111_195, lng: 19.8187 };

/** A small JPEG as the phone sends it: start marker, some bytes, end marker. */
function jpeg(size = 2000): Buffer {
  const bytes = Buffer.alloc(size, 0x11);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  bytes.set([0xff, 0xd9], size - 2);
  return bytes;
}

/** A JPEG of random bytes (every byte value, like a real photo's data): what it stores must come back the same. */
function randomJpeg(size: number): Buffer {
  const bytes = randomBytes(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  bytes.set([0xff, 0xd9], size - 2);
  return bytes;
}

const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

function punchBody(overrides: Record<string, unknown> = {}) {
  return { id: randomUUID(), ...SQUARE, accuracy: 15, taken_at: secondsAgo(5), ...overrides };
}

/** An employer with phone punches on (policy given), a workplace on the square, and a worker. */
async function setup(settings: Record<string, unknown> = { phone_punches: true }, premium = false) {
  const employer = premium
    ? await createPremiumWorkspace(ctx, 'Kafe Sheshi')
    : await createWorkspace(ctx, 'Kafe Sheshi');
  const put = await call(ctx, employer.token, 'PUT', '/krye/phone-clock-settings', settings);
  expect(put.statusCode, put.body).toBe(200);
  const made = await call(ctx, employer.token, 'POST', '/krye/locations', { name: 'Sheshi', ...SQUARE, radius_m: 100 });
  expect(made.statusCode, made.body).toBe(201);
  const worker = await createWorker(ctx, employer.token, { name: 'Drita Kola' });
  return { employer, worker, location: resultOf<{ location: TLocation }>(made).location };
}

const punch = (token: string, body: unknown) => call(ctx, token, 'POST', '/krye/worker/me/punch', body);
const punchOf = (res: { json: <R>() => R }) => resultOf<{ punch: TPhonePunch }>(res).punch;

async function reviewOf(token: string, employeeId: number, date = todayIn(ZONE)): Promise<TReviewPunch[]> {
  const res = await call(ctx, token, 'GET', `/krye/punches?employee_id=${employeeId}&date=${date}`);
  expect(res.statusCode, res.body).toBe(200);
  return resultOf<{ punches: TReviewPunch[] }>(res).punches;
}

const countScans = async (employerId: number) => (await scansOf(ctx, employerId)).length;

describe('workplaces', () => {
  it('are added, listed by name, changed and removed; a removed one leaves its punches their coordinates', async () => {
    const { employer, worker, location } = await setup();
    const second = await call(ctx, employer.token, 'POST', '/krye/locations', {
      name: 'Depo',
      lat: 41.33,
      lng: 19.82,
      radius_m: 2000,
      address: ' Rruga e Durrësit 5 ',
    });
    expect(second.statusCode, second.body).toBe(201);
    const list = await call(ctx, employer.token, 'GET', '/krye/locations');
    expect(resultOf<{ locations: TLocation[] }>(list).locations.map((place) => [place.name, place.address])).toEqual([
      ['Depo', 'Rruga e Durrësit 5'],
      ['Sheshi', null],
    ]);
    const changed = await call(ctx, employer.token, 'PUT', `/krye/locations/${location.id}`, {
      name: 'Sheshi Skënderbej',
      ...SQUARE,
      radius_m: 150,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(resultOf<{ location: TLocation }>(changed).location).toMatchObject({
      name: 'Sheshi Skënderbej',
      radius_m: 150,
    });

    const stored = await punch(worker.token, punchBody());
    expect(stored.statusCode, stored.body).toBe(201);
    const removed = await call(ctx, employer.token, 'DELETE', `/krye/locations/${location.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(resultOf(removed)).toEqual({ deleted: true });
    const [row] = await scansOf(ctx, employer.employerId);
    expect(row).toMatchObject({ lat: SQUARE.lat, lng: SQUARE.lng, locationId: null, origin: 'phone' });
    expect((await call(ctx, employer.token, 'DELETE', `/krye/locations/${location.id}`)).statusCode).toBe(404);
  });

  it("refuse bad input with a sentence, changing nothing, and another employer's workplace is not found", async () => {
    const { employer, worker, location } = await setup();
    const other = await createWorkspace(ctx, 'Tjetër');
    const bad = await call(ctx, employer.token, 'POST', '/krye/locations', { name: 'X', ...SQUARE, radius_m: 10 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ Status: false, Error: messages.locationRadiusInvalid });
    const badPut = await call(ctx, employer.token, 'PUT', `/krye/locations/${location.id}`, {
      name: '',
      lat: 95,
      lng: 0,
      radius_m: 100,
    });
    expect(badPut.statusCode).toBe(400);
    expect(badPut.json<{ Error: string }>().Error).toBe(messages.locationNameRequired);
    const list = resultOf<{ locations: TLocation[] }>(await call(ctx, employer.token, 'GET', '/krye/locations'));
    expect(list.locations).toEqual([location]);

    const body = { name: 'Vjedhje', ...SQUARE, radius_m: 100 };
    expect((await call(ctx, other.token, 'PUT', `/krye/locations/${location.id}`, body)).statusCode).toBe(404);
    expect((await call(ctx, other.token, 'DELETE', `/krye/locations/${location.id}`)).statusCode).toBe(404);
    expect(
      resultOf<{ locations: TLocation[] }>(await call(ctx, other.token, 'GET', '/krye/locations')).locations,
    ).toEqual([]);
    expect((await call(ctx, worker.token, 'GET', '/krye/locations')).statusCode).toBe(403);
    expect((await call(ctx, worker.token, 'POST', '/krye/locations', body)).statusCode).toBe(403);
  });
});

describe('phone clock settings', () => {
  it('start off, change partly, and an employee override wins over the employer', async () => {
    const employer = await createWorkspace(ctx, 'Dyqani');
    const employee = await addEmployee(ctx, employer.token, { name: 'Besa' });
    const initial = await call(ctx, employer.token, 'GET', '/krye/phone-clock-settings');
    expect(resultOf<TPhoneClockSettingsState>(initial)).toEqual({
      phone_punches: false,
      phone_outside: 'refuse',
      phone_photo_required: false,
      photo_retention_days: 60,
    });
    const changed = await call(ctx, employer.token, 'PUT', '/krye/phone-clock-settings', {
      phone_outside: 'flag',
      photo_retention_days: 30,
    });
    expect(resultOf<TPhoneClockSettingsState>(changed)).toEqual({
      phone_punches: false,
      phone_outside: 'flag',
      phone_photo_required: false,
      photo_retention_days: 30,
    });

    const url = `/krye/employees/${employee.id}/phone-clock`;
    expect(resultOf<TEmployeePhoneClockState>(await call(ctx, employer.token, 'GET', url))).toEqual({
      phone_punches: null,
      phone_outside: null,
      phone_photo_required: null,
      effective: { phone_punches: false, phone_outside: 'flag', phone_photo_required: false },
    });
    const own = await call(ctx, employer.token, 'PUT', url, { phone_punches: true, phone_photo_required: true });
    expect(resultOf<TEmployeePhoneClockState>(own)).toEqual({
      phone_punches: true,
      phone_outside: null,
      phone_photo_required: true,
      effective: { phone_punches: true, phone_outside: 'flag', phone_photo_required: true },
    });
    const back = await call(ctx, employer.token, 'PUT', url, { phone_photo_required: null });
    expect(resultOf<TEmployeePhoneClockState>(back).effective.phone_photo_required).toBe(false);
  });

  it("refuse bad input, a worker, and another employer's employee", async () => {
    const employer = await createWorkspace(ctx, 'Dyqani');
    const other = await createWorkspace(ctx, 'Tjetër');
    const worker = await createWorker(ctx, employer.token);
    const bad = await call(ctx, employer.token, 'PUT', '/krye/phone-clock-settings', { photo_retention_days: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ Error: string }>().Error).toBe(messages.photoRetentionInvalid);
    const badOutside = await call(ctx, employer.token, 'PUT', '/krye/phone-clock-settings', { phone_outside: 'allow' });
    expect(badOutside.json<{ Error: string }>().Error).toBe(messages.phoneOutsideInvalid);
    const url = `/krye/employees/${worker.employee.id}/phone-clock`;
    const badOwn = await call(ctx, employer.token, 'PUT', url, { phone_punches: 'yes' });
    expect(badOwn.statusCode).toBe(400);
    expect(badOwn.json<{ Error: string }>().Error).toBe(messages.phoneClockFlagInvalid);
    const settings = await call(ctx, employer.token, 'GET', '/krye/phone-clock-settings');
    expect(resultOf<TPhoneClockSettingsState>(settings).photo_retention_days).toBe(60);

    expect((await call(ctx, other.token, 'GET', url)).statusCode).toBe(404);
    expect((await call(ctx, other.token, 'PUT', url, { phone_punches: true })).statusCode).toBe(404);
    expect(
      (await call(ctx, employer.token, 'GET', url)).json<{ Result: TEmployeePhoneClockState }>().Result.phone_punches,
    ).toBeNull();
    expect((await call(ctx, worker.token, 'GET', '/krye/phone-clock-settings')).statusCode).toBe(403);
    expect((await call(ctx, worker.token, 'PUT', url, { phone_punches: true })).statusCode).toBe(403);
  });
});

describe('the worker’s phone punch', () => {
  it('clocks in at the workplace, then out; the button shows the state and the last punch', async () => {
    const { employer, worker, location } = await setup();
    const before = await call(ctx, worker.token, 'GET', '/krye/worker/me/punch');
    expect(resultOf<TPunchState>(before)).toEqual({
      allowed: true,
      photo_required: false,
      outside_policy: 'refuse',
      state: 'out',
      last_punch: null,
      locations: [{ id: location.id, name: 'Sheshi', ...SQUARE, radius_m: 100 }],
    });
    const body = punchBody({ taken_at: secondsAgo(20) });
    const first = await punch(worker.token, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(punchOf(first)).toEqual({
      id: body.id,
      at: body.taken_at,
      direction: 'in',
      location: { id: location.id, name: 'Sheshi' },
      distance_m: 0,
      flags: [],
    });
    const state = resultOf<TPunchState>(await call(ctx, worker.token, 'GET', '/krye/worker/me/punch'));
    expect(state).toMatchObject({ state: 'in', last_punch: { at: body.taken_at, location_name: 'Sheshi' } });

    const second = await punch(worker.token, punchBody({ ...NORTH_300, accuracy: 150 }));
    // 300 m away is outside a 100 m workplace: refused under 'refuse'.
    expect(second.statusCode).toBe(422);
    const out = await punch(worker.token, punchBody({ lat: SQUARE.lat + 0.0005, accuracy: 150 }));
    expect(out.statusCode, out.body).toBe(201);
    expect(punchOf(out)).toMatchObject({ direction: 'out', distance_m: 56, flags: ['poor_accuracy'] });
    const after = resultOf<TPunchState>(await call(ctx, worker.token, 'GET', '/krye/worker/me/punch'));
    expect(after.state).toBe('out');

    const rows = await scansOf(ctx, employer.employerId);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      employeeId: worker.employee.id,
      deviceId: null,
      seq: null,
      uid: 'phone',
      origin: 'phone',
      clientId: body.id,
      accuracyM: 15,
      locationId: location.id,
      distanceM: 0,
    });
  });

  it('stores nothing twice when the same id is sent again, and answers the same punch with 200', async () => {
    const { employer, worker } = await setup();
    const body = punchBody({ photo: jpeg().toString('base64') });
    const first = await punch(worker.token, body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await punch(worker.token, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(punchOf(again)).toEqual(punchOf(first));
    // Sent twice at once: one stored, both answered with it; each photo stored once.
    const twin = punchBody({ photo: jpeg(3000).toString('base64') });
    const both = await Promise.all([punch(worker.token, twin), punch(worker.token, twin)]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 201]);
    expect(await countScans(employer.employerId)).toBe(2);
    const photos = await ctx.app.db.select().from(scanPhotos).where(eq(scanPhotos.employerId, employer.employerId));
    expect(photos.map((row) => row.jpeg.length).sort()).toEqual([2000, 3000]);
    // Another worker of the employer cannot take over a stored id.
    const colleague = await createWorker(ctx, employer.token);
    const taken = await punch(colleague.token, body);
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ Error: string }>().Error).toBe(messages.punchIdUsed);
  });

  it('flags a punch sent late from the offline queue, and one from a phone whose clock is ahead', async () => {
    const { worker } = await setup();
    const late = await punch(worker.token, punchBody({ taken_at: secondsAgo(40 * 60) }));
    expect(late.statusCode, late.body).toBe(201);
    expect(punchOf(late).flags).toEqual(['late']);
    const ahead = await punch(worker.token, punchBody({ taken_at: new Date(Date.now() + 3 * 60_000).toISOString() }));
    expect(ahead.statusCode, ahead.body).toBe(201);
    expect(punchOf(ahead).flags).toEqual(['clock_skew']);
    const tooFar = await punch(worker.token, punchBody({ taken_at: new Date(Date.now() + 10 * 60_000).toISOString() }));
    expect(tooFar.statusCode).toBe(422);
    expect(tooFar.json<{ Error: string }>().Error).toBe(messages.punchInFuture);
    const tooOld = await punch(worker.token, punchBody({ taken_at: secondsAgo(8 * 24 * 3600) }));
    expect(tooOld.statusCode).toBe(422);
    expect(tooOld.json<{ Error: string }>().Error).toBe(messages.punchTooOld);
  });

  it('outside every workplace: refused naming the nearest under "refuse", stored and flagged under "flag"', async () => {
    const refusing = await setup({ phone_punches: true, phone_outside: 'refuse' });
    const refused = await punch(refusing.worker.token, punchBody(NORTH_300));
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ Error: string }>().Error).toBe(
      formatMessage('punchOutside', { distance: 300, name: 'Sheshi' }),
    );
    expect(await countScans(refusing.employer.employerId)).toBe(0);

    const flagging = await setup({ phone_punches: true, phone_outside: 'flag' });
    const kept = await punch(flagging.worker.token, punchBody(NORTH_300));
    expect(kept.statusCode, kept.body).toBe(201);
    expect(punchOf(kept)).toMatchObject({ location: null, distance_m: 300, flags: ['outside'] });
    // The employee's own policy overrides the employer's.
    await call(ctx, flagging.employer.token, 'PUT', `/krye/employees/${flagging.worker.employee.id}/phone-clock`, {
      phone_outside: 'refuse',
    });
    expect((await punch(flagging.worker.token, punchBody(NORTH_300))).statusCode).toBe(422);

    // With no workplace at all: refused under 'refuse', flagged with no distance under 'flag'.
    const none = await createWorkspace(ctx, 'Pa vend');
    await call(ctx, none.token, 'PUT', '/krye/phone-clock-settings', { phone_punches: true });
    const lonely = await createWorker(ctx, none.token);
    const noPlace = await punch(lonely.token, punchBody());
    expect(noPlace.json<{ Error: string }>().Error).toBe(messages.punchNoWorkplace);
    await call(ctx, none.token, 'PUT', '/krye/phone-clock-settings', { phone_outside: 'flag' });
    expect(punchOf(await punch(lonely.token, punchBody()))).toMatchObject({ location: null, distance_m: null });
  });

  it('refuses when phone punches are off, and takes them when the employee is allowed on its own', async () => {
    const { employer, worker } = await setup({ phone_punches: false });
    const off = await punch(worker.token, punchBody());
    expect(off.statusCode).toBe(403);
    expect(off.json<{ Error: string }>().Error).toBe(messages.phonePunchesOff);
    const state = resultOf<TPunchState>(await call(ctx, worker.token, 'GET', '/krye/worker/me/punch'));
    expect(state.allowed).toBe(false);
    await call(ctx, employer.token, 'PUT', `/krye/employees/${worker.employee.id}/phone-clock`, {
      phone_punches: true,
    });
    expect((await punch(worker.token, punchBody())).statusCode).toBe(201);
  });

  it('takes a photo of at most 200 KB that is a JPEG, and requires one when asked', async () => {
    const { employer, worker } = await setup({ phone_punches: true, phone_photo_required: true });
    const missing = await punch(worker.token, punchBody());
    expect(missing.statusCode).toBe(422);
    expect(missing.json<{ Error: string }>().Error).toBe(messages.punchPhotoRequired);
    const big = await punch(worker.token, punchBody({ photo: jpeg(PUNCH_PHOTO_MAX_BYTES + 1).toString('base64') }));
    expect(big.statusCode).toBe(413);
    expect(big.json<{ Error: string }>().Error).toBe(messages.punchPhotoTooBig);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const notJpeg = await punch(worker.token, punchBody({ photo: png.toString('base64') }));
    expect(notJpeg.statusCode).toBe(422);
    expect(notJpeg.json<{ Error: string }>().Error).toBe(messages.punchPhotoNotJpeg);
    const garbled = await punch(worker.token, punchBody({ photo: `@@@@${jpeg().toString('base64')}` }));
    expect(garbled.statusCode).toBe(422);
    expect(garbled.json<{ Error: string }>().Error).toBe(messages.punchPhotoNotJpeg);
    expect(await countScans(employer.employerId)).toBe(0);

    const photo = randomJpeg(PUNCH_PHOTO_MAX_BYTES);
    const ok = await punch(worker.token, punchBody({ photo: `data:image/jpeg;base64,${photo.toString('base64')}` }));
    expect(ok.statusCode, ok.body).toBe(201);
    const [review] = await reviewOf(employer.token, worker.employee.id, todayIn(ZONE, new Date(punchOf(ok).at)));
    expect(review).toMatchObject({ origin: 'phone', has_photo: true });
    const served = await call(ctx, employer.token, 'GET', `/krye/punches/${review?.id}/photo`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(photo)).toBe(true);
    const [stored] = await ctx.app.db
      .select()
      .from(scanPhotos)
      .where(eq(scanPhotos.scanId, review?.id ?? 0));
    expect(Buffer.from(stored?.jpeg ?? []).equals(photo)).toBe(true);
    // Out of line without an attempt at compressing it (migration 0025): a JPEG does not compress.
    const storage = await ctx.app.db.execute<{ attstorage: string }>(
      sql`select attstorage from pg_attribute where attrelid = 'scan_photos'::regclass and attname = 'jpeg'`,
    );
    expect(storage.rows[0]?.attstorage).toBe('e');
  });

  it('refuses bad input with a sentence, storing nothing; an employer may not punch', async () => {
    const { employer, worker } = await setup();
    const cases: [unknown, string][] = [
      [punchBody({ id: 'not-a-uuid' }), messages.punchIdInvalid],
      [punchBody({ lat: 91 }), messages.latitudeInvalid],
      [punchBody({ accuracy: -1 }), messages.punchAccuracyInvalid],
      [punchBody({ taken_at: 'yesterday' }), messages.punchTakenAtInvalid],
    ];
    for (const [body, sentence] of cases) {
      const res = await punch(worker.token, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ Status: false, Error: sentence });
    }
    expect(await countScans(employer.employerId)).toBe(0);
    expect((await punch(employer.token, punchBody())).statusCode).toBe(403);
    expect((await call(ctx, employer.token, 'GET', '/krye/worker/me/punch')).statusCode).toBe(403);
  });

  it('allows 6 punches a minute per worker', async () => {
    const { employer, worker } = await setup();
    for (let i = 0; i < 6; i += 1) expect((await punch(worker.token, punchBody())).statusCode).toBe(201);
    const seventh = await punch(worker.token, punchBody());
    expect(seventh.statusCode).toBe(429);
    expect(seventh.json<{ Error: string }>().Error).toBe(messages.punchTooMany);
    expect(await countScans(employer.employerId)).toBe(6);
    // A colleague has an allowance of its own.
    const colleague = await createWorker(ctx, employer.token);
    expect((await punch(colleague.token, punchBody())).statusCode).toBe(201);
  });

  it('stores at most 6 of 20 punches a worker sends at once, each once', async () => {
    const { employer, worker } = await setup();
    const answers = await Promise.all(Array.from({ length: 20 }, () => punch(worker.token, punchBody())));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(6);
    expect(statuses.filter((status) => status === 429)).toHaveLength(14);
    const rows = await scansOf(ctx, employer.employerId);
    expect(rows).toHaveLength(6);
    // Their directions alternate in the order of their times.
    const directions = answers.filter((res) => res.statusCode === 201).map(punchOf);
    expect(directions.filter((one) => one.direction === 'in')).toHaveLength(3);
  });

  it('is refused in a closed month, like any other dated write', async () => {
    const { employer, worker } = await setup();
    const takenAt = secondsAgo(5);
    const month = todayIn(ZONE, new Date(takenAt)).slice(0, 7);
    await ctx.app.db.insert(closedMonths).values({ employerId: employer.employerId, month, statement: {} });
    const res = await punch(worker.token, punchBody({ taken_at: takenAt }));
    expect(res.statusCode).toBe(409);
    expect(res.json<{ Error: string }>().Error).toBe(messages.punchMonthClosed);
    expect(await countScans(employer.employerId)).toBe(0);
  });

  it('shows in the scanned day, on the RFID day list with its flag, and on the today board', async () => {
    const { employer, worker } = await setup({ phone_punches: true, phone_outside: 'flag' }, true);
    const body = punchBody({ ...NORTH_300, taken_at: secondsAgo(30) });
    expect((await punch(worker.token, body)).statusCode).toBe(201);
    const date = todayIn(ZONE, new Date(body.taken_at));
    const time = new Intl.DateTimeFormat('en-GB', {
      timeZone: ZONE,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(body.taken_at));
    const scanned = await call(
      ctx,
      employer.token,
      'GET',
      `/krye/rfid_data?rfid_worker_id=${worker.employee.id}&date=${date}`,
    );
    expect(scanned.statusCode, scanned.body).toBe(200);
    expect(resultOf<TScanRecord[]>(scanned)).toEqual([expect.objectContaining({ date, time })]);
    const day = await call(ctx, employer.token, 'GET', `/krye/rfid_day?date=${date}`);
    expect(resultOf<{ id: number; flagged?: number; firstScanTime: string }[]>(day)).toEqual([
      expect.objectContaining({ id: worker.employee.id, firstScanTime: time, flagged: 1 }),
    ]);
    if (date === todayIn(ZONE)) {
      const board = resultOf<TTodayBoard>(await call(ctx, employer.token, 'GET', '/krye/today'));
      expect(board.workers.find((row) => row.employee_id === worker.employee.id)?.first_scan).toBe(time.slice(0, 5));
    }
    // Accepted, the day no longer counts it as flagged.
    const [review] = await reviewOf(employer.token, worker.employee.id, date);
    expect((await call(ctx, employer.token, 'PUT', `/krye/punches/${review?.id}/accept`)).statusCode).toBe(200);
    const after = resultOf<{ flagged?: number }[]>(
      await call(ctx, employer.token, 'GET', `/krye/rfid_day?date=${date}`),
    );
    expect(after[0]?.flagged).toBeUndefined();
  });
});

describe('the employer’s review of punches', () => {
  it('lists the day’s punches of every origin; a flagged one is accepted or removed, each with an audit entry', async () => {
    const { employer, worker, location } = await setup({ phone_punches: true, phone_outside: 'flag' });
    const inside = punchBody({ taken_at: secondsAgo(60) });
    const outside = punchBody({ ...NORTH_300, accuracy: 120, taken_at: secondsAgo(30) });
    await punch(worker.token, inside);
    await punch(worker.token, outside);
    // A card scan of the same worker, from before migration 0023 (no origin, no device): a reader's.
    await ctx.app.db.insert(scans).values({
      employerId: employer.employerId,
      employeeId: worker.employee.id,
      uid: 'CARD1',
      scannedAt: new Date(Date.now() - 45_000),
    });
    const date = todayIn(ZONE, new Date(inside.taken_at));
    const punches = await reviewOf(employer.token, worker.employee.id, date);
    expect(punches.map((row) => row.origin)).toEqual(['phone', 'reader', 'phone']);
    const [first, card, flagged] = punches as [TReviewPunch, TReviewPunch, TReviewPunch];
    expect(first).toMatchObject({
      at: inside.taken_at,
      method: null,
      ...{ lat: SQUARE.lat, lng: SQUARE.lng, accuracy_m: 15 },
      location: { id: location.id, name: 'Sheshi' },
      distance_m: 0,
      flags: [],
      accepted: false,
      has_photo: false,
    });
    expect(first.time).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(card).toMatchObject({ lat: null, location: null, flags: [] });
    expect(flagged).toMatchObject({ distance_m: 300, flags: ['outside', 'poor_accuracy'], accepted: false });

    // Unflagged punches are corrected on the day, not accepted or removed here.
    expect((await call(ctx, employer.token, 'PUT', `/krye/punches/${card.id}/accept`)).statusCode).toBe(409);
    expect((await call(ctx, employer.token, 'DELETE', `/krye/punches/${first.id}`)).statusCode).toBe(409);

    const accepted = await call(ctx, employer.token, 'PUT', `/krye/punches/${flagged.id}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(resultOf<{ punch: TReviewPunch }>(accepted).punch).toMatchObject({ id: flagged.id, accepted: true });
    const removed = await call(ctx, employer.token, 'DELETE', `/krye/punches/${flagged.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await reviewOf(employer.token, worker.employee.id, date)).map((row) => row.id)).toEqual([
      first.id,
      card.id,
    ]);

    const audit = await ctx.app.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.employerId, employer.employerId))
      .orderBy(auditLog.id);
    expect(audit.map((entry) => entry.action)).toEqual(['punch.accept', 'punch.remove']);
    expect(audit[1]?.details).toMatchObject({
      params: {
        id: flagged.id,
        employee_id: worker.employee.id,
        date,
        time: flagged.time,
        flags: ['outside', 'poor_accuracy'],
      },
    });
  });

  it('refuses to remove a punch in a closed month', async () => {
    const { employer, worker } = await setup({ phone_punches: true, phone_outside: 'flag' });
    const body = punchBody(NORTH_300);
    await punch(worker.token, body);
    const date = todayIn(ZONE, new Date(body.taken_at));
    const [review] = await reviewOf(employer.token, worker.employee.id, date);
    await ctx.app.db
      .insert(closedMonths)
      .values({ employerId: employer.employerId, month: date.slice(0, 7), statement: {} });
    const res = await call(ctx, employer.token, 'DELETE', `/krye/punches/${review?.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ Error: string }>().Error).toBe(messages.punchMonthClosed);
    expect(await countScans(employer.employerId)).toBe(1);
  });

  it("answers another tenant's punch as not found, refuses a worker and bad input", async () => {
    const { employer, worker } = await setup({ phone_punches: true, phone_outside: 'flag' });
    const other = await createWorkspace(ctx, 'Tjetër');
    const body = punchBody({ ...NORTH_300, photo: jpeg().toString('base64') });
    await punch(worker.token, body);
    const date = todayIn(ZONE, new Date(body.taken_at));
    const [review] = await reviewOf(employer.token, worker.employee.id, date);
    const id = review?.id ?? 0;
    const list = await call(ctx, other.token, 'GET', `/krye/punches?employee_id=${worker.employee.id}&date=${date}`);
    expect(list.statusCode).toBe(404);
    expect((await call(ctx, other.token, 'GET', `/krye/punches/${id}/photo`)).statusCode).toBe(404);
    expect((await call(ctx, other.token, 'PUT', `/krye/punches/${id}/accept`)).statusCode).toBe(404);
    expect((await call(ctx, other.token, 'DELETE', `/krye/punches/${id}`)).statusCode).toBe(404);
    expect((await call(ctx, worker.token, 'GET', `/krye/punches/${id}/photo`)).statusCode).toBe(403);
    expect((await call(ctx, worker.token, 'DELETE', `/krye/punches/${id}`)).statusCode).toBe(403);
    const bad = await call(ctx, employer.token, 'GET', `/krye/punches?employee_id=abc&date=${date}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ Error: string }>().Error).toBe(messages.punchEmployeeInvalid);
    const badDate = await call(
      ctx,
      employer.token,
      'GET',
      `/krye/punches?employee_id=${worker.employee.id}&date=2026-02-30`,
    );
    expect(badDate.statusCode).toBe(400);
    expect((await call(ctx, employer.token, 'PUT', `/krye/punches/${id}/accept`, { extra: 1 })).statusCode).toBe(400);
    const [row] = await scansOf(ctx, employer.employerId);
    expect(row?.acceptedAt).toBeNull();
  });
});

describe('the photo job', () => {
  it("deletes photos older than each employer's retention and keeps the punches", async () => {
    const short = await setup({ phone_punches: true, photo_retention_days: 1 });
    const long = await setup({ phone_punches: true });
    for (const { worker } of [short, long]) {
      const res = await punch(worker.token, punchBody({ photo: jpeg().toString('base64') }));
      expect(res.statusCode, res.body).toBe(201);
    }
    // Both photos are two days old: past the one-day retention, within the default 60 days.
    await ctx.app.db
      .update(scanPhotos)
      .set({ createdAt: sql`now() - interval '2 days'` })
      .where(sql`${scanPhotos.employerId} in (${short.employer.employerId}, ${long.employer.employerId})`);
    const outcome = await deleteExpiredPhotos(ctx.app.db, new Date());
    expect(outcome.deleted).toBeGreaterThanOrEqual(1);
    const left = async (employerId: number) =>
      (await ctx.app.db.select().from(scanPhotos).where(eq(scanPhotos.employerId, employerId))).length;
    expect(await left(short.employer.employerId)).toBe(0);
    expect(await left(long.employer.employerId)).toBe(1);
    expect(await countScans(short.employer.employerId)).toBe(1);
    const [row] = await scansOf(ctx, short.employer.employerId);
    const photo = await call(ctx, short.employer.token, 'GET', `/krye/punches/${row?.id}/photo`);
    expect(photo.statusCode).toBe(404);
    expect(photo.json<{ Error: string }>().Error).toBe(messages.punchPhotoNotFound);
    // Run again: nothing more to delete for these two.
    await deleteExpiredPhotos(ctx.app.db, new Date());
    expect(await left(long.employer.employerId)).toBe(1);
    // The retention is the employer's row.
    const [settings] = await ctx.app.db
      .select({ days: employers.photoRetentionDays })
      .from(employers)
      .where(and(eq(employers.id, short.employer.employerId)));
    expect(settings?.days).toBe(1);
  });
});
