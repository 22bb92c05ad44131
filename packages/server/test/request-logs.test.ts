import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { loggerOptions } from '../src/lib/logger';
import { openTestDatabase } from './helpers/database';

/** Issue 34: `npm start`'s banner is not buried under a line per request. */
describe('request logs', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  /** The app built as main.ts builds it, its log lines collected; answers one request. */
  async function linesOfOneRequest(env: Record<string, string>) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'puna-test-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env });
    const lines: { msg: string; level: number }[] = [];
    const database = await openTestDatabase();
    const app = await buildApp(config, {
      database,
      logger: loggerOptions(config, { write: (line) => lines.push(JSON.parse(line)) }),
    });
    cleanups.push(async () => {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    });
    await app.ready();
    // What starting wrote (a warning that the web app is not built, on a fresh clone) is not the request's.
    const started = lines.length;
    const res = await app.inject({ method: 'GET', url: '/auth/check' });
    expect(res.statusCode).toBe(200);
    return { level: config.logLevel, lines: lines.slice(started) };
  }

  it('are off by default: LOG_LEVEL defaults to warn and a request writes no line', async () => {
    const { level, lines } = await linesOfOneRequest({});
    expect(level).toBe('warn');
    expect(lines.map((line) => line.msg)).toEqual([]);
  });

  it('come back with LOG_LEVEL=info', async () => {
    const { lines } = await linesOfOneRequest({ LOG_LEVEL: 'info' });
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });
});
