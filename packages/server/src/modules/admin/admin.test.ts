import type { TAdminEmployer } from '@puna/domain';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createAdminTestApp, employerRow } from '../../../test/helpers/admin-factories';
import type { TestContext } from '../../../test/helpers/app';
import { randomEmail } from '../../../test/helpers/factories';
import { addEmployee, call, createWorker, createWorkspace } from '../../../test/helpers/workspace-factories';
import { users } from '../../db/schema';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Every admin-only route, with a body that would be valid. */
const adminRoutes: [Method, string, unknown][] = [
  ['GET', '/auth/getEmployers', undefined],
  ['GET', '/auth/getEmployers/1', undefined],
  [
    'PUT',
    '/auth/updateEmployer/1',
    { type: 'premium', transaction_id: null, transaction_date: null, limit_workers: 5 },
  ],
  ['POST', '/auth/admin/impersonate/1', {}],
  ['GET', '/auth/admin/audit', undefined],
  ['GET', '/auth/admin/contact-messages', undefined],
  ['PUT', '/auth/admin/contact-messages/1/read', { read: true }],
];

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let employer: Awaited<ReturnType<typeof createWorkspace>>;
let workerToken: string;
/** Every admin answer of this file, scanned for password hashes at the end. */
const adminResponses: LightMyRequestResponse[] = [];

async function asAdmin(method: Method, url: string, payload?: unknown) {
  const res = await call(ctx, admin.token, method, url, payload);
  adminResponses.push(res);
  return res;
}

beforeAll(async () => {
  ctx = await createAdminTestApp();
  admin = await createAdmin(ctx);
  employer = await createWorkspace(ctx, 'Ndërtimi Shpk');
  workerToken = (await createWorker(ctx, employer.token)).token;
  await addEmployee(ctx, employer.token);
});
afterAll(async () => ctx?.close());

describe('admin-only routes', () => {
  it.each(adminRoutes)('%s %s refuses an employer with 403', async (method, url, body) => {
    const res = await call(ctx, employer.token, method, url, body);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ Status: false, Error: 'You do not have access to this.', code: 'accessDenied' });
  });

  it.each(adminRoutes)('%s %s refuses a worker with 403', async (method, url, body) => {
    expect((await call(ctx, workerToken, method, url, body)).statusCode).toBe(403);
  });

  it.each(adminRoutes)('%s %s refuses an anonymous caller with 401', async (method, url, body) => {
    const res = await call(ctx, null, method, url, body);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ Status: false, Error: 'Please log in to continue.', code: 'loginRequired' });
  });

  it('documents every admin route', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/auth/getEmployers',
        '/auth/getEmployers/{id}',
        '/auth/updateEmployer/{id}',
        '/auth/admin/login',
        '/auth/admin/impersonate/{id}',
        '/auth/goback',
        '/auth/admin/audit',
        '/auth/admin/contact-messages',
        '/auth/admin/contact-messages/{id}/read',
      ]),
    );
  });
});

