import { PREMIUM_REQUIRED_MESSAGE, ZPremiumRequiredResponse } from '@puna/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { findSession, type SessionContext } from '../modules/auth/sessions';

/**
 * Who may call a route. Every route declares one (`config.auth`); routes without one refuse to
 * register, so nothing is public by accident.
 * - public: anyone; the session is still read when present.
 * - user: any logged-in user.
 * - employer / worker / admin: that kind of user only.
 * - device: authenticated by the device's own credentials in the route itself.
 * - static: the web app's files and the API docs.
 */
export type AuthLevel = 'public' | 'user' | 'employer' | 'worker' | 'admin' | 'device' | 'static';

export const SESSION_COOKIE = 'puna_session';
/** While an admin views an employer's account, the admin's own session waits in this cookie. */
export const ADMIN_SESSION_COOKIE = 'puna_admin_session';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
    /** Part of Puna Premium: a basic employer (or its worker) is refused with 403 `premiumRequired`. */
    premium?: boolean;
  }
  interface FastifyRequest {
    session: SessionContext | null;
    /** How the session was presented: CSRF checks apply only to cookies. */
    sessionSource: 'cookie' | 'bearer' | null;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function readToken(request: FastifyRequest): { token: string; source: 'cookie' | 'bearer' } | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice('Bearer '.length).trim();
    if (token) return { token, source: 'bearer' };
  }
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, source: 'cookie' } : null;
}

/**
 * A browser sends cookies with cross-site form posts only where SameSite allows, and a form can't
 * send JSON or custom headers without a CORS preflight (which this server never grants). So a
 * cookie-authenticated write must carry JSON or `X-Requested-With`, and a foreign Origin is refused.
 */
function assertNotCrossSite(request: FastifyRequest, publicUrl: string): void {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') {
    const host = request.headers.host;
    const allowed = origin === publicUrl || (host !== undefined && new URL(origin).host === host);
    if (!allowed) throw forbidden('Cross-site requests are not allowed.');
  } else if (origin === 'null') {
    throw forbidden('Cross-site requests are not allowed.');
  }
  const contentType = request.headers['content-type'] ?? '';
  if (!contentType.startsWith('application/json') && !request.headers['x-requested-with']) {
    throw forbidden('This request must be sent by the Puna app (JSON or X-Requested-With header).');
  }
}

/** A cleared cookie carries the attributes it was set with, so no Set-Cookie of Puna's ever lacks them. */
function clearTokenCookie(reply: FastifyReply, name: string): void {
  reply.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure: reply.server.config.secureCookies });
}

export function clearSessionCookie(reply: FastifyReply): void {
  clearTokenCookie(reply, SESSION_COOKIE);
}

export function clearAdminSessionCookie(reply: FastifyReply): void {
  clearTokenCookie(reply, ADMIN_SESSION_COOKIE);
}

type SessionCookieOptions = { rememberMe: boolean; expiresAt: Date; secure: boolean };

export function setSessionCookie(reply: FastifyReply, token: string, options: SessionCookieOptions): void {
  setTokenCookie(reply, SESSION_COOKIE, token, options);
}

export function setAdminSessionCookie(reply: FastifyReply, token: string, options: SessionCookieOptions): void {
  setTokenCookie(reply, ADMIN_SESSION_COOKIE, token, options);
}

function setTokenCookie(reply: FastifyReply, name: string, token: string, options: SessionCookieOptions): void {
  reply.setCookie(name, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    // Without rememberMe the cookie lives as long as the browser session; the server caps it anyway.
    ...(options.rememberMe ? { expires: options.expiresAt } : {}),
  });
}

/**
 * An onRoute hook for an encapsulated context holding only a third-party plugin's file routes (the
 * web app, the API docs UI), which cannot declare an auth level themselves.
 */
export function declareStaticRoute(route: RouteOptions): void {
  route.config = { ...route.config, auth: 'static' };
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('session', null);
  app.decorateRequest('sessionSource', null);

  app.addHook('onRoute', (route) => {
    if (!route.config?.auth) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.auth`);
    }
    // The 403 of a premium route carries `premiumRequired`; the response schema must let it through.
    if (route.config.premium) {
      route.schema = {
        ...route.schema,
        response: { ...asRecord(route.schema?.response), 403: ZPremiumRequiredResponse },
      };
    }
  });

  app.addHook('onRequest', async (request) => {
    const level = request.routeOptions.config.auth;
    if (level === 'device' || level === 'static' || level === undefined) return;
    const presented = readToken(request);
    if (presented) {
      request.session = await findSession(app.db, presented.token);
      request.sessionSource = request.session ? presented.source : null;
    }
    if (request.sessionSource === 'cookie' && UNSAFE_METHODS.has(request.method)) {
      assertNotCrossSite(request, app.config.publicUrl);
    }
    if (level === 'public') return;
    const user = request.session?.user;
    if (!user) throw unauthorized();
    if (level !== 'user' && user.role !== level) throw forbidden();
    // Read from the employer's row on every request, so a granted or ended plan applies at once.
    if (request.routeOptions.config.premium && user.role !== 'admin' && user.type !== 'premium') {
      throw new AppError(403, PREMIUM_REQUIRED_MESSAGE, { premiumRequired: true });
    }
  });
});

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** The caller of a route whose auth level guarantees a session. */
export function actorOf(request: FastifyRequest): SessionContext['user'] {
  const user = request.session?.user;
  if (!user) throw unauthorized();
  return user;
}
