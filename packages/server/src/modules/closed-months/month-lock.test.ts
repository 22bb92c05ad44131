import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, generousLimits, type TestContext } from '../../../test/helpers/app';
import { createPostgresDatabase, testDatabaseKind } from '../../../test/helpers/database';
import { createPremiumWorkspace, giveCard } from '../../../test/helpers/device-factories';
import {
  addEmployee,
  addHours,
  call,
  createWorker,
  createWorkspace,
  resultOf,
  statementOf,
} from '../../../test/helpers/workspace-factories';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openPostgres } from '../../db/client';
import { companyHolidays, hoursEntries, scans } from '../../db/schema';
import { assertMonthsOpen } from './service';

/**
 * The month lock (docs/product.md#month-close): every write dated in a month and the close of that
 * month serialize on one lock per employer and month, so a write is either in the stored statement
 * or refused with 409; and a closed month does not change through a side door (a card assigned or
 * swapped, a company day).
 */

let ctx: TestContext;
/** A second app on the same database: on PostgreSQL a second pool, as a second process would have. */
let other: TestContext;
let closeOther: () => Promise<void> = async () => {};

beforeAll(async () => {
  const limits = generousLimits({ loginPerAccount: 5, contactPerIp: 5 });
  if (testDatabaseKind === 'postgres') {
    const { url, drop } = await createPostgresDatabase();
    const first = await twoAppsOn(url, limits);
    const second = await twoAppsOn(url, limits);
    ctx = { ...first, close: async () => {} };
    other = second;
    closeOther = async () => {
      await first.close();
      await second.close();
      await drop();
    };
  } else {
    // PGlite is one process with one connection: the second "app" is the same one.
    ctx = await createTestApp({}, { limits });
    other = ctx;
  }
});
afterAll(async () => {
  await ctx?.close();
  await closeOther();
});

/** An app of its own (config, data folder, pool of 5) on the PostgreSQL database at `url`. */
async function twoAppsOn(url: string, limits: ReturnType<typeof generousLimits>): Promise<TestContext> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'puna-test-'));
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_EMAIL: 'admin@puna.test' },
    { limits },
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

