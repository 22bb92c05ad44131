import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';
import { bearer, createEmployer, login } from './helpers/factories';

/**
 * A cookie rides along with requests another site makes; a Bearer token never does. So writes
 * authenticated by the cookie are refused when the browser says another site sent them (Origin,
 * Sec-Fetch-Site), whatever their body; only JSON bodies are parsed.
 */
describe('cross-site request protection', () => {
  let ctx: TestContext;
  let employer: Awaited<ReturnType<typeof createEmployer>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    employer = await createEmployer(ctx);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const newSession = () => login(ctx, employer.email, employer.password);
  const isLoggedIn = async (headers: Record<string, string>) =>
    (await ctx.app.inject({ method: 'GET', url: '/auth/check/protected', headers })).statusCode === 200;

  it('refuses a cookie-authenticated form post and keeps the session', async () => {
    const { cookie } = await newSession();

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'confirm=yes',
    });

    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ Status: false, Error: expect.any(String) });
    expect(await isLoggedIn({ cookie })).toBe(true);
  });

  it('refuses a cookie-authenticated text/plain post (only JSON bodies are parsed)', async () => {
    const { cookie } = await newSession();

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie, 'content-type': 'text/plain' },
      payload: '{}',
    });

    expect(res.statusCode).toBe(415);
    expect(await isLoggedIn({ cookie })).toBe(true);
  });

  it.each(['cross-site', 'same-site'])(
    'refuses a cookie-authenticated write that Sec-Fetch-Site calls %s and that has no Origin',
    async (site) => {
      const { cookie } = await newSession();

      const res = await ctx.app.inject({
        method: 'POST',
        url: '/auth/logout',
        headers: { cookie, 'sec-fetch-site': site },
      });

      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        Status: false,
        Error: 'Cross-site requests are not allowed.',
        code: 'crossSiteRefused',
      });
      expect(await isLoggedIn({ cookie })).toBe(true);
    },
  );

  it.each(['http://[::1', 'not a url', 'https://localhost:99999', 'javascript:alert(1)', ''])(
    'refuses a cookie-authenticated write with the malformed Origin %j (403, never 500)',
    async (origin) => {
      const { cookie } = await newSession();

      const res = await ctx.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie, origin } });

      expect(res.statusCode).toBe(403);
      expect(await isLoggedIn({ cookie })).toBe(true);
    },
  );

  it.each(['https://evil.example', 'null'])(
    'refuses a cookie-authenticated JSON post from Origin %s',
    async (origin) => {
      const { cookie } = await newSession();

      const res = await ctx.app.inject({
        method: 'POST',
        url: '/auth/logout',
        headers: { cookie, origin },
        payload: {},
      });

      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        Status: false,
        Error: 'Cross-site requests are not allowed.',
        code: 'crossSiteRefused',
      });
      expect(await isLoggedIn({ cookie })).toBe(true);
    },
  );

  it('accepts a cookie-authenticated JSON post from its own origin', async () => {
    const { cookie } = await newSession();

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie, origin: ctx.config.publicUrl },
      payload: {},
    });

    expect(res.statusCode).toBe(200);
    expect(await isLoggedIn({ cookie })).toBe(false);
  });

  it("accepts the spec client's bodiless logout with the cookie only, as a same-origin browser sends it", async () => {
    const { cookie } = await newSession();

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie, origin: ctx.config.publicUrl, 'sec-fetch-site': 'same-origin' },
    });

    expect(res.statusCode).toBe(200);
    expect(await isLoggedIn({ cookie })).toBe(false);
  });

  it('accepts a bodiless cookie write from a client that sends neither Origin nor Fetch Metadata', async () => {
    const { cookie } = await newSession();

    const res = await ctx.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie } });

    expect(res.statusCode).toBe(200);
    expect(await isLoggedIn({ cookie })).toBe(false);
  });

  it('accepts a cookie-authenticated post without a body when it carries X-Requested-With', async () => {
    const { cookie } = await newSession();

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
    });

    expect(res.statusCode).toBe(200);
    expect(await isLoggedIn({ cookie })).toBe(false);
  });

  it('does not apply to Bearer-authenticated requests, which no other site can forge', async () => {
    const { token } = await newSession();

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { ...bearer(token), origin: 'https://evil.example' },
    });

    expect(res.statusCode).toBe(200);
    expect(await isLoggedIn(bearer(token))).toBe(false);
  });

  it('does not apply to reads', async () => {
    const { cookie } = await newSession();
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/auth/check/protected',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});
