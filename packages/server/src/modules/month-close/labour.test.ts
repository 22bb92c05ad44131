import type { TLabourSettings } from '@puna/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import { createPremiumWorkspace, deviceCall, registerDevice } from '../../../test/helpers/device-factories';
import {
  addCompanyDay,
  addEmployee,
  addHours,
  call,
  createWorker,
  createWorkspace,
  createWorkspaceTestApp,
  labourRulesOn,
  resultOf,
  statementOf,
} from '../../../test/helpers/workspace-factories';
import { auditLog, closedMonths, employers, hoursEntries, scanCorrections, scans, users } from '../../db/schema';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

const settingsRowOf = async (employerId: number) => {
  const [row] = await ctx.app.db
    .select({ jurisdiction: employers.jurisdiction, apply: employers.applyLabourRules })
    .from(employers)
    .where(eq(employers.id, employerId));
  return row;
};

async function settingsOf(token: string): Promise<TLabourSettings> {
  const res = await call(ctx, token, 'GET', '/krye/labour-settings');
  expect(res.statusCode).toBe(200);
  return resultOf<TLabourSettings>(res);
}

describe('labour settings', () => {
  it('starts in Kosovo in euros with the rules off, and changes each field on its own', async () => {
    const employer = await createWorkspace(ctx);
    expect(await settingsOf(employer.token)).toEqual({
      jurisdiction: 'XK',
      apply_labour_rules: false,
      currency: 'EUR',
    });

    const res = await call(ctx, employer.token, 'PUT', '/krye/labour-settings', { jurisdiction: 'AL' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      Status: true,
      Result: { jurisdiction: 'AL', apply_labour_rules: false, currency: 'ALL' },
    });
    await call(ctx, employer.token, 'PUT', '/krye/labour-settings', { apply_labour_rules: true });
    expect(await settingsOf(employer.token)).toEqual({ jurisdiction: 'AL', apply_labour_rules: true, currency: 'ALL' });
    expect(await settingsRowOf(employer.employerId)).toEqual({ jurisdiction: 'AL', apply: true });
    // The holiday calendar follows the jurisdiction.
    const calendar = await call(ctx, employer.token, 'GET', '/krye/holidays?year=2026');
    expect(calendar.json<{ jurisdiction: string }>().jurisdiction).toBe('AL');
  });

  it.each([
    ['an unknown jurisdiction', { jurisdiction: 'RS' }, 'jurisdictionInvalid'],
    ['a jurisdiction in lower case', { jurisdiction: 'xk' }, 'jurisdictionInvalid'],
    ['a flag as text', { apply_labour_rules: 'yes' }, 'applyLabourRulesInvalid'],
    ['a field it does not know', { currency: 'USD' }, undefined],
  ])('refuses %s with 400 and changes nothing', async (_name, body, code) => {
    const employer = await createWorkspace(ctx);
    const res = await call(ctx, employer.token, 'PUT', '/krye/labour-settings', {
      apply_labour_rules: true,
      ...body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Status: false });
    if (code) expect(res.json()).toMatchObject({ code });
    expect(await settingsRowOf(employer.employerId)).toEqual({ jurisdiction: 'XK', apply: false });
  });

  it('refuses a worker and an anonymous caller, and changes nothing', async () => {
    const employer = await createWorkspace(ctx);
    const worker = await createWorker(ctx, employer.token);
    expect((await call(ctx, worker.token, 'GET', '/krye/labour-settings')).statusCode).toBe(403);
    expect((await call(ctx, null, 'GET', '/krye/labour-settings')).statusCode).toBe(401);
    const put = await call(ctx, worker.token, 'PUT', '/krye/labour-settings', { jurisdiction: 'AL' });
    expect(put.statusCode).toBe(403);
    expect((await call(ctx, null, 'PUT', '/krye/labour-settings', { jurisdiction: 'AL' })).statusCode).toBe(401);
    expect(await settingsRowOf(employer.employerId)).toEqual({ jurisdiction: 'XK', apply: false });
  });

  it("changes only the caller's own employer", async () => {
    const a = await createWorkspace(ctx);
    const b = await createWorkspace(ctx);
    await call(ctx, b.token, 'PUT', '/krye/labour-settings', { jurisdiction: 'AL', apply_labour_rules: true });
    expect(await settingsRowOf(a.employerId)).toEqual({ jurisdiction: 'XK', apply: false });
  });
});

