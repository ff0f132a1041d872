import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { TEST_SCOPE } from './e2e/scope.ts';

const web = path.resolve(import.meta.dirname, 'apps/web/app');

/**
 * A project's test files: the `include` patterns for the test files under `roots`, and which of
 * them replace a module with `vi.mock` or `vi.doMock`. Such a mock only takes hold where the module
 * registry is fresh, so those files run isolated (a new module graph per file); every other file
 * shares its worker's modules with the files before it. Importing the server or the storefront once
 * per worker instead of once per file took the Vitest run here from ~8.5 to ~5 minutes; a file that
 * mocks without being listed fails (its mock never applies), which is why the list is read from the
 * files themselves. Only `roots` are read, never node_modules or build output.
 */
function testFiles(roots: string[], extensions: string[]) {
  const name = new RegExp(`\\.test\\.(${extensions.join('|')})$`);
  const files = roots
    .flatMap((root) =>
      fs
        .readdirSync(path.resolve(import.meta.dirname, root), { recursive: true, encoding: 'utf8' })
        .filter((file) => name.test(file))
        .map((file) => path.posix.join(root, file.split(path.sep).join('/'))),
    )
    .map((file) => ({ file, text: fs.readFileSync(path.resolve(import.meta.dirname, file), 'utf8') }));
  const mocking = files.filter(({ text }) => /\bvi\.(do)?mock\(/i.test(text)).map(({ file }) => file);
  /**
   * The files whose outcome is the same on either database. Found from their imports: they import
   * neither the test helpers or fixtures (which open one), nor the database client or the server
   * setup, start no process and read no DATABASE_URL. Or said in the file, by a line
   * `test scope: same on either database` with its reason: a file that starts processes whose
   * environment it writes itself (no DATABASE_URL reaches them), or opens only its own PGlite.
   */
  const withoutDatabase = files
    .filter(
      ({ text }) =>
        /test scope: same on either database/.test(text) ||
        !/helpers\.ts|fixtures|openDatabase|connectDatabase|db\/client|server-setup|DATABASE_URL|fresh-process|child_process|\bspawn\b/.test(
          text,
        ),
    )
    .map(({ file }) => file);
  const glob = extensions.length > 1 ? `{${extensions.join(',')}}` : extensions[0];
  return { include: roots.map((root) => `${root}/**/*.test.${glob}`), mocking, withoutDatabase };
}

const serverTests = testFiles(['apps/server/src', 'apps/server/test'], ['ts']);
const webTests = testFiles(['apps/web/app', 'apps/web/scripts'], ['ts', 'tsx']);

/**
 * `TEST_SCOPE=database` (the second pass of `.ci/run`, on PostgreSQL): only the tests whose outcome
 * can depend on the database: the server's that can reach one (`withoutDatabase` above), and the
 * storefront's that start the server (`*.with-server.test.ts`). The component tests and pure
 * helpers ran in the first pass.
 */
const databaseOnly = TEST_SCOPE === 'database';
const WITH_SERVER = '**/*.with-server.test.{ts,tsx}';

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
    maxWorkers: 3,
    projects: [
      ...(databaseOnly
        ? []
        : [
            {
              test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] },
            },
            {
              // Pure helpers of the benchmark (statistics, page draws, budgets, bundle sizes); the
              // bench itself is `npm run bench`, never part of the test suite.
              test: { name: 'bench', include: ['bench/**/*.test.ts'] },
            },
          ]),
      {
        test: {
          ...server,
          name: 'server',
          include: serverTests.include,
          exclude: [
            '**/node_modules/**',
            '**/*.soak.test.ts',
            ...serverTests.mocking,
            ...(databaseOnly ? serverTests.withoutDatabase : []),
          ],
          isolate: false,
        },
      },
      {
        test: {
          ...server,
          name: 'server-mocks',
          include: serverTests.mocking,
          exclude: ['**/*.soak.test.ts', ...(databaseOnly ? serverTests.withoutDatabase : [])],
        },
      },
      {
        ...storefront,
        test: {
          ...storefrontTest,
          name: 'web',
          include: databaseOnly ? [WITH_SERVER] : webTests.include,
          exclude: ['**/node_modules/**', ...webTests.mocking],
          isolate: false,
        },
      },
      {
        ...storefront,
        test: {
          ...storefrontTest,
          name: 'web-mocks',
          include: databaseOnly
            ? webTests.mocking.filter((f) => f.includes('.with-server.'))
            : webTests.mocking,
        },
      },
    ],
  },
});
