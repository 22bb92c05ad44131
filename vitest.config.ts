import { defineConfig } from 'vitest/config';

const server = {
  name: 'server',
  include: ['packages/server/src/**/*.test.ts', 'packages/server/test/**/*.test.ts'],
  environment: 'node' as const,
  // Every test database starts as a copy of one migrated template made once per run.
  globalSetup: ['packages/server/test/helpers/global-setup.ts'],
  // Each file builds its own app on its own database; argon2 and PGlite take a while on a busy machine.
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // Test files share one module graph per worker (the server is imported once per worker, not once
    // per file); each file's app, database and data folder are still its own. No suite mocks modules.
    isolate: false,
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' } },
      { test: server },
      { test: { name: 'web', include: ['packages/web/src/**/*.test.{ts,tsx}'], environment: 'node' } },
    ],
  },
});
