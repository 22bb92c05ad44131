import { addDays, messages, type TRosterSettings, type TShift, type TShiftRequest, todayIn } from '@puna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers/app';
import { startPushService, subscribedBrowser } from '../../../test/helpers/push-service';
import { call, createWorker, createWorkspace, resultOf } from '../../../test/helpers/workspace-factories';

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

const DAY = addDays(todayIn('Europe/Tirane'), 10);
const settingsOf = async (token: string) => {
  const res = await call(ctx, token, 'GET', '/krye/roster-settings');
  expect(res.statusCode, res.body).toBe(200);
  return resultOf<TRosterSettings>(res);
};
const put = (token: string, body: unknown) => call(ctx, token, 'PUT', '/krye/roster-settings', body);

async function publishedShift(token: string, employeeId: number | null) {
  const res = await call(ctx, token, 'POST', '/krye/shifts', {
    employee_id: employeeId,
    date: DAY,
    start: '08:00',
    end: '16:00',
  });
  expect(res.statusCode, res.body).toBe(201);
  expect((await call(ctx, token, 'POST', '/krye/shifts/publish', { from: DAY, to: DAY })).statusCode).toBe(200);
  return resultOf<TShift>(res);
}

describe('the roster settings', () => {
  it('answers the defaults, with the jurisdiction’s break rule, and keeps what the employer sets', async () => {
    const owner = await createWorkspace(ctx, 'Furra');
    expect(await settingsOf(owner.token)).toEqual({
      shift_requests_auto: false,
      no_show_alert: true,
      unpaid_break_rules: null,
      break_rules_default: [{ from_minutes: 360, break_minutes: 30 }],
    });
    const rules = [
      { from_minutes: 240, break_minutes: 15 },
      { from_minutes: 480, break_minutes: 45 },
    ];
    const res = await put(owner.token, { shift_requests_auto: true, no_show_alert: false, unpaid_break_rules: rules });
    expect(res.statusCode, res.body).toBe(200);
    expect(resultOf<TRosterSettings>(res)).toMatchObject({ shift_requests_auto: true, unpaid_break_rules: rules });
    expect(await settingsOf(owner.token)).toMatchObject({ no_show_alert: false, unpaid_break_rules: rules });
    // Back to the jurisdiction's rule.
    const back = await put(owner.token, { shift_requests_auto: false, no_show_alert: true, unpaid_break_rules: null });
    expect(resultOf<TRosterSettings>(back).unpaid_break_rules).toBeNull();
  });

  it('refuses unsorted or out-of-range rules and bad flags with a sentence, changing nothing', async () => {
    const owner = await createWorkspace(ctx, 'Dyqani');
    const cases: [unknown, string][] = [
      [
        {
          shift_requests_auto: true,
          no_show_alert: true,
          unpaid_break_rules: [
            { from_minutes: 480, break_minutes: 45 },
            { from_minutes: 240, break_minutes: 15 },
          ],
        },
        messages.breakRulesInvalid,
      ],
      [
        {
          shift_requests_auto: true,
          no_show_alert: true,
          unpaid_break_rules: [{ from_minutes: 1441, break_minutes: 5 }],
        },
        messages.breakRulesInvalid,
      ],
      [
        {
          shift_requests_auto: true,
          no_show_alert: true,
          unpaid_break_rules: [{ from_minutes: 360, break_minutes: 181 }],
        },
        messages.breakRulesInvalid,
      ],
      [
        {
          shift_requests_auto: true,
          no_show_alert: true,
          unpaid_break_rules: [
            { from_minutes: 360, break_minutes: 30 },
            { from_minutes: 360, break_minutes: 20 },
          ],
        },
        messages.breakRulesInvalid,
      ],
      [
        { shift_requests_auto: 'yes', no_show_alert: true, unpaid_break_rules: null },
        messages.rosterSettingFlagInvalid,
      ],
    ];
    for (const [body, error] of cases) {
      const res = await put(owner.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ Status: false, Error: error });
    }
    expect(await settingsOf(owner.token)).toMatchObject({ shift_requests_auto: false, unpaid_break_rules: null });
  });

  it('is the employer’s: a worker is refused, and each employer sees its own', async () => {
    const owner = await createWorkspace(ctx, 'Kafja');
    const arta = await createWorker(ctx, owner.token, { name: 'Arta Krasniqi' });
    expect((await call(ctx, arta.token, 'GET', '/krye/roster-settings')).statusCode).toBe(403);
    expect(
      (await put(arta.token, { shift_requests_auto: true, no_show_alert: true, unpaid_break_rules: null })).statusCode,
    ).toBe(403);
    const other = await createWorkspace(ctx, 'Tjetër');
    await put(other.token, { shift_requests_auto: true, no_show_alert: false, unpaid_break_rules: null });
    expect(await settingsOf(owner.token)).toMatchObject({ shift_requests_auto: false, no_show_alert: true });
  });
});

describe('claims and swaps approved automatically', () => {
  it('with shift_requests_auto on, a claim is approved at once and an accepted swap too, with pushes both ways', async () => {
    const owner = await createWorkspace(ctx, 'Pastiçeri');
    const arta = await createWorker(ctx, owner.token, { name: 'Arta Krasniqi' });
    const besa = await createWorker(ctx, owner.token, { name: 'Besa Hoxha' });
    const ownerPushes = (await subscribedBrowser(ctx, pushService, owner.token)).pushes;
    const artaPushes = (await subscribedBrowser(ctx, pushService, arta.token)).pushes;
    const besaPushes = (await subscribedBrowser(ctx, pushService, besa.token)).pushes;
    await put(owner.token, { shift_requests_auto: true, no_show_alert: true, unpaid_break_rules: null });

    const open = await publishedShift(owner.token, null);
    const claimed = await call(ctx, arta.token, 'POST', `/krye/worker/me/shifts/${open.id}/claim`);
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect(resultOf<TShiftRequest>(claimed)).toMatchObject({
      status: 'approved',
      shift: { employee_id: arta.employee.id },
    });
    await expect.poll(() => ownerPushes().length).toBe(1);
    await expect.poll(() => artaPushes().length).toBe(1);
    expect(artaPushes()[0]).toMatchObject({ title: 'Kërkesa për turnin u miratua' });

    const offered = await call(ctx, arta.token, 'POST', `/krye/worker/me/shifts/${open.id}/swap`, {
      employee_id: besa.employee.id,
    });
    // The offer waits for the colleague, whatever the setting.
    expect(resultOf<TShiftRequest>(offered)).toMatchObject({ status: 'offered' });
    const accepted = await call(
      ctx,
      besa.token,
      'POST',
      `/krye/worker/me/shift-requests/${resultOf<TShiftRequest>(offered).id}/accept`,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(resultOf<TShiftRequest>(accepted)).toMatchObject({
      status: 'approved',
      shift: { employee_id: besa.employee.id },
    });
    await expect.poll(() => ownerPushes().length).toBe(2);
    // Besa: the offer and the answer; Arta: the claim's answer and the swap's.
    await expect.poll(() => besaPushes().length).toBe(2);
    await expect.poll(() => artaPushes().length).toBe(2);
    const mine = await call(ctx, besa.token, 'GET', `/krye/worker/me/shifts?from=${DAY}&to=${DAY}`);
    expect(resultOf<{ shifts: TShift[] }>(mine).shifts).toEqual([expect.objectContaining({ id: open.id })]);
  });
});
