// `npm start`: builds whatever is not built yet, then runs the server in this same process.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(serverBuild).href);
