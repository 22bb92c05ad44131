import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { employers, users } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/crypto';
import { createSession } from '../../src/plugins/sessions';
import type { TestContext } from './app';
import { latestCode } from './outbox';

export function randomEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.test`;
}

export const DEFAULT_PASSWORD = 'correct horse battery';

/** A client address of its own (TEST-NET and benchmarking ranges), as different employers sign up from different networks. */
export function randomIp(): string {
  const bytes = randomBytes(2);
  return `198.18.${bytes[0]}.${bytes[1]}`;
}

const hashes = new Map<string, Promise<string>>();

/** A real argon2id hash of a password, computed once per test file and password. */
export function passwordHashOf(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/**
 * A verified employer with its owner login and a live session, written straight to the database:
 * the rows sign-up, verification and login would leave, without paying for them in every test.
 * Tests about sign-up itself use `signUpEmployer`.
 */
export async function createEmployer(
  ctx: TestContext,
  input: { email?: string; password?: string; companyName?: string } = {},
): Promise<{ email: string; password: string; token: string; cookie: string; employerId: number }> {
  const email = input.email ?? randomEmail('employer');
  const password = input.password ?? DEFAULT_PASSWORD;
  const passwordHash = await passwordHashOf(password);
  const { userId, employerId } = await ctx.app.db.transaction(async (tx) => {
    const [employer] = await tx
      .insert(employers)
      .values({ companyName: input.companyName ?? 'Test Company', timeZone: ctx.config.defaultTimeZone })
      .returning({ id: employers.id });
    if (!employer) throw new Error('employer insert returned nothing');
    const [user] = await tx
      .insert(users)
      .values({ email, passwordHash, kind: 'employer', employerId: employer.id, isVerified: true })
      .returning({ id: users.id });
    if (!user) throw new Error('user insert returned nothing');
    return { userId: user.id, employerId: employer.id };
  });
  return { email, password, employerId, ...(await sessionOf(ctx, userId)) };
}

/** Signs up, verifies through the outbox and logs in an employer over HTTP; returns its token. */
export async function signUpEmployer(
  ctx: TestContext,
  input: { email?: string; password?: string; companyName?: string } = {},
): Promise<{ email: string; password: string; token: string; cookie: string }> {
  const email = input.email ?? randomEmail('employer');
  const password = input.password ?? DEFAULT_PASSWORD;
  const remoteAddress = randomIp();
  const signup = await ctx.app.inject({
    method: 'POST',
    url: '/auth/signup',
    remoteAddress,
    payload: { email, password, companyName: input.companyName ?? 'Test Company' },
  });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.body}`);
  const code = await latestCode(ctx.config.mailOutboxDir, email);
  const verify = await ctx.app.inject({ method: 'POST', url: '/auth/verify', remoteAddress, payload: { email, code } });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  return { email, password, ...(await login(ctx, email, password)) };
}

/** A new session for a login, as a successful `POST /auth/login` would make. */
export async function sessionOf(ctx: TestContext, userId: number): Promise<{ token: string; cookie: string }> {
  const { token } = await createSession(ctx.app.db, { userId, rememberMe: false });
  return { token, cookie: `puna_session=${token}` };
}

/** A new session for the login with this address (no password check: the test made the login). */
export async function sessionFor(ctx: TestContext, email: string): Promise<{ token: string; cookie: string }> {
  const [user] = await ctx.app.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw new Error(`no login ${email}`);
  return sessionOf(ctx, user.id);
}

/** The login id behind a session, as `GET /auth/check` tells it. */
export async function userIdOf(ctx: TestContext, token: string): Promise<number> {
  const res = await ctx.app.inject({ method: 'GET', url: '/auth/check', headers: bearer(token) });
  if (res.statusCode !== 200) throw new Error(`session check failed: ${res.body}`);
  return res.json<{ user: { userId: number } }>().user.userId;
}

/** Logs in over HTTP with a password. */
export async function login(
  ctx: TestContext,
  email: string,
  password: string,
): Promise<{ token: string; cookie: string }> {
  const res = await ctx.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const token = res.json<{ token: string }>().token;
  return { token, cookie: `puna_session=${token}` };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
