import type { TCorrection } from '@puna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import {
  createPremiumWorkspace,
  deviceCall,
  giveCard,
  insertScans,
  registerDevice,
} from '../../../test/helpers/device-factories';
import { weekdays } from '../../../test/helpers/schedules';
import {
  addEmployee,
  call,
  createWorker,
  createWorkspaceTestApp,
  resultOf,
  rfidDayOf,
  statementOf,
} from '../../../test/helpers/workspace-factories';
import { scanEntriesOf, scanHoursByWorker, scannedDays } from './days';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

const deps = () => ({ db: ctx.database.db, config: ctx.config });

/** Europe/Tirane (the workspaces' zone) on a wall clock: UTC+1 in winter, UTC+2 in summer. */
const local = (date: string, clock: string, offset = '+01:00') => new Date(`${date}T${clock}:00${offset}`);

/** A premium employer whose hours come from the RFID list, with the labour rules on (Kosovo). */
const scanningEmployer = () => createPremiumWorkspace(ctx, { scans: true, labourRules: 'XK' });

/** Monday to Friday nights, 22:00 to 06:00. */
const nightSchedule = weekdays('22:00', '06:00');

describe('night shifts from card scans', () => {
  it('pays two 22:00→06:00 nights scanned at the device as two 8-hour days of 8 night hours, without overtime', async () => {
    const employer = await scanningEmployer();
    const device = await registerDevice(ctx, employer.token);
    const nora = await addEmployee(ctx, employer.token, { name: 'Nora', wages: 'Orë', salary: 5 });
    await giveCard(ctx, employer.token, nora, 'NITE01');
    // Monday 2 and Tuesday 3 March 2026, no schedule: the pairing rule alone.
    const instants = [
      local('2026-03-02', '22:00'),
      local('2026-03-03', '06:00'),
      local('2026-03-03', '22:00'),
      local('2026-03-04', '06:00'),
    ];
    const sent = await deviceCall(ctx, device, '/device/v1/scans', {
      scans: instants.map((at, i) => ({ seq: i + 1, uid: 'NITE01', ts: at.toISOString() })),
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const days = await scannedDays(deps(), employer.employerId, { from: '2026-03-01', to: '2026-03-05' });
    expect(days.map((day) => [day.date, day.firstScanTime, day.lastScanTime, day.endsNextDay, day.hours])).toEqual([
      ['2026-03-02', '22:00:00', '06:00:00', true, 8],
      ['2026-03-03', '22:00:00', '06:00:00', true, 8],
    ]);
    const statement = await statementOf(ctx, employer.token, '2026-03');
    const row = statement.workers.find((worker) => worker.employee_id === nora.id);
    expect(row?.hours).toBe(16);
    expect(row?.premiums).toEqual([expect.objectContaining({ kind: 'night', hours: 16 })]);
    expect(statement.exceptions.filter((exception) => exception.employee_id === nora.id)).toEqual([]);
  });

  it('lists each night on the RFID list of the evening it started, checked out the next morning', async () => {
    const employer = await scanningEmployer();
    const ana = await addEmployee(ctx, employer.token, { name: 'Ana' });
    await insertScans(
      ctx,
      employer.employerId,
      ana.id,
      local('2026-03-02', '22:00'),
      local('2026-03-03', '06:00'),
      local('2026-03-03', '22:00'),
      local('2026-03-04', '06:00'),
    );
    for (const date of ['2026-03-02', '2026-03-03']) {
      expect(await rfidDayOf(ctx, employer.token, date)).toEqual([
        expect.objectContaining({
          id: ana.id,
          date,
          firstScanTime: '22:00:00',
          lastScanTime: '06:00:00',
          ends_next_day: true,
          scanCount: 2,
          missingCheckout: false,
          hours: 8,
        }),
      ]);
    }
    expect(await rfidDayOf(ctx, employer.token, '2026-03-04')).toEqual([]);
    // The pay page and the worker's own month see the same two shifts.
    const range = { from: '2026-03-01', to: '2026-03-31' };
    expect((await scanHoursByWorker(deps(), employer.employerId, range)).get(ana.id)).toEqual([8, 8]);
    const entries = await scanEntriesOf(deps(), employer.employerId, { id: ana.id, name: 'Ana' }, range);
    expect(entries.map((entry) => [entry.data, entry.ora])).toEqual([
      ['2026-03-02', 8],
      ['2026-03-03', 8],
    ]);
  });

  it('counts the night the clocks go forward as 7 hours, all night hours, and the night they go back as 9', async () => {
    const employer = await scanningEmployer();
    const vesa = await addEmployee(ctx, employer.token, { name: 'Vesa', wages: 'Orë', salary: 5 });
    // Saturday 28 March 2026 22:00 (UTC+1) to Sunday 29 March 06:00 (UTC+2).
    await insertScans(
      ctx,
      employer.employerId,
      vesa.id,
      local('2026-03-28', '22:00'),
      local('2026-03-29', '06:00', '+02:00'),
    );
    // Saturday 24 October 22:00 (UTC+2) to Sunday 25 October 06:00 (UTC+1).
    await insertScans(
      ctx,
      employer.employerId,
      vesa.id,
      local('2026-10-24', '22:00', '+02:00'),
      local('2026-10-25', '06:00'),
    );
    const [spring] = await scannedDays(deps(), employer.employerId, { from: '2026-03-28', to: '2026-03-29' });
    expect(spring).toMatchObject({ date: '2026-03-28', hours: 7, endsNextDay: true });
    const [autumn] = await scannedDays(deps(), employer.employerId, { from: '2026-10-24', to: '2026-10-25' });
    expect(autumn).toMatchObject({ date: '2026-10-24', hours: 9, endsNextDay: true });

    const march = (await statementOf(ctx, employer.token, '2026-03')).workers.find(
      (row) => row.employee_id === vesa.id,
    );
    expect(march?.hours).toBe(7);
    expect(march?.premiums.find((premium) => premium.kind === 'night')?.hours).toBe(7);
    const october = (await statementOf(ctx, employer.token, '2026-10')).workers.find(
      (row) => row.employee_id === vesa.id,
    );
    expect(october?.hours).toBe(9);
    expect(october?.premiums.find((premium) => premium.kind === 'night')?.hours).toBe(9);
  });

  it('closes a lone scan with the next morning only within 14 hours when no schedule says otherwise', async () => {
    const employer = await scanningEmployer();
    const gent = await addEmployee(ctx, employer.token, { name: 'Gent' });
    const dritan = await addEmployee(ctx, employer.token, { name: 'Dritan' });
    await insertScans(ctx, employer.employerId, gent.id, local('2026-03-02', '18:00'), local('2026-03-03', '08:00'));
    await insertScans(ctx, employer.employerId, dritan.id, local('2026-03-02', '17:45'), local('2026-03-03', '08:00'));
    const days = await scannedDays(deps(), employer.employerId, { from: '2026-03-02', to: '2026-03-03' });
    const of = (id: number) =>
      days.filter((day) => day.employeeId === id).map((day) => [day.date, day.hours, day.missingCheckout]);
    expect(of(gent.id)).toEqual([['2026-03-02', 14, false]]);
    expect(of(dritan.id)).toEqual([
      ['2026-03-02', 0, true],
      ['2026-03-03', 0, true],
    ]);
  });

  it('gives a scheduled night shift its next morning scans, also after a double scan in the evening', async () => {
    const employer = await scanningEmployer();
    const lira = await addEmployee(ctx, employer.token, { name: 'Lira', schedule: nightSchedule });
    await insertScans(
      ctx,
      employer.employerId,
      lira.id,
      local('2026-03-02', '21:55'),
      local('2026-03-02', '21:56'),
      local('2026-03-03', '06:05'),
    );
    const [day] = await rfidDayOf(ctx, employer.token, '2026-03-02');
    expect(day).toMatchObject({
      firstScanTime: '21:55:00',
      lastScanTime: '06:05:00',
      ends_next_day: true,
      hours: 8.25,
    });
    expect(day?.flags ?? []).toEqual([]);
    expect(await rfidDayOf(ctx, employer.token, '2026-03-03')).toEqual([]);
  });
});

describe('corrections across midnight', () => {
  it('stores an employer correction 22:00→06:00 as a shift ending the next day', async () => {
    const employer = await scanningEmployer();
    const besa = await addEmployee(ctx, employer.token, { name: 'Besa' });
    await insertScans(ctx, employer.employerId, besa.id, local('2026-03-02', '22:10'));
    const body = { id: besa.id, date: '2026-03-02', firstScanTime: '22:00', lastScanTime: '06:00' };
    const res = await call(ctx, employer.token, 'PUT', '/krye/edit_rfid', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(await rfidDayOf(ctx, employer.token, '2026-03-02')).toEqual([
      expect.objectContaining({
        firstScanTime: '22:00:00',
        lastScanTime: '06:00:00',
        ends_next_day: true,
        hours: 8,
        corrected: true,
      }),
    ]);
    const row = (await statementOf(ctx, employer.token, '2026-03')).workers.find(
      (worker) => worker.employee_id === besa.id,
    );
    expect(row?.premiums.find((premium) => premium.kind === 'night')?.hours).toBe(8);
  });

  it('takes the next morning scan into the corrected night instead of leaving it a day of its own', async () => {
    const employer = await scanningEmployer();
    const besa = await addEmployee(ctx, employer.token, { name: 'Besa' });
    // The in-scan was forgotten: only the morning's checkout.
    await insertScans(ctx, employer.employerId, besa.id, local('2026-03-03', '06:02'));
    const body = { id: besa.id, date: '2026-03-02', firstScanTime: '22:00', lastScanTime: '06:00' };
    expect((await call(ctx, employer.token, 'PUT', '/krye/edit_rfid', body)).statusCode).toBe(200);
    expect(await rfidDayOf(ctx, employer.token, '2026-03-03')).toEqual([]);
  });

  it("refuses another employer's worker and a time that is not one", async () => {
    const employer = await scanningEmployer();
    const besa = await addEmployee(ctx, employer.token, { name: 'Besa' });
    const outsider = await createPremiumWorkspace(ctx, 'Tjetër');
    const body = { id: besa.id, date: '2026-03-02', firstScanTime: '22:00', lastScanTime: '06:00' };
    expect((await call(ctx, outsider.token, 'PUT', '/krye/edit_rfid', body)).statusCode).toBe(404);
    const bad = await call(ctx, employer.token, 'PUT', '/krye/edit_rfid', { ...body, lastScanTime: '24:30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ Status: false });
  });

  it("accepts a worker's checkout request after midnight on the evening's date, and refuses one 14 hours past", async () => {
    const employer = await scanningEmployer();
    const arta = await createWorker(ctx, employer.token, { name: 'Arta' });
    await insertScans(ctx, employer.employerId, arta.employee.id, local('2026-03-02', '22:00'));
    const ask = (time: string) =>
      call(ctx, arta.token, 'POST', '/krye/worker/me/corrections', { date: '2026-03-02', kind: 'out', time });
    const refused = await ask('21:00');
    expect(refused.statusCode).toBe(400);
    const asked = await ask('06:00');
    expect(asked.statusCode, asked.body).toBe(201);
    const request = resultOf<TCorrection>(asked);
    const decided = await call(ctx, employer.token, 'PUT', `/krye/corrections/${request.id}`, { status: 'approved' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await rfidDayOf(ctx, employer.token, '2026-03-02')).toEqual([
      expect.objectContaining({ firstScanTime: '22:00:00', lastScanTime: '06:00:00', ends_next_day: true, hours: 8 }),
    ]);
  });
});
