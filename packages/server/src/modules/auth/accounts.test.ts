import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, generousLimits, type TestContext } from '../../../test/helpers/app';
import { DEFAULT_PASSWORD, login, randomEmail, randomIp, signUpEmployer } from '../../../test/helpers/factories';
import { latestCode, readOutbox } from '../../../test/helpers/outbox';
import { addEmployee, call, createWorker, createWorkspace } from '../../../test/helpers/workspace-factories';
import { ensureAdmin } from '../../cli/ensure-admin';
import { sessions, users, verificationCodes } from '../../db/schema';
import { purgeExpired } from '../../plugins/housekeeping';
import { recoveryMailsSent } from './account';

const RESET_SENT = 'If an account uses this e-mail, we sent it a code. Enter it with your new password.';
const INVALID_RESET = 'This code is not valid or has expired. Request a new code.';

describe('password recovery', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({}, { limits: generousLimits({ loginPerAccount: 5, passwordChecksPerUser: 5 }) });
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** Asks for a reset code and waits for its mail, which goes out after the answer. */
  const forgot = async (email: string, remoteAddress = randomIp()) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/password/forgot',
      remoteAddress,
      payload: { email },
    });
    await recoveryMailsSent();
    return res;
  };
  const reset = (payload: object) => ctx.app.inject({ method: 'POST', url: '/auth/password/reset', payload });
  const mailsTo = async (email: string) => (await readOutbox(ctx.config.mailOutboxDir)).filter((m) => m.to === email);

  it('mails a code that sets a new password once and signs the user out everywhere', async () => {
    const employer = await createWorkspace(ctx);

    const asked = await forgot(employer.email);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: RESET_SENT });
    const mail = (await mailsTo(employer.email)).at(-1);
    expect(mail?.subject).toMatch(/^Kodi për fjalëkalimin e ri në Puna: \d{6}$/);
    const code = await latestCode(ctx.config.mailOutboxDir, employer.email);

    const done = await reset({ email: employer.email, code, newPassword: 'a brand new secret' });

    expect(done.statusCode, done.body).toBe(200);
    expect((await call(ctx, employer.token, 'GET', '/auth/check')).json()).toEqual({ authenticated: false });
    await expect(login(ctx, employer.email, employer.password)).rejects.toThrow(/login failed/);
    await expect(login(ctx, employer.email, 'a brand new secret')).resolves.toHaveProperty('token');
    // Single use.
    const again = await reset({ email: employer.email, code, newPassword: 'yet another secret' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ Status: false, Error: INVALID_RESET, code: 'codeInvalid' });
  });

  it("works for a worker login; the admin's needs two-step verification too (two-factor.test.ts)", async () => {
    const employer = await createWorkspace(ctx);
    const worker = await createWorker(ctx, employer.token);
    const admin = randomEmail('admin');
    await ensureAdmin(ctx.database.db, { email: admin, password: DEFAULT_PASSWORD });

    await forgot(worker.email);
    const code = await latestCode(ctx.config.mailOutboxDir, worker.email);
    expect((await reset({ email: worker.email, code, newPassword: 'recovered password' })).statusCode).toBe(200);
    await expect(login(ctx, worker.email, 'recovered password')).resolves.toHaveProperty('token');

    await forgot(admin);
    const adminCode = await latestCode(ctx.config.mailOutboxDir, admin);
    expect((await reset({ email: admin, code: adminCode, newPassword: 'recovered password' })).statusCode).toBe(403);
    await expect(login(ctx, admin, DEFAULT_PASSWORD)).resolves.toHaveProperty('token');
  });

  it('answers an unknown address exactly like a known one, and mails nothing', async () => {
    const before = (await readOutbox(ctx.config.mailOutboxDir)).length;
    const res = await forgot(randomEmail());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: RESET_SENT });
    expect(await readOutbox(ctx.config.mailOutboxDir)).toHaveLength(before);
    // And a code for an unknown address is refused like a wrong one.
    const guess = await reset({ email: randomEmail(), code: '123456', newPassword: 'whatever 123' });
    expect(guess.statusCode).toBe(400);
    expect(guess.json()).toEqual({ Status: false, Error: INVALID_RESET, code: 'codeInvalid' });
  });

  it('allows 5 tries per code: the sixth is refused even when right', async () => {
    const employer = await createWorkspace(ctx);
    await forgot(employer.email);
    const code = await latestCode(ctx.config.mailOutboxDir, employer.email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await reset({ email: employer.email, code: wrong, newPassword: 'new password 1' })).statusCode).toBe(400);
    }

    const right = await reset({ email: employer.email, code, newPassword: 'new password 1' });

    expect(right.statusCode).toBe(429);
    await expect(login(ctx, employer.email, employer.password)).resolves.toHaveProperty('token');
  });

  it('refuses an expired code', async () => {
    const employer = await createWorkspace(ctx);
    await forgot(employer.email);
    const code = await latestCode(ctx.config.mailOutboxDir, employer.email);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, employer.email));
    await ctx.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, user?.id ?? 0));

    const res = await reset({ email: employer.email, code, newPassword: 'new password 1' });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Status: false, Error: INVALID_RESET, code: 'codeInvalid' });
  });

  it('verifies a pending sign-up whose owner forgot the first password (the code proves the mailbox)', async () => {
    const email = randomEmail();
    await ctx.app.inject({
      method: 'POST',
      url: '/auth/signup',
      remoteAddress: randomIp(),
      payload: { email, password: DEFAULT_PASSWORD, companyName: 'Forgetful' },
    });
    await forgot(email);
    const code = await latestCode(ctx.config.mailOutboxDir, email);

    expect((await reset({ email, code, newPassword: 'remembered now' })).statusCode).toBe(200);

    await expect(login(ctx, email, 'remembered now')).resolves.toHaveProperty('token');
  });

  it.each([
    ['no body', undefined],
    ['no code', { email: 'a@example.test', newPassword: 'new password 1' }],
    ['a short password', { email: 'a@example.test', code: '123456', newPassword: 'short' }],
    ['an unknown field', { email: 'a@example.test', code: '123456', newPassword: 'new password 1', userId: 1 }],
  ])('refuses a reset with %s (400)', async (_case, payload) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/password/reset',
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Status: false, Error: expect.any(String) });
  });

  it('limits code mails per address: 40 requests send at most 5 mails', async () => {
    const employer = await createWorkspace(ctx);
    const limited = await createTestApp({}, { limits: { ...ctx.config.limits, codeMailsPerEmail: 5 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/auth/resend-code',
          remoteAddress: randomIp(),
          payload: { email: employer.email },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(35);
    } finally {
      await limited.close();
    }
  });
});

