import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers/app';
import { createEmployer, randomEmail } from '../../../test/helpers/factories';
import { ensureAdmin } from '../../cli/ensure-admin';
import { users } from '../../db/schema';

describe('ensureAdmin', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const login = (email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });
  const userByEmail = async (email: string) =>
    (await ctx.database.db.select().from(users).where(eq(users.email, email)))[0];

  it('creates the admin with a generated password, returned once, that logs in', async () => {
    const email = randomEmail('admin');

    const created = await ensureAdmin(ctx.database.db, { email, password: undefined });
    const again = await ensureAdmin(ctx.database.db, { email, password: undefined });

    expect(created).toMatchObject({ email, created: true, passwordUpdated: false });
    expect(created.generatedPassword).toMatch(/^[\w-]{16,}$/);
    expect(again).toEqual({ email, created: false, passwordUpdated: false });
    const res = await login(email, created.generatedPassword ?? '');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isAdmin: true, redirectTo: '/admin' });
  });

  it('creates the admin from ADMIN_PASSWORD as a verified admin with an argon2id hash', async () => {
    const email = randomEmail('admin');

    const result = await ensureAdmin(ctx.database.db, { email, password: 'from the environment' });

    expect(result).toEqual({ email, created: true, passwordUpdated: false });
    const user = await userByEmail(email);
    expect(user).toMatchObject({ kind: 'admin', isVerified: true, employerId: null });
    // At or above the ASVS parameters: 19 MiB, 2 iterations, 1 lane.
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await login(email, 'from the environment')).statusCode).toBe(200);
  });

  it('re-applies a changed ADMIN_PASSWORD so an operator can reset it', async () => {
    const email = randomEmail('admin');
    await ensureAdmin(ctx.database.db, { email, password: 'the first password' });

    const changed = await ensureAdmin(ctx.database.db, { email, password: 'the second password' });
    const unchanged = await ensureAdmin(ctx.database.db, { email, password: 'the second password' });

    expect(changed).toEqual({ email, created: false, passwordUpdated: true });
    expect(unchanged).toEqual({ email, created: false, passwordUpdated: false });
    expect((await login(email, 'the first password')).statusCode).toBe(401);
    expect((await login(email, 'the second password')).statusCode).toBe(200);
  });

  it('refuses an ADMIN_EMAIL that belongs to an employer, and leaves the employer as it was', async () => {
    const employer = await createEmployer(ctx);

    await expect(ensureAdmin(ctx.database.db, { email: employer.email, password: 'take over' })).rejects.toThrow(
      /belongs to a non-admin account/,
    );

    expect(await userByEmail(employer.email)).toMatchObject({ kind: 'employer' });
    expect((await login(employer.email, employer.password)).statusCode).toBe(200);
    expect((await login(employer.email, 'take over')).statusCode).toBe(401);
  });
});
