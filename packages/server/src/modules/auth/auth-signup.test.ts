import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers/app';
import { DEFAULT_PASSWORD, login, randomEmail, randomIp, signUpEmployer } from '../../../test/helpers/factories';
import { latestCode, readOutbox } from '../../../test/helpers/outbox';
import { ensureAdmin } from '../../cli/ensure-admin';
import { employers, users, verificationCodes } from '../../db/schema';

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
  /** An employee with a worker login, added by the employer as the add form does. */
  const addWorkerLogin = async (employerToken: string) => {
    const workerEmail = randomEmail('worker');
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/krye/add_employee',
      headers: { authorization: `Bearer ${employerToken}` },
      payload: {
        name: 'Ana',
        salary: 3,
        wages: 'Orë',
        role: 'Punëtor',
        email: workerEmail,
        password: DEFAULT_PASSWORD,
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    return { workerEmail, employeeId: added.json<{ Result: { id: number } }>().Result.id };
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

  // Issue 34: mails go in the account's language, Albanian unless the app was in English.
  it('writes the sign-up code in Albanian, and in English when the app asked in English', async () => {
    // Each from an address of its own, so the network's sign-up limit stays with the other tests.
    const signupIn = (email: string, headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/auth/signup',
        remoteAddress: randomIp(),
        headers,
        payload: { email, password: DEFAULT_PASSWORD, companyName: 'Furra Gjuha' },
      });
    const albanian = randomEmail('sq');
    expect((await signupIn(albanian, {})).statusCode).toBe(201);
    const [sq] = await mailsTo(albanian);
    expect(sq?.subject).toMatch(/^Kodi i verifikimit për Puna: \d{6}$/);
    expect(sq?.text).toMatch(/^Kodi juaj i verifikimit për Puna është \d{6}\. Vlen 15 minuta\./);

    const english = randomEmail('en');
    expect((await signupIn(english, { 'x-puna-language': 'en' })).statusCode).toBe(201);
    const [en] = await mailsTo(english);
    expect(en?.subject).toMatch(/^Puna verification code: \d{6}$/);
    expect(en?.text).toMatch(/^Your Puna verification code is \d{6}\. It is valid for 15 minutes\./);
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

  it('answers a sign-up for a verified e-mail like a new one, changes nothing and tells the owner', async () => {
    const employer = await signUpEmployer(ctx);
    const mailsBefore = (await mailsTo(employer.email)).length;

    const res = await signup({ email: employer.email, password: 'another password', companyName: 'Again' });

    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Verification code sent to your email!' });
    const mails = await mailsTo(employer.email);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)?.subject).toBe('Puna: kjo adresë ka tashmë një llogari');
    // The existing account keeps its password; the stranger's does not work.
    await expect(login(ctx, employer.email, employer.password)).resolves.toHaveProperty('token');
    await expect(login(ctx, employer.email, 'another password')).rejects.toThrow(/login failed/);
  });

  it("answers a sign-up with the platform admin's e-mail like any other and changes nothing", async () => {
    const email = randomEmail('admin');
    await ensureAdmin(ctx.database.db, { email, password: DEFAULT_PASSWORD });

    const res = await signup({ email, password: DEFAULT_PASSWORD, companyName: 'Takeover' });

    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Verification code sent to your email!' });
    expect(await userByEmail(email)).toMatchObject({ kind: 'admin', employerId: null });
  });

  it('never lets a second sign-up of a pending e-mail replace its password or company (takeover)', async () => {
    const email = randomEmail();
    await signup({ email, password: DEFAULT_PASSWORD, companyName: 'First' });
    const oldCode = await latestCode(ctx.config.mailOutboxDir, email);

    // A stranger who knows the address signs up again before the owner verifies.
    const again = await signup({ email, password: 'a stranger password', companyName: 'Stranger' });

    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ message: 'Verification code sent to your email!' });
    expect(await mailsTo(email)).toHaveLength(2);
    const newCode = await latestCode(ctx.config.mailOutboxDir, email);
    expect(newCode).not.toBe(oldCode);
    expect(await ctx.database.db.$count(users, eq(users.email, email))).toBe(1);

    // The owner types the newest code from its inbox.
    const withOld = await ctx.app.inject({ method: 'POST', url: '/auth/verify', payload: { email, code: oldCode } });
    expect(withOld.statusCode).toBe(400);
    const withNew = await ctx.app.inject({ method: 'POST', url: '/auth/verify', payload: { email, code: newCode } });
    expect(withNew.statusCode).toBe(200);

    // The owner's password and company are the ones that count; the stranger's password answers 401.
    await expect(login(ctx, email, 'a stranger password')).rejects.toThrow(/login failed/);
    const session = await login(ctx, email, DEFAULT_PASSWORD);
    const check = await ctx.app.inject({ method: 'GET', url: '/auth/check', headers: { cookie: session.cookie } });
    expect(check.json().user.companyName).toBe('First');
  });

  it("lets the owner of a worker login's address claim it with the mailed code, keeping the employee", async () => {
    const employer = await signUpEmployer(ctx, { companyName: 'Who Added Them' });
    const { workerEmail, employeeId } = await addWorkerLogin(employer.token);
    const workerSession = await login(ctx, workerEmail, DEFAULT_PASSWORD);

    const res = await signup({ email: workerEmail, password: 'the owner password', companyName: 'Mine' });

    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Verification code sent to your email!' });
    expect(await userByEmail(workerEmail)).toMatchObject({ kind: 'worker' });
    const claim = (await mailsTo(workerEmail)).at(-1);
    expect(claim?.subject).toMatch(/^Kodi i regjistrimit në Puna: \d{6}$/);
    expect(claim?.text).toContain('"Mine"');

    // A second sign-up (a stranger) does not replace the waiting claim: the newest code creates "Mine".
    await signup({ email: workerEmail, password: 'a stranger password', companyName: 'Stranger' });
    const code = await latestCode(ctx.config.mailOutboxDir, workerEmail);
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/auth/verify',
      payload: { email: workerEmail, code },
    });

    expect(verified.statusCode, verified.body).toBe(200);
    expect(await userByEmail(workerEmail)).toMatchObject({ kind: 'employer', isVerified: true });
    const owner = await login(ctx, workerEmail, 'the owner password');
    const check = await ctx.app.inject({ method: 'GET', url: '/auth/check', headers: { cookie: owner.cookie } });
    expect(check.json().user).toMatchObject({ role: 'employer', companyName: 'Mine' });
    await expect(login(ctx, workerEmail, 'a stranger password')).rejects.toThrow(/login failed/);
    // The worker login and its sessions are gone; the employee stays with its employer, without a login.
    const stale = await ctx.app.inject({
      method: 'GET',
      url: '/auth/check',
      headers: { cookie: workerSession.cookie },
    });
    expect(stale.json()).toEqual({ authenticated: false });
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/krye/employee',
      headers: { authorization: `Bearer ${employer.token}` },
    });
    expect(list.json().Result.find((row: { id: number }) => row.id === employeeId)).toMatchObject({ email: null });
    expect((await mailsTo(employer.email)).at(-1)?.subject).toBe(
      'Puna: adresa e hyrjes së një punëtori u mor nga pronari i saj',
    );
  });

  it("does not let a wrong code claim a worker login's address", async () => {
    const employer = await signUpEmployer(ctx);
    const { workerEmail } = await addWorkerLogin(employer.token);
    await signup({ email: workerEmail, password: 'the owner password', companyName: 'Mine' });
    const code = await latestCode(ctx.config.mailOutboxDir, workerEmail);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/verify',
      payload: { email: workerEmail, code: wrong },
    });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Status: false, Error: 'Invalid verification code.', code: 'verificationCodeWrong' });
    await expect(login(ctx, workerEmail, DEFAULT_PASSWORD)).resolves.toHaveProperty('token');
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

  it('answers a verified, a worker, an admin and an unknown e-mail like a pending one, without mailing them', async () => {
    const employer = await signUpEmployer(ctx);
    const admin = randomEmail('admin');
    await ensureAdmin(ctx.database.db, { email: admin, password: DEFAULT_PASSWORD });
    const mailsBefore = (await readOutbox(ctx.config.mailOutboxDir)).length;

    for (const email of [employer.email, admin, randomEmail()]) {
      const res = await resend({ email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Verification code sent to your email!' });
    }
    expect(await readOutbox(ctx.config.mailOutboxDir)).toHaveLength(mailsBefore);
  });

  it('refuses a missing or malformed e-mail', async () => {
    for (const payload of [{}, { email: 'nope' }, { email: randomEmail(), extra: 1 }]) {
      const res = await resend(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ Status: false, Error: expect.any(String) });
    }
  });
});