describe('sign-up limits come before any password hashing', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it(`refuses sign-ups past the per-IP limit with 429 and stores nothing`, async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < ctx.config.limits.signupPerIp; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/auth/signup',
        remoteAddress: ip,
        payload: { email: randomEmail(), password: DEFAULT_PASSWORD, companyName: 'Flood' },
      });
      expect(res.statusCode).toBe(201);
    }
    const usersBefore = await ctx.database.db.$count(users);

    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/auth/signup',
      remoteAddress: ip,
      payload: { email: randomEmail(), password: DEFAULT_PASSWORD, companyName: 'Flood' },
    });

    expect(refused.statusCode).toBe(429);
    expect(refused.json().Error).toMatch(/^Too many sign-ups from your network\. Please try again in \d+ minutes?\.$/);
    expect(await ctx.database.db.$count(users)).toBe(usersBefore);
  });
});

describe('an employer changes its own password and e-mail', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({}, { limits: generousLimits({ passwordChecksPerUser: 5 }) });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const change = (token: string | null, id: number, body: object) =>
    call(ctx, token, 'PUT', `/auth/changepassword/${id}`, body);

  it('changes the password with the current one, revokes other sessions and returns a new token', async () => {
    const employer = await createWorkspace(ctx);
    const other = await login(ctx, employer.email, employer.password);

    const res = await change(employer.token, employer.employerId, {
      currentPassword: employer.password,
      newPassword: 'employer new password',
      confirmPassword: 'employer new password',
    });

    expect(res.statusCode, res.body).toBe(200);
    const { token } = res.json<{ token: string }>();
    expect(res.headers['set-cookie']).toEqual(expect.stringContaining(`puna_session=${token}`));
    expect((await call(ctx, other.token, 'GET', '/auth/check')).json()).toEqual({ authenticated: false });
    expect((await call(ctx, token, 'GET', '/auth/check')).json()).toMatchObject({ authenticated: true });
    await expect(login(ctx, employer.email, 'employer new password')).resolves.toHaveProperty('token');
  });

  it("refuses another employer's id like a missing one, and anonymous callers", async () => {
    const a = await createWorkspace(ctx);
    const b = await createWorkspace(ctx);
    const body = { currentPassword: a.password, newPassword: 'hijacked password' };

    const res = await change(a.token, b.employerId, body);

    expect(res.statusCode).toBe(404);
    expect((await change(null, a.employerId, body)).statusCode).toBe(401);
    await expect(login(ctx, b.email, b.password)).resolves.toHaveProperty('token');
  });

  it('allows 5 wrong current passwords per 15 minutes, then refuses even the right one', async () => {
    const employer = await createWorkspace(ctx);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await change(employer.token, employer.employerId, {
        currentPassword: `wrong ${attempt}`,
        newPassword: 'new password 1',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        Status: false,
        Error: 'Current password is incorrect.',
        code: 'currentPasswordIncorrect',
      });
    }

    const right = await change(employer.token, employer.employerId, {
      currentPassword: employer.password,
      newPassword: 'new password 1',
    });

    expect(right.statusCode).toBe(429);
    await expect(login(ctx, employer.email, employer.password)).resolves.toHaveProperty('token');
  });

  it('refuses a bad body (400) and an unknown field', async () => {
    const employer = await createWorkspace(ctx);
    for (const body of [
      {},
      { currentPassword: employer.password, newPassword: 'short' },
      { currentPassword: employer.password, newPassword: 'long enough 1', confirmPassword: 'different 1' },
    ]) {
      expect((await change(employer.token, employer.employerId, body)).statusCode).toBe(400);
    }
  });

  it('moves the login to a new address after the code mailed there is entered', async () => {
    const employer = await createWorkspace(ctx);
    const newEmail = randomEmail('moved');

    const asked = await call(ctx, employer.token, 'POST', '/auth/email/change', {
      newEmail,
      currentPassword: employer.password,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const mails = await readOutbox(ctx.config.mailOutboxDir);
    expect(mails.filter((mail) => mail.to === employer.email).at(-1)?.subject).toBe(
      'Puna: u kërkua ndryshimi i email-it tuaj të hyrjes',
    );
    const code = await latestCode(ctx.config.mailOutboxDir, newEmail);

    const confirmed = await call(ctx, employer.token, 'POST', '/auth/email/confirm', { code });

    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ email: newEmail });
    await expect(login(ctx, employer.email, employer.password)).rejects.toThrow(/login failed/);
    await expect(login(ctx, newEmail, employer.password)).resolves.toHaveProperty('token');
  });

  it('refuses a wrong password, a taken address, a wrong code, a worker and anonymous callers', async () => {
    const employer = await createWorkspace(ctx);
    const other = await createWorkspace(ctx);
    const worker = await createWorker(ctx, employer.token);

    const wrongPassword = await call(ctx, employer.token, 'POST', '/auth/email/change', {
      newEmail: randomEmail(),
      currentPassword: 'not my password',
    });
    expect(wrongPassword.statusCode).toBe(400);
    const taken = await call(ctx, employer.token, 'POST', '/auth/email/change', {
      newEmail: other.email,
      currentPassword: employer.password,
    });
    expect(taken.statusCode).toBe(409);
    const noCode = await call(ctx, employer.token, 'POST', '/auth/email/confirm', { code: '123456' });
    expect(noCode.statusCode).toBe(400);
    const asWorker = await call(ctx, worker.token, 'POST', '/auth/email/change', {
      newEmail: randomEmail(),
      currentPassword: worker.password,
    });
    expect(asWorker.statusCode).toBe(403);
    expect((await call(ctx, null, 'POST', '/auth/email/confirm', { code: '123456' })).statusCode).toBe(401);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, employer.email));
    expect(row).toBeDefined();
  });
});

