import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { badRequest } from '../lib/errors';
import { parseOrigin } from '../lib/origins';

/**
 * Security headers for every response. The CSP allows only this origin's scripts; styles may be
 * inline because React and Recharts set style attributes; sockets connect to this origin.
 */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/**
 * PayPal's JS SDK renders its buttons from its own origins (script, iframes, API calls, images).
 * They are allowed only when payments are configured, so a server without PayPal keeps the strict policy.
 */
const PAYPAL_ORIGINS = ['https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'];

export function buildContentSecurityPolicy(options: { payments: boolean; https: boolean }) {
  const paypal = options.payments ? PAYPAL_ORIGINS : [];
  return {
    ...contentSecurityPolicy,
    scriptSrc: [...contentSecurityPolicy.scriptSrc, ...paypal],
    imgSrc: [...contentSecurityPolicy.imgSrc, ...paypal],
    connectSrc: [...contentSecurityPolicy.connectSrc, ...paypal],
    frameSrc: options.payments ? PAYPAL_ORIGINS : ["'none'"],
    childSrc: options.payments ? PAYPAL_ORIGINS : ["'none'"],
    ...(options.https ? { upgradeInsecureRequests: [] } : {}),
  };
}

export const securityPlugin = fp(async (app: FastifyInstance) => {
  const { paypal } = app.config;
  const payments = Boolean(paypal.clientId && paypal.clientSecret && paypal.planId);
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: buildContentSecurityPolicy({ payments, https: app.config.secureCookies }),
    },
    // HSTS only makes sense when the public URL is https.
    strictTransportSecurity: app.config.secureCookies ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // PayPal's checkout opens a popup that reports back through window.opener.
    crossOriginOpenerPolicy: { policy: payments ? 'same-origin-allow-popups' : 'same-origin' },
  });
  // Helmet's headers, on every answer as @fastify/helmet set them (on the raw response, before any
  // route's own), without building Helmet's middleware again for each request as it did (issue 17).
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  // Clients served from another origin (CORS_ORIGINS) get that origin back, with credentials;
  // any other origin gets no CORS headers, so its browser keeps the answer from it.
  const corsOrigins = new Set(app.config.corsOrigins);
  // The preflight route answers CORS only and reads no session, like the static files.
  app.addHook('onRoute', (route) => {
    if (route.method === 'OPTIONS' && !route.config?.auth) route.config = { ...route.config, auth: 'static' };
  });
  await app.register(cors, {
    origin: (origin, callback) => {
      const parsed = origin === undefined ? null : parseOrigin(origin);
      callback(null, parsed !== null && corsOrigins.has(parsed) ? parsed : false);
    },
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Content-Type', 'Authorization', 'X-Requested-With', 'Accept'],
    exposedHeaders: ['X-Request-Id'],
    maxAge: 600,
    // A preflight's route declares no auth level; it only answers CORS.
    preflight: true,
    hideOptionsRoute: true,
  });
  // Answers of the API are for one user at one moment: never stored by the browser or a proxy.
  // (Hooks that never wait are written with `done`: an async one costs a promise per request.)
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.routeOptions.config?.auth !== 'static' && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
  // Only JSON bodies are parsed: forms and text/plain from another site are refused with 415.
  app.removeContentTypeParser('text/plain');
  // JSON bodies whose text has no \u0000 escape cannot hold U+0000 (JSON text has no raw control
  // characters): they are not walked below. A scan batch's walk was 3 % of the server's time.
  const nulFree = new WeakSet<object>();
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    if (!(text as string).includes('\\u0000')) nulFree.add(request);
    parseJson(request, text as string, done);
  });
  // PostgreSQL text cannot hold U+0000: such a value would fail in the query (a 500), so it is refused first.
  app.addHook('preValidation', (request, _reply, done) => {
    if (holdsNul(request.params) || holdsNul(request.query) || (!nulFree.has(request) && holdsNul(request.body))) {
      done(badRequest('The request holds a NUL character (\\u0000), which no field accepts.'));
      return;
    }
    done();
  });
});

/**
 * The headers Helmet sets with these options, read once by running its middleware against a
 * response that records them. None of them depends on the request (no CSP nonces, no directive
 * functions), so every answer gets the same list.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name, String(value));
      return recorder;
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure;
  return [...headers];
}

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  // Raw bodies (time clocks' uploads) are bytes, decoded by their routes: photos hold NUL bytes.
  if (Buffer.isBuffer(value)) return false;
  if (typeof value !== 'object' || value === null || depth > 32) return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || holdsNul(item, depth + 1)) return true;
  }
  return false;
}
