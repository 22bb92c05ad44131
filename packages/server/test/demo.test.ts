import type {
  TChat,
  TDevice,
  TDeviceGroup,
  TEmployee,
  THoursEntry,
  TLeaveBalance,
  TPayRow,
  TRfidDay,
  TWorkerMonth,
} from '@puna/domain';
import { currentMonthIn, shiftMonth, todayIn } from '@puna/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMPLOYER, keepDemoDevicesOnline, loadDemo } from '../src/cli/demo';
import { DEMO_UNKNOWN_CARD, DEMO_WORKER, demoCardOf, demoJoinDate, demoScanDays } from '../src/cli/demo-workspace';
import type { Db } from '../src/db/client';
import { chats, deviceGroups, devices, employees, employers, hoursEntries, messages, scans } from '../src/db/schema';
import type { TestContext } from './helpers/app';
import { login } from './helpers/factories';
import { call, createWorkspaceTestApp, resultOf } from './helpers/workspace-factories';

let ctx: TestContext;

/** Row counts of everything the demo loader writes, to show a second load adds nothing. */
async function counts(db: Db) {
  const tables = { employees, hoursEntries, devices, deviceGroups, scans, chats, messages };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => [name, (await db.select({ n: count() }).from(table))[0]?.n]),
  );
  return Object.fromEntries(entries);
}

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

