import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers/app';
import { bearer, createEmployer, login } from '../../../test/helpers/factories';
import { sessions } from '../../db/schema';
import { sha256 } from '../../lib/crypto';

describe('sessions', () => {
  let ctx: TestContext;
  let employer: Awaited<ReturnType<typeof createEmployer>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    employer = await createEmployer(ctx);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
  const logout = (headers: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: '/auth/logout', headers, payload: {} });

  describe.each([
    ['a Bearer header', (token: string) => bearer(token)],
    ['the session cookie', (token: string) => ({ cookie: `puna_session=${token}` })],
  ])('presented as %s', (_how, present) => {
    it('is recognised by /auth/check', async () => {
      const res = await get('/auth/check', present(employer.token));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        authenticated: true,
        user: expect.objectContaining({
          email: employer.email,
          role: 'employer',
          userType: 'employer',
          acc: 'user',
          type: 'basic',
          companyName: 'Test Company',
        }),
      });
    });

    it('is recognised by /auth/check/protected', async () => {
      const res = await get('/auth/check/protected', present(employer.token));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        user: { userId: expect.any(Number), userType: 'employer', subscriptionType: 'basic', isAdmin: false },
      });
    });

    it('is recognised by /verify', async () => {
      const res = await get('/verify', present(employer.token));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ Status: true, role: 'employer', id: expect.any(Number) });
    });
  });

  it('reports an anonymous caller as not authenticated on /auth/check', async () => {
    const res = await get('/auth/check');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ authenticated: false });
  });

  it.each(['/auth/check/protected', '/verify'])('refuses an anonymous caller on %s', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ Status: false, Error: 'Please log in to continue.', code: 'loginRequired' });
  });

  it('refuses a token the server never issued', async () => {
    const forged = 'A'.repeat(43);
    expect((await get('/auth/check', bearer(forged))).json()).toEqual({ authenticated: false });
    expect((await get('/auth/check/protected', bearer(forged))).statusCode).toBe(401);
    expect((await get('/verify', { cookie: `puna_session=${forged}` })).statusCode).toBe(401);
  });

  it('revokes the session on the server at logout, for the Bearer header and the cookie alike', async () => {
    const { token, cookie } = await login(ctx, employer.email, employer.password);

    const res = await logout(bearer(token));

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const cleared = res.cookies.find((c) => c.name === 'puna_session');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await get('/auth/check/protected', bearer(token))).statusCode).toBe(401);
    expect((await get('/auth/check/protected', { cookie })).statusCode).toBe(401);
    expect((await get('/verify', bearer(token))).statusCode).toBe(401);
    const [stored] = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    expect(stored?.revokedAt).toBeInstanceOf(Date);
  });

  it('revokes the session at a cookie logout too, and leaves other sessions alone', async () => {
    const { token, cookie } = await login(ctx, employer.email, employer.password);

    const res = await logout({ cookie });

    expect(res.statusCode).toBe(200);
    expect((await get('/auth/check/protected', { cookie })).statusCode).toBe(401);
    expect((await get('/auth/check/protected', bearer(token))).statusCode).toBe(401);
    expect((await get('/auth/check/protected', bearer(employer.token))).statusCode).toBe(200);
  });

  it('answers a logout without a session with success', async () => {
    const res = await logout({});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
  });

  it('refuses an expired session', async () => {
    const { token } = await login(ctx, employer.email, employer.password);
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256(token)));

    expect((await get('/auth/check', bearer(token))).json()).toEqual({ authenticated: false });
    expect((await get('/auth/check/protected', bearer(token))).statusCode).toBe(401);
    expect((await get('/verify', { cookie: `puna_session=${token}` })).statusCode).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const { token } = await login(ctx, employer.email, employer.password);
    const rows = await ctx.database.db.select().from(sessions);
    expect(rows.some((row) => row.tokenHash === sha256(token))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  describe('/auth/check/login', () => {
    it('never echoes a cookie token', async () => {
      const res = await get('/auth/check/login', { cookie: `puna_session=${employer.token}` });
      expect(res.json()).toEqual({ authenticated: true, token: null });
      expect(res.body).not.toContain(employer.token);
    });

    it('echoes a Bearer token its caller already holds', async () => {
      const res = await get('/auth/check/login', bearer(employer.token));
      expect(res.json()).toEqual({ authenticated: true, token: employer.token });
    });

    it('reports an anonymous caller', async () => {
      const res = await get('/auth/check/login');
      expect(res.json()).toEqual({ authenticated: false, token: null });
    });
  });
});
