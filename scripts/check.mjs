// `npm run check`: the quality gate. The strict typecheck (one compiler run per project, as
// `npm run typecheck` runs them one after the other), ESLint, the Prettier check and the
// import-circle check (dependency-cruiser, .dependency-cruiser.mjs) are independent, so they run
// side by side, as many at once as there are cores (each keeps about one busy), the longest
// first: on two cores the typecheck's five runs one after the other were the gate's long pole,
// with the other core idle once the rest had finished. Each one's output is printed whole when it
// ends (never interleaved), and the gate fails if any of them fails.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
/**
 * The parts of `npm run typecheck`, read from it: each workspace's own typecheck, then each
 * `tsc -p` it runs after them.
 */
const typechecks = [
  ...manifest.workspaces
    .filter((w) => JSON.parse(fs.readFileSync(path.join(root, w, 'package.json'), 'utf8')).scripts?.typecheck)
    .map((w) => ({ name: `typecheck ${w}`, command: ['npm', 'run', '--silent', 'typecheck', '-w', w] })),
  ...[...manifest.scripts.typecheck.matchAll(/tsc -p (\S+)/g)].map(([, project]) => ({
    name: `typecheck ${project}`,
    command: ['npx', 'tsc', '-p', project],
  })),
];
const others = ['lint', 'format:check', 'cycles'].map((script) => ({
  name: script,
  command: ['npm', 'run', '--silent', script],
}));
/** Seconds each took on two cores (2026-12-02); the longest start first, any new part last. */
const SECONDS = {
  'typecheck apps/web': 35,
  lint: 26,
  'typecheck apps/server': 26,
  'format:check': 23,
  'typecheck bench/tsconfig.json': 21,
  'typecheck packages/shared': 8,
  'typecheck e2e/tsconfig.json': 6,
  cycles: 4,
};
const PARTS = [...typechecks, ...others].sort((a, b) => (SECONDS[b.name] ?? 0) - (SECONDS[a.name] ?? 0));

/** Runs one part, collecting its output; resolves with whether it passed. */
function run({ name, command: [command, ...args] }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: process.env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      const passed = code === 0;
      const seconds = Math.round((Date.now() - started) / 1000);
      const text = Buffer.concat(output).toString('utf8').trimEnd();
      console.log(`--- ${name}: ${passed ? 'passed' : 'FAILED'} in ${seconds} s ---`);
      if (text) console.log(text);
      resolve(passed);
    });
  });
}

const queue = [...PARTS];
const results = [];
await Promise.all(
  Array.from({ length: Math.max(2, os.availableParallelism()) }, async () => {
    for (let part = queue.shift(); part; part = queue.shift()) results.push(await run(part));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