describe('GET /auth/getEmployers', () => {
  it('lists every employer with its plan, limits and worker count', async () => {
    const res = await asAdmin('GET', '/auth/getEmployers');
    expect(res.statusCode).toBe(200);
    const list = res.json<{ Status: true; Result: TAdminEmployer[] }>();
    expect(list.Status).toBe(true);
    expect(list.Result.find((row) => row.id === employer.employerId)).toEqual({
      id: employer.employerId,
      email: employer.email,
      company_name: 'Ndërtimi Shpk',
      role: 'employer',
      is_verified: true,
      type: 'basic',
      transaction_id: null,
      transaction_date: null,
      limit_workers: 10,
      listaType: 'klista',
      worker_count: 2,
    });
    // The platform admin is no employer.
    expect(list.Result.some((row) => row.email === admin.email)).toBe(false);
  });

  it('searches case-insensitively in the e-mail or the company name', async () => {
    const other = await createWorkspace(ctx, 'Pastrimi Elbasan');
    const byCompany = await asAdmin('GET', '/auth/getEmployers?q=PASTRIMI%20elb');
    expect(byCompany.json<{ Result: TAdminEmployer[] }>().Result.map((row) => row.id)).toEqual([other.employerId]);
    const emailPart = employer.email.slice(0, 14).toUpperCase();
    const byEmail = await asAdmin('GET', `/auth/getEmployers?q=${encodeURIComponent(emailPart)}`);
    expect(byEmail.json<{ Result: TAdminEmployer[] }>().Result.map((row) => row.id)).toEqual([employer.employerId]);
    const none = await asAdmin('GET', '/auth/getEmployers?q=%25');
    expect(none.json<{ Result: TAdminEmployer[] }>().Result).toEqual([]);
    const all = await asAdmin('GET', '/auth/getEmployers?q=');
    expect(all.json<{ Result: TAdminEmployer[] }>().Result.length).toBeGreaterThanOrEqual(2);
  });

  it('reads one employer, and answers 404 for an unknown id and 400 for a bad one', async () => {
    const res = await asAdmin('GET', `/auth/getEmployers/${employer.employerId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Status: true, Result: { id: employer.employerId, email: employer.email } });
    expect(res.json<{ Result: object }>().Result).not.toHaveProperty('password');
    const missing = await asAdmin('GET', '/auth/getEmployers/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ Status: false, Error: 'Employer not found.', code: 'employerNotFound' });
    expect((await asAdmin('GET', '/auth/getEmployers/abc')).statusCode).toBe(400);
  });
});

describe('PUT /auth/updateEmployer/{id}', () => {
  it('changes the plan fields and nothing else, even when the whole row is sent', async () => {
    const target = await createWorkspace(ctx, 'Before Co');
    const [before] = await ctx.app.db.select().from(users).where(eq(users.email, target.email));
    const res = await asAdmin('PUT', `/auth/updateEmployer/${target.employerId}`, {
      id: 424242,
      email: 'taken-over@example.test',
      company_name: 'Renamed Co',
      password: 'new password 123',
      is_verified: false,
      role: 'admin',
      listaType: 'rfid',
      worker_count: 99,
      type: 'premium',
      transaction_id: 'I-ADMIN-GRANT',
      transaction_date: '2025-03-04',
      limit_workers: '25',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      Status: true,
      Result: {
        id: target.employerId,
        email: target.email,
        company_name: 'Before Co',
        role: 'employer',
        is_verified: true,
        type: 'premium',
        transaction_id: 'I-ADMIN-GRANT',
        transaction_date: '2025-03-04',
        limit_workers: 25,
        listaType: 'klista',
        worker_count: 0,
      },
    });
    const [after] = await ctx.app.db.select().from(users).where(eq(users.email, target.email));
    expect(after).toEqual(before);
    expect((await employerRow(ctx, target.employerId)).listType).toBe('klista');
    // The employer still logs in with the old password.
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: target.email, password: target.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it.each([
    ['abc', 10],
    ['', 10],
    [null, 10],
    ['7', 7],
    [12, 12],
  ])('reads limit_workers %j as %d', async (limit, expected) => {
    const res = await asAdmin('PUT', `/auth/updateEmployer/${employer.employerId}`, { limit_workers: limit });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ Result: TAdminEmployer }>().Result.limit_workers).toBe(expected);
  });

  it('clears the transaction date with null or an empty text', async () => {
    const url = `/auth/updateEmployer/${employer.employerId}`;
    await asAdmin('PUT', url, { transaction_date: '2025-01-31', transaction_id: 'T-1' });
    const cleared = await asAdmin('PUT', url, { transaction_date: null, transaction_id: '' });
    expect(cleared.json<{ Result: TAdminEmployer }>().Result).toMatchObject({
      transaction_date: null,
      transaction_id: null,
    });
    await asAdmin('PUT', url, { transaction_date: '2025-01-31' });
    const empty = await asAdmin('PUT', url, { transaction_date: '' });
    expect(empty.json<{ Result: TAdminEmployer }>().Result.transaction_date).toBeNull();
  });

  it.each([
    [{ type: 'gold' }, "type must be 'basic' or 'premium'."],
    [{ transaction_date: '2025-02-30' }, 'transaction_date must be a real date written YYYY-MM-DD, or null.'],
    [{ transaction_date: '03/04/2025' }, 'transaction_date must be a real date written YYYY-MM-DD, or null.'],
    [{ limit_workers: -1 }, 'limit_workers must be 0 or more.'],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    const before = await employerRow(ctx, employer.employerId);
    // A valid field beside the bad one is not applied either.
    const res = await asAdmin('PUT', `/auth/updateEmployer/${employer.employerId}`, { limit_workers: 3, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ Error: string }>().Error).toBe(message);
    expect(await employerRow(ctx, employer.employerId)).toEqual(before);
  });

  it('answers 404 for an unknown employer', async () => {
    const res = await asAdmin('PUT', '/auth/updateEmployer/999999', { type: 'premium' });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /auth/admin/login', () => {
  it('logs the admin in with a session cookie and a token', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/admin/login',
      payload: { email: admin.email, password: admin.password },
    });
    adminResponses.push(res);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ success: true; token: string; redirectTo: string }>();
    expect(body).toEqual({ success: true, token: expect.any(String), redirectTo: '/admin' });
    const cookie = res.cookies.find((c) => c.name === 'puna_session');
    expect(cookie).toMatchObject({ value: body.token, httpOnly: true, sameSite: 'Lax', path: '/' });
    const check = await call(ctx, body.token, 'GET', '/auth/check');
    expect(check.json()).toMatchObject({ authenticated: true, user: { role: 'admin', acc: 'admin' } });
  });

  it('refuses an employer with the right password, and a wrong password, with 401 and a message', async () => {
    for (const payload of [
      { email: employer.email, password: employer.password },
      { email: admin.email, password: 'not the password' },
      { email: randomEmail(), password: 'whatever it is' },
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/auth/admin/login', payload });
      adminResponses.push(res);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        Status: false,
        Error: 'Invalid email or password.',
        message: 'Invalid email or password.',
      });
      expect(res.cookies).toEqual([]);
    }
  });

  it('refuses a body without a password with 400', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/admin/login', payload: { email: admin.email } });
    expect(res.statusCode).toBe(400);
  });
});

describe('secrets', () => {
  it('no admin answer carries a password or a password hash', async () => {
    expect(adminResponses.length).toBeGreaterThan(10);
    const hashes = (await ctx.app.db.select({ hash: users.passwordHash }).from(users)).map((row) => row.hash);
    for (const res of adminResponses) {
      expect(res.body).not.toContain('$argon2');
      for (const hash of hashes) expect(res.body).not.toContain(hash);
      expect(res.body).not.toContain(employer.password);
    }
  });
});
