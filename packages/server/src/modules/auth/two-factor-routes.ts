import {
  ZErrorResponse,
  ZLoginResponse,
  ZLoginTwoFactorRequest,
  ZTwoFactorDisableRequest,
  ZTwoFactorEnableRequest,
  ZTwoFactorEnableResponse,
  ZTwoFactorSetupRequest,
  ZTwoFactorSetupResponse,
  ZTwoFactorStatus,
} from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http';
import { actorOf } from '../../plugins/auth';
import { loginAnswer } from './login-answer';
import { openLoginSession } from './service';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor, twoFactorStatus } from './two-factor';
import { passLoginChallenge } from './two-factor-login';

const errors = { ...errorResponses, 429: ZErrorResponse };

/** Two-step verification (two-factor.ts): the account page's settings and the login's code step. */
export async function twoFactorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/auth/2fa', {
    config: { auth: 'user' },
    schema: {
      tags: ['auth'],
      summary:
        "Whether the caller's login (an employer or the admin) has two-step verification, and its unused recovery codes",
      response: { 200: ZTwoFactorStatus, ...errors },
    },
    handler: async (request) => twoFactorStatus(app.deps, actorOf(request)),
  });

  app.post('/auth/2fa/setup', {
    config: { auth: 'user' },
    schema: {
      tags: ['auth'],
      summary:
        'Start (or move to another app) two-step verification with the current password: a new secret, answered this once, waits for its first code',
      body: ZTwoFactorSetupRequest,
      response: { 200: ZTwoFactorSetupResponse, ...errors },
    },
    handler: async (request) => setupTwoFactor(app.deps, actorOf(request), request.body),
  });

  app.post('/auth/2fa/enable', {
    config: { auth: 'user' },
    schema: {
      tags: ['auth'],
      summary: 'Confirm the new secret with its first code; answers ten single-use recovery codes, shown this once',
      body: ZTwoFactorEnableRequest,
      response: { 200: ZTwoFactorEnableResponse, ...errors },
    },
    handler: async (request) => enableTwoFactor(app.deps, actorOf(request), request.body),
  });

  app.post('/auth/2fa/disable', {
    config: { auth: 'user' },
    schema: {
      tags: ['auth'],
      summary: 'Turn two-step verification off with the current password and a code (employers; the admin keeps it)',
      body: ZTwoFactorDisableRequest,
      response: { 200: z.object({ Status: z.literal(true), message: z.string() }), ...errors },
    },
    handler: async (request) => disableTwoFactor(app.deps, actorOf(request), request.body),
  });

  app.post('/auth/login/2fa', {
    config: { auth: 'public' },
    schema: {
      tags: ['auth'],
      summary:
        "Finish a login with two-step verification: the login's challenge (5 minutes, single use, 5 tries) and a code from the app or a recovery code; answers as POST /auth/login and sets the cookie",
      body: ZLoginTwoFactorRequest,
      response: { 200: ZLoginResponse, ...errors },
    },
    handler: async (request, reply) => {
      const passed = await passLoginChallenge(app.deps, request.body);
      const result = await openLoginSession(app.deps, passed.userId, passed.rememberMe, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return loginAnswer(reply, result, { rememberMe: passed.rememberMe, secure: app.config.secureCookies });
    },
  });
}
