import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '../lib/errors';

/**
 * Per-process limits kept in memory. With several processes behind a load balancer each keeps its
 * own count, so the effective limit is N times higher: still a hard bound against guessing.
 */
export type RateLimits = {
  loginPerAccount: RateLimiterMemory;
  loginPerIp: RateLimiterMemory;
  verifyPerIp: RateLimiterMemory;
  contactPerIp: RateLimiterMemory;
};

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

function minutesUntil(res: RateLimiterRes): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 60_000));
}

export function tooMany(res: RateLimiterRes, what: string) {
  const minutes = minutesUntil(res);
  return tooManyRequests(`Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
}

/** Consumes one point, turning an exhausted limit into a 429 with a sentence the UI shows. */
export async function consumeOrRefuse(limiter: RateLimiterMemory, key: string, what: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw tooMany(error, what);
    throw error;
  }
}

export const rateLimitsPlugin = fp(async (app: FastifyInstance) => {
  const { limits } = app.config;
  app.decorate('rateLimits', {
    // Failed logins per account: 5 per 15 minutes, then locked for 15 minutes.
    loginPerAccount: new RateLimiterMemory({
      points: limits.loginPerAccount,
      duration: 15 * 60,
      blockDuration: 15 * 60,
    }),
    loginPerIp: new RateLimiterMemory({ points: limits.loginPerIp, duration: 15 * 60 }),
    verifyPerIp: new RateLimiterMemory({ points: limits.verifyPerIp, duration: 15 * 60 }),
    contactPerIp: new RateLimiterMemory({ points: limits.contactPerIp, duration: 60 * 60 }),
  });
});