describe('demo data', () => {
  it('loads roles, a dozen employees, a worker login and two months of hours, once', async () => {
    const first = await loadDemo(ctx.app.db, ctx.config);
    expect(first.join('\n')).toContain(`${DEMO_WORKER.email} / ${DEMO_WORKER.password}`);
    const loaded = await counts(ctx.app.db);
    const second = await loadDemo(ctx.app.db, ctx.config);
    expect(second.every((line) => line.includes('(already loaded)'))).toBe(true);
    expect(await counts(ctx.app.db)).toEqual(loaded);

    const { token } = await login(ctx, DEMO_EMPLOYER.email, DEMO_EMPLOYER.password);
    const roles = await call(ctx, token, 'GET', '/krye/employers/roles');
    expect(roles.json()).toEqual({ roles: ['Punëtor', 'Mjeshtër', 'Elektricist', 'Shofer'] });
    const employees = resultOf<TEmployee[]>(await call(ctx, token, 'GET', '/krye/employee'));
    expect(employees).toHaveLength(12);
    expect(new Set(employees.map((e) => e.wages))).toEqual(new Set(['Orë', 'Ditë', 'Muaj']));
    expect(employees.filter((e) => e.schedule !== null).length).toBeGreaterThan(6);
    expect(employees.filter((e) => e.email === DEMO_WORKER.email)).toHaveLength(1);

    const month = currentMonthIn(ctx.config.defaultTimeZone);
    const last = resultOf<THoursEntry[]>(await call(ctx, token, 'GET', `/krye/klista?month=${shiftMonth(month, -1)}`));
    expect(last.length).toBeGreaterThan(12 * 20);
    expect(last.some((e) => e.dita === 'E Dielë')).toBe(true);
    expect(last.some((e) => e.ora === 0)).toBe(true);
    expect(last.some((e) => e.ora === 4)).toBe(true);

    const worker = await login(ctx, DEMO_WORKER.email, DEMO_WORKER.password);
    const own = resultOf<TWorkerMonth>(
      await call(ctx, worker.token, 'GET', `/krye/worker/me?month=${shiftMonth(month, -1)}`),
    );
    const pay = resultOf<TPayRow[]>(await call(ctx, token, 'GET', `/krye/pay?month=${shiftMonth(month, -1)}`));
    expect(pay.find((row) => row.id === own.id)?.pay).toBe(own.pay);
    expect(own.pay).toBeGreaterThan(0);
  });

  it('makes the employer premium with two devices in a group, a week of scans and a chat', async () => {
    await loadDemo(ctx.app.db, ctx.config);
    const [employer] = await ctx.app.db
      .select({ type: employers.type, listType: employers.listType, timeZone: employers.timeZone })
      .from(employers)
      .where(eq(employers.companyName, DEMO_EMPLOYER.companyName));
    expect(employer).toMatchObject({ type: 'premium', listType: 'klista' });
    const { token } = await login(ctx, DEMO_EMPLOYER.email, DEMO_EMPLOYER.password);

    const controllers = resultOf<TDevice[]>(await call(ctx, token, 'GET', '/api/controllers'));
    expect(controllers.map((d) => [d.name, d.protocol])).toEqual([
      ['Hyrja kryesore', 'puna'],
      ['Ora ZKTeco', 'zkteco'],
    ]);
    // Seen when loaded, and kept online by the demo server's heartbeat (not never seen and Offline).
    expect(controllers.every((d) => d.last_seen !== null)).toBe(true);
    expect(controllers.find((d) => d.protocol === 'puna')?.ssid).toBe('Zyra');
    const employerId =
      (
        await ctx.app.db
          .select({ id: employers.id })
          .from(employers)
          .where(eq(employers.companyName, DEMO_EMPLOYER.companyName))
      )[0]?.id ?? 0;
    await ctx.app.db
      .update(devices)
      .set({ lastSeenAt: new Date(Date.now() - 3_600_000) })
      .where(eq(devices.employerId, employerId));
    const stop = await keepDemoDevicesOnline(ctx.app.db, (error) => {
      throw error;
    });
    stop();
    const beaten = resultOf<TDevice[]>(await call(ctx, token, 'GET', '/api/controllers'));
    expect(beaten.map((d) => d.connected)).toEqual([true, true]);
    const groups = resultOf<TDeviceGroup[]>(await call(ctx, token, 'GET', '/api/group-devices'));
    expect(groups.map((g) => [g.name, JSON.parse(g.devices).length])).toEqual([['Hyrjet', 2]]);

    const employeeList = resultOf<TEmployee[]>(await call(ctx, token, 'GET', '/krye/employee'));
    const cards = await ctx.app.db.select({ rfid: employees.rfid }).from(employees);
    expect(new Set(cards.map((c) => c.rfid))).toEqual(new Set(employeeList.map((_, i) => demoCardOf(i))));

    const days = demoScanDays(todayIn(employer?.timeZone ?? ctx.config.defaultTimeZone));
    expect(days).toHaveLength(5);
    for (const date of days) {
      const rows = resultOf<TRfidDay[]>(await call(ctx, token, 'GET', `/krye/rfid_day?date=${date}`));
      expect(rows).toHaveLength(8);
      for (const row of rows) {
        expect(row.firstScanTime >= '07:55:00' && row.firstScanTime < '08:11:00').toBe(true);
        if (!row.missingCheckout) expect(row.lastScanTime >= '16:00:00' && row.lastScanTime < '16:31:00').toBe(true);
      }
      expect(rows.filter((row) => row.missingCheckout).length).toBe(date === days.at(-1) ? 1 : 0);
    }
    const unknown = resultOf<{ uid: string; scans: number }[]>(await call(ctx, token, 'GET', '/krye/rfid/unknown'));
    expect(unknown).toMatchObject([{ uid: DEMO_UNKNOWN_CARD, scans: 2 }]);

    const chatList = resultOf<TChat[]>(await call(ctx, token, 'GET', '/chat/chats'));
    expect(chatList).toHaveLength(1);
    expect(chatList[0]).toMatchObject({ type: 'direct', member_names: ['Arben Hoxha'] });
    expect(chatList[0]?.lastMessage?.sender_type).toBe('worker');
    const worker = await login(ctx, DEMO_WORKER.email, DEMO_WORKER.password);
    const workerChats = resultOf<TChat[]>(await call(ctx, worker.token, 'GET', '/chat/chats'));
    expect(workerChats.map((c) => c.id)).toEqual([chatList[0]?.id]);
  });

  it('has Kosovo labour rules on, and workers who joined years ago with a whole year of leave, one joining this month', async () => {
    await loadDemo(ctx.app.db, ctx.config);
    const { token } = await login(ctx, DEMO_EMPLOYER.email, DEMO_EMPLOYER.password);
    const settings = await call(ctx, token, 'GET', '/krye/labour-settings');
    expect(resultOf(settings)).toMatchObject({ jurisdiction: 'XK', apply_labour_rules: true });

    const [employer] = await ctx.app.db
      .select({ timeZone: employers.timeZone })
      .from(employers)
      .where(eq(employers.companyName, DEMO_EMPLOYER.companyName));
    const today = todayIn(employer?.timeZone ?? ctx.config.defaultTimeZone);
    const staff = resultOf<TEmployee[]>(await call(ctx, token, 'GET', '/krye/employee'));
    const newcomer = staff.find((e) => e.name === 'Ëngjëll Rama');
    expect(newcomer?.start_date).toBe(demoJoinDate(today));
    const veterans = staff.filter((e) => e.id !== newcomer?.id);
    expect(veterans.every((e) => e.start_date !== null && e.start_date < `${Number(today.slice(0, 4)) - 2}`)).toBe(
      true,
    );
    // No hours before the newcomer's first day.
    const hours = resultOf<THoursEntry[]>(await call(ctx, token, 'GET', `/krye/klista?month=${today.slice(0, 7)}`));
    const own = hours.filter((e) => e.worker_id === newcomer?.id);
    expect(own.every((e) => e.data >= demoJoinDate(today))).toBe(true);

    const year = Number(today.slice(0, 4));
    const balances = resultOf<{ balances: TLeaveBalance[] }>(
      await call(ctx, token, 'GET', `/krye/leave/balances?year=${year}`),
    ).balances;
    const arben = balances.find((row) => row.name === 'Arben Hoxha');
    expect(arben).toMatchObject({ start_date: '2018-04-02', entitled: 20 });
    const joiner = balances.find((row) => row.name === 'Ëngjëll Rama');
    const months = 12 - Number(today.slice(5, 7)) + 1;
    expect(joiner?.entitled).toBe(Math.ceil((20 * months) / 12 - 1e-9));
  });
});
