import {
  resultEnvelope,
  ZAdminEmployer,
  ZAdminEmployersQuery,
  ZAdminLoginError,
  ZAdminLoginResponse,
  ZAuditEntry,
  ZAuditQuery,
  ZEmployerIdParams,
  ZErrorResponse,
  ZLoginChallengeResponse,
  ZLoginRequest,
  ZUpdateEmployerRequest,
} from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { errorResponses } from '../../lib/http';
import { setSessionCookie } from '../../plugins/auth';
import { depsFor } from '../../plugins/deps';
import { login } from '../auth/service';
import { listAudit } from './audit';
import { getEmployer, listEmployers, updateEmployer } from './employers';

/** The platform admin's routes over employer accounts; every one is admin-only. */
export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/auth/admin/login', {
    config: { auth: 'public' },
    schema: {
      tags: ['admin'],
      summary:
        'Log in as the platform admin (any other account is refused); sets the session cookie. With two-step verification on, answers a challenge instead (no session) for POST /auth/login/2fa.',
      body: ZLoginRequest,
      response: {
        200: z.union([ZAdminLoginResponse, ZLoginChallengeResponse]),
        400: ZErrorResponse,
        401: ZAdminLoginError,
        429: ZAdminLoginError,
      },
    },
    handler: async (request, reply) => {
      const deps = depsFor(app, request.log);
      try {
        const result = await login(
          deps,
          request.body,
          { ip: request.ip, userAgent: request.headers['user-agent'] },
          { adminOnly: true },
        );
        // Two-step verification: no cookie until POST /auth/login/2fa.
        if ('challenge' in result) return { success: true as const, ...result };
        setSessionCookie(reply, result.token, {
          rememberMe: request.body.rememberMe,
          expiresAt: result.expiresAt,
          secure: app.config.secureCookies,
        });
        return { success: true as const, token: result.token, redirectTo: result.redirectTo };
      } catch (error) {
        // The spec's admin form reads `message`.
        if (error instanceof AppError && (error.statusCode === 401 || error.statusCode === 429)) {
          throw new AppError(error.statusCode, error.message, { message: error.message });
        }
        throw error;
      }
    },
  });

  app.get('/auth/getEmployers', {
    config: { auth: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Every employer account; ?q= keeps those whose e-mail or company name contains the text',
      querystring: ZAdminEmployersQuery,
      response: { 200: resultEnvelope(z.array(ZAdminEmployer)), ...errorResponses },
    },
    handler: async (request) => ({ Status: true as const, Result: await listEmployers(app.deps, request.query) }),
  });

  app.get('/auth/getEmployers/:id', {
    config: { auth: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'One employer account (never a password or its hash)',
      params: ZEmployerIdParams,
      response: { 200: resultEnvelope(ZAdminEmployer), ...errorResponses },
    },
    handler: async (request) => ({ Status: true as const, Result: await getEmployer(app.deps, request.params.id) }),
  });

  app.put('/auth/updateEmployer/:id', {
    config: { auth: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        'Edit the plan: type, transaction_id, transaction_date, limit_workers (non-numeric or empty → 10); other fields are ignored',
      params: ZEmployerIdParams,
      body: ZUpdateEmployerRequest,
      response: { 200: resultEnvelope(ZAdminEmployer), ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await updateEmployer(app.deps, request.params.id, request.body),
    }),
  });

  app.get('/auth/admin/audit', {
    config: { auth: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Writes made while an admin viewed an employer account, newest first',
      querystring: ZAuditQuery,
      response: { 200: resultEnvelope(z.array(ZAuditEntry)), ...errorResponses },
    },
    handler: async (request) => ({ Status: true as const, Result: await listAudit(app.deps, request.query) }),
  });
}
