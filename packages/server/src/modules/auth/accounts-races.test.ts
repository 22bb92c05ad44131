/**
 * Attempt counters under real concurrency: on PostgreSQL (TEST_DATABASE_URL) the requests run on a
 * pool of connections at once, and the caps must hold exactly as they do one request at a time.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, generousLimits, type TestContext } from '../../../test/helpers/app';
import { DEFAULT_PASSWORD, randomEmail, randomIp } from '../../../test/helpers/factories';
import { latestCode } from '../../../test/helpers/outbox';
import { call, createWorkspace } from '../../../test/helpers/workspace-factories';
import { users, verificationCodes } from '../../db/schema';

const TRIES = 60;

/** A 6-digit code that is surely not `code`. */
function wrongCode(code: string, salt: number): string {
  return String((Number(code) + 1 + salt) % 1_000_000).padStart(6, '0');
}

describe('attempt counters cannot be raced past their caps', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Only the limits under test keep their real values; per-IP ones are out of the way.
    ctx = await createTestApp(
      {},
      { limits: generousLimits({ loginPerAccount: 5, passwordChecksPerUser: 5, accountSlowdownAfter: 10_000 }) },
    );
  });
  afterAll(async () => {
    await ctx.close();
  });

  it(`evaluates at most 5 of ${TRIES} concurrent verification codes`, async () => {
    const email = randomEmail();
    await ctx.app.inject({
      method: 'POST',
      url: '/auth/signup',
      remoteAddress: randomIp(),
      payload: { email, password: DEFAULT_PASSWORD, companyName: 'Race' },
    });
    const code = await latestCode(ctx.config.mailOutboxDir, email);
    // 59 wrong codes, then the right one last.
    const codes = Array.from({ length: TRIES - 1 }, (_, i) => wrongCode(code, i)).concat(code);

    const answers = await Promise.all(
      codes.map((tried) =>
        ctx.app.inject({
          method: 'POST',
          url: '/auth/verify',
          remoteAddress: randomIp(),
          payload: { email, code: tried },
        }),
      ),
    );

    const wrong = answers.filter((res) => res.json().Error === 'Invalid verification code.');
    expect(wrong.length).toBeLessThanOrEqual(5);
    expect(answers.filter((res) => res.statusCode === 429).length).toBeGreaterThanOrEqual(TRIES - 5);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    const [stored] = await ctx.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.userId, user?.id ?? 0));
    expect(stored?.attempts).toBeLessThanOrEqual(5);
    // The right code came after the cap: the account is still unverified.
    expect(user?.isVerified).toBe(answers.at(-1)?.statusCode === 200);
  });

  it(`checks at most 5 of ${TRIES} concurrent passwords from one address, and the right one is refused after`, async () => {
    const employer = await createWorkspace(ctx);
    const ip = '203.0.113.50';
    const passwords = Array.from({ length: TRIES - 1 }, (_, i) => `wrong ${i}`).concat(employer.password);

    const answers = await Promise.all(
      passwords.map((password) =>
        ctx.app.inject({
          method: 'POST',
          url: '/auth/login',
          remoteAddress: ip,
          payload: { email: employer.email, password },
        }),
      ),
    );

    const checked = answers.filter((res) => res.statusCode === 401 || res.statusCode === 200);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(answers.filter((res) => res.statusCode === 429).length).toBeGreaterThanOrEqual(TRIES - 5);
  });

  it(`checks at most 5 of ${TRIES} concurrent current passwords in a password change`, async () => {
    const employer = await createWorkspace(ctx);

    const answers = await Promise.all(
      Array.from({ length: TRIES }, (_, i) =>
        call(ctx, employer.token, 'PUT', `/auth/changepassword/${employer.employerId}`, {
          currentPassword: `wrong ${i}`,
          newPassword: 'new password 1',
        }),
      ),
    );

    expect(answers.filter((res) => res.statusCode === 400).length).toBeLessThanOrEqual(5);
    expect(answers.filter((res) => res.statusCode === 429).length).toBeGreaterThanOrEqual(TRIES - 5);
  });

  it('does not let a stranger lock the owner out: the lock is per account and address', async () => {
    const employer = await createWorkspace(ctx);
    for (let i = 0; i < 8; i++) {
      await ctx.app.inject({
        method: 'POST',
        url: '/auth/login',
        remoteAddress: '203.0.113.66',
        payload: { email: employer.email, password: `guess ${i}` },
      });
    }
    const stranger = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: '203.0.113.66',
      payload: { email: employer.email, password: employer.password },
    });
    expect(stranger.statusCode).toBe(429);

    const owner = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: '198.51.100.10',
      payload: { email: employer.email, password: employer.password },
    });

    expect(owner.statusCode).toBe(200);
  });
});

describe('an account guessed at from many addresses is slowed down, not locked', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({}, { limits: generousLimits({ accountSlowdownAfter: 10, accountSlowdownSeconds: 30 }) });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('takes one attempt per pace window after 10 failures, from any address', async () => {
    const employer = await createWorkspace(ctx);
    for (let i = 0; i < 10; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/auth/login',
        remoteAddress: randomIp(),
        payload: { email: employer.email, password: `guess ${i}` },
      });
      expect(res.statusCode).toBe(401);
    }

    const paced = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: randomIp(),
      payload: { email: employer.email, password: employer.password },
    });
    const tooSoon = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: randomIp(),
      payload: { email: employer.email, password: employer.password },
    });

    expect(paced.statusCode).toBe(200);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().Error).toMatch(
      /^Too many failed logins for this account\. Please try again in \d+ seconds?\.$/,
    );
  });
});
