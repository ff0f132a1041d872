import path from 'node:path';
import { defineConfig } from 'vitest/config';

const web = path.resolve(import.meta.dirname, 'apps/web/app');

export default defineConfig({
  test: {
    // Two cores: files run in parallel forks, each with its own database.
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] },
      },
      {
        // Pure helpers of the benchmark (statistics, page draws, budgets, bundle sizes); the bench
        // itself is `npm run bench`, never part of the test suite.
        test: { name: 'bench', include: ['bench/**/*.test.ts'] },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.soak.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias: { '~': web } },
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          include: ['apps/web/app/**/*.test.{ts,tsx}', 'apps/web/scripts/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['apps/web/vitest.setup.ts'],
          // Typing with user-event takes seconds on two busy cores; 5 s (the default) cut such
          // tests off while a build or the browser tests ran beside them.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
