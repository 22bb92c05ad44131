import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';

describe('OpenAPI document and UI', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('serves a JSON document listing the API from the route schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });

    expect(res.statusCode).toBe(200);
    const doc = JSON.parse(res.body);
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/auth/signup',
        '/auth/verify',
        '/auth/login',
        '/auth/logout',
        '/auth/check',
        '/contact',
        '/healthz',
      ]),
    );
    const loginBody = doc.paths['/auth/login'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(loginBody.properties)).toEqual(expect.arrayContaining(['email', 'password', 'rememberMe']));
    expect(doc.paths['/auth/login'].post.responses).toHaveProperty('200');
  });

  it('leaves its own and the static routes out of the document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/docs'))).toEqual([]);
  });

  it('serves the UI as HTML', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('swagger');
  });
});
