import type { TMonthExceptionWire, TPayrollStatement } from '@puna/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import { createPremiumWorkspace, insertScans } from '../../../test/helpers/device-factories';
import { weekdays } from '../../../test/helpers/schedules';
import {
  addCompanyDay,
  addEmployee,
  addHours,
  call,
  createWorker,
  createWorkspace,
  createWorkspaceTestApp,
  statementOf,
} from '../../../test/helpers/workspace-factories';
import { auditLog, closedMonths, scans } from '../../db/schema';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

/** Scans at UTC instants (Kosovo is UTC+1 in March). */
const scan = (employerId: number, employeeId: number, ...instants: string[]) =>
  insertScans(ctx, employerId, employeeId, ...instants.map((at) => new Date(at)));

const closedRowsOf = (employerId: number) =>
  ctx.app.db.select().from(closedMonths).where(eq(closedMonths.employerId, employerId));

/** `count` Mondays-to-Fridays from `first` on (YYYY-MM-DD). */
function weekdaysFrom(first: string, count: number): string[] {
  const out: string[] = [];
  for (let day = new Date(`${first}T00:00:00Z`); out.length < count; day.setUTCDate(day.getUTCDate() + 1)) {
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) out.push(day.toISOString().slice(0, 10));
  }
  return out;
}

const simplify = (list: TMonthExceptionWire[]) => list.map((item) => [item.kind, item.name, item.date, item.detail]);

describe('the month exceptions in GET /krye/payroll', () => {
  it('lists missing checkouts, days over 12 h and work on holidays from scans, and entered hours with no scans', async () => {
    const employer = await createPremiumWorkspace(ctx, { scans: true, labourRules: 'XK' });
    const nora = await addEmployee(ctx, employer.token, { name: 'Nora', wages: 'Orë', salary: 5 });
    const dea = await addEmployee(ctx, employer.token, { name: 'Dea', wages: 'Orë', salary: 5 });
    const ilir = await addEmployee(ctx, employer.token, { name: 'Ilir', wages: 'Orë', salary: 5 });
    // Nora: one scan on Tuesday 3 March (no checkout); 06:00–19:00 on Wednesday 4 March (13 h).
    await scan(employer.employerId, nora.id, '2026-03-03T07:00:00Z', '2026-03-04T05:00:00Z', '2026-03-04T18:00:00Z');
    // Dea: 8 h on Friday 20 March (Fitër Bajrami) and on a company day, Thursday 5 March.
    await scan(employer.employerId, dea.id, '2026-03-20T07:00:00Z', '2026-03-20T15:00:00Z');
    await scan(employer.employerId, dea.id, '2026-03-05T07:00:00Z', '2026-03-05T15:00:00Z');
    await addCompanyDay(ctx, employer.token, '2026-03-05', 'Dita e firmës');
    // Ilir: only entered hours while the hours come from scans.
    await addHours(ctx, employer.token, [
      { worker_id: ilir.id, data: '2026-03-09', ora: 8 },
      { worker_id: ilir.id, data: '2026-03-10', ora: 8 },
    ]);
    // Another employer's long day changes nothing here.
    const other = await createWorkspace(ctx, { labourRules: 'XK' });
    const stranger = await addEmployee(ctx, other.token, { name: 'Stranger' });
    await addHours(ctx, other.token, [{ worker_id: stranger.id, data: '2026-03-02', ora: 14 }]);

    const statement = await statementOf(ctx, employer.token, '2026-03');
    expect(simplify(statement.exceptions)).toEqual([
      ['entryOnHoliday', 'Dea', '2026-03-05', { hours: 8, holiday: 'Dita e firmës' }],
      ['entryOnHoliday', 'Dea', '2026-03-20', { hours: 8, holiday: 'Bajrami i Madh, dita e parë' }],
      ['scansWithoutHoursSource', 'Ilir', null, { source: 'scans', days: 2 }],
      ['missingCheckout', 'Nora', '2026-03-03', {}],
      ['dayOver12h', 'Nora', '2026-03-04', { hours: 13 }],
    ]);
    // The employer's worker order (by name), each worker's exceptions by kind then date.
    expect(statement.exceptions[3]?.employee_id).toBe(nora.id);
    expect(statement).toMatchObject({ exceptions_acknowledged: false, late_scans: { count: 0, days: [] } });
    expect(simplify((await statementOf(ctx, other.token, '2026-03')).exceptions)).toEqual([
      ['dayOver12h', 'Stranger', '2026-03-02', { hours: 14 }],
    ]);
  });

  it("flags scans of a worker with no entries when hours are entered, and the week's caps passed", async () => {
    const employer = await createPremiumWorkspace(ctx, { labourRules: 'XK' });
    const ardi = await addEmployee(ctx, employer.token, { name: 'Ardi', wages: 'Orë', salary: 5 });
    const besa = await addEmployee(ctx, employer.token, { name: 'Besa', wages: 'Orë', salary: 5 });
    // Ardi: 11 h Monday to Friday, 2–6 March: 15 h of overtime (Kosovo's cap is 8 h a week).
    await addHours(
      ctx,
      employer.token,
      ['02', '03', '04', '05', '06'].map((d) => ({ worker_id: ardi.id, data: `2026-03-${d}`, ora: 11 })),
    );
    await scan(employer.employerId, besa.id, '2026-03-02T07:00:00Z', '2026-03-02T15:00:00Z');
    const statement = await statementOf(ctx, employer.token, '2026-03');
    expect(simplify(statement.exceptions)).toEqual([
      ['overtimeOverCap', 'Ardi', '2026-03-02', { code: 'overtimeWeekCap', hours: 15, cap: 8 }],
      ['scansWithoutHoursSource', 'Besa', null, { source: 'entries', days: 1 }],
    ]);
  });
});

