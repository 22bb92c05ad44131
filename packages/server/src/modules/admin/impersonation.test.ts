import type { TAuditEntry } from '@puna/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, createAdmin, createAdminTestApp } from '../../../test/helpers/admin-factories';
import type { TestContext } from '../../../test/helpers/app';
import { call, createWorkspace } from '../../../test/helpers/workspace-factories';
import { sessions } from '../../db/schema';
import { sha256 } from '../../lib/crypto';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let employer: Awaited<ReturnType<typeof createWorkspace>>;

beforeAll(async () => {
  ctx = await createAdminTestApp();
  admin = await createAdmin(ctx);
  employer = await createWorkspace(ctx, 'Viewed Co');
});
afterAll(async () => ctx?.close());

/** A browser holding the admin's session cookie. */
function adminBrowser(token = admin.token): CookieJar {
  return new CookieJar({ puna_session: token });
}

async function impersonate(browser: CookieJar, employerId = employer.employerId) {
  return browser.send(ctx, { method: 'POST', url: `/auth/admin/impersonate/${employerId}` });
}

async function check(browser: CookieJar) {
  return (await browser.send(ctx, { method: 'GET', url: '/auth/check' })).json<{
    authenticated: boolean;
    user?: { role: string; userId: number; employerId: number | null; impersonatedBy: number | null };
  }>();
}

