import { defineConfig } from 'vitest/config';

/**
 * `npm run test:soak`: the long reliability runs (crash safety, dependency faults, scale-out,
 * sustained load). They start the built server as real processes (run `npm run build`
 * first), one file at a time so their timings are not measured against each other.
 */
export default defineConfig({
  test: {
    name: 'soak',
    include: ['apps/server/test/reliability/**/*.soak.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
