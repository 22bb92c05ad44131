import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors';

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
  await app.register(helmet, {
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
  // Only JSON bodies are parsed: forms and text/plain from another site are refused with 415.
  app.removeContentTypeParser('text/plain');
  // PostgreSQL text cannot hold U+0000: such a value would fail in the query (a 500), so it is refused first.
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      throw badRequest('The request holds a NUL character (\\u0000), which no field accepts.');
    }
  });
});

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (typeof value !== 'object' || value === null || depth > 32) return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || holdsNul(item, depth + 1)) return true;
  }
  return false;
}
