import {
  ZChangeEmailRequest,
  ZChangePasswordRequest,
  ZChangePasswordResponse,
  ZConfirmEmailRequest,
  ZEmailChangedResponse,
  ZErrorResponse,
  ZForgotPasswordRequest,
  ZIdParams,
  ZMessageResponse,
  ZResetPasswordRequest,
} from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http';
import { actorOf, setSessionCookie } from '../../plugins/auth';
import {
  changePassword,
  confirmEmailChange,
  forgotPassword,
  recoveryMailsSent,
  requestEmailChange,
  resetPassword,
} from './account';

const errors = { ...errorResponses, 409: ZErrorResponse, 429: ZErrorResponse };

/** Password recovery, password change (employers and workers) and the employer's e-mail change. */
export async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Recovery mails go out after their answer: a closing app sends those under way first.
  app.addHook('onClose', recoveryMailsSent);

  app.post('/auth/password/forgot', {
    config: { auth: 'public' },
    schema: {
      tags: ['auth'],
      summary:
        'Mail a 6-digit code to set a new password (valid 30 minutes, single use, 5 tries). The same answer for every address.',
      body: ZForgotPasswordRequest,
      response: { 200: ZMessageResponse, ...errors },
    },
    handler: async (request) => forgotPassword(app.deps, request.body.email, request.ip),
  });

  app.post('/auth/password/reset', {
    config: { auth: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Set a new password with the mailed code; every session of that login is revoked',
      body: ZResetPasswordRequest,
      response: { 200: ZMessageResponse, ...errors },
    },
    handler: async (request) => resetPassword(app.deps, request.body, request.ip),
  });

  app.put('/auth/changepassword/:id', {
    config: { auth: 'user' },
    schema: {
      tags: ['auth'],
      summary:
        "Change one's own password (a worker: its employee id; an employer: its employer id). At most 5 wrong current passwords per 15 minutes. Every session of the login is revoked; the answer carries the caller's new token (also set as the cookie).",
      params: ZIdParams,
      body: ZChangePasswordRequest,
      response: { 200: ZChangePasswordResponse, ...errors },
    },
    handler: async (request, reply) => {
      const rememberMe = request.session?.rememberMe ?? false;
      const session = await changePassword(app.deps, actorOf(request), request.params.id, request.body, {
        rememberMe,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      setSessionCookie(reply, session.token, {
        rememberMe,
        expiresAt: session.expiresAt,
        secure: app.config.secureCookies,
      });
      return { Status: true as const, token: session.token };
    },
  });

  app.post('/auth/email/change', {
    config: { auth: 'employer' },
    schema: {
      tags: ['auth'],
      summary:
        "Ask to move the employer's login to another address (current password required); a code is mailed to the new address",
      body: ZChangeEmailRequest,
      response: { 200: ZMessageResponse, ...errors },
    },
    handler: async (request) => requestEmailChange(app.deps, actorOf(request), request.body, request.ip),
  });

  app.post('/auth/email/confirm', {
    config: { auth: 'employer' },
    schema: {
      tags: ['auth'],
      summary: 'Confirm the e-mail change with the code mailed to the new address',
      body: ZConfirmEmailRequest,
      response: { 200: ZEmailChangedResponse, ...errors },
    },
    handler: async (request) => confirmEmailChange(app.deps, actorOf(request), request.body),
  });
}
