import { randomBytes } from 'node:crypto';
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

/** Signs up, verifies through the outbox and logs in an employer; returns its token. */
export async function createEmployer(
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
