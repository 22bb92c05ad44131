/**
 * Bursts against the real limits (issue 32): many requests at once, each from its own address as a
 * botnet behind a trusted proxy would send them, must not do more work than the limits allow.
 */
import { addDays, todayIn } from '@puna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/app';
import { createPremiumWorkspace } from '../helpers/device-factories';
import { call, createWorker, createWorkspace } from '../helpers/workspace-factories';

describe('bursts against the real limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('checks at most accountSlowdownAfter + 1 of 60 wrong passwords sent at once from 60 addresses', async () => {
    const employer = await createWorkspace(ctx);
    const { accountSlowdownAfter } = ctx.config.limits;

    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/auth/login',
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
          payload: { email: employer.email, password: `guess ${i}` },
        }),
      ),
    );

    expect(answers.filter((res) => res.statusCode === 401).length).toBeLessThanOrEqual(accountSlowdownAfter + 1);
    expect(answers.every((res) => res.statusCode === 401 || res.statusCode === 429)).toBe(true);
  });

  it('tells at most 5 of 25 e-mail change requests sent at once whether an address is taken', async () => {
    const employer = await createWorkspace(ctx);
    const other = await createWorkspace(ctx);

    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        call(ctx, employer.token, 'POST', '/auth/email/change', {
          newEmail: other.email,
          currentPassword: employer.password,
        }),
      ),
    );

    expect(answers.filter((res) => res.statusCode === 409).length).toBeLessThanOrEqual(5);
    expect(answers.filter((res) => res.statusCode === 429).length).toBeGreaterThanOrEqual(20);
  });

  it('stores at most 20 of 60 correction requests a worker sends at once', async () => {
    const owner = await createPremiumWorkspace(ctx);
    const worker = await createWorker(ctx, owner.token);
    const today = todayIn(ctx.config.defaultTimeZone);

    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        call(ctx, worker.token, 'POST', '/krye/worker/me/corrections', {
          date: addDays(today, -(i + 1)),
          kind: 'in',
          time: '08:00',
        }),
      ),
    );

    expect(answers.filter((res) => res.statusCode === 201).length).toBeLessThanOrEqual(20);
    expect(answers.every((res) => res.statusCode < 500)).toBe(true);
  });
});
