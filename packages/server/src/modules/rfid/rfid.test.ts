import { todayIn } from '@puna/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import { createPremiumWorkspace, deviceCall, registerDevice } from '../../../test/helpers/device-factories';
import {
  addEmployee,
  call,
  createWorker,
  createWorkspaceTestApp,
  hoursFromScans,
  resultOf,
} from '../../../test/helpers/workspace-factories';
import { scans } from '../../db/schema';
import { scannedDays } from './days';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

const editBody = (rfid: string | null) => ({ name: 'Ana', salary: 5, wages: 'Orë', role: 'Punëtor', rfid });

/** An employer with a device and Ana holding card CAFE01; Europe/Tirane is UTC+1 in March. */
async function setup() {
  const employer = await createPremiumWorkspace(ctx);
  const device = await registerDevice(ctx, employer.token);
  const ana = await addEmployee(ctx, employer.token, { name: 'Ana', salary: 5 });
  const edit = await call(ctx, employer.token, 'PUT', `/krye/edit_employee/${ana.id}`, editBody('cafe01'));
  expect(edit.statusCode).toBe(200);
  expect(resultOf<{ rfid: string }>(edit).rfid).toBe('CAFE01');
  return { employer, device, ana };
}

async function sendScans(device: { device_id: string; secret: string | null }, list: [number, string, string][]) {
  const res = await deviceCall(ctx, device, '/device/v1/scans', {
    scans: list.map(([seq, uid, ts]) => ({ seq, uid, ts })),
  });
  expect(res.statusCode).toBe(200);
}

describe('cards', () => {
  it('refuses a card another employee of the employer holds (409)', async () => {
    const { employer } = await setup();
    const bea = await addEmployee(ctx, employer.token, { name: 'Bea' });
    const res = await call(ctx, employer.token, 'PUT', `/krye/edit_employee/${bea.id}`, {
      ...editBody('CAFE01'),
      name: 'Bea',
    });
    expect(res.statusCode).toBe(409);
    const list = resultOf<{ id: number; rfid: string | null }[]>(
      await call(ctx, employer.token, 'GET', '/krye/listarfid'),
    );
    expect(list.find((w) => w.id === bea.id)?.rfid).toBeNull();
  });

  it('lets another employer use the same card UID', async () => {
    await setup();
    const other = await createPremiumWorkspace(ctx);
    const bea = await addEmployee(ctx, other.token, { name: 'Ana' });
    const res = await call(ctx, other.token, 'PUT', `/krye/edit_employee/${bea.id}`, editBody('CAFE01'));
    expect(res.statusCode).toBe(200);
  });

  it('keeps unknown card scans and assigns them to an employee without rewriting past attendance', async () => {
    const { employer, device, ana } = await setup();
    const bea = await addEmployee(ctx, employer.token, { name: 'Bea' });
    await sendScans(device, [
      [1, 'DEAD99', '2025-03-03T07:00:00Z'],
      [2, 'CAFE01', '2025-03-03T07:05:00Z'],
    ]);
    const unknown = await call(ctx, employer.token, 'GET', '/krye/rfid/unknown?date=2025-03-03');
    expect(resultOf<{ uid: string; scans: number }[]>(unknown)).toEqual([
      { uid: 'DEAD99', scans: 1, lastScan: '2025-03-03T07:00:00.000Z' },
    ]);
    const assign = await call(ctx, employer.token, 'POST', '/krye/rfid/assign', { uid: 'dead99', employeeId: bea.id });
    expect(assign.json()).toEqual({
      Status: true,
      Result: { attributedScans: 1, keptInClosedMonths: 0, closedMonths: [] },
    });
    expect(resultOf<unknown[]>(await call(ctx, employer.token, 'GET', '/krye/rfid/unknown'))).toEqual([]);

    // Ana's card moves to Bea: Ana's past scan stays Ana's.
    await call(ctx, employer.token, 'PUT', `/krye/edit_employee/${ana.id}`, editBody(null));
    const moved = await call(ctx, employer.token, 'POST', '/krye/rfid/assign', { uid: 'CAFE01', employeeId: bea.id });
    expect(moved.json()).toEqual({
      Status: true,
      Result: { attributedScans: 0, keptInClosedMonths: 0, closedMonths: [] },
    });
    const anaScans = await call(ctx, employer.token, 'GET', `/krye/rfid_data?rfid_worker_id=${ana.id}`);
    expect(resultOf<unknown[]>(anaScans)).toEqual([{ date: '2025-03-03', time: '08:05:00', day: 'E Hënë' }]);
  });

  it("refuses to assign a card to another employer's employee (404)", async () => {
    const { employer, ana } = await setup();
    const outsider = await createPremiumWorkspace(ctx);
    const res = await call(ctx, outsider.token, 'POST', '/krye/rfid/assign', { uid: 'FFFF', employeeId: ana.id });
    expect(res.statusCode).toBe(404);
    const list = resultOf<{ id: number; rfid: string | null }[]>(
      await call(ctx, employer.token, 'GET', '/krye/listarfid'),
    );
    expect(list.find((w) => w.id === ana.id)?.rfid).toBe('CAFE01');
  });
});

