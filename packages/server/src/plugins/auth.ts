import { messages, PREMIUM_REQUIRED_MESSAGE, ZPremiumRequiredResponse } from '@puna/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import type { Actor } from '../lib/actor';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { isTrustedOrigin } from '../lib/origins';
import { findSession, type SessionContext } from './sessions';

/**
 * Who may call a route. Every route declares one (`config.auth`); routes without one refuse to
 * register, so nothing is public by accident.
 * - public: anyone; the session is still read when present.
 * - user: any logged-in user.
 * - employer / worker / admin: that kind of user only.
 * - device: authenticated by the device's own credentials in the route itself.
 * - static: the web app's files, the API docs and CORS preflights (no session is read).
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
 * CSRF by Fetch Metadata and Origin. A browser always says where a write comes from: `Origin` on
 * every cross-origin request and on same-origin POST/PUT/DELETE, and `Sec-Fetch-Site` in current
 * browsers. A cookie-authenticated write is refused when its Origin is foreign, `null` or
 * malformed, or, without an Origin, when Sec-Fetch-Site says another site sent it. Anything else
 * passes whatever its body or content type, so the spec's bodiless calls work from the app's own
 * origin (and from an origin listed in CORS_ORIGINS). Only JSON bodies are parsed (security plugin).
 */
function assertNotCrossSite(request: FastifyRequest, config: AppConfig): void {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (!isTrustedOrigin(origin, request.headers.host, config)) throw forbidden(CROSS_SITE_REFUSED);
    return;
  }
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') throw forbidden(CROSS_SITE_REFUSED);
}

export const CROSS_SITE_REFUSED = messages.crossSiteRefused;

/** A cleared cookie carries the attributes it was set with, so no Set-Cookie of Puna's ever lacks them. */
function clearTokenCookie(reply: FastifyReply, name: string): void {
  const { cookieSameSite, secureCookies } = reply.server.config;
  reply.clearCookie(name, { path: '/', httpOnly: true, sameSite: cookieSameSite, secure: secureCookies });
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
    sameSite: reply.server.config.cookieSameSite,
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
      assertNotCrossSite(request, app.config);
    }
    if (level === 'public') return;
    const actor = request.session?.actor;
    if (!actor) throw unauthorized();
    if (level !== 'user' && actor.kind !== level) throw forbidden();
    // Read from the employer's row on every request, so a granted or ended plan applies at once.
    if (request.routeOptions.config.premium && actor.kind !== 'admin' && actor.plan !== 'premium') {
      throw new AppError(403, PREMIUM_REQUIRED_MESSAGE, { premiumRequired: true });
    }
  });
});

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** The caller of a route whose auth level guarantees a session. */
export function actorOf(request: FastifyRequest): Actor {
  const actor = request.session?.actor;
  if (!actor) throw unauthorized();
  return actor;
}
