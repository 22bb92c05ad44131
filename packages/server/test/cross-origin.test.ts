/**
 * Existing clients: the spec's client sends some writes with no body and no custom header, and the
 * original product served its client from another origin than its API. Both must keep working,
 * for the origins the operator allows only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setEmployerType } from './helpers/admin-factories';
import { createTestApp, generousLimits, type TestContext } from './helpers/app';
import { login } from './helpers/factories';
import { addEmployee, addHours, call, createWorkspace } from './helpers/workspace-factories';

const PARTNER = 'https://app.partner.example';

let ctx: TestContext;
let employer: Awaited<ReturnType<typeof createWorkspace>>;

beforeAll(async () => {
  ctx = await createTestApp({ CORS_ORIGINS: `${PARTNER}, https://second.example` }, { limits: generousLimits() });
  employer = await createWorkspace(ctx);
  await setEmployerType(ctx, employer.employerId, 'premium');
});
afterAll(async () => ctx?.close());

/** A fresh cookie session of the employer, as a browser holds it. */
async function cookieOf(): Promise<string> {
  return (await login(ctx, employer.email, employer.password)).cookie;
}

describe("the spec client's bodiless writes with the session cookie", () => {
  const sameOrigin = () => ({ origin: ctx.config.publicUrl, 'sec-fetch-site': 'same-origin' });

  it('DELETE /krye/delete_klista/{id}', async () => {
    const worker = await addEmployee(ctx, employer.token);
    const [entry] = await addHours(ctx, employer.token, [{ worker_id: worker.id, data: '2025-03-03', ora: 8 }]);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/krye/delete_klista/${entry?.id}`,
      headers: { cookie: await cookieOf(), ...sameOrigin() },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('DELETE /krye/delete_employee/{id}', async () => {
    const worker = await addEmployee(ctx, employer.token);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/krye/delete_employee/${worker.id}`,
      headers: { cookie: await cookieOf(), ...sameOrigin() },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('DELETE /api/group-devices/{id}', async () => {
    const created = await call(ctx, employer.token, 'POST', '/api/group-devices', { name: 'Hyrjet', devices: [] });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ Result: { id: number } }>().Result.id;
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/group-devices/${id}`,
      headers: { cookie: await cookieOf(), ...sameOrigin() },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('POST /auth/logout ends the session', async () => {
    const cookie = await cookieOf();
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie, ...sameOrigin() } });
    expect(res.statusCode).toBe(200);
    const check = await ctx.app.inject({ method: 'GET', url: '/auth/check', headers: { cookie } });
    expect(check.json()).toEqual({ authenticated: false });
  });
});

describe('CORS_ORIGINS', () => {
  const preflight = (origin: string) =>
    ctx.app.inject({
      method: 'OPTIONS',
      url: '/krye/employee',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });

  it('answers a listed origin’s preflight with that origin, credentials and Vary: Origin', async () => {
    const res = await preflight(PARTNER);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-allow-methods']).toMatch(/POST/);
    expect(String(res.headers.vary)).toMatch(/Origin/i);
  });

  it('sends no CORS headers to an origin that is not listed, and never *', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://app.partner.example']) {
      const res = await preflight(origin);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('lets a listed origin read and write with the cookie; a foreign one is refused and changes nothing', async () => {
    const cookie = await cookieOf();
    const read = await ctx.app.inject({
      method: 'GET',
      url: '/krye/employee',
      headers: { cookie, origin: PARTNER, 'sec-fetch-site': 'cross-site' },
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(read.headers['access-control-allow-credentials']).toBe('true');

    const write = await ctx.app.inject({
      method: 'POST',
      url: '/krye/employers/roles',
      headers: { cookie, origin: PARTNER, 'sec-fetch-site': 'cross-site' },
      payload: { role: 'Nga partneri' },
    });
    expect(write.statusCode).toBe(201);

    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/krye/employers/roles',
      headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: { role: 'Nga jashtë' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const roles = await call(ctx, employer.token, 'GET', '/krye/employers/roles');
    expect(roles.json<{ roles: string[] }>().roles).not.toContain('Nga jashtë');
  });

  it('refuses a CORS_ORIGINS entry that is not an origin', async () => {
    await expect(createTestApp({ CORS_ORIGINS: 'https://ok.example/path' })).rejects.toThrow(/not an origin/);
  });
});

describe('caching', () => {
  it('marks API answers no-store', async () => {
    const res = await call(ctx, employer.token, 'GET', '/krye/employee');
    expect(res.headers['cache-control']).toBe('no-store');
    const refused = await call(ctx, null, 'GET', '/krye/employee');
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});
