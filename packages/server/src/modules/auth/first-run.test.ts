import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers/app';
import { bearer, createEmployer, DEFAULT_PASSWORD, randomEmail, randomIp } from '../../../test/helpers/factories';
import { latestCode } from '../../../test/helpers/outbox';
import { createWorker } from '../../../test/helpers/workspace-factories';

/** Issue 34: a new employer is signed in by its code, and an anonymous page asks "who?" without a 401. */
describe('first run', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function signUp() {
    const email = randomEmail();
    const ip = randomIp();
    await ctx.app.inject({
      method: 'POST',
      url: '/auth/signup',
      remoteAddress: ip,
      payload: { email, password: DEFAULT_PASSWORD, companyName: 'First Run Co' },
    });
    return { email, ip, code: await latestCode(ctx.config.mailOutboxDir, email) };
  }

  const sessionCookieOf = (res: { cookies: { name: string; value: string; httpOnly?: boolean }[] }) =>
    res.cookies.find((cookie) => cookie.name === 'puna_session');

  describe('POST /auth/verify', () => {
    it('signs the new employer in: the session cookie is set and the answer keeps its fields', async () => {
      const { email, ip, code } = await signUp();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/auth/verify',
        remoteAddress: ip,
        payload: { email, code },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Email verified! You can now log in.' });
      const cookie = sessionCookieOf(res);
      expect(cookie?.httpOnly).toBe(true);

      const check = await ctx.app.inject({
        method: 'GET',
        url: '/auth/check',
        headers: { cookie: `puna_session=${cookie?.value}` },
      });
      expect(check.json()).toEqual({
        authenticated: true,
        user: expect.objectContaining({ email, role: 'employer', companyName: 'First Run Co' }),
      });
    });

    it('sets no cookie for a wrong code', async () => {
      const { email, ip, code } = await signUp();
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/auth/verify',
        remoteAddress: ip,
        payload: { email, code: wrong },
      });
      expect(res.statusCode).toBe(400);
      expect(sessionCookieOf(res)).toBeUndefined();
    });
  });

  describe('GET /auth/session', () => {
    it('answers a visitor 200 with no one', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/auth/session' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ Status: true, Result: null });
    });

    it('answers a signed-in employer with its role and id', async () => {
      const employer = await createEmployer(ctx);
      const res = await ctx.app.inject({ method: 'GET', url: '/auth/session', headers: bearer(employer.token) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ Status: true, Result: { role: 'employer', id: expect.any(Number) } });
    });

    it('answers a worker with its own role', async () => {
      const employer = await createEmployer(ctx);
      const worker = await createWorker(ctx, employer.token);
      const res = await ctx.app.inject({ method: 'GET', url: '/auth/session', headers: bearer(worker.token) });
      expect(res.json()).toEqual({ Status: true, Result: { role: 'worker', id: expect.any(Number) } });
    });

    it('answers an unknown token like a visitor, not with a 401', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/auth/session', headers: bearer('not-a-session') });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ Status: true, Result: null });
    });
  });
});