describe('part-time schedules and the yearly overtime cap', () => {
  it("starts a part-time worker's weekly overtime above the schedule's hours", async () => {
    const employer = await createWorkspace(ctx, { labourRules: 'XK' });
    const partTime = await addEmployee(ctx, employer.token, {
      name: 'Vesa',
      wages: 'Orë',
      salary: 10,
      schedule: JSON.stringify(weekdays('08:00', '12:00')),
    });
    // 24 h in the week of 2–8 March against a 20-hour schedule: 4 h of weekly overtime, on Saturday,
    // a weekend day in Kosovo (+50 %).
    await addHours(
      ctx,
      employer.token,
      ['02', '03', '04', '05', '06', '07'].map((d) => ({ worker_id: partTime.id, data: `2026-03-${d}`, ora: 4 })),
    );
    const row = (await statementOf(ctx, employer.token, '2026-03')).workers[0];
    expect(row?.premiums).toEqual([
      { kind: 'overtimeWeekly', hours: 4, rate: 30, hourly_rate: 10, amount: 12 },
      { kind: 'restDay', hours: 4, rate: 50, hourly_rate: 10, amount: 20 },
    ]);
  });

  it("counts the year's closed months' overtime towards the 200 h cap (Albania)", async () => {
    const employer = await createWorkspace(ctx, { labourRules: 'AL' });
    const ardi = await addEmployee(ctx, employer.token, { name: 'Ardi', wages: 'Orë', salary: 500 });
    const twelveHourDays = (first: string, count: number) =>
      weekdaysFrom(first, count).map((data) => ({ worker_id: ardi.id, data, ora: 12 }));
    // January and February: 12 h on each of 20 weekdays, 4 h of daily overtime a day: 80 h each.
    await addHours(ctx, employer.token, twelveHourDays('2026-01-05', 20));
    await addHours(ctx, employer.token, twelveHourDays('2026-02-02', 20));
    // April: 13 days of 12 h, 52 h of overtime. With January and February closed the year
    // reaches 212 h, past 200 h; while they are open they are not counted.
    await addHours(ctx, employer.token, twelveHourDays('2026-04-01', 13));
    const capOf = async () =>
      (await statementOf(ctx, employer.token, '2026-04')).workers[0]?.warnings.find(
        (w) => w.code === 'overtimeYearCap',
      );
    expect(await capOf()).toBeUndefined();
    const close = async (month: string) =>
      call(ctx, employer.token, 'POST', `/krye/months/${month}/close`, { acknowledge_exceptions: true });
    expect((await close('2026-01')).statusCode).toBe(200);
    expect((await close('2026-02')).statusCode).toBe(200);
    expect(await capOf()).toEqual({ code: 'overtimeYearCap', hours: 212, cap: 200 });
    // The April statement's exceptions carry the yearly cap.
    const april = await statementOf(ctx, employer.token, '2026-04');
    expect(simplify(april.exceptions)).toContainEqual([
      'overtimeOverCap',
      'Ardi',
      null,
      { code: 'overtimeYearCap', hours: 212, cap: 200 },
    ]);
  });
});

