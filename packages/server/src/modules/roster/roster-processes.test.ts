import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TShift } from '@puna/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers/app';
import { createPostgresDatabase, testDatabaseKind } from '../../../test/helpers/database';
import { createPremiumWorkspace, insertScans } from '../../../test/helpers/device-factories';
import { insertLeave } from '../../../test/helpers/leave-factories';
import { startPushService, subscribedBrowser } from '../../../test/helpers/push-service';
import { call, createWorker, resultOf } from '../../../test/helpers/workspace-factories';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openPostgres } from '../../db/client';
import { rosterShifts } from '../../db/schema';
import { notifyNoShows } from '../today/no-show';

/**
 * Two processes on one database (docs/product.md#shifts-and-the-roster): the no-show push and the
 * publish push are each sent once, whichever process runs the job or takes the request.
 */

let ctx: TestContext;
/** A second app on the same database: on PostgreSQL a second pool, as a second process would have. */
let other: TestContext;
let closeAll: () => Promise<void> = async () => {};
let pushService: Awaited<ReturnType<typeof startPushService>>;

beforeAll(async () => {
  pushService = await startPushService();
  if (testDatabaseKind === 'postgres') {
    const { url, drop } = await createPostgresDatabase();
    const first = await appOn(url);
    other = await appOn(url);
    ctx = first;
    closeAll = async () => {
      await first.close();
      await other.close();
      await drop();
    };
  } else {
    // PGlite is one process with one connection: the second "app" is the same one.
    ctx = await createTestApp({}, { pushAllowPrivateAddresses: true });
    other = ctx;
    closeAll = () => ctx.close();
  }
});
afterAll(async () => {
  await closeAll();
  await pushService?.close();
});

