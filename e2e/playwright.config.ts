import fs from 'node:fs';
import os from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL, dataDir, PORT } from './support/env';

const DATA_DIR = dataDir();

/** Debian's headless shell of Chromium when installed (lighter: docs/testing.md), else its full Chromium. */
function defaultChromium(): string {
  const shell = '/usr/lib/chromium/chromium-headless-shell';
  return fs.existsSync(shell) ? shell : '/usr/bin/chromium';
}

export default defineConfig({
  testDir: './specs',
  globalTeardown: './support/global-teardown.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // One server serves every worker; more workers than cores only adds contention.
  workers: Math.min(4, Math.max(2, os.cpus().length)),
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: BASE_URL,
    // Recording a trace costs every test CPU (a DOM snapshot per action); in CI, where a failed test
    // is run once more, the retry records one, so a failure still comes with its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'sq-AL',
    // As a person who asked their system for less motion: transitions end at once (index.css), so
    // no check waits for a fade and Chromium draws no in-between frames.
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Debian's Chromium, its headless shell when installed (or CHROMIUM_PATH from `npm test`);
        // Playwright's browser downloads are never used.
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH || defaultChromium(),
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node ../packages/server/dist/main.js',
    cwd: import.meta.dirname,
    url: `${BASE_URL}/readyz`,
    reuseExistingServer: false,
    // A first start creates the embedded database in a child process: on a loaded 2-core machine
    // (load 20) that took over a minute.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE_URL,
      DATA_DIR,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // Durability is proved by its own suite; here a commit need not wait for the disk.
      PGLITE_FSYNC: 'off',
      // Every browser test user comes from 127.0.0.1; per-account limits stay as in production.
      IP_RATE_LIMIT_FACTOR: '20',
      // One test sends 55 messages in a few seconds (paging); a person never types that fast.
      CHAT_RATE_LIMIT: '100',
    },
  },
});
