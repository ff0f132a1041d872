// `npm test`: every unit, component and API test (Vitest), then the end-to-end journeys
// (Playwright) against a fresh production build. Exits non-zero if anything fails.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
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
/**
 * The build's outputs, each stamped after a build with the commit's tree it was built from. A second
 * `npm test` on the same clean checkout (CI's PostgreSQL pass) reuses them; any change to a
 * tracked file, any new file, or a `VITE_` setting builds again.
 */
const OUTPUTS = ['apps/web/build', 'apps/server/dist'].map((dir) => path.join(root, dir, '.source-tree'));
function sourceTree() {
  try {
    const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
    if (git('status', '--porcelain') !== '') return null;
    const settings = Object.keys(process.env)
      .filter((key) => key.startsWith('VITE_'))
      .sort()
      .map((key) => `${key}=${process.env[key]}`);
    return [git('rev-parse', 'HEAD^{tree}'), ...settings].join('\n');
  } catch {
    return null; // not a git checkout: always build
  }
}
const readStamp = (file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null);

// The build comes first: the process tests start the built server, and so do the journeys.
const tree = sourceTree();
let built;
if (tree !== null && OUTPUTS.every((file) => readStamp(file) === tree)) {
  console.log('\n=== Production build: reused (built from this same clean tree) ===');
  built = true;
} else {
  built = step('Production build', 'npm', ['run', 'build']);
  if (built && tree !== null) for (const file of OUTPUTS) fs.writeFileSync(file, tree);
}
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
