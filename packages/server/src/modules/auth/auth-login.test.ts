import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers/app';
import { createEmployer, DEFAULT_PASSWORD, randomEmail } from '../../../test/helpers/factories';
import { ensureAdmin } from '../../cli/ensure-admin';
import { sessions } from '../../db/schema';
import { sha256 } from '../../lib/crypto';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

describe('POST /auth/login', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const login = (payload: object, remoteAddress?: string) =>
    ctx.app.inject({ method: 'POST', url: '/auth/login', payload, ...(remoteAddress ? { remoteAddress } : {}) });
  const sessionOf = async (token: string) =>
    (
      await ctx.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256(token)))
    )[0];

  it('logs a verified employer in with a token, a session cookie and the employer home', async () => {
    const employer = await createEmployer(ctx);

    const res = await login({ email: employer.email, password: employer.password });

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      token: expect.any(String),
      userType: 'employer',
      isAdmin: false,
      redirectTo: '/kryepuntor',
    });
    const cookie = res.cookies.find((c) => c.name === 'puna_session');
    expect(cookie).toMatchObject({ value: body.token, path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(cookie?.secure).toBeFalsy();
    expect(String(res.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);
  });

  it('keeps a rememberMe session for 30 days, in the cookie and on the server', async () => {
    const employer = await createEmployer(ctx);

    const res = await login({ email: employer.email, password: employer.password, rememberMe: true });

    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'puna_session');
    expect(cookie?.expires).toBeInstanceOf(Date);
    expect(Math.abs((cookie?.expires?.getTime() ?? 0) - (Date.now() + 30 * DAY_MS))).toBeLessThan(60_000);
    const session = await sessionOf(res.json().token);
    expect(session?.rememberMe).toBe(true);
    expect(Math.abs((session?.expiresAt.getTime() ?? 0) - (Date.now() + 30 * DAY_MS))).toBeLessThan(60_000);
  });

  it('gives a browser-session cookie and a 12-hour server limit without rememberMe', async () => {
    const employer = await createEmployer(ctx);

    const res = await login({ email: employer.email, password: employer.password, rememberMe: false });

    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'puna_session');
    expect(cookie?.expires).toBeUndefined();
    expect(cookie?.maxAge).toBeUndefined();
    const session = await sessionOf(res.json().token);
    expect(session?.rememberMe).toBe(false);
    expect(Math.abs((session?.expiresAt.getTime() ?? 0) - (Date.now() + 12 * HOUR_MS))).toBeLessThan(60_000);
  });

  it('issues a new token on every login, and each one works', async () => {
    const employer = await createEmployer(ctx);

    const first = (await login({ email: employer.email, password: employer.password })).json().token;
    const second = (await login({ email: employer.email, password: employer.password })).json().token;

    expect(new Set([employer.token, first, second]).size).toBe(3);
    for (const token of [first, second]) {
      const check = await ctx.app.inject({
        method: 'GET',
        url: '/auth/check',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(check.json()).toMatchObject({ authenticated: true, user: { email: employer.email } });
    }
  });

  it('accepts the e-mail in any letter case', async () => {
    const employer = await createEmployer(ctx);
    const res = await login({ email: employer.email.toUpperCase(), password: employer.password });
    expect(res.statusCode).toBe(200);
  });

  it('refuses an unverified employer and says it needs verification', async () => {
    const email = randomEmail();
    await ctx.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { email, password: DEFAULT_PASSWORD, companyName: 'Unverified' },
    });

    const res = await login({ email, password: DEFAULT_PASSWORD });

    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      Status: false,
      Error: 'Please verify your email before logging in.',
      code: 'loginNotVerified',
      success: false,
      error: 'Please verify your email before logging in.',
      needsVerification: true,
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a wrong password with a generic message', async () => {
    const employer = await createEmployer(ctx);

    const res = await login({ email: employer.email, password: 'not the password' });

    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      Status: false,
      Error: 'Invalid email or password.',
      code: 'loginInvalid',
      success: false,
      error: 'Invalid email or password.',
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const employer = await createEmployer(ctx);

    const wrongPassword = await login({ email: employer.email, password: 'not the password' });
    const unknownEmail = await login({ email: randomEmail(), password: 'not the password' });

    expect(unknownEmail.statusCode).toBe(401);
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it('locks an account after five wrong passwords, even against the right one', async () => {
    const employer = await createEmployer(ctx);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await login({ email: employer.email, password: `wrong ${attempt}` })).statusCode).toBe(401);
    }

    const res = await login({ email: employer.email, password: employer.password });

    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      Status: false,
      Error: expect.stringMatching(/^Too many failed logins for this account\. Please try again in \d+ minutes?\.$/),
      code: 'tooManyFailedLogins',
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('does not lock other accounts when one is locked', async () => {
    const locked = await createEmployer(ctx);
    const other = await createEmployer(ctx);
    for (let attempt = 1; attempt <= 6; attempt++) await login({ email: locked.email, password: 'wrong' });

    const res = await login({ email: other.email, password: other.password });

    expect(res.statusCode).toBe(200);
  });

  it('forgives earlier wrong passwords after a successful login', async () => {
    const employer = await createEmployer(ctx);
    for (let attempt = 1; attempt <= 4; attempt++) await login({ email: employer.email, password: 'wrong' });
    expect((await login({ email: employer.email, password: employer.password })).statusCode).toBe(200);

    for (let attempt = 1; attempt <= 4; attempt++) await login({ email: employer.email, password: 'wrong' });
    const res = await login({ email: employer.email, password: employer.password });

    expect(res.statusCode).toBe(200);
  });

  it('limits login attempts per IP address', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < ctx.config.limits.loginPerIp; i++) {
      expect((await login({ email: randomEmail(), password: 'guess' }, ip)).statusCode).toBe(401);
    }

    const res = await login({ email: randomEmail(), password: 'guess' }, ip);

    expect(res.statusCode).toBe(429);
    expect(res.json().Error).toMatch(/^Too many login attempts\. Please try again in \d+ minutes?\.$/);
  });

  it('sends the platform admin to /admin', async () => {
    const email = randomEmail('admin');
    await ensureAdmin(ctx.database.db, { email, password: DEFAULT_PASSWORD });

    const res = await login({ email, password: DEFAULT_PASSWORD });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, isAdmin: true, redirectTo: '/admin' });
  });

  it.each([
    ['the e-mail is missing', { password: DEFAULT_PASSWORD }],
    ['the password is missing', { email: 'someone@example.test' }],
    ['the password is empty', { email: 'someone@example.test', password: '' }],
    ['the password is a number', { email: 'someone@example.test', password: 12345678 }],
    ['rememberMe is not a boolean', { email: 'someone@example.test', password: DEFAULT_PASSWORD, rememberMe: 'yes' }],
    ['an unknown field is sent', { email: 'someone@example.test', password: DEFAULT_PASSWORD, role: 'admin' }],
  ])('refuses a login when %s', async (_case, payload) => {
    const sessionsBefore = await ctx.database.db.$count(sessions);

    const res = await login(payload);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Status: false, Error: expect.any(String) });
    expect(await ctx.database.db.$count(sessions)).toBe(sessionsBefore);
  });
});

describe('POST /auth/login behind an https PUBLIC_URL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ PUBLIC_URL: 'https://puna.example' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('marks the session cookie Secure', async () => {
    const employer = await createEmployer(ctx);

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: employer.email, password: employer.password },
    });

    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'puna_session');
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
  });
});
