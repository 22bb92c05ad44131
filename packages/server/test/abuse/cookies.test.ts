import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createAdminTestApp } from '../helpers/admin-factories';
import type { TestContext } from '../helpers/app';
import { bearer } from '../helpers/factories';
import { createWorker, createWorkspace, WORKER_PASSWORD } from '../helpers/workspace-factories';

/** Every cookie Puna sets, on a server whose public address is https. */
describe('cookies behind an https public URL', () => {
  let ctx: TestContext;
  const responses: LightMyRequestResponse[] = [];
  beforeAll(async () => {
    ctx = await createAdminTestApp({ PUBLIC_URL: 'https://puna.example' });
    const employer = await createWorkspace(ctx);
    const worker = await createWorker(ctx, employer.token);
    const admin = await createAdmin(ctx);
    const inject = async (options: InjectOptions) => {
      const res = await ctx.app.inject(options);
      responses.push(res);
      return res;
    };
    await inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: employer.email, password: employer.password },
    });
    await inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: employer.email, password: employer.password, rememberMe: true },
    });
    await inject({
      method: 'POST',
      url: '/auth/admin/login',
      payload: { email: admin.email, password: admin.password },
    });
    const impersonation = await inject({
      method: 'POST',
      url: `/auth/admin/impersonate/${employer.employerId}`,
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      payload: {},
    });
    const jar = (impersonation.cookies as { name: string; value: string }[])
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
    await inject({
      method: 'POST',
      url: '/auth/goback',
      headers: { cookie: jar, 'content-type': 'application/json' },
      payload: {},
    });
    await inject({
      method: 'PUT',
      url: `/auth/changepassword/${worker.employee.id}`,
      headers: bearer(worker.token),
      payload: { currentPassword: WORKER_PASSWORD, newPassword: 'another password 2' },
    });
    await inject({ method: 'POST', url: '/auth/logout', headers: bearer(employer.token), payload: {} });
  });
  afterAll(async () => ctx?.close());

  it('ran through every flow that sets a cookie', () => {
    expect(responses.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    const names = new Set(responses.flatMap((res) => res.cookies.map((cookie) => cookie.name)));
    expect([...names].sort()).toEqual(['puna_admin_session', 'puna_session']);
  });

  it('marks every cookie HttpOnly, SameSite and Secure', () => {
    const cookies = responses.flatMap((res) => res.cookies);
    expect(cookies.length).toBeGreaterThanOrEqual(6);
    for (const cookie of cookies) {
      expect(cookie, cookie.name).toMatchObject({ httpOnly: true, secure: true, path: '/' });
      expect(['Lax', 'Strict']).toContain(cookie.sameSite);
    }
  });

  it('sends HSTS and asks browsers to upgrade insecure requests', () => {
    for (const res of responses) {
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    }
  });
});
