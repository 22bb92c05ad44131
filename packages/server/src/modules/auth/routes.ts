import {
  ZAuthCheckLoginResponse,
  ZAuthCheckProtectedResponse,
  ZAuthCheckResponse,
  ZErrorResponse,
  ZLoginChallengeResponse,
  ZLoginRequest,
  ZLoginResponse,
  ZLogoutResponse,
  ZMessageResponse,
  ZResendCodeRequest,
  ZSessionProbeResponse,
  ZSignupRequest,
  ZVerifyRequest,
  ZVerifyTokenResponse,
} from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toSessionUser } from '../../lib/actor';
import {
  ADMIN_SESSION_COOKIE,
  actorOf,
  clearAdminSessionCookie,
  clearSessionCookie,
  setSessionCookie,
} from '../../plugins/auth';
import { impersonationsOf, revokeSession, revokeWaitingAdminSession } from '../../plugins/sessions';
import { loginAnswer } from './login-answer';
import * as auth from './service';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  409: ZErrorResponse,
  429: ZErrorResponse,
};

/** A refused login keeps the spec's `success`/`error` fields and tells an unverified user to verify first. */
const ZLoginError = ZErrorResponse.extend({
  success: z.literal(false).optional(),
  error: z.string().optional(),
  needsVerification: z.boolean().optional(),
});

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/auth/signup', {
    config: { auth: 'public' },
    schema: {
      tags: ['auth'],
      summary:
        'Sign up as an employer; mails a 6-digit code. The same answer for every address: a pending sign-up only gets a new code (its password and company never change), an existing account gets a notice mail.',
      body: ZSignupRequest,
      response: { 201: ZMessageResponse, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await auth.signup(app.deps, request.body, request.ip)),
  });

  app.post('/auth/resend-code', {
    config: { auth: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Mail a new verification code to a pending sign-up (the same answer for every address)',
      body: ZResendCodeRequest,
      response: { 200: ZMessageResponse, ...errors },
    },
    handler: async (request) => auth.resendCode(app.deps, request.body.email, request.ip),
  });

  app.post('/auth/verify', {
    config: { auth: 'public' },
    schema: {
      tags: ['auth'],
      summary:
        'Verify a pending sign-up with its code (valid 15 minutes, at most 5 tries) and sign the new employer in (the session cookie, as a login without rememberMe); any other address answers like a wrong code',
      body: ZVerifyRequest,
      response: { 200: ZMessageResponse, ...errors },
    },
    handler: async (request, reply) => {
      const verified = await auth.verifyEmail(app.deps, request.body, request.ip);
      // The code proved the mailbox and the password was set at sign-up: the owner goes straight on
      // to the dashboard instead of typing both again (issue 34). The answer keeps the spec's fields.
      const session = await auth.openLoginSession(app.deps, verified.userId, false, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      setSessionCookie(reply, session.token, {
        rememberMe: false,
        secure: app.config.secureCookies,
        expiresAt: session.expiresAt,
      });
      return { message: verified.message };
    },
  });

  app.post('/auth/login', {
    config: { auth: 'public' },
    schema: {
      tags: ['auth'],
      summary:
        'Log in; sets the session cookie and returns the token for Bearer use. With two-step verification on, answers a challenge instead (no session) for POST /auth/login/2fa.',
      body: ZLoginRequest,
      response: {
        200: z.union([ZLoginResponse, ZLoginChallengeResponse]),
        ...errors,
        401: ZLoginError,
        403: ZLoginError,
      },
    },
    handler: async (request, reply) => {
      const result = await auth.login(app.deps, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      // Two-step verification: no cookie until POST /auth/login/2fa.
      if ('challenge' in result) return { success: true as const, ...result };
      return loginAnswer(reply, result, { rememberMe: request.body.rememberMe, secure: app.config.secureCookies });
    },
  });

  app.post('/auth/logout', {
    config: { auth: 'public' },
    schema: {
      tags: ['auth'],
      summary: "Revoke the current session (while viewing an account as admin, the admin's too) and clear the cookies",
      // The spec sends an empty body; Fastify hands that over as null.
      body: z.strictObject({}).nullish(),
      response: { 200: ZLogoutResponse, ...errors },
    },
    handler: async (request, reply) => {
      if (request.session) {
        // An admin's own session takes the impersonations opened from it along (their sockets too).
        for (const sessionId of await impersonationsOf(app.db, request.session.sessionId)) {
          app.realtime.disconnectSession(sessionId);
        }
        await revokeSession(app.db, request.session.sessionId);
        await revokeWaitingAdminSession(app.db, request.session, request.cookies[ADMIN_SESSION_COOKIE]);
        // Its open sockets close now, on every process (other processes' checks would within 15 s).
        app.realtime.disconnectSession(request.session.sessionId);
      }
      clearSessionCookie(reply);
      clearAdminSessionCookie(reply);
      return { success: true };
    },
  });

  app.get('/auth/check', {
    config: { auth: 'public' },
    schema: { tags: ['auth'], summary: 'Who is logged in, if anyone', response: { 200: ZAuthCheckResponse } },
    handler: async (request) =>
      request.session ? { authenticated: true, user: toSessionUser(request.session.actor) } : { authenticated: false },
  });

  app.get('/auth/session', {
    config: { auth: 'public' },
    schema: {
      tags: ['auth'],
      summary:
        "Who is signed in, for a public page's first look: always 200, `Result` null for a visitor (GET /verify answers a visitor 401)",
      response: { 200: ZSessionProbeResponse },
    },
    handler: async (request) => {
      if (!request.session) return { Status: true as const, Result: null };
      const user = toSessionUser(request.session.actor);
      return { Status: true as const, Result: { role: user.role, id: user.id } };
    },
  });

  app.get('/auth/check/login', {
    config: { auth: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Whether a session exists; echoes a Bearer token, never the cookie',
      response: { 200: ZAuthCheckLoginResponse },
    },
    handler: async (request) => ({
      authenticated: request.session !== null,
      // The cookie is httpOnly on purpose; only a token the caller already holds is echoed.
      token: request.sessionSource === 'bearer' ? (request.session?.token ?? null) : null,
    }),
  });

  app.get('/auth/check/protected', {
    config: { auth: 'user' },
    schema: {
      tags: ['auth'],
      summary: 'The logged-in user with subscription type',
      response: { 200: ZAuthCheckProtectedResponse, 401: ZErrorResponse },
    },
    handler: async (request) => {
      const user = toSessionUser(actorOf(request));
      return {
        user: { userId: user.id, userType: user.userType, subscriptionType: user.type, isAdmin: user.role === 'admin' },
      };
    },
  });

  app.get('/verify', {
    config: { auth: 'user' },
    schema: {
      tags: ['auth'],
      summary: 'Verify the presented session',
      response: { 200: ZVerifyTokenResponse, 401: ZErrorResponse },
    },
    handler: async (request) => {
      const user = toSessionUser(actorOf(request));
      return { Status: true, role: user.role, id: user.id };
    },
  });
}
