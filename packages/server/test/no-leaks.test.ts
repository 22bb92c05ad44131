import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../src/cli/ensure-admin';
import { users } from '../src/db/schema';
import { recoveryMailsSent } from '../src/modules/auth/account';
import { createTestApp, type TestContext } from './helpers/app';
import { bearer, randomEmail } from './helpers/factories';
import { latestCode, readOutbox } from './helpers/outbox';

const PASSWORD = 'Plain-Secret-4821';
const ADMIN_PASSWORD = 'Admin-Secret-9157';

/**
 * Runs the main flows, keeping every response, then checks that no response (or mail) carries a
 * password or a password hash.
 */
describe('secrets in responses', () => {
  let ctx: TestContext;
  const responses: LightMyRequestResponse[] = [];
  const hashes: string[] = [];
  beforeAll(async () => {
    ctx = await createTestApp();
    await runMainFlows();
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function call(options: InjectOptions) {
    const res = await ctx.app.inject(options);
    responses.push(res);
    return res;
  }

  /** Sign-up, verification, login, session checks, contact and error paths, for an employer and an admin. */
  async function runMainFlows() {
    const email = randomEmail();
    const adminEmail = randomEmail('admin');
    await ensureAdmin(ctx.database.db, { email: adminEmail, password: ADMIN_PASSWORD });

    await call({ method: 'POST', url: '/auth/signup', payload: { email, password: PASSWORD, companyName: 'Leak Co' } });
    await call({ method: 'POST', url: '/auth/signup', payload: { email, password: PASSWORD, companyName: 'Leak Co' } });
    await call({ method: 'POST', url: '/auth/signup', payload: { email, password: PASSWORD, companyName: 'X', x: 1 } });
    await call({
      method: 'POST',
      url: '/auth/signup',
      payload: { email: PASSWORD, password: PASSWORD, companyName: 'X' },
    });
    await call({ method: 'POST', url: '/auth/signup', payload: { email, password: 'short', companyName: 'X' } });
    await call({ method: 'POST', url: '/auth/login', payload: { email, password: PASSWORD } });
    await call({ method: 'POST', url: '/auth/resend-code', payload: { email } });
    await call({ method: 'POST', url: '/auth/verify', payload: { email, code: '000000' } });
    await call({ method: 'POST', url: '/auth/verify', payload: { email, code: PASSWORD } });
    const code = await latestCode(ctx.config.mailOutboxDir, email);
    await call({ method: 'POST', url: '/auth/verify', payload: { email, code } });
    await call({ method: 'POST', url: '/auth/signup', payload: { email, password: PASSWORD, companyName: 'Again' } });
    await call({ method: 'POST', url: '/auth/login', payload: { email, password: `${PASSWORD}-wrong` } });
    await call({ method: 'POST', url: '/auth/login', payload: { email, password: PASSWORD, extra: PASSWORD } });
    const login = await call({ method: 'POST', url: '/auth/login', payload: { email, password: PASSWORD } });
    const token: string = login.json().token;
    // The account routes: recovery, password and e-mail changes, with their refusals.
    await call({ method: 'POST', url: '/auth/password/forgot', payload: { email } });
    await recoveryMailsSent();
    const resetCode = await latestCode(ctx.config.mailOutboxDir, email);
    await call({
      method: 'POST',
      url: '/auth/password/reset',
      payload: { email, code: '000000', newPassword: PASSWORD },
    });
    await call({
      method: 'POST',
      url: '/auth/password/reset',
      payload: { email, code: resetCode, newPassword: PASSWORD },
    });
    const again = await call({ method: 'POST', url: '/auth/login', payload: { email, password: PASSWORD } });
    const fresh: string = again.json().token;
    const employerId: number = (await call({ method: 'GET', url: '/auth/check', headers: bearer(fresh) })).json().user
      .id;
    const changed = await call({
      method: 'PUT',
      url: `/auth/changepassword/${employerId + 1000}`,
      headers: bearer(fresh),
      payload: { currentPassword: PASSWORD, newPassword: PASSWORD },
    });
    const passwordChange = await call({
      method: 'PUT',
      url: `/auth/changepassword/${employerId}`,
      headers: bearer(fresh),
      payload: { currentPassword: PASSWORD, newPassword: PASSWORD },
    });
    const current: string = passwordChange.json().token ?? fresh;
    await call({
      method: 'POST',
      url: '/auth/email/change',
      headers: bearer(current),
      payload: { newEmail: adminEmail, currentPassword: PASSWORD },
    });
    await call({ method: 'POST', url: '/auth/email/confirm', headers: bearer(current), payload: { code: PASSWORD } });
    expect(changed.statusCode).toBe(404);
    const adminLogin = await call({
      method: 'POST',
      url: '/auth/login',
      payload: { email: adminEmail, password: ADMIN_PASSWORD, rememberMe: true },
    });
    const adminToken: string = adminLogin.json().token;

    for (const headers of [bearer(token), { cookie: `puna_session=${token}` }, bearer(adminToken), {}]) {
      for (const url of ['/auth/check', '/auth/check/login', '/auth/check/protected', '/verify']) {
        await call({ method: 'GET', url, headers });
      }
    }
    await call({
      method: 'POST',
      url: '/contact',
      payload: { name: 'Curious', email: randomEmail(), message: `My password is not ${PASSWORD}` },
    });
    await call({ method: 'POST', url: '/contact', payload: { name: 'Curious', email, message: '' } });
    await call({ method: 'GET', url: '/api/unknown' });
    await call({ method: 'POST', url: '/auth/logout', headers: bearer(token), payload: {} });
    await call({ method: 'GET', url: '/auth/check/protected', headers: bearer(token) });

    for (const address of [email, adminEmail]) {
      const [user] = await ctx.database.db.select().from(users).where(eq(users.email, address));
      if (user) hashes.push(user.passwordHash);
    }
  }

  it('ran through successes and every kind of refusal', () => {
    const statuses = new Set(responses.map((res) => res.statusCode));
    expect([...statuses].sort()).toEqual([200, 201, 400, 401, 403, 404, 409]);
    expect(hashes).toHaveLength(2);
  });

  it('never puts a password or a password hash in a response body or header', () => {
    for (const res of responses) {
      const text = `${JSON.stringify(res.headers)}\n${res.body}`;
      expect(text).not.toContain('$argon2');
      expect(text).not.toContain(ADMIN_PASSWORD);
      for (const hash of hashes) expect(text).not.toContain(hash);
      // The contact message quotes the password; even its answer must not echo it.
      expect(text).not.toContain(PASSWORD);
    }
  });

  it('never mails a password or a password hash to the user', async () => {
    const mails = (await readOutbox(ctx.config.mailOutboxDir)).filter((mail) => mail.to !== ctx.config.admin.email);
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      const text = JSON.stringify(mail);
      expect(text).not.toContain('$argon2');
      expect(text).not.toContain(PASSWORD);
    }
  });
});
