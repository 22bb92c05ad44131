import type { RouteOptions } from 'fastify';
import type { AuthLevel } from '../../src/plugins/auth';

/**
 * Every route any plugin registers, in registration order. Filled by `recordingFastify`, which a test
 * file installs with
 * `vi.mock('fastify', async (original) => (await import('./helpers/route-table')).recordingFastify(await original()))`
 * so that the hook sits on the root instance before any plugin adds a route.
 */
export const registeredRoutes: RouteOptions[] = [];

type FastifyModule = typeof import('fastify');

export function recordingFastify(original: FastifyModule): FastifyModule {
  const recording = ((options?: object) => {
    const instance = original.default(options);
    instance.addHook('onRoute', (route) => {
      registeredRoutes.push(route);
    });
    return instance;
  }) as unknown as FastifyModule['default'];
  return { ...original, default: recording } as unknown as FastifyModule;
}

export type ApiRoute = {
  method: string;
  url: string;
  auth: AuthLevel;
  premium: boolean;
  schema: NonNullable<RouteOptions['schema']>;
};

/** The API routes (everything but the web app's and the docs UI's files), one per method and path; HEAD twins left out. */
export function apiRouteTable(): ApiRoute[] {
  const seen = new Set<string>();
  const table: ApiRoute[] = [];
  for (const route of registeredRoutes) {
    const auth = route.config?.auth;
    if (!auth || auth === 'static') continue;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const key = `${method} ${route.url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      table.push({ method, url: route.url, auth, premium: route.config?.premium === true, schema: route.schema ?? {} });
    }
  }
  return table;
}

export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
