import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../src/db/schema';
import { AppError } from '../src/lib/errors';
import { errorsPlugin } from '../src/plugins/errors';
import { createTestApp, type TestContext } from './helpers/app';
import { bearer } from './helpers/factories';

describe('security headers and request limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const postContact = (payload: string, contentType = 'application/json') =>
    ctx.app.inject({ method: 'POST', url: '/contact', headers: { 'content-type': contentType }, payload });

  it("sends a CSP that runs only the app's own scripts and forbids framing", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    const directives = Object.fromEntries(
      String(res.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values.join(' ')]),
    );

    expect(directives['default-src']).toBe("'self'");
    expect(directives['script-src']).toBe("'self'");
    expect(directives['object-src']).toBe("'none'");
    expect(directives['frame-ancestors']).toBe("'none'");
    expect(directives).not.toHaveProperty('upgrade-insecure-requests');
  });

  it('tells browsers not to sniff content types and not to leak referrers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('sends no HSTS when the public URL is plain http', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('echoes a well-formed X-Request-Id and replaces a malformed one', async () => {
    const kept = await ctx.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'trace-42' } });
    const replaced = await ctx.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\twith spaces' },
    });

    expect(kept.headers['x-request-id']).toBe('trace-42');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a body over 512 KiB with 413 and JSON', async () => {
    const payload = JSON.stringify({ name: 'Big', email: 'big@example.test', message: 'x'.repeat(513 * 1024) });

    const res = await postContact(payload);

    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ Status: false, Error: 'The request is too large.' });
  });

  it('refuses a body that is not valid JSON with 400 and JSON', async () => {
    const res = await postContact('{"name": "half');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Status: false, Error: 'The request body is not valid JSON.' });
  });

  it('refuses a text/plain body with 415 and JSON', async () => {
    const res = await postContact('{"name":"a","email":"a@example.test","message":"hi"}', 'text/plain');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      Status: false,
      Error: 'Send the request as JSON (Content-Type: application/json).',
    });
  });

  it('refuses a form-encoded body with 415 and JSON', async () => {
    const res = await postContact('name=a&email=a%40example.test&message=hi', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ Status: false });
  });

  // Found by the fuzzing suite (test/abuse): PostgreSQL cannot store U+0000, so such text used to end in a 500.
  it('refuses a NUL character in a body or a query with 400 and stores nothing', async () => {
    const body = await postContact(JSON.stringify({ name: 'A\u0000B', email: 'a@example.test', message: 'hi' }));
    const query = await ctx.app.inject({ method: 'GET', url: '/iclock/cdata?SN=%00&options=all' });

    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({
      Status: false,
      Error: 'The request holds a NUL character (\\u0000), which no field accepts.',
    });
    // A time clock reads text: the same refusal, in plain text.
    expect(query.statusCode).toBe(400);
    expect(query.headers['content-type']).toMatch(/^text\/plain/);
    expect(query.body).toBe('ERROR: The request holds a NUL character (\\u0000), which no field accepts.');
    expect(await ctx.app.db.$count(contactMessages)).toBe(0);
  });

  it('finds a NUL in a nested key or value, and takes the text "\\u0000" (a backslash and five letters)', async () => {
    const inKey = await postContact('{"name":"A","email":"a@example.test","message":"hi","x\\u0000":{"y":1}}');
    expect(inKey.statusCode).toBe(400);
    expect(inKey.json().Error).toBe('The request holds a NUL character (\\u0000), which no field accepts.');
    const escaped = await postContact(
      JSON.stringify({ name: 'A\\u0000B', email: 'a@example.test', message: 'a backslash, not a NUL' }),
    );
    expect(escaped.statusCode).toBe(201);
    expect(await ctx.app.db.$count(contactMessages)).toBe(1);
  });

  it('answers a path parameter over 100 characters with 400 in the JSON envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/krye/klista/${'9'.repeat(101)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Status: false, Error: 'A part of the address is too long.' });
  });

  it.each([
    ['an unknown API path', { method: 'GET' as const, url: '/api/nothing-here' }],
    ['a validation failure', { method: 'POST' as const, url: '/auth/login', payload: { email: 'x' } }],
    ['an anonymous call to a protected route', { method: 'GET' as const, url: '/verify' }],
    ['a forged token', { method: 'GET' as const, url: '/auth/check/protected', headers: bearer('forged') }],
    [
      'an empty JSON body',
      { method: 'POST' as const, url: '/contact', headers: { 'content-type': 'application/json' }, payload: '' },
    ],
    [
      'a wrong password',
      { method: 'POST' as const, url: '/auth/login', payload: { email: 'a@b.test', password: 'x' } },
    ],
    [
      'a verification for an unknown e-mail',
      { method: 'POST' as const, url: '/auth/verify', payload: { email: 'nobody@example.test', code: '123456' } },
    ],
  ])('answers %s with JSON { Status: false, Error }', async (_case, request) => {
    const res = await ctx.app.inject(request);

    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(body.Status).toBe(false);
    expect(typeof body.Error).toBe('string');
    expect(body.Error.length).toBeGreaterThan(0);
  });
});

describe('the content security policy with payments configured', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({
      PAYPAL_CLIENT_ID: 'client',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_PLAN_ID: 'P-1',
    });
  });

  afterAll(async () => {
    await ctx.close();
  });

  it("lets PayPal's button script and frames in, and nothing else", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);

    expect(csp).toMatch(/script-src 'self' https:\/\/www\.paypal\.com/);
    expect(csp).toMatch(/frame-src https:\/\/www\.paypal\.com/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
  });
});

describe('the error handler', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    await app.register(errorsPlugin);
    app.get('/boom', async () => {
      throw new Error('connection string postgres://secret@db/prod');
    });
    app.get('/database-away', async () => {
      // As Drizzle wraps the driver's error: the connection was refused.
      throw Object.assign(new Error('Failed query: select 1'), {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      });
    });
    app.get('/database-ended', async () => {
      throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    });
    app.get('/refused', async () => {
      throw new AppError(409, 'Already there.', { hint: 'log in' });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('hides the details of an unexpected error behind a 500 sentence', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      Status: false,
      Error: 'Something went wrong on our side. Please try again.',
      code: 'serverError',
    });
    expect(res.body).not.toContain('secret');
  });

  it('answers 503 with Retry-After and a sentence when the database is away, not 500', async () => {
    for (const url of ['/database-away', '/database-ended']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        Status: false,
        Error: 'The service is briefly unavailable. Please try again in a few seconds.',
        code: 'serviceUnavailable',
      });
      expect(res.body).not.toContain('127.0.0.1');
    }
  });

  it('turns an AppError into its status, its sentence and its extra fields', async () => {
    const res = await app.inject({ method: 'GET', url: '/refused' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ Status: false, Error: 'Already there.', hint: 'log in' });
  });
});
