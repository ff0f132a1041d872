// `npm run check`: the quality gate. The strict typecheck, ESLint, the Prettier check and the
// import-circle check (dependency-cruiser, .dependency-cruiser.mjs) are independent and each runs
// on one core, so they run side by side; each one's output is printed whole when it ends (never
// interleaved), and the gate fails if any of them fails.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs `npm run <script>`, collecting its output; resolves with whether it passed. */
function run(script) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { cwd: root, env: process.env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      const passed = code === 0;
      const seconds = Math.round((Date.now() - started) / 1000);
      const text = Buffer.concat(output).toString('utf8').trimEnd();
      console.log(`--- npm run ${script}: ${passed ? 'passed' : 'FAILED'} in ${seconds} s ---`);
      if (text) console.log(text);
      resolve(passed);
    });
  });
}

const results = await Promise.all(['typecheck', 'lint', 'format:check', 'cycles'].map(run));
process.exit(results.every(Boolean) ? 0 : 1);