async function auditOf(employerId: number): Promise<TAuditEntry[]> {
  const res = await call(ctx, admin.token, 'GET', `/auth/admin/audit?employerId=${employerId}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ Result: TAuditEntry[] }>().Result;
}

/** A fresh admin login, so tests that end sessions do not end the shared one. */
async function freshAdminBrowser(): Promise<CookieJar> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email: admin.email, password: admin.password },
  });
  return adminBrowser(res.json<{ token: string }>().token);
}

describe('secure impersonation', () => {
  it('views the employer as the admin, audits its writes and goes back to the admin', async () => {
    const browser = await freshAdminBrowser();
    const adminToken = browser.get('puna_session');

    const started = await impersonate(browser);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ Status: true, redirectTo: '/kryepuntor' });
    const adminCookie = started.cookies.find((c) => c.name === 'puna_admin_session');
    expect(adminCookie).toMatchObject({ value: adminToken, httpOnly: true, sameSite: 'Lax', path: '/' });
    const impersonationToken = browser.get('puna_session');
    expect(impersonationToken).toBeDefined();
    expect(impersonationToken).not.toBe(adminToken);

    const viewing = await check(browser);
    expect(viewing).toMatchObject({
      authenticated: true,
      user: { role: 'employer', employerId: employer.employerId, impersonatedBy: admin.userId },
    });

    const write = await browser.send(ctx, {
      method: 'POST',
      url: '/krye/employers/roles',
      payload: { role: 'Shofer' },
    });
    expect(write.statusCode).toBe(201);
    const read = await browser.send(ctx, { method: 'GET', url: '/krye/employers/roles' });
    expect(read.json<{ roles: string[] }>().roles).toContain('Shofer');
    const refused = await browser.send(ctx, { method: 'POST', url: '/krye/employers/roles', payload: { role: ' ' } });
    expect(refused.statusCode).toBe(400);

    const audit = await auditOf(employer.employerId);
    const actions = audit.map((entry) => entry.action);
    // Newest first: the write, then the start; reads and refused writes are not recorded.
    expect(actions).toEqual(['POST /krye/employers/roles', 'POST /auth/admin/impersonate/:id']);
    expect(audit[0]).toMatchObject({
      employer_id: employer.employerId,
      company_name: 'Viewed Co',
      actor_user_id: viewing.user?.userId,
      actor_email: employer.email,
      impersonator_user_id: admin.userId,
      impersonator_email: admin.email,
      details: { params: {}, statusCode: 201 },
    });

    const back = await browser.send(ctx, { method: 'POST', url: '/auth/goback' });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ Status: true, redirectTo: '/admin' });
    expect(browser.get('puna_session')).toBe(adminToken);
    expect(browser.get('puna_admin_session')).toBeUndefined();
    expect(await check(browser)).toMatchObject({ authenticated: true, user: { role: 'admin', impersonatedBy: null } });

    // The impersonation token is dead, as cookie and as Bearer.
    expect(await check(new CookieJar({ puna_session: impersonationToken ?? '' }))).toEqual({ authenticated: false });
    const late = await call(ctx, impersonationToken ?? '', 'POST', '/krye/employers/roles', { role: 'Late' });
    expect(late.statusCode).toBe(401);
  });

  it('records writes made with the impersonation token as Bearer too', async () => {
    const browser = await freshAdminBrowser();
    await impersonate(browser);
    const token = browser.get('puna_session') ?? '';
    const res = await call(ctx, token, 'PUT', '/krye/employers/roles/0', { role: 'Punëtor i ri' });
    expect(res.statusCode).toBe(200);
    const [latest] = await auditOf(employer.employerId);
    expect(latest).toMatchObject({
      action: 'PUT /krye/employers/roles/:index',
      impersonator_user_id: admin.userId,
      details: { params: { index: 0 }, statusCode: 200 },
    });
  });

  it('does not audit the employer’s own writes', async () => {
    const before = await auditOf(employer.employerId);
    const res = await call(ctx, employer.token, 'POST', '/krye/employers/roles', { role: 'Own write' });
    expect(res.statusCode).toBe(201);
    expect(await auditOf(employer.employerId)).toEqual(before);
  });

  it('lasts at most two hours', async () => {
    const browser = await freshAdminBrowser();
    await impersonate(browser);
    const [row] = await ctx.app.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(browser.get('puna_session') ?? '')));
    expect(row?.impersonatorUserId).toBe(admin.userId);
    const lifetime = (row?.expiresAt.getTime() ?? 0) - Date.now();
    expect(lifetime).toBeGreaterThan(2 * 60 * 60 * 1000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(2 * 60 * 60 * 1000);
  });

  it("ends the moment the admin's own session is revoked, for writes and reads", async () => {
    const browser = await freshAdminBrowser();
    const adminToken = browser.get('puna_session') ?? '';
    await impersonate(browser);
    const impersonationToken = browser.get('puna_session') ?? '';
    expect((await call(ctx, impersonationToken, 'GET', '/auth/check')).json()).toMatchObject({ authenticated: true });

    // The admin logs out from another tab (its own cookie only).
    expect((await call(ctx, adminToken, 'POST', '/auth/logout')).statusCode).toBe(200);

    expect((await call(ctx, impersonationToken, 'GET', '/auth/check')).json()).toEqual({ authenticated: false });
    const write = await call(ctx, impersonationToken, 'POST', '/krye/employers/roles', { role: 'Pas daljes' });
    expect(write.statusCode).toBe(401);
  });

  it("ends when the admin's own session expires", async () => {
    const browser = await freshAdminBrowser();
    const adminToken = browser.get('puna_session') ?? '';
    await impersonate(browser);
    const impersonationToken = browser.get('puna_session') ?? '';

    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256(adminToken)));

    expect((await call(ctx, impersonationToken, 'GET', '/krye/employers/roles')).statusCode).toBe(401);
  });

  it('answers 404 for an unknown employer and opens no session', async () => {
    const browser = await freshAdminBrowser();
    const res = await impersonate(browser, 999_999);
    expect(res.statusCode).toBe(404);
    expect(browser.get('puna_admin_session')).toBeUndefined();
    expect(await check(browser)).toMatchObject({ user: { role: 'admin' } });
  });

  it('cannot be started from an impersonation session', async () => {
    const browser = await freshAdminBrowser();
    await impersonate(browser);
    expect((await impersonate(browser)).statusCode).toBe(403);
  });
});

describe('POST /auth/goback', () => {
  it('refuses a forged admin cookie: both cookies are cleared and the impersonation ends', async () => {
    const browser = await freshAdminBrowser();
    await impersonate(browser);
    const impersonationToken = browser.get('puna_session') ?? '';
    browser.set('puna_admin_session', `${browser.get('puna_admin_session')}x`);

    const res = await browser.send(ctx, { method: 'POST', url: '/auth/goback' });

    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      Status: false,
      Error: 'Your admin session has ended. Please log in again.',
      code: 'adminSessionEnded',
    });
    expect(browser.get('puna_session')).toBeUndefined();
    expect(browser.get('puna_admin_session')).toBeUndefined();
    expect(await check(new CookieJar({ puna_session: impersonationToken }))).toEqual({ authenticated: false });
  });

  it('refuses another admin’s live session in the admin cookie', async () => {
    const other = await createAdmin(ctx);
    const browser = await freshAdminBrowser();
    await impersonate(browser);
    browser.set('puna_admin_session', other.token);
    const res = await browser.send(ctx, { method: 'POST', url: '/auth/goback' });
    expect(res.statusCode).toBe(401);
    expect(browser.get('puna_session')).toBeUndefined();
  });

  it('refuses the employer’s own session in the admin cookie', async () => {
    const browser = await freshAdminBrowser();
    await impersonate(browser);
    browser.set('puna_admin_session', employer.token);
    expect((await browser.send(ctx, { method: 'POST', url: '/auth/goback' })).statusCode).toBe(401);
  });

  it('answers 401 when the admin logged out elsewhere meanwhile', async () => {
    const browser = await freshAdminBrowser();
    const adminToken = browser.get('puna_session') ?? '';
    await impersonate(browser);
    await call(ctx, adminToken, 'POST', '/auth/logout', {});
    const res = await browser.send(ctx, { method: 'POST', url: '/auth/goback' });
    expect(res.statusCode).toBe(401);
    expect(browser.header()).toBe('');
  });

  it('answers 400 outside an impersonation and 401 without a session', async () => {
    const own = await call(ctx, employer.token, 'POST', '/auth/goback', {});
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({
      Status: false,
      Error: 'You are not viewing an account as an admin.',
      code: 'notImpersonating',
    });
    expect((await call(ctx, admin.token, 'POST', '/auth/goback', {})).statusCode).toBe(400);
    expect((await call(ctx, null, 'POST', '/auth/goback', {})).statusCode).toBe(401);
    // The employer's session is untouched.
    expect((await call(ctx, employer.token, 'GET', '/auth/check')).json()).toMatchObject({ authenticated: true });
  });
});

describe('forged cookies', () => {
  it('refuses a forged or tampered session cookie', async () => {
    for (const token of ['forged-token', `${admin.token}x`, admin.token.slice(1), sha256(admin.token)]) {
      const browser = new CookieJar({ puna_session: token });
      expect(await check(browser)).toEqual({ authenticated: false });
      const res = await browser.send(ctx, { method: 'GET', url: '/auth/getEmployers' });
      expect(res.statusCode).toBe(401);
    }
  });

  it('gives a forged admin cookie no power on its own', async () => {
    const browser = new CookieJar({ puna_admin_session: admin.token });
    expect(await check(browser)).toEqual({ authenticated: false });
    expect((await browser.send(ctx, { method: 'POST', url: '/auth/goback' })).statusCode).toBe(401);
    expect((await browser.send(ctx, { method: 'GET', url: '/auth/getEmployers' })).statusCode).toBe(401);
    // The admin's real session was not touched by any of it.
    expect((await call(ctx, admin.token, 'GET', '/auth/check')).json()).toMatchObject({ user: { role: 'admin' } });
  });
});

describe('logging out while viewing an account', () => {
  it('ends the impersonation and the admin session waiting behind it', async () => {
    const browser = await freshAdminBrowser();
    const adminToken = browser.get('puna_session') ?? '';
    await impersonate(browser);
    const impersonationToken = browser.get('puna_session') ?? '';

    const res = await browser.send(ctx, { method: 'POST', url: '/auth/logout' });

    expect(res.statusCode).toBe(200);
    expect(browser.header()).toBe('');
    const live = await ctx.app.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.tokenHash, sha256(impersonationToken)), isNull(sessions.revokedAt)));
    expect(live).toEqual([]);
    expect((await call(ctx, adminToken, 'GET', '/auth/check')).json()).toEqual({ authenticated: false });
  });
});