describe("an employer sets a worker's password", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({}, { limits: generousLimits() });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const edit = (token: string, id: number, extra: object) =>
    call(ctx, token, 'PUT', `/krye/edit_employee/${id}`, {
      name: 'Ana',
      salary: 4,
      wages: 'Orë',
      role: 'Punëtor',
      ...extra,
    });

  it('sets it, signs the worker out everywhere, and the worker logs in with it', async () => {
    const employer = await createWorkspace(ctx);
    const worker = await createWorker(ctx, employer.token, { name: 'Ana' });

    const res = await edit(employer.token, worker.employee.id, { password: 'set by the boss 1' });

    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.stringify(res.json())).not.toMatch(/password|argon2/i);
    expect((await call(ctx, worker.token, 'GET', '/auth/check')).json()).toEqual({ authenticated: false });
    await expect(login(ctx, worker.email, worker.password)).rejects.toThrow(/login failed/);
    await expect(login(ctx, worker.email, 'set by the boss 1')).resolves.toHaveProperty('token');
  });

  it('keeps the password when the field is empty or left out', async () => {
    const employer = await createWorkspace(ctx);
    const worker = await createWorker(ctx, employer.token, { name: 'Ana' });
    expect((await edit(employer.token, worker.employee.id, { password: '' })).statusCode).toBe(200);
    expect((await edit(employer.token, worker.employee.id, {})).statusCode).toBe(200);
    expect((await call(ctx, worker.token, 'GET', '/auth/check')).json()).toMatchObject({ authenticated: true });
  });

  it('refuses an employee without a login, a short password and an unknown field with 400, changing nothing', async () => {
    const employer = await createWorkspace(ctx);
    const noLogin = await addEmployee(ctx, employer.token, { name: 'Ana' });
    const worker = await createWorker(ctx, employer.token, { name: 'Ana' });

    const without = await edit(employer.token, noLogin.id, { password: 'set by the boss 1' });
    expect(without.statusCode).toBe(400);
    expect(without.json().Error).toMatch(/no login/);
    expect((await edit(employer.token, worker.employee.id, { password: 'short' })).statusCode).toBe(400);
    const unknown = await edit(employer.token, worker.employee.id, { passwordHash: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().Error).toMatch(/Unknown field/);
    await expect(login(ctx, worker.email, worker.password)).resolves.toHaveProperty('token');
  });

  it("refuses another employer's worker like a missing one", async () => {
    const a = await createWorkspace(ctx);
    const b = await createWorkspace(ctx);
    const worker = await createWorker(ctx, a.token, { name: 'Ana' });

    const res = await edit(b.token, worker.employee.id, { password: 'taken over 123' });

    expect(res.statusCode).toBe(404);
    await expect(login(ctx, worker.email, worker.password)).resolves.toHaveProperty('token');
  });
});

describe('expired sessions and codes are purged', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({}, { limits: generousLimits() });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('deletes sessions and codes that ended over a day ago and keeps live ones', async () => {
    // Signed up for real, so its verification code exists.
    const employer = await signUpEmployer(ctx);
    const stale = await login(ctx, employer.email, employer.password);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await call(ctx, stale.token, 'POST', '/auth/logout');
    await ctx.database.db.update(sessions).set({ revokedAt: twoDaysAgo }).where(isNotNull(sessions.revokedAt));
    await ctx.database.db.update(verificationCodes).set({ expiresAt: twoDaysAgo });
    const counts = await purgeExpired(ctx.database.db);

    expect(counts.sessions).toBeGreaterThanOrEqual(1);
    expect(counts.codes).toBeGreaterThanOrEqual(1);
    expect(await ctx.database.db.$count(verificationCodes)).toBe(0);
    expect((await call(ctx, employer.token, 'GET', '/auth/check')).json()).toMatchObject({ authenticated: true });
  });
});