/** An app of its own (config, data folder, pool of 5) on the PostgreSQL database at `url`. */
async function appOn(url: string): Promise<TestContext> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'puna-test-'));
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_EMAIL: 'admin@puna.test' },
    { pushAllowPrivateAddresses: true },
  );
  const database = await openPostgres(url, { max: 5 });
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  return {
    app,
    routes: [],
    database,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A Tuesday in winter (Europe/Tirane is UTC+1), ahead of today so its shifts can be planned. */
const DAY = '2027-01-12';
const NEXT = '2027-01-13';
const at = (date: string, clock: string) => new Date(`${date}T${clock}:00+01:00`);

async function publishedShift(token: string, employeeId: number, start: string, end: string): Promise<TShift> {
  const res = await call(ctx, token, 'POST', '/krye/shifts', { employee_id: employeeId, date: DAY, start, end });
  expect(res.statusCode, res.body).toBe(201);
  expect((await call(ctx, token, 'POST', '/krye/shifts/publish', { from: DAY, to: DAY })).statusCode).toBe(200);
  return resultOf<TShift>(res);
}
const toldAt = async (id: number) =>
  (await ctx.app.db.select().from(rosterShifts).where(eq(rosterShifts.id, id)))[0]?.noShowNotifiedAt ?? null;

describe(`the no-show push (${testDatabaseKind}, two apps on one database)`, () => {
  it('tells the employer once of a worker with no scan 15 minutes after its shift’s start, with two processes', async () => {
    const owner = await createPremiumWorkspace(ctx, 'Furra e Natës');
    const arta = await createWorker(ctx, owner.token, { name: 'Arta Krasniqi' });
    const besa = await createWorker(ctx, owner.token, { name: 'Besa Hoxha' });
    const cen = await createWorker(ctx, owner.token, { name: 'Cen Berisha' });
    const ownerPushes = (await subscribedBrowser(ctx, pushService, owner.token)).pushes;
    const artaShift = await publishedShift(owner.token, arta.employee.id, '08:00', '16:00');
    const besaShift = await publishedShift(owner.token, besa.employee.id, '08:00', '16:00');
    const cenShift = await publishedShift(owner.token, cen.employee.id, '08:00', '16:00');
    // Besa came early; Cen is on leave that day.
    await insertScans(ctx, owner.employerId, besa.employee.id, at(DAY, '07:50'));
    await insertLeave(ctx, owner.employerId, cen.employee.id, { from: DAY, to: DAY });

    // 08:14: within the 15 minutes.
    expect(await notifyNoShows(ctx.app.deps, at(DAY, '08:14'))).toEqual({ notified: 0 });
    const runs = await Promise.all([
      notifyNoShows(ctx.app.deps, at(DAY, '08:16')),
      notifyNoShows(other.app.deps, at(DAY, '08:16')),
    ]);
    expect(runs.reduce((sum, run) => sum + run.notified, 0)).toBe(1);
    await notifyNoShows(other.app.deps, at(DAY, '09:00'));
    await expect.poll(() => ownerPushes().length).toBe(1);
    expect(ownerPushes()[0]).toMatchObject({
      title: 'Mungon në turn',
      body: `Arta Krasniqi nuk ka skanuar për turnin e ${DAY}, 08:00–16:00.`,
    });
    expect(await toldAt(artaShift.id)).not.toBeNull();
    expect(await toldAt(besaShift.id)).toBeNull();
    expect(await toldAt(cenShift.id)).toBeNull();
  });

  it('tells of a night shift that began yesterday, and not once it is over or when the employer turned it off', async () => {
    const owner = await createPremiumWorkspace(ctx, 'Roja');
    const dea = await createWorker(ctx, owner.token, { name: 'Dea Gashi' });
    const night = await publishedShift(owner.token, dea.employee.id, '22:00', '06:00');
    // Over: nothing (the shift ended at 06:00).
    expect(await notifyNoShows(ctx.app.deps, at(NEXT, '06:30'))).toEqual({ notified: 0 });
    expect(await notifyNoShows(other.app.deps, at(NEXT, '00:10'))).toEqual({ notified: 1 });
    expect(await toldAt(night.id)).not.toBeNull();

    const quiet = await createPremiumWorkspace(ctx, 'Pa njoftime');
    const eda = await createWorker(ctx, quiet.token, { name: 'Eda Morina' });
    const off = await call(ctx, quiet.token, 'PUT', '/krye/roster-settings', {
      shift_requests_auto: false,
      no_show_alert: false,
      unpaid_break_rules: null,
    });
    expect(off.statusCode).toBe(200);
    const shift = await publishedShift(quiet.token, eda.employee.id, '08:00', '16:00');
    expect(await notifyNoShows(ctx.app.deps, at(DAY, '08:30'))).toEqual({ notified: 0 });
    expect(await toldAt(shift.id)).toBeNull();
  });
});

describe(`a moved shift's no-show (${testDatabaseKind})`, () => {
  it('is told again after the shift moves to a later start and is published; a changed note alone does not', async () => {
    const owner = await createPremiumWorkspace(ctx, 'Kafe Ora');
    const fisi = await createWorker(ctx, owner.token, { name: 'Fisnik Rama' });
    const shift = await publishedShift(owner.token, fisi.employee.id, '08:00', '12:00');
    expect(await notifyNoShows(ctx.app.deps, at(DAY, '08:20'))).toEqual({ notified: 1 });

    // Only the note changes: the same shift, already told.
    const note = { employee_id: fisi.employee.id, date: DAY, start: '08:00', end: '12:00', note: 'Arka 2' };
    expect((await call(ctx, owner.token, 'PUT', `/krye/shifts/${shift.id}`, note)).statusCode).toBe(200);
    expect((await call(ctx, owner.token, 'POST', '/krye/shifts/publish', { from: DAY, to: DAY })).statusCode).toBe(200);
    expect(await toldAt(shift.id)).not.toBeNull();
    expect(await notifyNoShows(ctx.app.deps, at(DAY, '09:00'))).toEqual({ notified: 0 });

    // Moved to 14:00 and published: a new start, so a new no-show 15 minutes after it.
    const moved = { ...note, start: '14:00', end: '18:00' };
    expect((await call(ctx, owner.token, 'PUT', `/krye/shifts/${shift.id}`, moved)).statusCode).toBe(200);
    // Unpublished, the worker was told 08:00: nothing yet.
    expect(await toldAt(shift.id)).not.toBeNull();
    expect((await call(ctx, owner.token, 'POST', '/krye/shifts/publish', { from: DAY, to: DAY })).statusCode).toBe(200);
    expect(await toldAt(shift.id)).toBeNull();
    expect(await notifyNoShows(ctx.app.deps, at(DAY, '14:10'))).toEqual({ notified: 0 });
    expect(await notifyNoShows(ctx.app.deps, at(DAY, '14:16'))).toEqual({ notified: 1 });
  });
});

describe(`publishing with two processes (${testDatabaseKind})`, () => {
  it('pushes once per worker per publish, whichever process takes the two requests at once', async () => {
    const owner = await createPremiumWorkspace(ctx, 'Dyqani');
    const arta = await createWorker(ctx, owner.token, { name: 'Arta Krasniqi' });
    const besa = await createWorker(ctx, owner.token, { name: 'Besa Hoxha' });
    const artaPushes = (await subscribedBrowser(ctx, pushService, arta.token)).pushes;
    const besaPushes = (await subscribedBrowser(ctx, pushService, besa.token)).pushes;
    for (const [id, start] of [
      [arta.employee.id, '08:00'],
      [arta.employee.id, '17:00'],
      [besa.employee.id, '09:00'],
    ] as const) {
      const res = await call(ctx, owner.token, 'POST', '/krye/shifts', {
        employee_id: id,
        date: DAY,
        start,
        end: start === '17:00' ? '21:00' : '16:00',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const body = { from: DAY, to: NEXT };
    const [a, b] = await Promise.all([
      call(ctx, owner.token, 'POST', '/krye/shifts/publish', body),
      call(other, owner.token, 'POST', '/krye/shifts/publish', body),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const notified = [a, b].map((res) => resultOf<{ notified: number }>(res).notified).sort();
    expect(notified).toEqual([0, 2]);
    await expect.poll(() => artaPushes().length).toBe(1);
    await expect.poll(() => besaPushes().length).toBe(1);
    // Nothing more arrives.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(artaPushes()).toHaveLength(1);
    expect(besaPushes()).toHaveLength(1);
  });
});
