import { SCHEDULE_HISTORY_START, type TRfidDay, type TSchedule } from '@puna/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers/app';
import { createPremiumWorkspace, insertScans } from '../../../test/helpers/device-factories';
import { startPushService, subscribedBrowser } from '../../../test/helpers/push-service';
import { setScheduleHistory, weekdays } from '../../../test/helpers/schedules';
import { addEmployee, call, createWorker, resultOf } from '../../../test/helpers/workspace-factories';
import { attendanceReminders, scanCorrections, scans } from '../../db/schema';
import type { Mail } from '../../plugins/mail';
import { remindMissedCheckouts, sendDailyDigests } from './jobs';

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

/** Monday 2 March 2026; Europe/Tirane is UTC+1. */
const MONDAY = '2026-03-02';
const TUESDAY = '2026-03-03';
const at = (date: string, clock: string) => new Date(`${date}T${clock}:00+01:00`);

/** Subscribes the user's browser at the stand-in push service; answers what it received, decrypted. */
const subscribe = async (token: string) => (await subscribedBrowser(ctx, pushService, token)).pushes;

const remindersOf = (employeeId: number) =>
  ctx.app.db.select().from(attendanceReminders).where(eq(attendanceReminders.employeeId, employeeId));
const correctionsOf = (employeeId: number, date: string) =>
  ctx.app.db
    .select()
    .from(scanCorrections)
    .where(and(eq(scanCorrections.employeeId, employeeId), eq(scanCorrections.date, date)));

/** Gives a worker a history: 08:00–16:00 until Monday, `since` from Tuesday (its current schedule). */
async function changedOnTuesday(employerId: number, employeeId: number, since: TSchedule) {
  await setScheduleHistory(ctx, employerId, employeeId, [
    { effectiveFrom: SCHEDULE_HISTORY_START, schedule: weekdays('08:00', '16:00') },
    { effectiveFrom: TUESDAY, schedule: since },
  ]);
}

describe('the missed-checkout reminder', () => {
  it('measures a day against the schedule that held on it, not the one set since', async () => {
    const owner = await createPremiumWorkspace(ctx, 'Orari i ri');
    const later = weekdays('12:00', '20:00');
    const arta = await createWorker(ctx, owner.token, { name: 'Arta', schedule: later });
    await changedOnTuesday(owner.employerId, arta.employee.id, later);
    await insertScans(ctx, owner.employerId, arta.employee.id, at(MONDAY, '08:00'));
    // Monday's shift ended at 16:00; the schedule of 12:00–20:00 came only on Tuesday.
    await remindMissedCheckouts(ctx.app.deps, at(MONDAY, '16:11'));
    expect(await remindersOf(arta.employee.id)).toHaveLength(1);
  });

  it('pushes a worker with a first scan and no checkout once the shift and the tolerance are over, exactly once', async () => {
    const owner = await createPremiumWorkspace(ctx, 'Kujtesa');
    const arta = await createWorker(ctx, owner.token, { name: 'Arta', schedule: weekdays('08:00', '16:00') });
    const besa = await createWorker(ctx, owner.token, { name: 'Besa', schedule: weekdays('08:00', '16:00') });
    const cen = await createWorker(ctx, owner.token, { name: 'Cen' });
    await insertScans(ctx, owner.employerId, arta.employee.id, at(MONDAY, '08:00'));
    await insertScans(ctx, owner.employerId, besa.employee.id, at(MONDAY, '08:00'), at(MONDAY, '16:00'));
    await insertScans(ctx, owner.employerId, cen.employee.id, at(MONDAY, '09:00'));
    const artaPushes = await subscribe(arta.token);
    const besaPushes = await subscribe(besa.token);

    // 16:09: within the 10 minutes' tolerance.
    await remindMissedCheckouts(ctx.app.deps, at(MONDAY, '16:09'));
    expect(await remindersOf(arta.employee.id)).toEqual([]);

    // Two processes at once: one reminder row, one push.
    await Promise.all([
      remindMissedCheckouts(ctx.app.deps, at(MONDAY, '16:11')),
      remindMissedCheckouts(ctx.app.deps, at(MONDAY, '16:11')),
    ]);
    await remindMissedCheckouts(ctx.app.deps, at(MONDAY, '18:00'));
    expect(await remindersOf(arta.employee.id)).toEqual([expect.objectContaining({ date: MONDAY })]);
    expect(artaPushes()).toEqual([expect.objectContaining({ title: 'Harruat të skanoni daljen?' })]);
    expect(artaPushes()[0]?.body).toContain('16:00');
    // Checked out, or not scheduled: no reminder. Automatic checkout is off: nothing is written.
    expect(besaPushes()).toEqual([]);
    expect(await remindersOf(cen.employee.id)).toEqual([]);
    expect(await correctionsOf(arta.employee.id, MONDAY)).toEqual([]);
  });

  it('reminds of a night shift that began yesterday after its end the next morning', async () => {
    const owner = await createPremiumWorkspace(ctx, 'Nata');
    const dea = await createWorker(ctx, owner.token, { name: 'Dea', schedule: weekdays('22:00', '06:00') });
    await insertScans(ctx, owner.employerId, dea.employee.id, at(MONDAY, '22:00'));
    await remindMissedCheckouts(ctx.app.deps, at(TUESDAY, '06:05'));
    expect(await remindersOf(dea.employee.id)).toEqual([]);
    await remindMissedCheckouts(ctx.app.deps, at(TUESDAY, '06:11'));
    expect(await remindersOf(dea.employee.id)).toEqual([expect.objectContaining({ date: MONDAY })]);
  });
});

