import { messages } from '@puna/domain';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, CookieJar, createAdmin } from '../../../test/helpers/admin-factories';
import { createTestApp, generousLimits, type TestContext } from '../../../test/helpers/app';
import { randomIp } from '../../../test/helpers/factories';
import { readOutbox } from '../../../test/helpers/outbox';
import { call, createWorker, createWorkspace } from '../../../test/helpers/workspace-factories';
import { twoFactor, twoFactorChallenges } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { purgeExpired } from '../../plugins/housekeeping';

const STEP_MS = 30_000;

/** The code an authenticator app shows for this secret, `steps` periods from now. */
function codeOf(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), period: 30 }).generate({
    timestamp: Date.now() + steps * STEP_MS,
  });
}

describe('two-step verification', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({}, { limits: generousLimits({ passwordChecksPerUser: 5 }) });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const loginAt = (url: string, email: string, password: string, remoteAddress = randomIp()) =>
    ctx.app.inject({ method: 'POST', url, remoteAddress, payload: { email, password } });
  const passChallenge = (challenge: string, code: string) =>
    ctx.app.inject({ method: 'POST', url: '/auth/login/2fa', payload: { challenge, code } });

  /** Sets up and confirms two-step verification; answers the secret and the recovery codes. */
  async function turnOn(token: string, password: string) {
    const setup = await call(ctx, token, 'POST', '/auth/2fa/setup', { currentPassword: password });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauth_url } = setup.json<{ secret: string; otpauth_url: string }>();
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Puna:.+\?.*secret=/);
    const enable = await call(ctx, token, 'POST', '/auth/2fa/enable', { code: codeOf(secret) });
    expect(enable.statusCode, enable.body).toBe(200);
    return { secret, recoveryCodes: enable.json<{ recovery_codes: string[] }>().recovery_codes };
  }

  /** Logs in with the password and answers the challenge. */
  async function challengeFor(email: string, password: string): Promise<string> {
    const res = await loginAt('/auth/login', email, password);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ challenge: string }>();
    return body.challenge;
  }

  it('turns on for an employer, then a login needs the password and a code', async () => {
    const employer = await createWorkspace(ctx);
    expect((await call(ctx, employer.token, 'GET', '/auth/2fa')).json()).toEqual({
      Status: true,
      enabled: false,
      recovery_codes_left: 0,
    });
    const { secret, recoveryCodes } = await turnOn(employer.token, employer.password);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect((await call(ctx, employer.token, 'GET', '/auth/2fa')).json()).toEqual({
      Status: true,
      enabled: true,
      recovery_codes_left: 10,
    });

    const password = await loginAt('/auth/login', employer.email, employer.password);
    expect(password.statusCode).toBe(200);
    expect(password.headers['set-cookie']).toBeUndefined();
    const body = password.json();
    expect(Object.keys(body).sort()).toEqual(['challenge', 'success', 'twoFactorRequired']);
    expect(body).toMatchObject({ success: true, twoFactorRequired: true });

    // The code of the next step: the one of this step confirmed the setup.
    const done = await passChallenge(body.challenge, codeOf(secret, 1));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ success: true, userType: 'employer', isAdmin: false });
    expect(String(done.headers['set-cookie'])).toMatch(/puna_session=/);
    const token = done.json<{ token: string }>().token;
    expect((await call(ctx, token, 'GET', '/auth/check')).json()).toMatchObject({ authenticated: true });

    // The challenge opened its session: it is used.
    const again = await passChallenge(body.challenge, codeOf(secret, 1));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ Status: false, Error: messages.twoFactorChallengeInvalid });
  });

  it('answers a login without two-step verification exactly as before', async () => {
    const employer = await createWorkspace(ctx);
    const res = await loginAt('/auth/login', employer.email, employer.password);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['isAdmin', 'redirectTo', 'success', 'token', 'userType']);
  });

  it('refuses a TOTP code used once already', async () => {
    const employer = await createWorkspace(ctx);
    const { secret } = await turnOn(employer.token, employer.password);
    const code = codeOf(secret, 1);
    expect((await passChallenge(await challengeFor(employer.email, employer.password), code)).statusCode).toBe(200);

    const replay = await passChallenge(await challengeFor(employer.email, employer.password), code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ Error: messages.twoFactorCodeWrong });
  });

  it('takes each recovery code once, in any case and with or without its dash', async () => {
    const employer = await createWorkspace(ctx);
    const { recoveryCodes } = await turnOn(employer.token, employer.password);
    const [first = '', second = ''] = recoveryCodes;

    const used = await passChallenge(await challengeFor(employer.email, employer.password), first.toUpperCase());
    expect(used.statusCode, used.body).toBe(200);
    const reused = await passChallenge(await challengeFor(employer.email, employer.password), first);
    expect(reused.statusCode).toBe(400);
    const undashed = await passChallenge(
      await challengeFor(employer.email, employer.password),
      ` ${second.replace('-', '')} `,
    );
    expect(undashed.statusCode, undashed.body).toBe(200);
    expect((await call(ctx, employer.token, 'GET', '/auth/2fa')).json()).toMatchObject({ recovery_codes_left: 8 });
  });

  it('allows 5 codes per challenge: the sixth is refused even when right', async () => {
    const employer = await createWorkspace(ctx);
    const { secret } = await turnOn(employer.token, employer.password);
    const challenge = await challengeFor(employer.email, employer.password);
    const right = codeOf(secret, 1);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const tries = await Promise.all(Array.from({ length: 5 }, () => passChallenge(challenge, wrong)));
    expect(tries.map((res) => res.statusCode)).toEqual([400, 400, 400, 400, 400]);

    const sixth = await passChallenge(challenge, right);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ Error: messages.twoFactorChallengeTooMany });
  });

  it('evaluates at most 5 of many concurrent codes on one challenge, and takes one right code once', async () => {
    const employer = await createWorkspace(ctx);
    const { secret } = await turnOn(employer.token, employer.password);
    const challenge = await challengeFor(employer.email, employer.password);
    const right = codeOf(secret, 1);
    const wrong = String((Number(right) + 11) % 1_000_000).padStart(6, '0');
    const burst = await Promise.all(Array.from({ length: 12 }, () => passChallenge(challenge, wrong)));
    const statuses = burst.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);

    // Another login (this one's wrong codes are used up): one right code sent to two challenges at once opens one session.
    const other = await createWorkspace(ctx);
    const otherSecret = (await turnOn(other.token, other.password)).secret;
    const [a, b] = [await challengeFor(other.email, other.password), await challengeFor(other.email, other.password)];
    const code = codeOf(otherSecret, 1);
    const both = await Promise.all([passChallenge(a, code), passChallenge(b, code)]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 400]);
  });

  it('caps wrong codes per account across new challenges', async () => {
    const employer = await createWorkspace(ctx);
    const { secret } = await turnOn(employer.token, employer.password);
    const right = codeOf(secret, 1);
    const wrong = String((Number(right) + 7) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) {
      const res = await passChallenge(await challengeFor(employer.email, employer.password), wrong);
      expect(res.statusCode).toBe(400);
    }
    const locked = await passChallenge(await challengeFor(employer.email, employer.password), right);
    expect(locked.statusCode).toBe(429);
    expect(locked.json<{ Error: string }>().Error).toMatch(/^Too many wrong codes\. Please try again in/);
  });

  it('refuses an expired challenge', async () => {
    const employer = await createWorkspace(ctx);
    const { secret } = await turnOn(employer.token, employer.password);
    const challenge = await challengeFor(employer.email, employer.password);
    await ctx.app.db.update(twoFactorChallenges).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await passChallenge(challenge, codeOf(secret, 1));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Error: messages.twoFactorChallengeInvalid });
  });

  it('purges a challenge a day after it expired', async () => {
    const employer = await createWorkspace(ctx);
    await turnOn(employer.token, employer.password);
    const challenge = await challengeFor(employer.email, employer.password);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    const row = eq(twoFactorChallenges.tokenHash, sha256(challenge));
    await ctx.app.db.update(twoFactorChallenges).set({ expiresAt: twoDaysAgo }).where(row);
    await purgeExpired(ctx.app.db);
    expect(await ctx.app.db.$count(twoFactorChallenges, row)).toBe(0);
  });

  it('never answers the secret again once confirmed, and keeps the old one until a new one is confirmed', async () => {
    const employer = await createWorkspace(ctx);
    const { secret } = await turnOn(employer.token, employer.password);
    const status = await call(ctx, employer.token, 'GET', '/auth/2fa');
    expect(status.body).not.toContain(secret);

    const next = await call(ctx, employer.token, 'POST', '/auth/2fa/setup', { currentPassword: employer.password });
    const newSecret = next.json<{ secret: string }>().secret;
    expect(newSecret).not.toBe(secret);
    // Not confirmed yet: the old app still signs in.
    const old = await passChallenge(await challengeFor(employer.email, employer.password), codeOf(secret, 1));
    expect(old.statusCode, old.body).toBe(200);
    expect((await call(ctx, employer.token, 'POST', '/auth/2fa/enable', { code: codeOf(newSecret) })).statusCode).toBe(
      200,
    );
    const [row] = await ctx.app.db.select().from(twoFactor).where(eq(twoFactor.secret, newSecret));
    expect(row?.pendingSecret).toBeNull();
  });

  it('refuses a wrong first code and an enable without a setup', async () => {
    const employer = await createWorkspace(ctx);
    const none = await call(ctx, employer.token, 'POST', '/auth/2fa/enable', { code: '123456' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ Error: messages.twoFactorNotPending });

    const setup = await call(ctx, employer.token, 'POST', '/auth/2fa/setup', { currentPassword: employer.password });
    const right = codeOf(setup.json<{ secret: string }>().secret);
    const wrong = String((Number(right) + 3) % 1_000_000).padStart(6, '0');
    const res = await call(ctx, employer.token, 'POST', '/auth/2fa/enable', { code: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Error: messages.twoFactorCodeWrong });
    expect((await call(ctx, employer.token, 'GET', '/auth/2fa')).json()).toMatchObject({ enabled: false });
  });

  it('turns off for an employer with the password and a code', async () => {
    const employer = await createWorkspace(ctx);
    const { secret } = await turnOn(employer.token, employer.password);
    const wrongPassword = await call(ctx, employer.token, 'POST', '/auth/2fa/disable', {
      currentPassword: 'not my password',
      code: codeOf(secret, 1),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({ Error: messages.currentPasswordIncorrect });

    const off = await call(ctx, employer.token, 'POST', '/auth/2fa/disable', {
      currentPassword: employer.password,
      code: codeOf(secret, 1),
    });
    expect(off.statusCode, off.body).toBe(200);
    const res = await loginAt('/auth/login', employer.email, employer.password);
    expect(res.json()).toHaveProperty('token');
  });

  it('refuses bad input with a sentence', async () => {
    const employer = await createWorkspace(ctx);
    const cases: [string, unknown, string][] = [
      ['/auth/2fa/setup', {}, messages.passwordRequired],
      ['/auth/2fa/enable', { code: '12ab56' }, messages.codeFormat],
      ['/auth/2fa/enable', { code: 123456 }, messages.codeNotText],
      ['/auth/2fa/disable', { currentPassword: 'x', code: 'not a code' }, messages.twoFactorCodeFormat],
      ['/auth/login/2fa', { code: '123456' }, messages.twoFactorChallengeRequired],
    ];
    for (const [url, payload, sentence] of cases) {
      const res = await call(ctx, employer.token, 'POST', url, payload);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json<{ Error: string }>().Error, url).toBe(sentence);
    }
    const unknown = await passChallenge('no such challenge', '123456');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ Error: messages.twoFactorChallengeInvalid });
  });

  it('refuses outsiders: no session, and a worker', async () => {
    const employer = await createWorkspace(ctx);
    const worker = await createWorker(ctx, employer.token);
    for (const [method, url] of [
      ['GET', '/auth/2fa'],
      ['POST', '/auth/2fa/setup'],
      ['POST', '/auth/2fa/enable'],
      ['POST', '/auth/2fa/disable'],
    ] as const) {
      expect((await call(ctx, null, method, url, method === 'GET' ? undefined : {})).statusCode, url).toBe(401);
    }
    const res = await call(ctx, worker.token, 'POST', '/auth/2fa/setup', { currentPassword: worker.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ Error: messages.twoFactorNotForWorkers });
    // Another employer's 2FA is not this one's: its code does not open this employer's challenge.
    const other = await createWorkspace(ctx);
    const { secret } = await turnOn(other.token, other.password);
    await turnOn(employer.token, employer.password);
    const crossed = await passChallenge(await challengeFor(employer.email, employer.password), codeOf(secret, 1));
    expect(crossed.statusCode).toBe(400);
  });

  it("lets an admin viewing an employer's account read its status, never change it", async () => {
    const employer = await createWorkspace(ctx);
    await turnOn(employer.token, employer.password);
    const admin = await createAdmin(ctx);
    const browser = new CookieJar({ puna_session: admin.token });
    const started = await browser.send(ctx, { method: 'POST', url: `/auth/admin/impersonate/${employer.employerId}` });
    expect(started.statusCode, started.body).toBe(200);

    const status = await browser.send(ctx, { method: 'GET', url: '/auth/2fa' });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    const setup = await browser.send(ctx, {
      method: 'POST',
      url: '/auth/2fa/setup',
      payload: { currentPassword: employer.password },
    });
    expect(setup.statusCode).toBe(403);
  });

  describe('the admin', () => {
    it('logs in with a code on the admin form and cannot turn it off', async () => {
      const admin = await createAdmin(ctx);
      const { secret } = await turnOn(admin.token, ADMIN_PASSWORD);
      const res = await loginAt('/auth/admin/login', admin.email, ADMIN_PASSWORD);
      expect(res.statusCode).toBe(200);
      expect(res.headers['set-cookie']).toBeUndefined();
      const { challenge } = res.json<{ challenge: string }>();
      const done = await passChallenge(challenge, codeOf(secret, 1));
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ isAdmin: true, redirectTo: '/admin' });

      const off = await call(ctx, admin.token, 'POST', '/auth/2fa/disable', {
        currentPassword: ADMIN_PASSWORD,
        code: codeOf(secret, -1),
      });
      expect(off.statusCode).toBe(403);
      expect(off.json()).toMatchObject({ Error: messages.twoFactorAdminKeeps });
    });

    /** Asks for a reset code and reads it from the outbox (it may be mailed just after the answer). */
    async function forgot(email: string): Promise<string> {
      const mailsTo = async () => (await readOutbox(ctx.config.mailOutboxDir)).filter((mail) => mail.to === email);
      const before = (await mailsTo()).length;
      await ctx.app.inject({
        method: 'POST',
        url: '/auth/password/forgot',
        remoteAddress: randomIp(),
        payload: { email },
      });
      for (let waited = 0; waited < 5000; waited += 50) {
        const code = (await mailsTo())
          .slice(before)
          .at(-1)
          ?.text.match(/\b(\d{6})\b/)?.[1];
        if (code) return code;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no reset code mailed to ${email}`);
    }
    const reset = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/auth/password/reset', remoteAddress: randomIp(), payload });

    it('cannot reset its password by e-mail alone', async () => {
      const admin = await createAdmin(ctx);
      const code = await forgot(admin.email);
      const refused = await reset({ email: admin.email, code, newPassword: 'a new admin password' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ Status: false, Error: messages.adminResetNeedsTwoFactor });
      expect((await loginAt('/auth/admin/login', admin.email, ADMIN_PASSWORD)).json()).toHaveProperty('token');
    });

    it('resets its password with the mailed code and a code from the app', async () => {
      const admin = await createAdmin(ctx);
      const { secret, recoveryCodes } = await turnOn(admin.token, ADMIN_PASSWORD);
      const missing = await reset({
        email: admin.email,
        code: await forgot(admin.email),
        newPassword: 'a new admin password',
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ Error: messages.adminResetCodeRequired });

      const wrong = await reset({
        email: admin.email,
        code: await forgot(admin.email),
        newPassword: 'a new admin password',
        code2fa: 'zzzzz-zzzzz',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ Error: messages.twoFactorCodeWrong });

      const done = await reset({
        email: admin.email,
        code: await forgot(admin.email),
        newPassword: 'a new admin password',
        code2fa: recoveryCodes[0],
      });
      expect(done.statusCode, done.body).toBe(200);
      const challenge = (await loginAt('/auth/admin/login', admin.email, 'a new admin password')).json().challenge;
      expect((await passChallenge(challenge, codeOf(secret, 1))).statusCode).toBe(200);
    });
  });
});
