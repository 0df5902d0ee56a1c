import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/** One runner, four projects: `npm run test:unit` runs the quick three, test:integration the database one. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server-unit',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.routes.test.ts', 'apps/server/src/**/*.integration.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server-integration',
          include: ['apps/server/src/**/*.routes.test.ts', 'apps/server/src/**/*.integration.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          pool: 'forks',
          maxWorkers: 2,
          // Each file builds its own app on its own database (test-app.ts), so the server's modules are
          // loaded once per worker instead of once per file (that load was a third of the run).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(existsSync('apps/web/vitest.config.ts') ? ['./apps/web/vitest.config.ts'] : []),
    ],
  },
});
