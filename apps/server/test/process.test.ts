// test scope: same on either database: each server process gets an environment written here (its
// own PGlite, or an address that cannot answer), never the run's DATABASE_URL.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/env.ts';

const SERVER = path.join(REPO_ROOT, 'apps/server/dist/server.js');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-proc-'));
  dirs.push(dir);
  return dir;
}

type Run = { code: number | null; output: string };

/** Runs the built server with the given environment until it exits or `until` says to stop it. */
function runServer(env: Record<string, string>, until?: (output: string) => boolean): Promise<Run> {
  if (!fs.existsSync(SERVER)) throw new Error(`${SERVER} is missing: run \`npm run build\` first`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SERVER], {
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', SEED_DEMO: 'false', HOST: '127.0.0.1', ...env },
    });
    let output = '';
    let signalled = false;
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!signalled && until?.(output)) {
        signalled = true;
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('the server process', () => {
  it('refuses bad configuration with every problem listed and a non-zero exit', async () => {
    const run = await runServer({ PORT: 'abc', DATABASE_URL: 'mysql://nope', DATA_DIR: tempDir() });
    expect(run.code).toBe(1);
    expect(run.output).toContain('Invalid configuration');
    expect(run.output).toContain('PORT');
    expect(run.output).toContain('DATABASE_URL');
  });

  it('says so and exits when the database cannot be reached', async () => {
    const run = await runServer({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
      DATA_DIR: tempDir(),
      PORT: '0',
    });
    expect(run.code).toBe(1);
    expect(run.output).toContain('Cannot reach the database');
  });

  // Two starts of the built server, the first migrating a fresh database: on a busy machine each
  // takes well over the default 30 s.
  it(
    'starts on PGlite, then shuts down cleanly on SIGTERM and reopens its data',
    { timeout: 180_000 },
    async () => {
      const dataDir = tempDir();
      const env = { DATA_DIR: dataDir, PORT: '0', ADMIN_PASSWORD: 'a-long-admin-password' };
      const first = await runServer(env, (out) => out.includes('Server listening'));
      expect(first.output).toContain('shutting down');
      expect(first.code).toBe(0);
      // Production without SITE_URL: a warning says where links will point.
      const warning = first.output.split('\n').find((line) => line.includes('SITE_URL is not set'));
      expect(warning, first.output).toBeDefined();
      expect(JSON.parse(warning!)).toMatchObject({
        level: 40,
        siteUrl: 'http://localhost:3000',
        msg: expect.stringContaining(
          'canonical links, the sitemap and e-mails will point at http://localhost:3000',
        ),
      });
      const second = await runServer({ ...env, SITE_URL: 'https://jewellery.example' }, (out) =>
        out.includes('Server listening'),
      );
      expect(second.code).toBe(0);
      expect(second.output).not.toMatch(/"level":(50|60)/);
      expect(second.output).not.toContain('SITE_URL is not set');
    },
  );
});
