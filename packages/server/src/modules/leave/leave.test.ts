import {
  messages,
  SCHEDULE_HISTORY_START,
  type TLeaveBalance,
  type TLeaveRequest,
  type TLeaveSettings,
  type TLeaveType,
  type TPayrollStatement,
  type TWorkerLeave,
  unselectDay,
} from '@puna/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import { createTestApp, generousLimits } from '../../../test/helpers/app';
import { eventually } from '../../../test/helpers/chat-factories';
import { browserKeys, startPushService } from '../../../test/helpers/push-service';
import { setScheduleHistory, weekdays } from '../../../test/helpers/schedules';
import { addHours, call, createWorker, createWorkspace, resultOf } from '../../../test/helpers/workspace-factories';
import { closedMonths, employees, leaveRequests, pushSubscriptions, users } from '../../db/schema';
import { approvedLeaveDays } from '../leave-days/service';

let ctx: TestContext;
let pushService: Awaited<ReturnType<typeof startPushService>>;

beforeAll(async () => {
  // The stand-in push service listens on 127.0.0.1, which production never sends to.
  ctx = await createTestApp(
    {},
    { limits: generousLimits({ loginPerAccount: 5, contactPerIp: 5 }), pushAllowPrivateAddresses: true },
  );
  pushService = await startPushService();
});
afterAll(async () => {
  await ctx?.close();
  await pushService?.close();
});

const WEEKDAYS = weekdays('08:00', '16:00');

/** An employer (Kosovo, the default) with a worker on a Monday-to-Friday week, employed since 2025. */
async function team(name = 'Arta') {
  const employer = await createWorkspace(ctx, 'Pushimet shpk');
  const worker = await createWorker(ctx, employer.token, { name, schedule: WEEKDAYS });
  await startedOn(worker.employee.id, '2025-03-01T09:00:00Z');
  return { employer, worker };
}

/** The employee row's creation, which is the worker's start date for pro rata. */
async function startedOn(employeeId: number, instant: string) {
  await ctx.app.db
    .update(employees)
    .set({ createdAt: new Date(instant) })
    .where(eq(employees.id, employeeId));
}

async function typesOf(token: string): Promise<TLeaveType[]> {
  const res = await call(ctx, token, 'GET', '/krye/leave-types');
  expect(res.statusCode, res.body).toBe(200);
  return resultOf<TLeaveType[]>(res);
}
async function typeId(token: string, kind: string): Promise<number> {
  const type = (await typesOf(token)).find((t) => t.kind === kind);
  if (!type) throw new Error(`no ${kind} type`);
  return type.id;
}

async function subscribe(token: string) {
  const res = await call(ctx, token, 'GET', '/auth/check');
  const userId = res.json<{ user: { userId: number } }>().user.userId;
  const keys = browserKeys();
  const endpoint = pushService.endpoint();
  await ctx.app.db.insert(pushSubscriptions).values({ userId, endpoint, p256dh: keys.p256dh, auth: keys.auth });
  return { endpoint, keys };
}

/** The employer records leave for a worker (approved at once): the request written. */
async function recorded(token: string, employeeId: number, range: { from: string; to: string }, type: number) {
  const res = await call(ctx, token, 'POST', '/krye/leave', { employee_id: employeeId, ...range, type });
  expect(res.statusCode, res.body).toBe(201);
  return resultOf<TLeaveRequest>(res);
}

const leaveRows = (employeeId: number) =>
  ctx.app.db.select().from(leaveRequests).where(eq(leaveRequests.employeeId, employeeId));

// Monday 21 to Sunday 27 December 2026; 25 December (Christmas, Kosovo) is a Friday.
const CHRISTMAS_WEEK = { from: '2026-12-21', to: '2026-12-27' };