async function closeMonth(app: TestContext, token: string, month: string) {
  return call(app, token, 'POST', `/krye/months/${month}/close`, { acknowledge_exceptions: true });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const MONTH_CLOSED = 'This month is closed: its hours, scan corrections and pay cannot change. Reopen the month first.';

describe('the month lock', () => {
  it('takes a shared lock per month inside the write transaction, released at its end', async () => {
    const employer = await createWorkspace(ctx);
    const held = await ctx.app.db.transaction(async (tx) => {
      await assertMonthsOpen(tx, employer.employerId, ['2026-05-04', '2026-04-30', '2026-05-20']);
      const locks = await tx.execute<{ classid: number; objid: number; mode: string }>(sql`
        select classid::int as classid, objid::int as objid, mode from pg_locks
        where locktype = 'advisory' and pid = pg_backend_pid() order by objid`);
      return locks.rows.map((row) => ({ ...row, classid: Number(row.classid), objid: Number(row.objid) }));
    });
    expect(held).toEqual([
      { classid: employer.employerId, objid: 202604, mode: 'ShareLock' },
      { classid: employer.employerId, objid: 202605, mode: 'ShareLock' },
    ]);
    const after = await ctx.app.db.execute(
      sql`select 1 from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`,
    );
    expect(after.rows).toEqual([]);
  });
});

describe(`closing a month while hours are written into it (${testDatabaseKind}, two apps on one database)`, () => {
  it('keeps every accepted write in the stored statement and refuses every other with 409', async () => {
    for (const [round, month] of ['2026-05', '2026-06', '2026-09'].entries()) {
      const employer = await createWorkspace(ctx, { labourRules: 'XK' });
      const workers = [];
      for (let i = 0; i < 4; i += 1) {
        workers.push(
          await addEmployee(ctx, employer.token, { name: `Punëtori ${round}-${i}`, wages: 'Orë', salary: 5 }),
        );
      }
      // 20 writes: 4 workers × 5 weekdays, 1–5 hours each, half through each app.
      const writes = workers.flatMap((worker, w) =>
        [1, 2, 3, 4, 5].map((day, d) => ({
          app: (w + d) % 2 === 0 ? ctx : other,
          entry: { worker_id: worker.id, data: `${month}-${String(day + 10).padStart(2, '0')}`, ora: d + 1 },
        })),
      );
      // The writes go out over 100 ms; the close 10, 20 or 30 ms after the first.
      const sent = writes.map(async ({ app, entry }, index) => {
        await sleep(index * 5);
        return call(app, employer.token, 'POST', '/krye/addworkerklista', [entry]);
      });
      await sleep(10 + round * 10);
      const close = await closeMonth(round % 2 === 0 ? other : ctx, employer.token, month);
      const answers = await Promise.all(sent);
      expect(close.statusCode, close.body).toBe(200);

      const accepted = new Map<number, number>();
      for (const [index, res] of answers.entries()) {
        const entry = writes[index]?.entry;
        if (!entry) throw new Error('no entry');
        if (res.statusCode === 201) {
          accepted.set(entry.worker_id, (accepted.get(entry.worker_id) ?? 0) + entry.ora);
        } else {
          expect(res.statusCode, res.body).toBe(409);
          expect(res.json()).toMatchObject({ Status: false, Error: MONTH_CLOSED, code: 'monthClosed' });
        }
      }
      const statement = await statementOf(ctx, employer.token, month);
      expect(statement.closed).toBe(true);
      for (const worker of workers) {
        const row = statement.workers.find((item) => item.employee_id === worker.id);
        expect(row?.hours ?? 0, `${month}, ${worker.name}`).toBe(accepted.get(worker.id) ?? 0);
      }
      // What the month holds is exactly what was accepted.
      const stored = await ctx.app.db
        .select({ id: hoursEntries.id })
        .from(hoursEntries)
        .where(
          and(
            eq(hoursEntries.employerId, employer.employerId),
            gte(hoursEntries.date, `${month}-01`),
            lt(hoursEntries.date, `${month}-28`),
          ),
        );
      expect(stored).toHaveLength(answers.filter((res) => res.statusCode === 201).length);
    }
  });

  it('closes a month once when two closes arrive together; the other is 409', async () => {
    const employer = await createWorkspace(ctx, { labourRules: 'XK' });
    const ardi = await addEmployee(ctx, employer.token, { name: 'Ardi', wages: 'Orë', salary: 5 });
    await addHours(ctx, employer.token, [{ worker_id: ardi.id, data: '2026-07-01', ora: 8 }]);
    const both = await Promise.all([
      closeMonth(ctx, employer.token, '2026-07'),
      closeMonth(other, employer.token, '2026-07'),
    ]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((res) => res.statusCode === 409)?.json()).toMatchObject({ code: 'monthAlreadyClosed' });
  });
});

describe('a closed month through its side doors', () => {
  /** An RFID employer with labour rules on, Ana holding card CAFE01, Bea without a card, October closed. */
  async function closedOctober() {
    const employer = await createPremiumWorkspace(ctx, { scans: true, labourRules: 'XK' });
    const ana = await addEmployee(ctx, employer.token, { name: 'Ana', wages: 'Orë', salary: 5 });
    const bea = await addEmployee(ctx, employer.token, { name: 'Bea', wages: 'Orë', salary: 5 });
    await giveCard(ctx, employer.token, ana, 'CAFE01');
    const at = (iso: string, uid: string, employeeId: number | null) => ({
      employerId: employer.employerId,
      uid,
      employeeId,
      scannedAt: new Date(iso),
    });
    // Tirana is UTC+2 in October, UTC+1 in November.
    await ctx.app.db.insert(scans).values([
      at('2026-10-13T06:00:00Z', 'CAFE01', ana.id),
      at('2026-10-13T14:00:00Z', 'CAFE01', ana.id),
      // An unknown card: a day in closed October, a day in open November.
      at('2026-10-14T06:00:00Z', 'DEAD99', null),
      at('2026-10-14T14:00:00Z', 'DEAD99', null),
      at('2026-11-10T07:00:00Z', 'DEAD99', null),
      at('2026-11-10T15:00:00Z', 'DEAD99', null),
    ]);
    const holiday = await call(ctx, employer.token, 'POST', '/krye/holidays', {
      date: '2026-10-20',
      name: 'Dita e firmës',
    });
    expect(holiday.statusCode, holiday.body).toBe(201);
    const close = await closeMonth(ctx, employer.token, '2026-10');
    expect(close.statusCode, close.body).toBe(200);
    const october = await statementOf(ctx, employer.token, '2026-10');
    return { employer, ana, bea, october, holidayId: holiday.json<{ holiday: { id: number } }>().holiday.id };
  }

  const scansOf = (employerId: number, uid: string) =>
    ctx.app.db
      .select({ employeeId: scans.employeeId, at: scans.scannedAt })
      .from(scans)
      .where(and(eq(scans.employerId, employerId), eq(scans.uid, uid)))
      .orderBy(scans.scannedAt);

  it("assigns a card's open-month scans only: its closed-month scans stay unattributed, and the answer says so", async () => {
    const { employer, bea, october } = await closedOctober();
    const res = await call(ctx, employer.token, 'POST', '/krye/rfid/assign', { uid: 'DEAD99', employeeId: bea.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      Status: true,
      Result: { attributedScans: 2, keptInClosedMonths: 2, closedMonths: ['2026-10'] },
    });
    expect((await scansOf(employer.employerId, 'DEAD99')).map((row) => row.employeeId)).toEqual([
      null,
      null,
      bea.id,
      bea.id,
    ]);
    expect(await statementOf(ctx, employer.token, '2026-10')).toEqual(october);
    expect(
      (await statementOf(ctx, employer.token, '2026-11')).workers.find((row) => row.employee_id === bea.id)?.hours,
    ).toBe(8);
  });

  it('applies the same rule when an employee who holds a card is given another one (a card swap)', async () => {
    const { employer, ana, october } = await closedOctober();
    const res = await call(ctx, employer.token, 'POST', '/krye/rfid/assign', { uid: 'dead99', employeeId: ana.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(resultOf(res)).toEqual({ attributedScans: 2, keptInClosedMonths: 2, closedMonths: ['2026-10'] });
    expect((await scansOf(employer.employerId, 'DEAD99')).map((row) => row.employeeId)).toEqual([
      null,
      null,
      ana.id,
      ana.id,
    ]);
    // Ana's October scans with her old card stay hers; the closed statement is as it was.
    expect((await scansOf(employer.employerId, 'CAFE01')).map((row) => row.employeeId)).toEqual([ana.id, ana.id]);
    expect(await statementOf(ctx, employer.token, '2026-10')).toEqual(october);
    // A card given through the employee form moves no scans either.
    const edit = await call(ctx, employer.token, 'PUT', `/krye/edit_employee/${ana.id}`, {
      name: 'Ana',
      salary: 5,
      wages: 'Orë',
      role: 'Punëtor',
      rfid: 'BEEF02',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await statementOf(ctx, employer.token, '2026-10')).toEqual(october);
  });

  it('answers an assignment with nothing in closed months as before, with no months named', async () => {
    const { employer, bea } = await closedOctober();
    await ctx.app.db.insert(scans).values({
      employerId: employer.employerId,
      uid: 'ABBA01',
      employeeId: null,
      scannedAt: new Date('2026-11-11T07:00:00Z'),
    });
    const res = await call(ctx, employer.token, 'POST', '/krye/rfid/assign', { uid: 'ABBA01', employeeId: bea.id });
    expect(resultOf(res)).toEqual({ attributedScans: 1, keptInClosedMonths: 0, closedMonths: [] });
  });

  it("refuses an outsider's assignment (404) and a malformed card (400), moving nothing", async () => {
    const { employer, bea } = await closedOctober();
    const outsider = await createPremiumWorkspace(ctx);
    const foreign = await call(ctx, outsider.token, 'POST', '/krye/rfid/assign', { uid: 'DEAD99', employeeId: bea.id });
    expect(foreign.statusCode).toBe(404);
    const bad = await call(ctx, employer.token, 'POST', '/krye/rfid/assign', { uid: '', employeeId: bea.id });
    expect(bad.statusCode).toBe(400);
    expect((await scansOf(employer.employerId, 'DEAD99')).map((row) => row.employeeId)).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('refuses a new company day in a closed month with 409 and a sentence, and the removal of one', async () => {
    const { employer, holidayId, october } = await closedOctober();
    const sentence =
      'This month is closed: its company days cannot be added or removed, as its pay is already settled. Reopen the month first.';
    const add = await call(ctx, employer.token, 'POST', '/krye/holidays', { date: '2026-10-21', name: 'Pushim' });
    expect(add.statusCode).toBe(409);
    expect(add.json()).toEqual({ Status: false, Error: sentence, code: 'companyDayMonthClosed' });
    const remove = await call(ctx, employer.token, 'DELETE', `/krye/holidays/${holidayId}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json()).toEqual({ Status: false, Error: sentence, code: 'companyDayMonthClosed' });
    const days = await ctx.app.db
      .select({ date: companyHolidays.date })
      .from(companyHolidays)
      .where(eq(companyHolidays.employerId, employer.employerId));
    expect(days).toEqual([{ date: '2026-10-20' }]);
    expect(await statementOf(ctx, employer.token, '2026-10')).toEqual(october);
    // November is open.
    const november = await call(ctx, employer.token, 'POST', '/krye/holidays', { date: '2026-11-20', name: 'Pushim' });
    expect(november.statusCode, november.body).toBe(201);
    const removed = await call(
      ctx,
      employer.token,
      'DELETE',
      `/krye/holidays/${november.json<{ holiday: { id: number } }>().holiday.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
  });

  it("refuses a worker's and an outsider's company day, and a malformed date (400)", async () => {
    const { employer, holidayId } = await closedOctober();
    const worker = await createWorker(ctx, employer.token);
    expect(
      (await call(ctx, worker.token, 'POST', '/krye/holidays', { date: '2026-11-21', name: 'x' })).statusCode,
    ).toBe(403);
    const outsider = await createWorkspace(ctx);
    expect((await call(ctx, outsider.token, 'DELETE', `/krye/holidays/${holidayId}`)).statusCode).toBe(404);
    const bad = await call(ctx, employer.token, 'POST', '/krye/holidays', { date: '2026-10-32', name: 'x' });
    expect(bad.statusCode).toBe(400);
  });
});