describe('RFID list', () => {
  it("lists a day's workers with first and last scan in the employer's zone, and hours", async () => {
    const { employer, device, ana } = await setup();
    await sendScans(device, [
      [1, 'CAFE01', '2025-03-03T07:02:00Z'],
      [2, 'CAFE01', '2025-03-03T12:00:00Z'],
      [3, 'CAFE01', '2025-03-03T15:10:00Z'],
    ]);
    const listed = await call(ctx, employer.token, 'GET', '/krye/listarfid');
    expect(resultOf<unknown[]>(listed)).toEqual([{ id: ana.id, name: 'Ana', rfid: 'CAFE01' }]);
    const data = await call(ctx, employer.token, 'GET', `/krye/rfid_data?rfid_worker_id=${ana.id}&date=2025-03-03`);
    expect(resultOf<{ time: string }[]>(data).map((s) => s.time)).toEqual(['08:02:00', '13:00:00', '16:10:00']);
    const day = await call(ctx, employer.token, 'GET', '/krye/rfid_day?date=2025-03-03');
    expect(resultOf<unknown[]>(day)).toEqual([
      {
        id: ana.id,
        name: 'Ana',
        date: '2025-03-03',
        day: 'E Hënë',
        firstScanTime: '08:02:00',
        lastScanTime: '16:10:00',
        scanCount: 3,
        missingCheckout: false,
        hours: 8.25, // 8 h 08 min, to the nearest quarter hour
        corrected: false,
        correction_origin: null,
        atWork: false,
        // Ana has no schedule: her day is unscheduled work (docs/product.md#marks).
        state: 'left',
        flags: ['unscheduledWork'],
        late_by_minutes: null,
        leave_type: null,
      },
    ]);
    expect((await call(ctx, employer.token, 'GET', `/krye/workerrfid/${ana.id}`)).json()).toEqual({ name: 'Ana' });
  });

  it('reads the scanned days of all workers or one, by date then worker, scan counts past nine included', async () => {
    const { employer, device, ana } = await setup();
    const bea = await addEmployee(ctx, employer.token, { name: 'Bea' });
    expect(
      (await call(ctx, employer.token, 'PUT', `/krye/edit_employee/${bea.id}`, { ...editBody('BEEF02'), name: 'Bea' }))
        .statusCode,
    ).toBe(200);
    // Ana scans twelve times on the 3rd and once on the 4th (her 4th ends after midnight UTC);
    // Bea twice on the 3rd, not on the 4th.
    const anaScans = Array.from({ length: 12 }, (_, i): [number, string, string] => [
      i + 1,
      'CAFE01',
      `2025-03-03T${String(7 + i).padStart(2, '0')}:0${i % 10}:0${i % 7}Z`,
    ]);
    await sendScans(device, [
      ...anaScans,
      [13, 'CAFE01', '2025-03-04T23:30:00Z'],
      [14, 'BEEF02', '2025-03-03T06:59:59Z'],
      [15, 'BEEF02', '2025-03-03T14:00:00Z'],
    ]);
    const deps = { db: ctx.database.db, config: ctx.config };
    const range = { from: '2025-03-02', to: '2025-03-05' };
    const day = (employeeId: number, date: string, first: string, last: string, scanCount: number, hours: number) => ({
      employeeId,
      date,
      firstScanTime: first,
      lastScanTime: last,
      scanCount,
      corrected: false,
      origin: null,
      missingCheckout: scanCount === 1,
      hours,
      endsNextDay: false,
      firstMinutes: minutesOf(first),
      lastMinutes: minutesOf(last),
    });
    const minutesOf = (time: string) =>
      Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) + Number(time.slice(6, 8)) / 60;
    const [first, second] = ana.id < bea.id ? [ana.id, bea.id] : [bea.id, ana.id];
    const third = [
      day(ana.id, '2025-03-03', '08:00:00', '19:01:04', 12, 11),
      day(bea.id, '2025-03-03', '07:59:59', '15:00:00', 2, 7),
    ].sort((a, b) => a.employeeId - b.employeeId);
    expect(third.map((row) => row.employeeId)).toEqual([first, second]);
    expect(await scannedDays(deps, employer.employerId, range)).toEqual([
      ...third,
      day(ana.id, '2025-03-05', '00:30:00', '00:30:00', 1, 0),
    ]);
    expect(await scannedDays(deps, employer.employerId, range, bea.id)).toEqual([
      day(bea.id, '2025-03-03', '07:59:59', '15:00:00', 2, 7),
    ]);
  });

  it('a single scan today is a worker still at work, not a missing checkout of a past day', async () => {
    const { employer, device } = await setup();
    const scannedAt = new Date(Date.now() - 1000);
    const today = todayIn('Europe/Tirane', scannedAt);
    await sendScans(device, [[1, 'CAFE01', scannedAt.toISOString()]]);
    const day = resultOf<{ missingCheckout: boolean; atWork: boolean; hours: number }[]>(
      await call(ctx, employer.token, 'GET', `/krye/rfid_day?date=${today}`),
    );
    expect(day[0]).toMatchObject({ missingCheckout: true, atWork: true, hours: 0 });
  });

  it('flags a single scan as a missing checkout', async () => {
    const { employer, device } = await setup();
    await sendScans(device, [[1, 'CAFE01', '2025-03-04T07:00:00Z']]);
    const day = resultOf<{ missingCheckout: boolean; hours: number }[]>(
      await call(ctx, employer.token, 'GET', '/krye/rfid_day?date=2025-03-04'),
    );
    expect(day[0]).toMatchObject({ missingCheckout: true, hours: 0, atWork: false });
  });

  it('records edits and deletions as corrections, keeping the raw scans, and pays from them', async () => {
    const { employer, device, ana } = await setup();
    await hoursFromScans(ctx, employer.employerId);
    await sendScans(device, [
      [1, 'CAFE01', '2025-03-03T07:00:00Z'],
      [2, 'CAFE01', '2025-03-03T11:00:00Z'],
      [3, 'CAFE01', '2025-03-04T07:00:00Z'],
      [4, 'CAFE01', '2025-03-04T09:08:00Z'],
    ]);
    const payOf = async () =>
      resultOf<{ id: number; totalHours?: number }[]>(
        await call(ctx, employer.token, 'GET', '/krye/pay?month=2025-03'),
      );
    const before = (await payOf()).find((row) => row.id === ana.id);
    expect(JSON.stringify(before)).toContain('6.25');

    const edit = await call(ctx, employer.token, 'PUT', '/krye/edit_rfid', {
      id: ana.id,
      date: '2025-03-03',
      firstScanTime: '08:00',
      lastScanTime: '17:00',
    });
    expect(edit.json()).toEqual({ Status: true });
    const del = await call(ctx, employer.token, 'DELETE', '/krye/delete_rfid', { id: ana.id, date: '2025-03-04' });
    expect(del.json()).toEqual({ Status: true });

    const day3 = resultOf<{ firstScanTime: string; hours: number; corrected: boolean }[]>(
      await call(ctx, employer.token, 'GET', '/krye/rfid_day?date=2025-03-03'),
    );
    expect(day3[0]).toMatchObject({ firstScanTime: '08:00:00', lastScanTime: '17:00:00', hours: 9, corrected: true });
    expect(resultOf<unknown[]>(await call(ctx, employer.token, 'GET', '/krye/rfid_day?date=2025-03-04'))).toEqual([]);
    const raw = await ctx.app.db.select().from(scans).where(eq(scans.employerId, employer.employerId));
    expect(raw).toHaveLength(4);
    const after = (await payOf()).find((row) => row.id === ana.id);
    expect(after).toMatchObject({ pay: 45 });
  });

  it("gives the worker's own month and the dashboard their scanned days when the list type is rfid", async () => {
    const employer = await createPremiumWorkspace(ctx, { scans: true });
    const device = await registerDevice(ctx, employer.token);
    const worker = await createWorker(ctx, employer.token, { name: 'Dea', salary: 5 });
    await call(ctx, employer.token, 'PUT', `/krye/edit_employee/${worker.employee.id}`, {
      ...editBody('D1'),
      name: 'Dea',
    });
    await sendScans(device, [
      [1, 'D1', '2025-03-05T07:00:00Z'],
      [2, 'D1', '2025-03-05T14:00:00Z'],
    ]);
    const month = resultOf<{ entries: { data: string; ora: number }[] }>(
      await call(ctx, worker.token, 'GET', '/krye/worker/me?month=2025-03'),
    );
    expect(month.entries).toMatchObject([{ data: '2025-03-05', ora: 7 }]);
    const dashboard = await call(ctx, employer.token, 'GET', '/krye/workerdate?date=2025-03-05');
    expect(resultOf<unknown[]>(dashboard)).toEqual([{ worker_id: worker.employee.id, data: '2025-03-05' }]);
  });

  it('refuses bad input with 400 and records nothing', async () => {
    const { employer, ana } = await setup();
    for (const body of [
      { id: ana.id, date: '2025-03-03', firstScanTime: '9', lastScanTime: '17:00' },
      { id: ana.id, date: '03/03/2025', firstScanTime: '08:00', lastScanTime: '17:00' },
      { id: ana.id, date: '2025-03-03', firstScanTime: '18:00', lastScanTime: '17:00' },
    ]) {
      const res = await call(ctx, employer.token, 'PUT', '/krye/edit_rfid', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ Status: false, Error: expect.any(String) });
    }
    expect(resultOf<unknown[]>(await call(ctx, employer.token, 'GET', '/krye/rfid_day?date=2025-03-03'))).toEqual([]);
    expect((await call(ctx, employer.token, 'GET', '/krye/rfid_data?rfid_worker_id=abc')).statusCode).toBe(400);
  });

  it("hides another employer's scans and refuses to correct them (404)", async () => {
    const { device, ana } = await setup();
    await sendScans(device, [[1, 'CAFE01', '2025-03-03T07:00:00Z']]);
    const outsider = await createPremiumWorkspace(ctx);
    expect(resultOf<unknown[]>(await call(ctx, outsider.token, 'GET', '/krye/rfid_day?date=2025-03-03'))).toEqual([]);
    expect(resultOf<unknown[]>(await call(ctx, outsider.token, 'GET', '/krye/rfid/unknown'))).toEqual([]);
    for (const [method, url, body] of [
      ['GET', `/krye/rfid_data?rfid_worker_id=${ana.id}`, undefined],
      ['GET', `/krye/workerrfid/${ana.id}`, undefined],
      ['PUT', '/krye/edit_rfid', { id: ana.id, date: '2025-03-03', firstScanTime: '08:00', lastScanTime: '09:00' }],
      ['DELETE', '/krye/delete_rfid', { id: ana.id, date: '2025-03-03' }],
      ['PUT', `/krye/edit_employee/${ana.id}`, editBody('ABC')],
    ] as const) {
      expect((await call(ctx, outsider.token, method, url, body)).statusCode, url).toBe(404);
    }
  });

  it('refuses a worker on the RFID routes', async () => {
    const { employer } = await setup();
    const worker = await createWorker(ctx, employer.token);
    expect((await call(ctx, worker.token, 'GET', '/krye/listarfid')).statusCode).toBe(403);
  });
});
