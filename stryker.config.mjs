// Mutation testing of the modules that enforce the business's rules. Run it with `npm run mutate`
// (scripts/mutate.mjs), which runs this configuration once per group of scripts/mutation-groups.mjs;
// docs/mutation-testing.md says how and records the scores. Not part of `npm test` or CI.
import { MUTATION_GROUPS } from './scripts/mutation-groups.mjs';

const name = process.env.MUTATE_GROUP ?? '';
const group = MUTATION_GROUPS[name];
if (!group) {
  throw new Error(`MUTATE_GROUP must name a group of scripts/mutation-groups.mjs, not "${name}"`);
}

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // vitest.mutate.config.ts runs only the group's test files (MUTATE_GROUP).
  vitest: { configFile: 'vitest.mutate.config.ts', related: false },
  // Each mutant reruns only the tests that reach it (a mutant of module-level code reruns them all).
  coverageAnalysis: 'perTest',
  mutate: group.mutate,
  // The machine is shared: one test process at a time.
  concurrency: 1,
  // Reuses the last run's results for mutants whose code and covering tests did not change. The
  // files live under reports/, which git ignores: they describe one working copy's last run.
  incremental: true,
  incrementalFile: `reports/mutation/${name}.incremental.json`,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 95, low: 90, break: null },
  timeoutMS: 30_000,
  // Only what the tests need is copied into the sandbox.
  ignorePatterns: [
    '/data',
    '/dist',
    '/build',
    '/apps/*/dist',
    '/apps/*/build',
    '/e2e',
    '/bench',
    '/reports',
    '/docs',
    '/test-results',
    '/playwright-report',
    '.react-router',
  ],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
