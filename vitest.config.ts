import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts', 'packages/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['packages/server/test/helpers/global-setup.ts'],
          // Each file builds its own app on its own fresh database; argon2 and PGlite start-up take a while.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', include: ['packages/web/src/**/*.test.{ts,tsx}'], environment: 'node' } },
    ],
  },
});