describe('POST /krye/months/{month}/close with exceptions', () => {
  async function teamWithException() {
    const employer = await createWorkspace(ctx, { labourRules: 'XK' });
    const ardi = await addEmployee(ctx, employer.token, { name: 'Ardi', wages: 'Orë', salary: 5 });
    await addHours(ctx, employer.token, [{ worker_id: ardi.id, data: '2026-03-02', ora: 13 }]);
    return { employer, ardi };
  }
  const auditOf = (employerId: number) =>
    ctx.app.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.employerId, employerId))
      .orderBy(auditLog.id);

  it('refuses with 409 and a sentence while exceptions stand, and changes nothing', async () => {
    const { employer } = await teamWithException();
    for (const body of [undefined, {}, { acknowledge_exceptions: false }]) {
      const res = await call(ctx, employer.token, 'POST', '/krye/months/2026-03/close', body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ Status: false, code: 'monthHasExceptions', exceptions: 1 });
      expect(res.json().Error).toMatch(/^This month has exceptions/);
    }
    expect(await closedRowsOf(employer.employerId)).toEqual([]);
    expect(await auditOf(employer.employerId)).toEqual([]);
  });

  it('closes once acknowledged, storing the acknowledged exceptions with the month and in the audit log', async () => {
    const { employer } = await teamWithException();
    const res = await call(ctx, employer.token, 'POST', '/krye/months/2026-03/close', { acknowledge_exceptions: true });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await closedRowsOf(employer.employerId);
    const stored = row?.statement as TPayrollStatement;
    expect(stored.exceptions_acknowledged).toBe(true);
    expect(simplify(stored.exceptions)).toEqual([['dayOver12h', 'Ardi', '2026-03-02', { hours: 13 }]]);
    const statement = await statementOf(ctx, employer.token, '2026-03');
    expect(statement).toMatchObject({ closed: true, exceptions_acknowledged: true });
    expect(statement.exceptions).toHaveLength(1);
    expect(await auditOf(employer.employerId)).toEqual([
      {
        action: 'month.close',
        details: { params: { month: '2026-03', exceptions_acknowledged: { dayOver12h: 1 } }, statusCode: 200 },
      },
    ]);
  });

  it('closes a month without exceptions with no body, and stores it as not needing acknowledgement', async () => {
    const employer = await createWorkspace(ctx, { labourRules: 'XK' });
    const ardi = await addEmployee(ctx, employer.token, { name: 'Ardi', wages: 'Orë', salary: 5 });
    await addHours(ctx, employer.token, [{ worker_id: ardi.id, data: '2026-03-02', ora: 8 }]);
    const res = await call(ctx, employer.token, 'POST', '/krye/months/2026-03/close');
    expect(res.statusCode, res.body).toBe(200);
    const statement = await statementOf(ctx, employer.token, '2026-03');
    expect(statement).toMatchObject({ closed: true, exceptions: [], exceptions_acknowledged: false });
  });

  it('refuses a malformed acknowledgement with 400, a worker and an anonymous caller, changing nothing', async () => {
    const { employer } = await teamWithException();
    for (const body of [{ acknowledge_exceptions: 'yes' }, { acknowledge: true }]) {
      const res = await call(ctx, employer.token, 'POST', '/krye/months/2026-03/close', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ Status: false });
    }
    const bad = await call(ctx, employer.token, 'POST', '/krye/months/2026-03/close', { acknowledge_exceptions: 1 });
    expect(bad.json()).toMatchObject({ code: 'acknowledgeExceptionsInvalid' });
    const worker = await createWorker(ctx, employer.token);
    const ack = { acknowledge_exceptions: true };
    expect((await call(ctx, worker.token, 'POST', '/krye/months/2026-03/close', ack)).statusCode).toBe(403);
    expect((await call(ctx, null, 'POST', '/krye/months/2026-03/close', ack)).statusCode).toBe(401);
    expect(await closedRowsOf(employer.employerId)).toEqual([]);
  });
});

