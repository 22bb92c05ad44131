import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers/app';
import { createEmployer, DEFAULT_PASSWORD, randomEmail, randomIp } from '../../../test/helpers/factories';
import { latestCode } from '../../../test/helpers/outbox';
import { users, verificationCodes } from '../../db/schema';

/** A 6-digit code that is surely not `code`. */
function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

describe('POST /auth/verify', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const verify = (payload: object, remoteAddress?: string) =>
    ctx.app.inject({ method: 'POST', url: '/auth/verify', payload, ...(remoteAddress ? { remoteAddress } : {}) });

  /** Signs up an employer and returns its e-mail, user id and mailed code. */
  async function signUp() {
    const email = randomEmail();
    await ctx.app.inject({
      method: 'POST',
      url: '/auth/signup',
      remoteAddress: randomIp(),
      payload: { email, password: DEFAULT_PASSWORD, companyName: 'Verify Co' },
    });
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    if (!user) throw new Error('sign-up stored no user');
    return { email, userId: user.id, code: await latestCode(ctx.config.mailOutboxDir, email) };
  }
  const isVerified = async (userId: number) =>
    (await ctx.database.db.select().from(users).where(eq(users.id, userId)))[0]?.isVerified;

  it('verifies an e-mail with the mailed code', async () => {
    const { email, userId, code } = await signUp();

    const res = await verify({ email, code });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Email verified! You can now log in.' });
    expect(await isVerified(userId)).toBe(true);
    const [stored] = await ctx.database.db.select().from(verificationCodes).where(eq(verificationCodes.userId, userId));
    expect(stored?.consumedAt).toBeInstanceOf(Date);
  });

  it('answers a verified e-mail like a wrong code, so verify does not tell who has an account', async () => {
    const employer = await createEmployer(ctx);
    const res = await verify({ email: employer.email, code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Status: false, Error: 'Invalid verification code.', code: 'verificationCodeWrong' });
  });

  it('refuses a wrong code and leaves the e-mail unverified', async () => {
    const { email, userId, code } = await signUp();

    const res = await verify({ email, code: otherCode(code) });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Status: false, Error: 'Invalid verification code.', code: 'verificationCodeWrong' });
    expect(await isVerified(userId)).toBe(false);
  });

  it('refuses the sixth try after five wrong codes, even with the right code', async () => {
    const { email, userId, code } = await signUp();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await verify({ email, code: otherCode(code) })).statusCode).toBe(400);
    }

    const sixthWrong = await verify({ email, code: otherCode(code) });
    const seventhRight = await verify({ email, code });

    expect(sixthWrong.statusCode).toBe(429);
    expect(seventhRight.statusCode).toBe(429);
    expect(seventhRight.json()).toEqual({
      Status: false,
      Error: 'Too many wrong codes. Request a new code.',
      code: 'codeTooManyWrong',
    });
    expect(await isVerified(userId)).toBe(false);
  });

  it('accepts a fresh code after too many wrong ones', async () => {
    const { email, userId, code } = await signUp();
    for (let attempt = 1; attempt <= 6; attempt++) await verify({ email, code: otherCode(code) });

    await ctx.app.inject({ method: 'POST', url: '/auth/resend-code', payload: { email } });
    const res = await verify({ email, code: await latestCode(ctx.config.mailOutboxDir, email) });

    expect(res.statusCode).toBe(200);
    expect(await isVerified(userId)).toBe(true);
  });

  it('refuses an expired code', async () => {
    const { email, userId, code } = await signUp();
    await ctx.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, userId));

    const res = await verify({ email, code });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      Status: false,
      Error: 'This verification code has expired. Request a new code.',
      code: 'verificationCodeExpired',
    });
    expect(await isVerified(userId)).toBe(false);
  });

  it('refuses a code for an e-mail that never signed up', async () => {
    const res = await verify({ email: randomEmail(), code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Status: false, Error: 'Invalid verification code.', code: 'verificationCodeWrong' });
  });

  it.each([
    ['five digits', '12345'],
    ['seven digits', '1234567'],
    ['letters', 'abcdef'],
    ['a number instead of a string', 123456],
    ['nothing', undefined],
  ])('refuses a code of %s without counting it as a try', async (_case, badCode) => {
    const { email, userId } = await signUp();

    const res = await verify({ email, code: badCode });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Status: false, Error: expect.any(String) });
    const [stored] = await ctx.database.db.select().from(verificationCodes).where(eq(verificationCodes.userId, userId));
    expect(stored?.attempts).toBe(0);
  });

  it('limits verification tries per IP address', async () => {
    const ip = '198.51.100.23';
    for (let i = 0; i < ctx.config.limits.verifyPerIp; i++) {
      expect((await verify({ email: randomEmail(), code: '123456' }, ip)).statusCode).toBe(400);
    }

    const refused = await verify({ email: randomEmail(), code: '123456' }, ip);
    const otherIp = await verify({ email: randomEmail(), code: '123456' }, '198.51.100.24');

    expect(refused.statusCode).toBe(429);
    expect(refused.json().Error).toMatch(/^Too many verification attempts\. Please try again in \d+ minutes?\.$/);
    expect(otherIp.statusCode).toBe(400);
  });
});
