import { PUNCHES_PER_MINUTE } from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { RateLimitSettings } from '../config';
import type { Database } from '../db/client';
import { sha256 } from '../lib/crypto';
import { tooManyRequests } from '../lib/errors';

/**
 * Attempt counters and rate limits. On PostgreSQL they live in the `rate_limits` table, so every
 * process counts against the same number, and each `consume` is one atomic upsert (concurrent
 * requests cannot all read "4 of 5" and pass). On PGlite (one process) they live in memory.
 *
 * Guessing is limited by reserving a point **before** the expensive or secret check (argon2, a
 * code comparison) and giving it back on success, never by reading a count and consuming later.
 */
export type RateLimits = {
  /** Failed logins per (account, IP): 5 per 15 minutes, then that pair is locked for 15 minutes. */
  loginPerAccountIp: RateLimiterAbstract;
  /**
   * Login attempts per account from every address, reserved before the password check and given
   * back when it is right: failures plus checks under way (counted, never locks).
   */
  loginFailuresPerAccount: RateLimiterAbstract;
  /** Past `accountSlowdownAfter` failures, one attempt per account per `accountSlowdownSeconds`. */
  loginPacePerAccount: RateLimiterAbstract;
  loginPerIp: RateLimiterAbstract;
  verifyPerIp: RateLimiterAbstract;
  verifyPerEmail: RateLimiterAbstract;
  signupPerIp: RateLimiterAbstract;
  /** Mails carrying a code (sign-up, resend, forgotten password, e-mail change) per address. */
  codeMailsPerEmail: RateLimiterAbstract;
  codeMailsPerIp: RateLimiterAbstract;
  /** Wrong current passwords (password and e-mail changes) per user: 5 per 15 minutes. */
  passwordChecksPerUser: RateLimiterAbstract;
  /** Requests to move a login to another e-mail, per user: `emailChangesPerUser` per 15 minutes. */
  emailChangesPerUser: RateLimiterAbstract;
  contactPerIp: RateLimiterAbstract;
  /** Chat messages per user: `chatMessages` per `chatWindowSeconds`, plus a burst allowance. */
  chatPerUser: RateLimiterAbstract;
  chatBurstPerUser: RateLimiterAbstract;
  /** `/iclock/*` requests naming a serial no employer has registered, per IP. */
  unknownClockPerIp: RateLimiterAbstract;
  /** Phone punches per worker: `PUNCHES_PER_MINUTE` (6) a minute (docs/product.md#phone-clock). */
  phonePunchesPerWorker: RateLimiterAbstract;
};

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

export const RATE_LIMIT_TABLE = 'rate_limits';

type LimiterOptions = { keyPrefix: string; points: number; duration: number; blockDuration?: number };

/** A limiter on the database's shared table (PostgreSQL) or in memory (PGlite); keys are hashed. */
export function createLimiter(database: Pick<Database, 'pool'>, options: LimiterOptions): RateLimiterAbstract {
  const limiter = database.pool
    ? new RateLimiterPostgres({
        ...options,
        storeClient: database.pool,
        storeType: 'pool',
        tableName: RATE_LIMIT_TABLE,
        // The table comes with the migrations; expired rows are purged by the purge job.
        tableCreated: true,
        clearExpiredByTimeout: false,
      })
    : new RateLimiterMemory(options);
  return hashedKeys(limiter);
}

/** Keys hold e-mails and addresses; the table stores only their hash (fixed length, nothing readable). */
function hashedKeys(limiter: RateLimiterAbstract): RateLimiterAbstract {
  const hash = (key: string | number) => sha256(String(key));
  return new Proxy(limiter, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      if (['consume', 'penalty', 'reward', 'get', 'set', 'block', 'delete'].includes(String(property))) {
        return (key: string | number, ...rest: unknown[]) =>
          (value as (...args: unknown[]) => unknown).call(target, hash(key), ...rest);
      }
      return value.bind(target);
    },
  });
}

export function buildRateLimits(database: Pick<Database, 'pool'>, limits: RateLimitSettings): RateLimits {
  const make = (keyPrefix: string, points: number, duration: number, blockDuration?: number) =>
    createLimiter(database, { keyPrefix, points, duration, blockDuration });
  const quarterHour = 15 * 60;
  const hour = 60 * 60;
  return {
    loginPerAccountIp: make('login-pair', limits.loginPerAccount, quarterHour, quarterHour),
    loginFailuresPerAccount: make('login-account', 1_000_000, quarterHour),
    loginPacePerAccount: make('login-pace', 1, limits.accountSlowdownSeconds),
    loginPerIp: make('login-ip', limits.loginPerIp, quarterHour),
    verifyPerIp: make('verify-ip', limits.verifyPerIp, quarterHour),
    verifyPerEmail: make('verify-email', limits.verifyPerEmail, quarterHour),
    signupPerIp: make('signup-ip', limits.signupPerIp, hour),
    codeMailsPerEmail: make('mail-email', limits.codeMailsPerEmail, hour),
    codeMailsPerIp: make('mail-ip', limits.codeMailsPerIp, hour),
    passwordChecksPerUser: make('password-user', limits.passwordChecksPerUser, quarterHour, quarterHour),
    emailChangesPerUser: make('email-change-user', limits.emailChangesPerUser, quarterHour),
    contactPerIp: make('contact-ip', limits.contactPerIp, hour),
    chatPerUser: make('chat-user', limits.chatMessages, limits.chatWindowSeconds),
    chatBurstPerUser: make('chat-burst', limits.chatBurst, 60),
    unknownClockPerIp: make('clock-unknown-ip', limits.unknownClockPerIp, 10 * 60),
    phonePunchesPerWorker: make('phone-punch', PUNCHES_PER_MINUTE, 60),
  };
}

function waitText(res: RateLimiterRes): string {
  const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function tooMany(res: RateLimiterRes, what: string) {
  return tooManyRequests(`Too many ${what}. Please try again in ${waitText(res)}.`);
}

/** Consumes one point, turning an exhausted limit into a 429 with a sentence the UI shows. */
export async function consumeOrRefuse(limiter: RateLimiterAbstract, key: string, what: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw tooMany(error, what);
    throw error;
  }
}

export const rateLimitsPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('rateLimits', buildRateLimits(app.database, app.config.limits));
});