describe('leave types', () => {
  it('creates annual, sick and unpaid on first use, and adds the employer’s own', async () => {
    const { employer } = await team();
    expect((await typesOf(employer.token)).map((t) => [t.kind, t.paid, t.needs_approval, t.archived])).toEqual([
      ['annual', true, true, false],
      ['sick', true, true, false],
      ['unpaid', false, true, false],
    ]);
    const res = await call(ctx, employer.token, 'POST', '/krye/leave-types', {
      name: 'Martesë',
      paid: true,
      needs_approval: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(resultOf<TLeaveType>(res)).toMatchObject({
      kind: 'custom',
      name: 'Martesë',
      paid: true,
      needs_approval: false,
    });
    const again = await call(ctx, employer.token, 'POST', '/krye/leave-types', {
      name: 'Martesë',
      paid: false,
      needs_approval: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ Status: false, Error: messages.leaveTypeNameTaken });
    expect(await typesOf(employer.token)).toHaveLength(4);
  });

  it('changes and archives an own type; a built-in keeps its name and pay and is never archived', async () => {
    const { employer } = await team();
    const annual = await typeId(employer.token, 'annual');
    for (const body of [{ name: 'Tjetër' }, { paid: false }, { archived: true }]) {
      const res = await call(ctx, employer.token, 'PUT', `/krye/leave-types/${annual}`, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ Error: messages.leaveTypeBuiltIn });
    }
    const ok = await call(ctx, employer.token, 'PUT', `/krye/leave-types/${annual}`, { needs_approval: false });
    expect(resultOf<TLeaveType>(ok)).toMatchObject({ kind: 'annual', needs_approval: false });

    const own = resultOf<TLeaveType>(
      await call(ctx, employer.token, 'POST', '/krye/leave-types', {
        name: 'Studim',
        paid: false,
        needs_approval: true,
      }),
    );
    const changed = await call(ctx, employer.token, 'PUT', `/krye/leave-types/${own.id}`, {
      name: 'Provim',
      archived: true,
    });
    expect(resultOf<TLeaveType>(changed)).toMatchObject({ name: 'Provim', archived: true });

    // A body that changes nothing (an empty one too) answers the type as it is.
    for (const body of [{}, undefined]) {
      const same = await call(ctx, employer.token, 'PUT', `/krye/leave-types/${own.id}`, body);
      expect(same.statusCode, same.body).toBe(200);
      expect(resultOf<TLeaveType>(same)).toMatchObject({ name: 'Provim', archived: true });
    }
  });

  it('refuses another employer’s type (404) and bad input (400)', async () => {
    const { employer } = await team();
    const other = await team();
    const annual = await typeId(employer.token, 'annual');
    const res = await call(ctx, other.employer.token, 'PUT', `/krye/leave-types/${annual}`, { needs_approval: false });
    expect(res.statusCode).toBe(404);
    const bad = await call(ctx, employer.token, 'POST', '/krye/leave-types', { name: ' ', paid: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ Status: false });
    const worker = await call(ctx, other.worker.token, 'GET', '/krye/leave-types');
    expect(worker.statusCode).toBe(403);
  });
});

describe('asking for leave and deciding it', () => {
  it('pushes a new request to the employer and a decision to the worker, with unread marks on both sides', async () => {
    const { employer, worker } = await team('Besa');
    const employerBrowser = await subscribe(employer.token);
    const workerBrowser = await subscribe(worker.token);
    const annual = await typeId(employer.token, 'annual');

    const asked = await call(ctx, worker.token, 'POST', '/krye/worker/me/leave', {
      ...CHRISTMAS_WEEK,
      type: annual,
      note: 'Festat me familjen',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const request = resultOf<TLeaveRequest>(asked);
    // Five weekdays less Christmas Day; the weekend is not counted.
    expect(request).toMatchObject({
      status: 'pending',
      days: 4,
      name: 'Besa',
      kind: 'annual',
      note: 'Festat me familjen',
    });

    const pushed = await eventually(() => {
      const got = pushService.to(employerBrowser.endpoint);
      expect(got).toHaveLength(1);
      return got;
    });
    const payload = JSON.parse(employerBrowser.keys.decrypt((pushed[0] as { body: Buffer }).body));
    expect(payload).toMatchObject({ title: 'Kërkesë e re për pushim', data: { url: '/kryepuntor/kerkesat' } });
    expect(payload.body).toContain('Besa');

    // The dot counts what the employer has not seen; the inbox, what waits for a decision.
    expect(resultOf(await call(ctx, employer.token, 'GET', '/krye/leave/unread'))).toEqual({ unread: 1, pending: 1 });
    const listed = await call(ctx, employer.token, 'GET', '/krye/leave?status=pending');
    expect(resultOf(listed)).toMatchObject({ unread: 1, requests: [{ id: request.id, name: 'Besa', unread: true }] });
    expect(resultOf(await call(ctx, employer.token, 'GET', '/krye/leave/unread'))).toEqual({ unread: 0, pending: 1 });

    const decided = await call(ctx, employer.token, 'PUT', `/krye/leave/${request.id}`, {
      status: 'approved',
      note: 'Gëzuar!',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(resultOf<TLeaveRequest>(decided)).toMatchObject({ status: 'approved', decision_note: 'Gëzuar!' });
    expect(resultOf(await call(ctx, employer.token, 'GET', '/krye/leave/unread'))).toEqual({ unread: 0, pending: 0 });
    const toWorker = await eventually(() => {
      const got = pushService.to(workerBrowser.endpoint);
      expect(got).toHaveLength(1);
      return got;
    });
    expect(JSON.parse(workerBrowser.keys.decrypt((toWorker[0] as { body: Buffer }).body))).toMatchObject({
      title: 'Pushimi u miratua',
      data: { url: '/datapuntoret/pushimet' },
    });

    expect(resultOf(await call(ctx, worker.token, 'GET', '/krye/worker/me/leave/unread'))).toEqual({ unread: 1 });
    const mine = resultOf<TWorkerLeave>(await call(ctx, worker.token, 'GET', '/krye/worker/me/leave?year=2026'));
    expect(mine.unread).toBe(1);
    expect(mine.requests).toMatchObject([{ id: request.id, status: 'approved', unread: true }]);
    expect(mine.balance).toMatchObject({ entitled: expect.any(Number), taken: 4, pending: 0 });
    expect(mine.balance.remaining).toBe(mine.balance.entitled - 4);
    expect(resultOf(await call(ctx, worker.token, 'GET', '/krye/worker/me/leave/unread'))).toEqual({ unread: 0 });

    const twice = await call(ctx, employer.token, 'PUT', `/krye/leave/${request.id}`, { status: 'declined' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ Error: messages.leaveAlreadyDecided });
  });

  it('approves at once a type that needs no approval, and lets the employer record leave directly', async () => {
    const { employer, worker } = await team();
    const own = resultOf<TLeaveType>(
      await call(ctx, employer.token, 'POST', '/krye/leave-types', {
        name: 'Dasmë',
        paid: true,
        needs_approval: false,
      }),
    );
    const asked = await call(ctx, worker.token, 'POST', '/krye/worker/me/leave', {
      from: '2026-12-01',
      to: '2026-12-02',
      type: own.id,
    });
    expect(resultOf<TLeaveRequest>(asked)).toMatchObject({ status: 'approved', days: 2, paid: true });

    const sick = await typeId(employer.token, 'sick');
    const recorded = await call(ctx, employer.token, 'POST', '/krye/leave', {
      employee_id: worker.employee.id,
      from: '2026-12-07',
      to: '2026-12-08',
      type: sick,
      note: 'Raport mjekësor',
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(resultOf<TLeaveRequest>(recorded)).toMatchObject({ status: 'approved', kind: 'sick', days: 2 });
    const mine = resultOf<TWorkerLeave>(await call(ctx, worker.token, 'GET', '/krye/worker/me/leave?year=2026'));
    expect(mine.requests.map((r) => r.from)).toEqual(['2026-12-07', '2026-12-01']);
    expect(mine.balance.sick).toEqual({ taken: 2, paid_days: 20, over: 0 });
  });

  it('lists every status when none is asked, and one when asked; a bad status is 400', async () => {
    const { employer, worker } = await team();
    const annual = await typeId(employer.token, 'annual');
    const first = resultOf<TLeaveRequest>(
      await call(ctx, worker.token, 'POST', '/krye/worker/me/leave', {
        from: '2026-12-01',
        to: '2026-12-01',
        type: annual,
      }),
    );
    await call(ctx, worker.token, 'POST', '/krye/worker/me/leave', {
      from: '2026-12-02',
      to: '2026-12-02',
      type: annual,
    });
    await call(ctx, employer.token, 'PUT', `/krye/leave/${first.id}`, { status: 'declined' });
    const all = resultOf<{ requests: TLeaveRequest[] }>(await call(ctx, employer.token, 'GET', '/krye/leave'));
    expect(all.requests.map((r) => r.status).sort()).toEqual(['declined', 'pending']);
    const declined = resultOf<{ requests: TLeaveRequest[] }>(
      await call(ctx, employer.token, 'GET', '/krye/leave?status=declined'),
    );
    expect(declined.requests.map((r) => r.id)).toEqual([first.id]);
    const bad = await call(ctx, employer.token, 'GET', '/krye/leave?status=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ Error: messages.leaveStatusInvalid });
  });

  it('lets the worker cancel its own pending request only', async () => {
    const { employer, worker } = await team();
    const colleague = await createWorker(ctx, employer.token, { name: 'Cena' });
    const annual = await typeId(employer.token, 'annual');
    const request = resultOf<TLeaveRequest>(
      await call(ctx, worker.token, 'POST', '/krye/worker/me/leave', {
        from: '2026-12-03',
        to: '2026-12-04',
        type: annual,
      }),
    );
    expect((await call(ctx, colleague.token, 'DELETE', `/krye/worker/me/leave/${request.id}`)).statusCode).toBe(404);
    const cancelled = await call(ctx, worker.token, 'DELETE', `/krye/worker/me/leave/${request.id}`);
    expect(resultOf<TLeaveRequest>(cancelled)).toMatchObject({ status: 'cancelled' });
    const again = await call(ctx, worker.token, 'DELETE', `/krye/worker/me/leave/${request.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ Error: messages.leaveNotPending });
    // A cancelled request no longer blocks the days.
    const reasked = await call(ctx, worker.token, 'POST', '/krye/worker/me/leave', {
      from: '2026-12-03',
      to: '2026-12-03',
      type: annual,
    });
    expect(reasked.statusCode).toBe(201);
  });
});

describe('realtime', () => {
  it('tells the employer’s and the worker’s sockets when a leave is asked for and decided', async () => {
    const { employer, worker } = await team();
    const annual = await typeId(employer.token, 'annual');
    const toEmployer = vi.spyOn(ctx.app.realtime, 'emitToEmployer');
    const toWorker = vi.spyOn(ctx.app.realtime, 'emitToWorker');
    try {
      const request = resultOf<TLeaveRequest>(
        await call(ctx, worker.token, 'POST', '/krye/worker/me/leave', {
          from: '2026-12-09',
          to: '2026-12-09',
          type: annual,
        }),
      );
      await call(ctx, employer.token, 'PUT', `/krye/leave/${request.id}`, { status: 'declined' });
      const update = (status: string) => ({ id: request.id, employee_id: worker.employee.id, status });
      expect(toEmployer.mock.calls.filter((c) => c[1] === 'leave_update')).toEqual([
        [employer.employerId, 'leave_update', update('pending')],
        [employer.employerId, 'leave_update', update('declined')],
      ]);
      expect(toWorker.mock.calls.filter((c) => c[1] === 'leave_update').map((c) => c[2])).toEqual([
        update('pending'),
        update('declined'),
      ]);
    } finally {
      toEmployer.mockRestore();
      toWorker.mockRestore();
    }
  });
});

describe('refusals, with nothing written', () => {
  it('refuses a reversed or too long range, an overlap, a range of rest days and a closed month', async () => {
    const { employer, worker } = await team();
    const annual = await typeId(employer.token, 'annual');
    const ask = (body: Record<string, unknown>) =>
      call(ctx, worker.token, 'POST', '/krye/worker/me/leave', { type: annual, ...body });
    await ask({ from: '2026-12-14', to: '2026-12-16' });
    const before = (await leaveRows(worker.employee.id)).length;

    const cases: [Record<string, unknown>, number, string][] = [
      [{ from: '2026-12-10', to: '2026-12-09' }, 400, messages.leaveRangeReversed],
      [{ from: '2026-01-01', to: '2027-01-02' }, 400, messages.leaveRangeTooLong],
      [{ from: '2026-12-16', to: '2026-12-18' }, 409, messages.leaveOverlaps],
      [{ from: '2026-12-12', to: '2026-12-13' }, 400, messages.leaveNoWorkingDay],
      [{ from: '2026-12-25', to: '2026-12-25' }, 400, messages.leaveNoWorkingDay],
      [{ from: '2026-12-10', to: 'tomorrow' }, 400, messages.dateInvalid],
    ];
    for (const [body, status, sentence] of cases) {
      const res = await ask(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toMatchObject({ Status: false, Error: sentence });
    }

    const [user] = await ctx.app.db.select({ id: users.id }).from(users).where(eq(users.email, employer.email));
    await ctx.app.db
      .insert(closedMonths)
      .values({ employerId: employer.employerId, month: '2026-10', closedByUserId: user?.id ?? null, statement: {} });
    const closed = await ask({ from: '2026-10-30', to: '2026-11-02' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ Error: messages.monthClosed });
    expect(await leaveRows(worker.employee.id)).toHaveLength(before);
  });

  it('answers 404 for another employer’s worker, type or leave', async () => {
    const a = await team();
    const b = await team();
    const typeA = await typeId(a.employer.token, 'annual');
    const typeB = await typeId(b.employer.token, 'annual');
    const days = { from: '2026-12-01', to: '2026-12-01' };
    const foreignWorker = await call(ctx, b.employer.token, 'POST', '/krye/leave', {
      employee_id: a.worker.employee.id,
      type: typeB,
      ...days,
    });
    expect(foreignWorker.statusCode).toBe(404);
    const foreignType = await call(ctx, b.worker.token, 'POST', '/krye/worker/me/leave', { type: typeA, ...days });
    expect(foreignType.statusCode).toBe(404);
    const request = resultOf<TLeaveRequest>(
      await call(ctx, a.worker.token, 'POST', '/krye/worker/me/leave', { type: typeA, ...days }),
    );
    expect(
      (await call(ctx, b.employer.token, 'PUT', `/krye/leave/${request.id}`, { status: 'approved' })).statusCode,
    ).toBe(404);
    expect((await call(ctx, b.worker.token, 'DELETE', `/krye/worker/me/leave/${request.id}`)).statusCode).toBe(404);
    const listed = resultOf<{ requests: TLeaveRequest[] }>(await call(ctx, b.employer.token, 'GET', '/krye/leave'));
    expect(listed.requests.map((r) => r.id)).not.toContain(request.id);
    expect(await leaveRows(b.worker.employee.id)).toHaveLength(0);
    // A worker is not the employer: the employer's routes are closed to it.
    expect((await call(ctx, a.worker.token, 'GET', '/krye/leave')).statusCode).toBe(403);
    expect((await call(ctx, a.employer.token, 'GET', '/krye/worker/me/leave')).statusCode).toBe(403);
  });

  it('refuses a bad decision body and an archived type', async () => {
    const { employer, worker } = await team();
    const own = resultOf<TLeaveType>(
      await call(ctx, employer.token, 'POST', '/krye/leave-types', {
        name: 'Vjetër',
        paid: true,
        needs_approval: true,
      }),
    );
    await call(ctx, employer.token, 'PUT', `/krye/leave-types/${own.id}`, { archived: true });
    const archived = await call(ctx, worker.token, 'POST', '/krye/worker/me/leave', {
      from: '2026-12-01',
      to: '2026-12-01',
      type: own.id,
    });
    expect(archived.statusCode).toBe(409);
    expect(archived.json()).toMatchObject({ Error: messages.leaveTypeArchived });
    const bad = await call(ctx, employer.token, 'PUT', '/krye/leave/1', { status: 'pending' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ Error: messages.leaveDecisionInvalid });
  });
});

describe('balances and settings', () => {
  it('is four weeks by law, more when the employer says so, pro rata for a worker who started this year', async () => {
    const { employer, worker } = await team('Dita');
    const late = await createWorker(ctx, employer.token, { name: 'Ema', schedule: WEEKDAYS });
    await startedOn(late.employee.id, '2026-07-01T10:00:00Z');
    const balances = async () =>
      resultOf<{ balances: TLeaveBalance[] }>(await call(ctx, employer.token, 'GET', '/krye/leave/balances?year=2026'))
        .balances;
    const of = (rows: TLeaveBalance[], id: number) => rows.find((row) => row.employee_id === id);
    let rows = await balances();
    expect(of(rows, worker.employee.id)).toMatchObject({ name: 'Dita', entitled: 20, remaining: 20, carried_over: 0 });
    // July to December: half the year.
    expect(of(rows, late.employee.id)).toMatchObject({ start_date: '2026-07-01', entitled: 10 });

    const settings = await call(ctx, employer.token, 'PUT', '/krye/leave/settings', { annual_leave_days: 25 });
    expect(resultOf<TLeaveSettings>(settings)).toEqual({
      annual_leave_days: 25,
      jurisdiction: 'XK',
      minimum_weeks: 4,
      paid_sick_days: 20,
    });
    rows = await balances();
    expect(of(rows, worker.employee.id)).toMatchObject({ entitled: 25 });
    expect(of(rows, late.employee.id)).toMatchObject({ entitled: 13 });

    const allowance = await call(ctx, employer.token, 'PUT', `/krye/leave/allowances/${worker.employee.id}`, {
      year: 2026,
      entitled_days: 30,
      carried_over_days: 2.5,
    });
    expect(allowance.statusCode, allowance.body).toBe(200);
    expect(resultOf<TLeaveBalance>(allowance)).toMatchObject({
      entitled: 30,
      entitled_override: 30,
      carried_over: 2.5,
      remaining: 32.5,
    });
    const back = await call(ctx, employer.token, 'PUT', `/krye/leave/allowances/${worker.employee.id}`, {
      year: 2026,
      entitled_days: null,
      carried_over_days: 0,
    });
    expect(resultOf<TLeaveBalance>(back)).toMatchObject({ entitled: 25, entitled_override: null, remaining: 25 });
  });

  it('shows pending days apart, and sick days over the paid ones without refusing them', async () => {
    const { employer, worker } = await team();
    const annual = await typeId(employer.token, 'annual');
    const sick = await typeId(employer.token, 'sick');
    await call(ctx, worker.token, 'POST', '/krye/worker/me/leave', {
      from: '2026-12-01',
      to: '2026-12-03',
      type: annual,
    });
    // 2 to 30 November 2026: 21 working days (no Kosovo holiday in it).
    await recorded(employer.token, worker.employee.id, { from: '2026-11-02', to: '2026-11-30' }, sick);
    const mine = resultOf<TWorkerLeave>(await call(ctx, worker.token, 'GET', '/krye/worker/me/leave?year=2026'));
    expect(mine.balance).toMatchObject({
      taken: 0,
      pending: 3,
      remaining: 20,
      sick: { taken: 21, paid_days: 20, over: 1 },
    });
  });

  it('refuses bad settings, a bad allowance and another employer’s worker', async () => {
    const { employer, worker } = await team();
    const other = await team();
    const bad = await call(ctx, employer.token, 'PUT', '/krye/leave/settings', { annual_leave_days: 400 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ Error: messages.annualLeaveDaysInvalid });
    const badAllowance = await call(ctx, employer.token, 'PUT', `/krye/leave/allowances/${worker.employee.id}`, {
      year: 2026,
      entitled_days: 2.3,
      carried_over_days: 0,
    });
    expect(badAllowance.statusCode).toBe(400);
    expect(badAllowance.json()).toMatchObject({ Error: messages.leaveDaysInvalid });
    const foreign = await call(ctx, other.employer.token, 'PUT', `/krye/leave/allowances/${worker.employee.id}`, {
      year: 2026,
      entitled_days: 30,
      carried_over_days: 0,
    });
    expect(foreign.statusCode).toBe(404);
    const badYear = await call(ctx, employer.token, 'GET', '/krye/leave/balances?year=26');
    expect(badYear.statusCode).toBe(400);
  });
});

/** Monday to Wednesday, 08:00–16:00. */
const MONDAY_TO_WEDNESDAY = unselectDay(unselectDay(WEEKDAYS, 'thursday'), 'friday');

describe('a schedule that changed', () => {
  it('counts each date of a leave against the schedule in force that day', async () => {
    const { employer, worker } = await team('Hana');
    // Hana worked Monday to Friday until Tuesday 10 November 2026, Monday to Wednesday from Wednesday 11.
    await setScheduleHistory(ctx, employer.employerId, worker.employee.id, [
      { effectiveFrom: SCHEDULE_HISTORY_START, schedule: WEEKDAYS },
      { effectiveFrom: '2026-11-11', schedule: MONDAY_TO_WEDNESDAY },
    ]);
    await ctx.app.db
      .update(employees)
      .set({ schedule: MONDAY_TO_WEDNESDAY })
      .where(eq(employees.id, worker.employee.id));
    const annual = await typeId(employer.token, 'annual');

    // 2 to 6 November: five days; 9 and 10 (Monday, Tuesday), then Wednesday 11: three more.
    const asked = await call(ctx, worker.token, 'POST', '/krye/worker/me/leave', {
      from: '2026-11-02',
      to: '2026-11-13',
      type: annual,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(resultOf<TLeaveRequest>(asked).days).toBe(8);

    // The employer's record of a week before the change: five days, Thursday and Friday included.
    const sick = await typeId(employer.token, 'sick');
    const before = await recorded(employer.token, worker.employee.id, { from: '2026-10-26', to: '2026-10-30' }, sick);
    expect(before.days).toBe(5);
  });

  it("counts a leave's days inside the year against each date's schedule in the balance", async () => {
    const { employer, worker } = await team('Iliriana');
    // Monday to Wednesday until Sunday 27 December 2026, Monday to Friday from Monday 28.
    await setScheduleHistory(ctx, employer.employerId, worker.employee.id, [
      { effectiveFrom: SCHEDULE_HISTORY_START, schedule: MONDAY_TO_WEDNESDAY },
      { effectiveFrom: '2026-12-28', schedule: WEEKDAYS },
    ]);
    const annual = await typeId(employer.token, 'annual');
    await recorded(employer.token, worker.employee.id, { from: '2026-12-21', to: '2027-01-05' }, annual);
    // In 2026: 21 to 23 December (Monday to Wednesday), then 28 to 31 December.
    const mine = resultOf<TWorkerLeave>(await call(ctx, worker.token, 'GET', '/krye/worker/me/leave?year=2026'));
    expect(mine.balance).toMatchObject({ taken: 7, pending: 0 });
  });
});

describe('approvedLeaveDays', () => {
  it('lists every calendar day of approved leave inside the range, for the lists to mark', async () => {
    const { employer, worker } = await team();
    const annual = await typeId(employer.token, 'annual');
    await call(ctx, employer.token, 'POST', '/krye/leave', {
      employee_id: worker.employee.id,
      from: '2026-12-18',
      to: '2026-12-22',
      type: annual,
    });
    // A pending one is not listed.
    await call(ctx, worker.token, 'POST', '/krye/worker/me/leave', {
      from: '2026-12-28',
      to: '2026-12-28',
      type: annual,
    });
    const days = await approvedLeaveDays(ctx.app.db, employer.employerId, { from: '2026-12-20', to: '2026-12-31' });
    expect(days.map((day) => day.date)).toEqual(['2026-12-20', '2026-12-21', '2026-12-22']);
    expect(days[0]).toMatchObject({ employeeId: worker.employee.id, kind: 'annual', paid: true });
    const other = await team();
    expect(
      await approvedLeaveDays(ctx.app.db, other.employer.employerId, { from: '2026-12-01', to: '2026-12-31' }),
    ).toEqual([]);
  });
});

describe('the payroll statement', () => {
  it('shows a worker’s paid and unpaid leave days, paying the paid ones like days worked', async () => {
    const { employer, worker } = await team('Fiona');
    await call(ctx, employer.token, 'PUT', `/krye/edit_employee/${worker.employee.id}`, {
      name: 'Fiona',
      salary: 520,
      wages: 'Muaj',
      role: 'Punëtor',
      schedule: WEEKDAYS,
    });
    const rules = await call(ctx, employer.token, 'PUT', '/krye/labour-settings', { apply_labour_rules: true });
    expect(rules.statusCode, rules.body).toBe(200);
    // April 2026: weekdays less both Easter Mondays and 9 April; leave on 27 and 28 (paid) and 29 (unpaid).
    const worked = [1, 2, 3, 7, 8, 10, 14, 15, 16, 17, 20, 21, 22, 23, 24, 30];
    await addHours(
      ctx,
      employer.token,
      worked.map((day) => ({ worker_id: worker.employee.id, data: `2026-04-${String(day).padStart(2, '0')}`, ora: 8 })),
    );
    const annual = await typeId(employer.token, 'annual');
    const unpaid = await typeId(employer.token, 'unpaid');
    const record = (from: string, to: string, type: number) =>
      call(ctx, employer.token, 'POST', '/krye/leave', { employee_id: worker.employee.id, from, to, type });
    expect((await record('2026-04-27', '2026-04-28', annual)).statusCode).toBe(201);
    expect((await record('2026-04-29', '2026-04-29', unpaid)).statusCode).toBe(201);

    const res = await call(ctx, employer.token, 'GET', '/krye/payroll?month=2026-04');
    expect(res.statusCode, res.body).toBe(200);
    const statement = resultOf<TPayrollStatement>(res);
    const row = statement.workers.find((w) => w.employee_id === worker.employee.id);
    // The salary for the month worked as scheduled (docs/labour-rules.md): April 2026 has 22 scheduled
    // weekdays, so a day is 520 ÷ 22 = 23.6364; the unpaid day is deducted (520 − 23.64 = 496.36), the 3
    // holidays (70.91) and 2 days of paid leave (47.27) are shown inside it, the 16 days worked are the rest.
    expect(row).toMatchObject({
      base_pay: 378.18,
      paid_holidays: { days: 3, amount: 70.91 },
      paid_leave: { days: 2, amount: 47.27 },
      unpaid_leave_days: 1,
      gross: 496.36,
    });
    expect(statement.totals.paid_leave).toBe(47.27);

    // The accountant's payroll list carries them too: paid days and their pay, and the unpaid days.
    const sheet = await call(ctx, employer.token, 'GET', '/krye/export/payroll?month=2026-04&format=csv&locale=en');
    expect(sheet.statusCode, sheet.body).toBe(200);
    // The period line first, then the header (docs/product.md#month-close).
    const [, header = '', ...lines] = sheet.body.replace(/^\uFEFF/, '').split('\r\n');
    const columns = header.split(',').map((cell) => cell.replaceAll('"', ''));
    const fiona = (lines.find((line) => line.startsWith('"Fiona"')) ?? '').split(',');
    const cell = (name: string) => fiona[columns.indexOf(name)];
    expect([cell('Ditë pushimi të paguara'), cell('Pushimi i paguar (€)'), cell('Ditë pushimi pa pagesë')]).toEqual([
      '2',
      '47.27',
      '1',
    ]);
  });
});
