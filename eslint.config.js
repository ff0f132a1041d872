import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Every folder under apps/web/app/features, read when lint starts, so a new feature is covered at once. */
const webFeatures = fs
  .readdirSync(path.join(import.meta.dirname, 'apps/web/app/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Every folder under apps/server/src/modules: each is a server module with a surface, its index.ts. */
const serverModules = fs
  .readdirSync(path.join(import.meta.dirname, 'apps/server/src/modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const MODULES = './apps/server/src/modules';
const surfaces = (modules) => modules.map((name) => `./${name}/index.ts`);

/**
 * A server module is used through its surface alone: its index.ts lists what the rest of the server
 * may use of it (routes, service factories, the types and helpers other modules need). A module's
 * own files import each other freely; another module's files, the composition root (app.ts,
 * services.ts), the tools, the seed and the benchmarks import only `modules/<name>/index.ts`. lib,
 * plugins and jobs sit below the modules and import none of them.
 */
const serverModuleZones = [
  ...serverModules.map((name) => ({
    target: `${MODULES}/${name}`,
    from: MODULES,
    except: [`./${name}`, ...surfaces(serverModules.filter((other) => other !== name))],
    message: `a module imports another module only through its index.ts (${name} reaches into another module's files): import the name from modules/<module>/index.ts, adding it there if that module means to offer it, or move a piece both need to lib/`,
  })),
  {
    target: [
      './apps/server/src/*.ts',
      './apps/server/src/cli',
      './apps/server/src/db',
      './apps/server/test',
      './bench',
      './e2e',
    ],
    from: MODULES,
    except: surfaces(serverModules),
    message: 'outside the modules, a server module is imported only through its index.ts',
  },
  {
    target: ['./apps/server/src/lib', './apps/server/src/plugins', './apps/server/src/jobs'],
    from: MODULES,
    message:
      'lib, plugins and jobs sit below the server modules and import none of them: take what is needed as an argument, or move the piece here',
  },
];
/** The zone that holds the callers outside the modules; tests outside the modules are exempt from it. */
const OUTSIDE_CALLERS = serverModuleZones.at(-2);

/**
 * Dependencies flow one way: shared → server modules / web lib and components → web features →
 * routes and app.ts. A web feature never imports another feature: what two features need lives in
 * lib/ (logic, client state, hooks) or components/ (UI), and a route combines features.
 */
const importZones = [
  { target: './packages/shared', from: './apps', message: 'shared must not depend on an app' },
  {
    target: './apps/server',
    from: './apps/web',
    message: 'the server must not import the web app',
  },
  {
    target: './apps/web',
    from: './apps/server',
    except: ['./src/load-context.ts'],
    message: 'the web app reaches the server only through the load context',
  },
  {
    target: './apps/web/app/components',
    from: './apps/web/app/features',
    message: 'design-system components must not depend on features',
  },
  {
    target: './apps/web/app/components',
    from: './apps/web/app/routes',
    message: 'components must not depend on routes',
  },
  {
    target: './apps/web/app/features',
    from: './apps/web/app/routes',
    message: 'features must not depend on routes',
  },
  {
    target: './apps/web/app/lib',
    from: './apps/web/app/features',
    message: 'lib must not depend on features',
  },
  ...webFeatures.map((feature) => ({
    target: `./apps/web/app/features/${feature}`,
    from: './apps/web/app/features',
    except: [`./${feature}`],
    message: `features must not import each other (${feature} imports another feature): move what both need to lib/ or components/, or let the route combine them`,
  })),
  ...serverModuleZones,
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/dist/**',
      '**/.react-router/**',
      'data/**',
      'test-results/**',
      // Mutation testing's sandbox and reports (npm run mutate).
      '.stryker-tmp/**',
      'reports/**',
      'playwright-report/**',
      'docs/benchmarks/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/shared/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `type` over `interface` is the convention; interfaces stay legal because module augmentation needs them.
      '@typescript-eslint/consistent-type-definitions': 'off',
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'always' }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: importZones,
        },
      ],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/cli/**', 'apps/server/src/db/seed/cli.ts', 'apps/server/src/server.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // SQL lives in repositories (and the database layer under src/db): services, routes and
    // plugins call a repository's verb-first functions instead of building queries.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.repository.ts', 'apps/server/src/db/**', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'queries belong in a *.repository.ts (or src/db); call one from here',
            },
          ],
        },
      ],
    },
  },
  {
    // The spreadsheet libraries are loaded on first use (lib/on-first-use.ts): a static import would
    // put ~40 MB into every server process at start. Tests may import them.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/lib/on-first-use.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['exceljs', '@e965/xlsx'].map((name) => ({
            name,
            message: 'load it with loadExcelJs / loadSheetJs from lib/on-first-use.ts',
            allowTypeImports: true,
          })),
        },
      ],
    },
  },
  {
    // A test outside the server modules checks how several of them sit on the database (every
    // newest-first list reads its order from an index) or a deployment default, so it may read a
    // module's internals; a module's own tests follow the module's rule.
    files: [
      'apps/server/src/*.test.ts',
      'apps/server/src/{cli,db,jobs,lib,plugins}/**/*.test.ts',
      'apps/server/test/**/*.test.ts',
    ],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: importZones.filter((zone) => zone !== OUTSIDE_CALLERS) },
      ],
    },
  },
  {
    // A storefront test named *.with-server.test.ts runs page loaders against the server's real
    // services on a fresh database (the price rule for each viewer), so it alone may import the
    // server; the storefront's own code still reaches it only through the load context.
    files: ['apps/web/app/**/*.with-server.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: importZones.filter((zone) => zone.target !== './apps/web') },
      ],
    },
  },
);