describe('the automatic checkout', () => {
  it('closes a missing checkout at the scheduled end, flagged automatic on the RFID list, once, over no other correction', async () => {
    const owner = await createPremiumWorkspace(ctx, 'Automatike');
    const set = await call(ctx, owner.token, 'PUT', '/krye/attendance-settings', {
      tolerance_minutes: 15,
      auto_checkout: true,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ Status: true, Result: { tolerance_minutes: 15, auto_checkout: true } });
    // A client sending only the tolerance keeps the switch as it is.
    const onlyTolerance = await call(ctx, owner.token, 'PUT', '/krye/attendance-settings', { tolerance_minutes: 10 });
    expect(onlyTolerance.json()).toEqual({ Status: true, Result: { tolerance_minutes: 10, auto_checkout: true } });
    const bad = await call(ctx, owner.token, 'PUT', '/krye/attendance-settings', {
      tolerance_minutes: 10,
      auto_checkout: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ Status: false, Error: 'auto_checkout must be true or false.' });

    const arta = await createWorker(ctx, owner.token, { name: 'Arta', schedule: weekdays('08:00', '16:00') });
    const edited = await addEmployee(ctx, owner.token, { name: 'Edi', schedule: weekdays('08:00', '16:00') });
    await insertScans(ctx, owner.employerId, arta.employee.id, at(MONDAY, '08:05'));
    await insertScans(ctx, owner.employerId, edited.id, at(MONDAY, '08:00'));
    const fix = await call(ctx, owner.token, 'PUT', '/krye/edit_rfid', {
      id: edited.id,
      date: MONDAY,
      firstScanTime: '08:00',
      lastScanTime: '08:00',
    });
    expect(fix.statusCode, fix.body).toBe(200);
    const artaPushes = await subscribe(arta.token);

    const runs = await Promise.all([
      remindMissedCheckouts(ctx.app.deps, at(MONDAY, '16:11')),
      remindMissedCheckouts(ctx.app.deps, at(MONDAY, '16:11')),
    ]);
    expect(runs.reduce((sum, run) => sum + run.closed, 0)).toBeGreaterThanOrEqual(1);
    expect(await correctionsOf(arta.employee.id, MONDAY)).toEqual([
      expect.objectContaining({ firstTime: '08:05', lastTime: '16:00', origin: 'automatic' }),
    ]);
    expect(await correctionsOf(edited.id, MONDAY)).toEqual([
      expect.objectContaining({ firstTime: '08:00', lastTime: '08:00', origin: 'employer' }),
    ]);
    expect(artaPushes()).toEqual([expect.objectContaining({ title: 'Dalja u shënua automatikisht' })]);
    const day = resultOf<TRfidDay[]>(await call(ctx, owner.token, 'GET', `/krye/rfid_day?date=${MONDAY}`));
    expect(day.find((row) => row.id === arta.employee.id)).toMatchObject({
      lastScanTime: '16:00:00',
      corrected: true,
      correction_origin: 'automatic',
      missingCheckout: false,
    });
    // Raw scans untouched.
    expect(await ctx.app.db.select().from(scans).where(eq(scans.employeeId, arta.employee.id))).toHaveLength(1);
  });
});

