// `npm test`: every unit, component and API test (Vitest), then the end-to-end journeys
// (Playwright) against a fresh production build. Exits non-zero if anything fails.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const step = (title, command, args) => {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  console.log(
    `=== ${title}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s ===`,
  );
  return result.status === 0;
};

const database = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite';
console.log(`Running the test suites on ${database}`);
// The build comes first: the process tests start the built server, and so do the journeys.
const built = step('Production build', 'npm', ['run', 'build']);
const unit = built && step('Vitest: unit, component and API tests', 'npx', ['vitest', 'run']);
const e2e =
  built &&
  step('Playwright: end-to-end journeys in Chromium', 'npx', [
    'playwright',
    'test',
    '-c',
    'e2e/playwright.config.ts',
  ]);
process.exit(unit && built && e2e ? 0 : 1);
