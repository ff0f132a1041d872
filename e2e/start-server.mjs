// Starts the production server for the end-to-end suite on a throwaway database and data
// directory, and removes both when Playwright stops it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { e2eDataDir } from './data-dir.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A fixed directory per port (the journeys read the mail the server writes there), emptied first.
const dataDir = e2eDataDir(process.env.E2E_PORT ?? '3100');
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
const env = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: process.env.E2E_PORT ?? '3100',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SITE_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? '3100'}`,
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'true',
  ADMIN_EMAIL: 'admin@example.com',
  ADMIN_PASSWORD: 'e2e-admin-password',
  // Journeys log in many times from one address; the limits themselves are tested in the API suite.
  RATE_LIMIT_LOGIN: '1000',
  RATE_LIMIT_REGISTER: '1000',
  RATE_LIMIT_CONTACT: '1000',
  RATE_LIMIT_ORDER: '1000',
};

let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const name = `catalogue_e2e_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}

const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
  env,
  stdio: 'inherit',
});
let stopping = false;
const stop = async (code) => {
  if (stopping) return;
  stopping = true;
  child.kill('SIGTERM');
  await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
  await dropDatabase().catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
};
child.once('exit', (code) => void stop(code ?? 1));
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