describe('late scans in a closed month', () => {
  it('lists the scans dated in the month that arrived after closing, per worker and day', async () => {
    const employer = await createPremiumWorkspace(ctx, { scans: true, labourRules: 'XK' });
    const nora = await addEmployee(ctx, employer.token, { name: 'Nora', wages: 'Orë', salary: 5 });
    const dea = await addEmployee(ctx, employer.token, { name: 'Dea', wages: 'Orë', salary: 5 });
    await scan(employer.employerId, nora.id, '2026-03-02T07:00:00Z', '2026-03-02T15:00:00Z');
    const close = await call(ctx, employer.token, 'POST', '/krye/months/2026-03/close');
    expect(close.statusCode, close.body).toBe(200);
    expect((await statementOf(ctx, employer.token, '2026-03')).late_scans).toEqual({ count: 0, days: [] });

    // After closing: two scans of Dea on 10 March, one of Nora on 31 March 23:30 local time
    // (22:30 UTC), one on 1 April local time (April is not this month's), and an unknown card.
    await scan(employer.employerId, dea.id, '2026-03-10T07:00:00Z', '2026-03-10T15:00:00Z');
    await scan(employer.employerId, nora.id, '2026-03-31T21:30:00Z', '2026-03-31T23:30:00Z');
    await ctx.app.db
      .insert(scans)
      .values({ employerId: employer.employerId, uid: 'UNKNOWN', scannedAt: new Date('2026-03-11T08:00:00Z') });
    const other = await createPremiumWorkspace(ctx);
    const stranger = await addEmployee(ctx, other.token, { name: 'Stranger' });
    await scan(other.employerId, stranger.id, '2026-03-10T07:00:00Z');

    const statement = await statementOf(ctx, employer.token, '2026-03');
    expect(statement.late_scans).toEqual({
      count: 3,
      days: [
        { employee_id: dea.id, name: 'Dea', date: '2026-03-10', count: 2 },
        { employee_id: nora.id, name: 'Nora', date: '2026-03-31', count: 1 },
      ],
    });
    // The snapshot itself is unchanged.
    expect(statement.workers.find((row) => row.employee_id === dea.id)?.hours).toBe(0);

    // Reopened, the scans are simply the month's: the live statement counts them.
    await call(ctx, employer.token, 'POST', '/krye/months/2026-03/reopen', { reason: 'Skanime të vonuara' });
    const live = await statementOf(ctx, employer.token, '2026-03');
    expect(live.late_scans).toEqual({ count: 0, days: [] });
    expect(live.workers.find((row) => row.employee_id === dea.id)?.hours).toBe(8);
  });
});
