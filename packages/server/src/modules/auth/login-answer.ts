import type { FastifyReply } from 'fastify';
import { setSessionCookie } from '../../plugins/auth';
import type { LoginResult } from './service';

/**
 * A login's answer, by password alone or after its second step: the session cookie set and the body
 * the spec's client reads (`token`, `userType`, `isAdmin`, `redirectTo`).
 */
export function loginAnswer(
  reply: FastifyReply,
  result: LoginResult,
  cookie: { rememberMe: boolean; secure: boolean },
) {
  setSessionCookie(reply, result.token, { ...cookie, expiresAt: result.expiresAt });
  return {
    success: true as const,
    token: result.token,
    userType: result.userType,
    isAdmin: result.isAdmin,
    redirectTo: result.redirectTo,
  };
}
