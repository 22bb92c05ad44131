import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { declareStaticRoute } from './auth';

/** First path segments that belong to the API: unknown paths under them answer 404 JSON, never the app. */
const API_PREFIXES = [
  'api',
  'auth',
  'krye',
  'chat',
  'notifications',
  'verify',
  'contact',
  'device',
  'iclock',
  'healthz',
  'readyz',
  'socket.io',
];

export function isApiPath(url: string): boolean {
  const first = url.split('?')[0]?.split('/')[1] ?? '';
  return API_PREFIXES.includes(first);
}

function notFoundJson(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ Status: false, Error: `Not found: ${request.method} ${request.url.split('?')[0]}` });
}

/**
 * Serves the built web app: hashed files under /assets cached for a year, everything else
 * revalidated, and index.html for every client route (SPA fallback).
 */
export const webPlugin = fp(async (app: FastifyInstance) => {
  const root = app.config.webDistDir;
  const indexFile = path.join(root, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);

  if (hasWebApp) {
    // Encapsulated so that only the file routes are declared 'static'.
    await app.register(async (files) => {
      files.addHook('onRoute', declareStaticRoute);
      await files.register(fastifyStatic, {
        root,
        index: false,
        wildcard: false,
        // Otherwise send's own `public, max-age=0` overwrites the header set below.
        cacheControl: false,
        setHeaders(res, filePath) {
          const immutable = filePath.startsWith(path.join(root, 'assets') + path.sep);
          res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    });
  } else {
    app.log.warn({ root }, 'web app not built: run `npm run build` (API still served)');
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    if (!isPage) return notFoundJson(request, reply);
    // A missing file with an extension is a 404, not the app (a stale asset must not get HTML).
    if (/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '')) return notFoundJson(request, reply);
    if (!hasWebApp) {
      return reply.status(503).type('text/plain').send('The Puna web app is not built. Run `npm run build`.');
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').send(fs.createReadStream(indexFile));
  });
});
