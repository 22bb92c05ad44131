import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { openTestDatabase } from './helpers/database';

const AUTH_LEVELS = ['public', 'user', 'employer', 'worker', 'admin', 'device', 'static'];

describe('route declarations', () => {
  /** The routes the built app registered (the tests below add more to the app afterwards). */
  const registered: RouteOptions[] = [];
  let app: App;
  let database: Database;
  let dataDir: string;
  let webDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'puna-test-'));
    // A built web app, so its static file routes are registered and checked too.
    webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'puna-web-'));
    await fs.mkdir(path.join(webDir, 'assets'));
    await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html>');
    await fs.writeFile(path.join(webDir, 'assets', 'app-abc123.js'), '');
    database = await openTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST_DIR: webDir });
    // Not made ready yet: the last test still registers routes.
    const recording: RouteOptions[] = [];
    app = await buildApp(config, { database, logger: false, onRoute: (route) => recording.push(route) });
    registered.push(...recording);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(webDir, { recursive: true, force: true });
  });

  it('declares an auth level on every route of the built app', () => {
    const urls = registered.map((route) => route.url);
    expect(urls).toEqual(
      expect.arrayContaining(['/auth/login', '/contact', '/api/docs/json', '/assets/app-abc123.js']),
    );
    const undeclared = registered
      .filter((route) => !AUTH_LEVELS.includes(route.config?.auth ?? ''))
      .map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  it('refuses to register a route that declares no auth level', () => {
    expect(() => app.get('/forgotten', async () => 'open to all')).toThrow(
      'Route GET /forgotten does not declare config.auth',
    );
  });

  it('registers a route that declares its auth level', async () => {
    app.get('/declared', { config: { auth: 'public' } }, async () => ({ ok: true }));
    const res = await app.inject({ method: 'GET', url: '/declared' });
    expect(res.json()).toEqual({ ok: true });
  });
});