describe('GET /krye/payroll', () => {
  it('computes a Kosovo month from entered hours: daily overtime, the weekly rest day, a holiday, every tax band', async () => {
    const employer = await createWorkspace(ctx, { labourRules: 'XK' });
    const ardi = await addEmployee(ctx, employer.token, { name: 'Ardi', wages: 'Orë', salary: 5 });
    const besa = await addEmployee(ctx, employer.token, { name: 'Besa', wages: 'Orë', salary: 20 });
    const drita = await addEmployee(ctx, employer.token, { name: 'Drita', wages: 'Muaj', salary: 600 });
    const idle = await addEmployee(ctx, employer.token, { name: 'Elira', wages: 'Orë', salary: 4 });
    // Ardi: Monday 2 March 10 h (2 h over the 8-hour day), Sunday 8 March 4 h (the weekly rest day).
    await addHours(ctx, employer.token, [
      { worker_id: ardi.id, data: '2026-03-02', ora: 10 },
      { worker_id: ardi.id, data: '2026-03-08', ora: 4 },
    ]);
    // Besa: 8 h on each of the ten working days of 2–13 March: 80 h, €1,600, past the 10 % band.
    const weekdays = ['02', '03', '04', '05', '06', '09', '10', '11', '12', '13'];
    await addHours(
      ctx,
      employer.token,
      weekdays.map((day) => ({ worker_id: besa.id, data: `2026-03-${day}`, ora: 8 })),
    );
    // Drita, monthly: 8 h on Friday 20 March, Fitër Bajrami in Kosovo (2026).
    await addHours(ctx, employer.token, [{ worker_id: drita.id, data: '2026-03-20', ora: 8 }]);
    // Another employer's hours for the same month change nothing here.
    const other = await createWorkspace(ctx);
    const stranger = await addEmployee(ctx, other.token, { name: 'Stranger', salary: 100 });
    await addHours(ctx, other.token, [{ worker_id: stranger.id, data: '2026-03-02', ora: 8 }]);

    const statement = await statementOf(ctx, employer.token, '2026-03');
    expect(statement).toMatchObject({
      month: '2026-03',
      jurisdiction: 'XK',
      currency: 'EUR',
      hours_source: 'entries',
      closed: false,
      rule_set: { id: 'XK-2026-01-01', effective_from: '2026-01-01' },
    });
    expect(statement.rule_set.figures.verified + statement.rule_set.figures.default).toBeGreaterThan(10);
    expect(statement.rule_set.sources.length).toBeGreaterThan(0);
    expect(statement.workers.map((row) => row.name).sort()).toEqual(['Ardi', 'Besa', 'Drita', 'Elira']);
    const row = (id: number) => {
      const found = statement.workers.find((worker) => worker.employee_id === id);
      if (!found) throw new Error(`no row for ${id}`);
      return found;
    };

    // Ardi: 14 h × €5 = €70; +30 % on 2 h = €3.00; +50 % on the Sunday's 4 h = €10.00; Fitër Bajrami
    // (Friday 20 March), a scheduled day he did not work, 8 h × €5 = €40.00 (issue 30); gross €123.00.
    // Pension 5 % = €6.15 each side; taxable €116.85 is in the 0 % band.
    expect(row(ardi.id)).toEqual({
      employee_id: ardi.id,
      name: 'Ardi',
      wages: 'Orë',
      salary: 5,
      hours: 14,
      base_pay: 70,
      paid_holidays: { days: 1, amount: 40 },
      premiums: [
        { kind: 'overtimeDaily', hours: 2, rate: 30, hourly_rate: 5, amount: 3 },
        { kind: 'restDay', hours: 4, rate: 50, hourly_rate: 5, amount: 10 },
      ],
      gross: 123,
      employee_contributions: 6.15,
      income_tax: 0,
      net: 116.85,
      employer_contributions: 6.15,
      employer_cost: 129.15,
      // Hours entered without times, and no schedule to place them on: night hours unknown.
      warnings: [{ code: 'nightHoursUnknown', days: ['2026-03-02', '2026-03-08'] }],
      contributions: [
        {
          key: 'pension',
          name: 'Kontributi pensional (Trusti)',
          base: 123,
          employee_rate: 5,
          employer_rate: 5,
          employee: 6.15,
          employer: 6.15,
        },
      ],
    });
    // Besa: €1,600 + the Bajram's 8 h × €20 = €1,760 gross, pension €88; taxable €1,672: 0 % to €250,
    // 8 % of €200 = €16, 10 % of €1,222 = €122.20.
    expect(row(besa.id)).toMatchObject({
      hours: 80,
      base_pay: 1600,
      paid_holidays: { days: 1, amount: 160 },
      premiums: [],
      gross: 1760,
      employee_contributions: 88,
      income_tax: 138.2,
      net: 1533.8,
      employer_contributions: 88,
      employer_cost: 1848,
    });
    // Drita, monthly €600 Monday to Friday (22 scheduled days), worked only the holiday: 21 days
    // absent, so 600 × 1 ÷ 22 = €27.27; the holiday's 8 h at +50 % of €600 × 12 ÷ (52 × 40) =
    // €3.4615/h = €13.85 (docs/labour-rules.md#monthly-salary).
    expect(row(drita.id)).toMatchObject({
      base_pay: 27.27,
      salary_days: { scheduled: 22, employed: 22, absent: 21 },
      premiums: [{ kind: 'holiday', hours: 8, rate: 50, hourly_rate: 3.46, amount: 13.85 }],
      gross: 41.12,
    });
    // Elira worked nothing: a row of zeros.
    expect(row(idle.id)).toMatchObject({ hours: 0, gross: 0, net: 0, employer_cost: 0, premiums: [] });

    const sum = (key: 'gross' | 'net' | 'income_tax' | 'employer_cost') =>
      Math.round(statement.workers.reduce((total, worker) => total + worker[key] * 100, 0)) / 100;
    expect(statement.totals).toMatchObject({
      workers: 4,
      gross: sum('gross'),
      net: sum('net'),
      income_tax: sum('income_tax'),
      employer_cost: sum('employer_cost'),
      premiums: 26.85,
    });
  });

  it('counts night hours from scans when the hours come from scans, and a company day off as paid', async () => {
    const employer = await createPremiumWorkspace(ctx, { scans: true, labourRules: 'XK' });
    const nora = await addEmployee(ctx, employer.token, { name: 'Nora', wages: 'Orë', salary: 5 });
    const dea = await addEmployee(ctx, employer.token, { name: 'Dea', wages: 'Ditë', salary: 40 });
    // Tuesday 3 March, Tirana time (UTC+1): Nora 20:00–23:00, one hour inside 22:00–06:00.
    await ctx.app.db.insert(scans).values([
      { employerId: employer.employerId, uid: 'N1', employeeId: nora.id, scannedAt: new Date('2026-03-03T19:00:00Z') },
      { employerId: employer.employerId, uid: 'N1', employeeId: nora.id, scannedAt: new Date('2026-03-03T22:00:00Z') },
      { employerId: employer.employerId, uid: 'D1', employeeId: dea.id, scannedAt: new Date('2026-03-03T07:00:00Z') },
      { employerId: employer.employerId, uid: 'D1', employeeId: dea.id, scannedAt: new Date('2026-03-03T15:00:00Z') },
    ]);
    // Entered hours are not the source here and count for nothing.
    await addHours(ctx, employer.token, [{ worker_id: nora.id, data: '2026-03-05', ora: 8 }]);
    // A company day off on Wednesday 4 March: Dea, paid by the day, is paid for it, and for
    // Friday 20 March (Fitër Bajrami), which she did not work either.
    await addCompanyDay(ctx, employer.token, '2026-03-04', 'Dita e firmës');

    const statement = await statementOf(ctx, employer.token, '2026-03');
    expect(statement.hours_source).toBe('scans');
    const noraRow = statement.workers.find((row) => row.employee_id === nora.id);
    // Nora, hourly, is paid the company day and the Bajram too: 2 × 8 h × €5 = €80 (issue 30).
    expect(noraRow).toMatchObject({
      hours: 3,
      base_pay: 15,
      paid_holidays: { days: 2, amount: 80 },
      premiums: [{ kind: 'night', hours: 1, rate: 30, hourly_rate: 5, amount: 1.5 }],
      gross: 96.5,
    });
    const deaRow = statement.workers.find((row) => row.employee_id === dea.id);
    expect(deaRow).toMatchObject({ hours: 8, paid_holidays: { days: 2, amount: 80 }, premiums: [] });
  });

  it('computes an Albanian month in lek with its contributions', async () => {
    const employer = await createWorkspace(ctx, { labourRules: 'AL' });
    const gent = await addEmployee(ctx, employer.token, { name: 'Gent', wages: 'Orë', salary: 1000 });
    await addHours(ctx, employer.token, [{ worker_id: gent.id, data: '2026-03-03', ora: 8 }]);
    const statement = await statementOf(ctx, employer.token, '2026-03');
    expect(statement).toMatchObject({ jurisdiction: 'AL', currency: 'ALL', rule_set: { id: 'AL-2026-01-01' } });
    const [row] = statement.workers;
    expect(row?.base_pay).toBe(8000);
    if (!row) throw new Error('no row');
    // net = gross − employee contributions − tax; employer cost = gross + employer contributions.
    expect(row.net).toBeCloseTo(row.gross - row.employee_contributions - row.income_tax, 2);
    expect(row.employer_cost).toBeCloseTo(row.gross + row.employer_contributions, 2);
    expect(row.employer_contributions).toBeGreaterThan(row.employee_contributions);
  });

  it('answers 409 with a sentence while the rules are off', async () => {
    const employer = await createWorkspace(ctx);
    const res = await call(ctx, employer.token, 'GET', '/krye/payroll?month=2026-03');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ Status: false, code: 'labourRulesOff' });
  });

  it.each([['2024-07'], ['2019-01']])('answers 422 with a sentence for %s, before any rule set', async (month) => {
    const employer = await createWorkspace(ctx, { labourRules: 'XK' });
    const res = await call(ctx, employer.token, 'GET', `/krye/payroll?month=${month}`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      Status: false,
      code: 'noRuleSetForMonth',
      Error: expect.stringContaining('no labour-law rules for this month'),
    });
  });

  it.each([['2026-13'], ['2026-3'], ['march']])('refuses ?month=%s with 400', async (month) => {
    const employer = await createWorkspace(ctx, { labourRules: 'XK' });
    const res = await call(ctx, employer.token, 'GET', `/krye/payroll?month=${month}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Status: false, code: 'monthInvalid' });
  });

  it('refuses a worker and an anonymous caller', async () => {
    const employer = await createWorkspace(ctx, { labourRules: 'XK' });
    const worker = await createWorker(ctx, employer.token);
    expect((await call(ctx, worker.token, 'GET', '/krye/payroll?month=2026-03')).statusCode).toBe(403);
    expect((await call(ctx, null, 'GET', '/krye/payroll?month=2026-03')).statusCode).toBe(401);
  });
});

describe('closing and reopening a month', () => {
  async function closedTeam() {
    const employer = await createPremiumWorkspace(ctx, { labourRules: 'XK' });
    const ardi = await addEmployee(ctx, employer.token, { name: 'Ardi', wages: 'Orë', salary: 5 });
    const [march] = await addHours(ctx, employer.token, [{ worker_id: ardi.id, data: '2026-03-02', ora: 8 }]);
    const [april] = await addHours(ctx, employer.token, [{ worker_id: ardi.id, data: '2026-04-01', ora: 8 }]);
    if (!march || !april) throw new Error('no entries');
    const close = await call(ctx, employer.token, 'POST', '/krye/months/2026-03/close');
    expect(close.statusCode, close.body).toBe(200);
    return {
      employer,
      ardi,
      march,
      april,
      close: resultOf<{ month: string; closed: boolean; closed_at: string }>(close),
    };
  }
  const entriesOf = (employerId: number) =>
    ctx.app.db.select().from(hoursEntries).where(eq(hoursEntries.employerId, employerId)).orderBy(hoursEntries.id);
  const auditOf = (employerId: number) =>
    ctx.app.db
      .select({ action: auditLog.action, actor: auditLog.actorUserId, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.employerId, employerId))
      .orderBy(auditLog.id);

  it('stores a snapshot that later salary changes do not alter, audits it, and answers it while closed', async () => {
    const { employer, ardi, close } = await closedTeam();
    expect(close).toMatchObject({ month: '2026-03', closed: true });
    const statement = await statementOf(ctx, employer.token, '2026-03');
    expect(statement.closed).toBe(true);
    expect(statement.closed_at).toBe(close.closed_at);
    // 8 h × €5 and Fitër Bajrami (Friday 20 March) paid 8 h × €5.
    expect(statement.workers[0]).toMatchObject({ employee_id: ardi.id, gross: 80 });

    const edit = await call(ctx, employer.token, 'PUT', `/krye/edit_employee/${ardi.id}`, {
      name: 'Ardi',
      salary: 50,
      wages: 'Orë',
      role: 'Punëtor',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await statementOf(ctx, employer.token, '2026-03')).workers[0]?.gross).toBe(80);
    // April is open and uses the new rate: 8 h × €50 and the three days off (6, 9, 13 April) × 8 h × €50.
    expect((await statementOf(ctx, employer.token, '2026-04')).workers[0]).toMatchObject({ gross: 1600 });

    const audit = await auditOf(employer.employerId);
    const [login] = await ctx.app.db.select({ id: users.id }).from(users).where(eq(users.email, employer.email));
    expect(audit).toEqual([
      { action: 'month.close', actor: login?.id, details: { params: { month: '2026-03' }, statusCode: 200 } },
    ]);

    const again = await call(ctx, employer.token, 'POST', '/krye/months/2026-03/close');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ Status: false, code: 'monthAlreadyClosed' });
  });

  it('refuses every hours and scan-correction write dated in the closed month with 409, changing nothing', async () => {
    const { employer, ardi, march, april } = await closedTeam();
    const before = await entriesOf(employer.employerId);
    const writes: [string, 'POST' | 'PUT' | 'DELETE', string, unknown][] = [
      ['add', 'POST', '/krye/addworkerklista', [{ worker_id: ardi.id, data: '2026-03-03', ora: 8 }]],
      [
        'add with an open month',
        'POST',
        '/krye/addworkerklista',
        [
          { worker_id: ardi.id, data: '2026-04-02', ora: 8 },
          { worker_id: ardi.id, data: '2026-03-04', ora: 8 },
        ],
      ],
      ['edit', 'PUT', `/krye/edit_klista/${march.id}`, { ora: 4 }],
      ['edit (modal)', 'PUT', '/krye/edit_klista_modal', { id: march.id, ora: 4 }],
      ['delete', 'DELETE', `/krye/delete_klista/${march.id}`, undefined],
      ['delete many', 'DELETE', '/krye/delete_workers', { idsToDelete: [april.id, march.id] }],
      [
        'scan edit',
        'PUT',
        '/krye/edit_rfid',
        { id: ardi.id, date: '2026-03-05', firstScanTime: '08:00', lastScanTime: '16:00' },
      ],
      ['scan delete', 'DELETE', '/krye/delete_rfid', { id: ardi.id, date: '2026-03-05' }],
    ];
    for (const [name, method, url, body] of writes) {
      const res = await call(ctx, employer.token, method, url, body);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(409);
      expect(res.json(), name).toEqual({
        Status: false,
        Error: 'This month is closed: its hours, scan corrections and pay cannot change. Reopen the month first.',
        code: 'monthClosed',
      });
    }
    expect(await entriesOf(employer.employerId)).toEqual(before);
    const corrections = await ctx.app.db
      .select()
      .from(scanCorrections)
      .where(eq(scanCorrections.employerId, employer.employerId));
    expect(corrections).toEqual([]);
    // April stays open.
    expect((await call(ctx, employer.token, 'PUT', `/krye/edit_klista/${april.id}`, { ora: 6 })).statusCode).toBe(200);
  });

  it('keeps storing device scans dated in a closed month', async () => {
    const { employer } = await closedTeam();
    const device = await registerDevice(ctx, employer.token);
    const res = await deviceCall(ctx, device, '/device/v1/scans', {
      scans: [{ seq: 1, uid: 'LATE01', ts: '2026-03-10T08:00:00Z' }],
    });
    expect(res.statusCode).toBe(200);
    const stored = await ctx.app.db.select().from(scans).where(eq(scans.employerId, employer.employerId));
    expect(stored.map((row) => row.uid)).toEqual(['LATE01']);
  });

  it('reopens with a reason (audited), after which writes go through and the statement is live again', async () => {
    const { employer, march } = await closedTeam();
    const res = await call(ctx, employer.token, 'POST', '/krye/months/2026-03/reopen', {
      reason: '  Orë të harruara ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Status: true, Result: { month: '2026-03', closed: false, closed_at: null } });
    expect((await auditOf(employer.employerId)).map((row) => row.details)).toEqual([
      { params: { month: '2026-03' }, statusCode: 200 },
      { params: { month: '2026-03', reason: 'Orë të harruara' }, statusCode: 200 },
    ]);
    expect((await call(ctx, employer.token, 'PUT', `/krye/edit_klista/${march.id}`, { ora: 10 })).statusCode).toBe(200);
    const statement = await statementOf(ctx, employer.token, '2026-03');
    expect(statement).toMatchObject({ closed: false, closed_at: null });
    expect(statement.workers[0]?.premiums).toEqual([
      { kind: 'overtimeDaily', hours: 2, rate: 30, hourly_rate: 5, amount: 3 },
    ]);
    const again = await call(ctx, employer.token, 'POST', '/krye/months/2026-03/reopen', { reason: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'monthNotClosed' });
  });

  it.each([
    ['a blank reason', '2026-03', { reason: '  ' }, 'reasonRequired'],
    ['no reason', '2026-03', {}, 'reasonRequired'],
    ['a reason of 501 characters', '2026-03', { reason: 'x'.repeat(501) }, 'reasonTooLong'],
    ['a month that is not one', '2026-13', { reason: 'x' }, 'monthInvalid'],
  ])('refuses to reopen with %s (400), and the month stays closed', async (_name, month, body, code) => {
    const { employer } = await closedTeam();
    const res = await call(ctx, employer.token, 'POST', `/krye/months/${month}/reopen`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Status: false, code });
    expect(
      await ctx.app.db.select().from(closedMonths).where(eq(closedMonths.employerId, employer.employerId)),
    ).toHaveLength(1);
  });

  it('refuses to close a malformed month, a month without rules, and while the rules are off', async () => {
    const employer = await createWorkspace(ctx);
    expect((await call(ctx, employer.token, 'POST', '/krye/months/2026-03/close')).json()).toMatchObject({
      code: 'labourRulesOff',
    });
    await labourRulesOn(ctx, employer.token);
    const bad = await call(ctx, employer.token, 'POST', '/krye/months/03-2026/close');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'monthInvalid' });
    expect((await call(ctx, employer.token, 'POST', '/krye/months/2019-03/close')).statusCode).toBe(422);
    expect(
      await ctx.app.db.select().from(closedMonths).where(eq(closedMonths.employerId, employer.employerId)),
    ).toEqual([]);
  });

  it("refuses a worker, an anonymous caller, and touches only the caller's own month", async () => {
    const { employer } = await closedTeam();
    const worker = await createWorker(ctx, employer.token);
    const other = await createWorkspace(ctx, { labourRules: 'XK' });
    expect((await call(ctx, worker.token, 'POST', '/krye/months/2026-03/reopen', { reason: 'x' })).statusCode).toBe(
      403,
    );
    expect((await call(ctx, null, 'POST', '/krye/months/2026-03/reopen', { reason: 'x' })).statusCode).toBe(401);
    expect((await call(ctx, worker.token, 'POST', '/krye/months/2026-04/close')).statusCode).toBe(403);
    // B reopening "2026-03" means B's own March, which is not closed.
    expect((await call(ctx, other.token, 'POST', '/krye/months/2026-03/reopen', { reason: 'x' })).statusCode).toBe(409);
    expect(
      await ctx.app.db.select().from(closedMonths).where(eq(closedMonths.employerId, employer.employerId)),
    ).toHaveLength(1);
    // B's own March is open for B's writes.
    const b = await addEmployee(ctx, other.token, { name: 'Bora' });
    await addHours(ctx, other.token, [{ worker_id: b.id, data: '2026-03-02', ora: 8 }]);
  });
});
