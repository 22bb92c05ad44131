import { messages, ZEmployerIdParams, ZErrorResponse, ZRedirectResponse } from '@puna/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../lib/errors';
import { errorResponses } from '../../lib/http';
import {
  ADMIN_SESSION_COOKIE,
  clearAdminSessionCookie,
  clearSessionCookie,
  setAdminSessionCookie,
  setSessionCookie,
} from '../../plugins/auth';
import { endImpersonation, startImpersonation } from './impersonation';

function sessionOf(request: FastifyRequest) {
  if (!request.session) throw unauthorized();
  return request.session;
}

const ADMIN_SESSION_ENDED = messages.adminSessionEnded;

/**
 * Secure impersonation: the admin's session moves aside into its own httpOnly cookie while the
 * browser holds a short session of the employer marked with the admin; Go Back swaps them back.
 */
export async function impersonationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/auth/admin/impersonate/:id', {
    config: { auth: 'admin' },
    schema: {
      tags: ['admin'],
      summary: "View the employer's account as the admin (a 2-hour session marked with the admin; writes are audited)",
      params: ZEmployerIdParams,
      body: z.strictObject({}).nullish(),
      response: { 200: ZRedirectResponse, ...errorResponses },
    },
    handler: async (request, reply) => {
      const admin = sessionOf(request);
      const impersonation = await startImpersonation(app.db, admin, request.params.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      const secure = app.config.secureCookies;
      setAdminSessionCookie(reply, admin.token, { rememberMe: admin.rememberMe, expiresAt: admin.expiresAt, secure });
      setSessionCookie(reply, impersonation.token, { rememberMe: false, expiresAt: impersonation.expiresAt, secure });
      return { Status: true as const, redirectTo: '/kryepuntor' };
    },
  });

  app.post('/auth/goback', {
    // Public, so a browser whose impersonation already ended (the admin logged out elsewhere)
    // still gets its cookies cleared and a sentence; without a session it answers 401.
    config: { auth: 'public' },
    schema: {
      tags: ['admin'],
      summary: "End viewing an employer's account and restore the admin's session (400 when not impersonating)",
      body: z.strictObject({}).nullish(),
      response: { 200: ZRedirectResponse, 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse },
    },
    handler: async (request, reply) => {
      if (!request.session) {
        clearSessionCookie(reply);
        clearAdminSessionCookie(reply);
        return reply.status(401).send({ Status: false, Error: ADMIN_SESSION_ENDED, code: 'adminSessionEnded' });
      }
      const impersonation = request.session;
      const admin = await endImpersonation(app.db, impersonation, request.cookies[ADMIN_SESSION_COOKIE]);
      app.realtime.disconnectSession(impersonation.sessionId);
      clearAdminSessionCookie(reply);
      if (!admin) {
        clearSessionCookie(reply);
        return reply.status(401).send({ Status: false, Error: ADMIN_SESSION_ENDED, code: 'adminSessionEnded' });
      }
      setSessionCookie(reply, admin.token, {
        rememberMe: admin.rememberMe,
        expiresAt: admin.expiresAt,
        secure: app.config.secureCookies,
      });
      return { Status: true as const, redirectTo: '/admin' };
    },
  });
}
