// `npm start`: builds whatever is not built yet, then runs the server as a child process in
// production mode; signals are passed on and its exit code is ours.
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webBuild = path.join(root, 'apps/web/build/server/index.js');
const serverBuild = path.join(root, 'apps/server/dist/server.js');

const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });
if (!fs.existsSync(webBuild)) {
  console.log('Building the storefront (first start)...');
  run('npm run build -w apps/web');
}
if (!fs.existsSync(serverBuild)) {
  console.log('Building the server (first start)...');
  run('npm run build -w apps/server');
}
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };
const server = spawn(process.execPath, [serverBuild], { env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));
