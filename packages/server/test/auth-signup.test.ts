import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../src/cli/ensure-admin';
import { employers, users, verificationCodes } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import { createEmployer, DEFAULT_PASSWORD, login, randomEmail } from './helpers/factories';
import { latestCode, readOutbox } from './helpers/outbox';

describe('POST /auth/signup', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const signup = (payload: object) => ctx.app.inject({ method: 'POST', url: '/auth/signup', payload });
  const mailsTo = async (email: string) => (await readOutbox(ctx.config.mailOutboxDir)).filter((m) => m.to === email);
  const userByEmail = async (email: string) => {
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    return user;
  };
  const countRows = async () => ({
    users: await ctx.database.db.$count(users),
    employers: await ctx.database.db.$count(employers),
    codes: await ctx.database.db.$count(verificationCodes),
    mails: (await readOutbox(ctx.config.mailOutboxDir)).length,
  });

  it('creates an unverified employer and mails it a 6-digit code', async () => {
    const email = randomEmail();
    const res = await signup({ email, password: DEFAULT_PASSWORD, companyName: 'Furra Besa' });

    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Verification code sent to your email!' });
    const user = await userByEmail(email);
    expect(user).toMatchObject({ kind: 'employer', isVerified: false });
    const [employer] = await ctx.database.db
      .select()
      .from(employers)
      .where(eq(employers.id, user?.employerId ?? -1));
    expect(employer?.companyName).toBe('Furra Besa');
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/\b\d{6}\b/);
    expect(mails[0]?.text).toMatch(/\b\d{6}\b/);
    expect(mails[0]?.html).toContain(await latestCode(ctx.config.mailOutboxDir, email));
  });

  it('stores the e-mail in lower case so it is one account however it is typed', async () => {
    const email = randomEmail();
    const res = await signup({ email: email.toUpperCase(), password: DEFAULT_PASSWORD, companyName: 'Case' });

    expect(res.statusCode).toBe(201);
    expect(await userByEmail(email)).toBeDefined();
    expect(await mailsTo(email)).toHaveLength(1);
  });

  // Each case changes one field of a valid sign-up; `undefined` leaves the field out of the JSON.
  it.each([
    ['the e-mail is missing', { email: undefined }, /email is required/i],
    ['the password is missing', { password: undefined }, /password is required/i],
    ['the company name is missing', { companyName: undefined }, /company name is required/i],
    ['the e-mail is not a string', { email: 42 }, /email/i],
    ['the password is not a string', { password: 12345678 }, /password/i],
    ['the password is shorter than 8 characters', { password: 'seven77' }, /at least 8 characters/],
    ['the e-mail is not an e-mail', { email: 'not-an-email' }, /invalid email/i],
    ['the company name is blank', { companyName: '   ' }, /company name is required/i],
    ['an unknown field is sent', { isAdmin: true }, /unknown field.*isAdmin/i],
  ])('refuses a sign-up when %s and stores nothing', async (_case, change, error) => {
    const before = await countRows();

    const res = await signup({ email: randomEmail(), password: DEFAULT_PASSWORD, companyName: 'Valid', ...change });

    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ Status: false });
    expect(body.Error).toMatch(error);
    expect(await countRows()).toEqual(before);
  });

  it('refuses a body that is not an object', async () => {
    const res = await signup([]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Status: false, Error: expect.any(String) });
  });

  it('refuses a verified e-mail signing up again', async () => {
    const employer = await createEmployer(ctx);
    const mailsBefore = (await mailsTo(employer.email)).length;

    const res = await signup({ email: employer.email, password: 'another password', companyName: 'Again' });

    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ Status: false, Error: 'An account with this email already exists. Log in instead.' });
    expect(await mailsTo(employer.email)).toHaveLength(mailsBefore);
    // The existing account keeps its password.
    await expect(login(ctx, employer.email, employer.password)).resolves.toHaveProperty('token');
  });

  it("refuses the platform admin's e-mail", async () => {
    const email = randomEmail('admin');
    await ensureAdmin(ctx.database.db, { email, password: DEFAULT_PASSWORD });

    const res = await signup({ email, password: DEFAULT_PASSWORD, companyName: 'Takeover' });

    expect(res.statusCode).toBe(409);
    expect(await userByEmail(email)).toMatchObject({ kind: 'admin', employerId: null });
  });

  it('sends a new code when an unverified e-mail signs up again, and the old code stops working', async () => {
    const email = randomEmail();
    await signup({ email, password: DEFAULT_PASSWORD, companyName: 'First' });
    const oldCode = await latestCode(ctx.config.mailOutboxDir, email);

    const again = await signup({ email, password: 'a newer password', companyName: 'Second' });

    expect(again.statusCode).toBe(201);
    expect(await mailsTo(email)).toHaveLength(2);
    const newCode = await latestCode(ctx.config.mailOutboxDir, email);
    expect(newCode).not.toBe(oldCode);
    expect(await ctx.database.db.$count(users, eq(users.email, email))).toBe(1);

    const withOld = await ctx.app.inject({ method: 'POST', url: '/auth/verify', payload: { email, code: oldCode } });
    expect(withOld.statusCode).toBe(400);
    const withNew = await ctx.app.inject({ method: 'POST', url: '/auth/verify', payload: { email, code: newCode } });
    expect(withNew.statusCode).toBe(200);

    // The repeated sign-up's password and company name are the ones that count.
    const session = await login(ctx, email, 'a newer password');
    const check = await ctx.app.inject({ method: 'GET', url: '/auth/check', headers: { cookie: session.cookie } });
    expect(check.json().user.companyName).toBe('Second');
  });
});

describe('POST /auth/resend-code', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const resend = (payload: object) => ctx.app.inject({ method: 'POST', url: '/auth/resend-code', payload });
  const verify = (email: string, code: string) =>
    ctx.app.inject({ method: 'POST', url: '/auth/verify', payload: { email, code } });

  it('mails a new code, and only the newest code verifies', async () => {
    const email = randomEmail();
    await ctx.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { email, password: DEFAULT_PASSWORD, companyName: 'Resend' },
    });
    const oldCode = await latestCode(ctx.config.mailOutboxDir, email);

    const res = await resend({ email });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Verification code sent to your email!' });
    const newCode = await latestCode(ctx.config.mailOutboxDir, email);
    expect(newCode).not.toBe(oldCode);
    expect((await verify(email, oldCode)).statusCode).toBe(400);
    expect((await verify(email, newCode)).statusCode).toBe(200);
  });

  it('tells a verified e-mail that it can log in, without mailing anything', async () => {
    const employer = await createEmployer(ctx);
    const mailsBefore = (await readOutbox(ctx.config.mailOutboxDir)).length;

    const res = await resend({ email: employer.email });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Email already verified. You can log in.' });
    expect(await readOutbox(ctx.config.mailOutboxDir)).toHaveLength(mailsBefore);
  });

  it('answers 404 for an e-mail that never signed up', async () => {
    const res = await resend({ email: randomEmail() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ Status: false, Error: 'No sign-up with this email. Sign up first.' });
  });

  it('refuses a missing or malformed e-mail', async () => {
    for (const payload of [{}, { email: 'nope' }, { email: randomEmail(), extra: 1 }]) {
      const res = await resend(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ Status: false, Error: expect.any(String) });
    }
  });
});
