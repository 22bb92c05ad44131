import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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

export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...contentSecurityPolicy,
        ...(app.config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only makes sense when the public URL is https.
    strictTransportSecurity: app.config.secureCookies ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  // Only JSON bodies are parsed: forms and text/plain from another site are refused with 415.
  app.removeContentTypeParser('text/plain');
});
