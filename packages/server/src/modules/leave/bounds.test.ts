/**
 * Leave within bounds (issue 32, item 10): dates from 2 years back to 2 years ahead, for the
 * worker's request and the employer's entry alike, and at most 20 requests per worker in 24 hours.
 */
import { addDays, messages, type TSchedule, todayIn } from '@puna/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, generousLimits, type TestContext } from '../../../test/helpers/app';
import { call, createWorker, createWorkspace, resultOf } from '../../../test/helpers/workspace-factories';
import { leaveRequests } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, { limits: generousLimits() });
});
afterAll(async () => {
  await ctx?.close();
});

const EVERY_DAY = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
    day,
    { selected: true, startTime: '08:00', endTime: '16:00' },
  ]),
) as TSchedule;

const today = () => todayIn('Europe/Tirane');
const shiftYears = (date: string, years: number) => `${Number(date.slice(0, 4)) + years}${date.slice(4)}`;

async function team() {
  const employer = await createWorkspace(ctx, 'Pushimet shpk');
  const worker = await createWorker(ctx, employer.token, { name: 'Arta', schedule: EVERY_DAY });
  const types = resultOf<{ id: number; kind: string }[]>(await call(ctx, employer.token, 'GET', '/krye/leave-types'));
  const unpaid = types.find((type) => type.kind === 'unpaid')?.id ?? 0;
  return { employer, worker, unpaid };
}

describe('leave within bounds', () => {
  it('refuses a worker leave starting over 2 years back or ending over 2 years ahead, and takes one inside', async () => {
    const { worker, unpaid } = await team();
    const ask = (from: string, to: string) =>
      call(ctx, worker.token, 'POST', '/krye/worker/me/leave', { from, to, type: unpaid });
    const back = addDays(shiftYears(today(), -2), -1);
    const ahead = addDays(shiftYears(today(), 2), 1);
    for (const [from, to] of [
      ['1900-01-01', '1900-01-01'],
      ['2200-01-01', '2200-01-01'],
      [back, addDays(back, 1)],
      [addDays(ahead, -1), ahead],
    ] as const) {
      const res = await ask(from, to);
      expect(res.statusCode, `${from}..${to} ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ Status: false, Error: messages.leaveOutOfWindow, code: 'leaveOutOfWindow' });
    }

    const inside = await ask(addDays(shiftYears(today(), 2), -2), addDays(shiftYears(today(), 2), -1));

    expect(inside.statusCode, inside.body).toBe(201);
  });

  it("refuses the employer's own entry outside the window too", async () => {
    const { employer, worker, unpaid } = await team();
    const record = (from: string, to: string) =>
      call(ctx, employer.token, 'POST', '/krye/leave', { employee_id: worker.employee.id, from, to, type: unpaid });

    for (const [from, to] of [
      ['1900-01-01', '1900-01-02'],
      ['2200-01-01', '2200-01-01'],
    ] as const) {
      const res = await record(from, to);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ Error: messages.leaveOutOfWindow });
    }
    expect((await record(addDays(today(), 10), addDays(today(), 11))).statusCode).toBe(201);
  });

  it('takes 20 leave requests from a worker in 24 hours, then refuses with a sentence and writes nothing', async () => {
    const { employer, worker, unpaid } = await team();
    const ask = (i: number) =>
      call(ctx, worker.token, 'POST', '/krye/worker/me/leave', {
        from: addDays(today(), 30 + 3 * i),
        to: addDays(today(), 31 + 3 * i),
        type: unpaid,
      });
    for (let i = 0; i < 20; i++) expect((await ask(i)).statusCode).toBe(201);

    const refused = await ask(20);

    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ Status: false, Error: messages.leavePerDay, code: 'leavePerDay' });
    const rows = await ctx.app.db.select().from(leaveRequests).where(eq(leaveRequests.employeeId, worker.employee.id));
    expect(rows).toHaveLength(20);
    // The employer's own entries for the worker are not the worker's requests.
    const recorded = await call(ctx, employer.token, 'POST', '/krye/leave', {
      employee_id: worker.employee.id,
      from: addDays(today(), 200),
      to: addDays(today(), 200),
      type: unpaid,
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
  });
});