describe('the daily digest', () => {
  it("sends the employer the previous day's exceptions once, from 07:00 its time, by push and by e-mail with SMTP", async () => {
    const owner = await createPremiumWorkspace(ctx, 'Përmbledhja');
    const ownerPushes = await subscribe(owner.token);
    const schedule = weekdays('08:00', '16:00');
    const late = await addEmployee(ctx, owner.token, { name: 'Ana', schedule });
    await addEmployee(ctx, owner.token, { name: 'Bea', schedule });
    const open = await addEmployee(ctx, owner.token, { name: 'Cen', schedule });
    const extra = await addEmployee(ctx, owner.token, { name: 'Dua' });
    const fine = await addEmployee(ctx, owner.token, { name: 'Eda', schedule });
    await insertScans(ctx, owner.employerId, late.id, at(MONDAY, '08:30'), at(MONDAY, '15:00'));
    await insertScans(ctx, owner.employerId, open.id, at(MONDAY, '08:00'));
    await insertScans(ctx, owner.employerId, extra.id, at(MONDAY, '10:00'), at(MONDAY, '12:00'));
    await insertScans(ctx, owner.employerId, fine.id, at(MONDAY, '08:00'), at(MONDAY, '16:00'));

    const mails: Mail[] = [];
    const deps = {
      ...ctx.app.deps,
      config: { ...ctx.app.deps.config, smtpUrl: 'smtp://mail.example.test:587' },
      mailer: { ...ctx.app.deps.mailer, send: async (mail: Mail) => void mails.push(mail) },
    };
    const mine = (outcome: Awaited<ReturnType<typeof sendDailyDigests>>) =>
      outcome.filter((digest) => digest.employerId === owner.employerId);

    expect(mine(await sendDailyDigests(deps, at(TUESDAY, '06:59')))).toEqual([]);
    const [first, second] = await Promise.all([
      sendDailyDigests(deps, at(TUESDAY, '07:00')),
      sendDailyDigests(deps, at(TUESDAY, '07:00')),
    ]);
    const digests = [...mine(first ?? []), ...mine(second ?? [])];
    expect(digests).toHaveLength(1);
    expect(digests[0]?.date).toBe(MONDAY);
    expect(Object.fromEntries((digests[0]?.lines ?? []).map((line) => [line.name, line.kinds]))).toEqual({
      Ana: ['late', 'leftEarly'],
      Bea: ['absent'],
      Cen: ['noCheckout'],
      Dua: ['unscheduledWork'],
    });
    expect(mine(await sendDailyDigests(deps, at(TUESDAY, '12:00')))).toEqual([]);
    expect(ownerPushes()).toEqual([
      expect.objectContaining({
        title: `Përmbledhja e ${MONDAY}`,
        body: '1 vonë, 1 doli herët, 1 mungon, 1 pa dalje, 1 punë jashtë orarit',
      }),
    ]);
    // Other employers of this database get their own; this one's owner gets one.
    const ownMails = mails.filter((mail) => mail.to === owner.email);
    expect(ownMails).toHaveLength(1);
    expect(ownMails[0]).toMatchObject({ subject: `Puna: përmbledhja e ${MONDAY}` });
    expect(ownMails[0]?.text).toContain('Bea: mungon');
  });

  it('measures the day against the schedule that held on it, not the one set since', async () => {
    const owner = await createPremiumWorkspace(ctx, 'Orari i ndryshuar');
    const later = weekdays('12:00', '20:00');
    const eda = await addEmployee(ctx, owner.token, { name: 'Eda', schedule: later });
    await changedOnTuesday(owner.employerId, eda.id, later);
    // On time and staying Monday's shift of 08:00–16:00: no exception.
    await insertScans(ctx, owner.employerId, eda.id, at(MONDAY, '08:00'), at(MONDAY, '16:00'));
    const outcome = await sendDailyDigests(ctx.app.deps, at(TUESDAY, '07:30'));
    expect(outcome.filter((digest) => digest.employerId === owner.employerId)).toEqual([]);
  });

  it('sends nothing for a day without exceptions', async () => {
    const owner = await createPremiumWorkspace(ctx, 'Pa përjashtime');
    const ownerPushes = await subscribe(owner.token);
    const eda = await addEmployee(ctx, owner.token, { name: 'Eda', schedule: weekdays('08:00', '16:00') });
    await insertScans(ctx, owner.employerId, eda.id, at(MONDAY, '08:00'), at(MONDAY, '16:00'));
    const outcome = await sendDailyDigests(ctx.app.deps, at(TUESDAY, '07:30'));
    expect(outcome.filter((digest) => digest.employerId === owner.employerId)).toEqual([]);
    expect(ownerPushes()).toEqual([]);
  });
});
