import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const web = path.resolve(import.meta.dirname, 'apps/web/app');

/**
 * The test files under `dir` that replace a module with `vi.mock` or `vi.doMock`. Such a mock only
 * takes hold where the module registry is fresh, so these files run isolated (a new module graph
 * per file); every other file shares its worker's modules with the files before it. Importing the
 * server or the storefront once per worker instead of once per file took the Vitest run here from
 * ~8.5 to ~5 minutes; a file that mocks without being listed here fails (its mock never applies),
 * which is why the list is read from the files themselves.
 */
function filesThatMock(dir: string): string[] {
  return fs
    .readdirSync(path.resolve(import.meta.dirname, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
    .map((file) => path.posix.join(dir, file.split(path.sep).join('/')))
    .filter((file) =>
      /\bvi\.(do)?mock\(/i.test(fs.readFileSync(path.resolve(import.meta.dirname, file), 'utf8')),
    );
}

const serverMocks = filesThatMock('apps/server');
const webMocks = filesThatMock('apps/web');

const server = {
  globalSetup: ['apps/server/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
const storefront = {
  resolve: { alias: { '~': web } },
  esbuild: { jsx: 'automatic' as const },
};
const storefrontTest = {
  environment: 'jsdom',
  setupFiles: ['apps/web/vitest.setup.ts'],
  // Typing with user-event takes seconds on two busy cores; 5 s (the default) cut such
  // tests off while a build or the browser tests ran beside them.
  testTimeout: 20_000,
};

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
          ...server,
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.soak.test.ts', ...serverMocks],
          isolate: false,
        },
      },
      {
        test: { ...server, name: 'server-mocks', include: serverMocks },
      },
      {
        ...storefront,
        test: {
          ...storefrontTest,
          name: 'web',
          include: ['apps/web/app/**/*.test.{ts,tsx}', 'apps/web/scripts/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...webMocks],
          isolate: false,
        },
      },
      {
        ...storefront,
        test: { ...storefrontTest, name: 'web-mocks', include: webMocks },
      },
    ],
  },
});
