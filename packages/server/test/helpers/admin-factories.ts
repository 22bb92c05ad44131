import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ensureAdmin } from '../../src/cli/ensure-admin';
import type { AppConfig } from '../../src/config';
import { employers } from '../../src/db/schema';
import { createTestApp, generousLimits, type TestContext } from './app';
import { randomEmail, sessionFor } from './factories';

export const ADMIN_PASSWORD = 'admin password 1';

/** A test app whose per-IP limits allow the many accounts (and contact messages) a test creates. */
export function createAdminTestApp(env: Record<string, string> = {}, overrides: Partial<AppConfig> = {}) {
  return createTestApp(env, {
    limits: generousLimits({ loginPerAccount: 5 }),
    ...overrides,
  });
}

/** A platform admin (created as `ensureAdmin` does at start-up), logged in. */
export async function createAdmin(ctx: TestContext) {
  const email = randomEmail('admin');
  await ensureAdmin(ctx.database.db, { email, password: ADMIN_PASSWORD });
  const session = await sessionFor(ctx, email);
  const check = await ctx.app.inject({ method: 'GET', url: '/auth/check', headers: { cookie: session.cookie } });
  const userId = check.json<{ user: { userId: number } }>().user.userId;
  return { email, password: ADMIN_PASSWORD, userId, ...session };
}

export async function setEmployerType(ctx: TestContext, employerId: number, type: 'basic' | 'premium') {
  await ctx.app.db.update(employers).set({ type }).where(eq(employers.id, employerId));
}

export async function employerRow(ctx: TestContext, employerId: number) {
  const [row] = await ctx.app.db.select().from(employers).where(eq(employers.id, employerId));
  if (!row) throw new Error(`no employer ${employerId}`);
  return row;
}

/**
 * A browser's cookies for one test: requests send them, `Set-Cookie` answers update them, cleared
 * cookies disappear. Writes carry `X-Requested-With` as the web app's do.
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  constructor(initial: Record<string, string> = {}) {
    for (const [name, value] of Object.entries(initial)) this.cookies.set(name, value);
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  store(res: LightMyRequestResponse): void {
    for (const cookie of res.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      const cleared = cookie.value === '' || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (cleared) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  async send(ctx: TestContext, options: InjectOptions): Promise<LightMyRequestResponse> {
    const res = await ctx.app.inject({
      ...options,
      headers: { ...options.headers, cookie: this.header(), 'x-requested-with': 'XMLHttpRequest' },
    });
    this.store(res);
    return res;
  }
}
