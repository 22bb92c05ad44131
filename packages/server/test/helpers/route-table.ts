import type { RouteOptions } from 'fastify';
import type { AuthLevel } from '../../src/plugins/auth';

export type ApiRoute = {
  method: string;
  url: string;
  auth: AuthLevel;
  premium: boolean;
  schema: NonNullable<RouteOptions['schema']>;
};

/**
 * The API routes of an app (everything but the web app's and the docs UI's files), one per method and
 * path; HEAD twins left out. `registered` is what `buildApp`'s `onRoute` was told (`TestContext.routes`).
 */
export function apiRouteTable(registered: readonly RouteOptions[]): ApiRoute[] {
  const seen = new Set<string>();
  const table: ApiRoute[] = [];
  for (const route of registered) {
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
