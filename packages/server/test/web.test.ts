import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';
// Large enough to be compressed (the threshold is 1 KiB).
const APP_JS = 'console.log("Puna web app");\n'.repeat(400);

/** A built web app in a temporary folder: index.html, one hashed asset and one unhashed file. */
async function makeWebDist(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'puna-web-'));
  await fs.mkdir(path.join(dir, 'assets'));
  await fs.writeFile(path.join(dir, 'index.html'), INDEX_HTML);
  await fs.writeFile(path.join(dir, 'assets', 'app-abc123.js'), APP_JS);
  await fs.writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe('serving the web app', () => {
  let ctx: TestContext;
  let webDir: string;
  beforeAll(async () => {
    webDir = await makeWebDist();
    ctx = await createTestApp({ WEB_DIST_DIR: webDir });
  });
  afterAll(async () => {
    await ctx.close();
    await fs.rm(webDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

  it.each(['/', '/login', '/kryepuntor/employee', '/datapuntoret', '/admin/employers/7', '/no/such/page'])(
    'answers the client route %s with index.html, never cached',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX_HTML);
    },
  );

  it('sends the CSP with the page too', async () => {
    const res = await get('/kryepuntor');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('caches a hashed asset for a year', async () => {
    const res = await get('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(APP_JS);
  });

  it('revalidates a file outside /assets', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('compresses a large asset with gzip when the browser accepts it', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(APP_JS.length);
    expect(gunzipSync(res.rawPayload).toString('utf8')).toBe(APP_JS);
  });

  it('still answers the API beside the web app', async () => {
    const res = await get('/healthz');
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it.each([
    ['GET', '/krye/unknown'],
    ['GET', '/api/unknown'],
    ['GET', '/auth/unknown'],
    ['POST', '/whatever'],
    ['DELETE', '/kryepuntor'],
  ] as const)('answers %s %s with 404 JSON, not the app', async (method, url) => {
    const res = await ctx.app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ Status: false, Error: `Not found: ${method} ${url}` });
  });

  it.each(['/assets/nope.js', '/assets/app-old999.css', '/robots.txt'])(
    'answers a missing file %s with 404 instead of the HTML page',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).not.toMatch(/html/);
      expect(res.json()).toMatchObject({ Status: false });
    },
  );
});

describe('serving without a built web app', () => {
  let ctx: TestContext;
  let emptyDir: string;
  beforeAll(async () => {
    emptyDir = await fs.mkdtemp(path.join(os.tmpdir(), 'puna-web-empty-'));
    ctx = await createTestApp({ WEB_DIST_DIR: emptyDir });
  });
  afterAll(async () => {
    await ctx.close();
    await fs.rm(emptyDir, { recursive: true, force: true });
  });

  it('says how to build it on a page request', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
  });

  it('keeps serving the API', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
  });
});
