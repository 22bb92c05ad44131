/**
 * "I forgot to scan" within bounds (issue 32, item 10): a date from the last 2 years, never one to
 * come, and at most 20 requests per worker in 24 hours.
 */
import { addDays, messages, todayIn } from '@puna/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers/app';
import { createPremiumWorkspace } from '../../../test/helpers/device-factories';
import { call, createWorker } from '../../../test/helpers/workspace-factories';
import { correctionRequests } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const today = () => todayIn('Europe/Tirane');
/** The same date `years` earlier (29 February becomes a bound past the 28th, which is enough). */
const yearsBack = (date: string, years: number) => `${Number(date.slice(0, 4)) - years}${date.slice(4)}`;

async function worker() {
  const owner = await createPremiumWorkspace(ctx, 'Furra');
  return { owner, arta: await createWorker(ctx, owner.token, { name: 'Arta Krasniqi' }) };
}
const ask = (token: string, date: string) =>
  call(ctx, token, 'POST', '/krye/worker/me/corrections', { date, kind: 'in', time: '08:00' });

describe('"I forgot to scan" within bounds', () => {
  it('refuses a day more than 2 years back with a sentence, and takes one just inside', async () => {
    const { arta } = await worker();
    for (const date of ['1900-01-01', addDays(yearsBack(today(), 2), -1)]) {
      const res = await ask(arta.token, date);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ Status: false, Error: messages.correctionTooOld, code: 'correctionTooOld' });
    }

    const inside = await ask(arta.token, addDays(yearsBack(today(), 2), 1));

    expect(inside.statusCode, inside.body).toBe(201);
  });

  it('takes 20 requests from a worker in 24 hours, then refuses with a sentence and writes nothing', async () => {
    const { owner, arta } = await worker();
    const besa = await createWorker(ctx, owner.token, { name: 'Besa Hoxha' });
    for (let i = 1; i <= 20; i++) {
      const res = await ask(arta.token, addDays(today(), -i));
      expect(res.statusCode, res.body).toBe(201);
    }

    const refused = await ask(arta.token, addDays(today(), -21));

    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      Status: false,
      Error: messages.correctionsPerDay,
      code: 'correctionsPerDay',
    });
    const rows = await ctx.app.db
      .select()
      .from(correctionRequests)
      .where(eq(correctionRequests.employeeId, arta.employee.id));
    expect(rows).toHaveLength(20);
    // Another worker of the same employer has a count of its own.
    expect((await ask(besa.token, addDays(today(), -1))).statusCode).toBe(201);
  });

  it('holds the cap under a burst: 40 requests at once write at most 20', async () => {
    const { arta } = await worker();

    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => ask(arta.token, addDays(today(), -(i + 1)))),
    );

    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(20);
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(20);
  });
});
