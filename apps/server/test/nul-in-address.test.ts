import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, REDACT_PATHS } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { parseEnv, REPO_ROOT } from '../src/env.ts';
import { createTestDatabase } from './helpers.ts';

/*
 * A NUL character (`%00`) in a page's address, through the real storefront build (the one
 * `npm run build` writes; `npm test` builds first): the answer is a 4xx, never a 500, and the log
 * carries no error and no stack.
 */
const WEB_DIR = path.join(REPO_ROOT, 'apps/web');
const SERVER_BUILD = path.join(WEB_DIR, 'build/server/index.js');

describe('a NUL character in an address', () => {
  let app: FastifyInstance;
  let database: Database;
  let dataDir: string;
  const lines: string[] = [];
  const consoleErrors: unknown[][] = [];

  beforeAll(async () => {
    if (!fs.existsSync(SERVER_BUILD))
      throw new Error(`${SERVER_BUILD} is missing: run \`npm run build\` first`);
    const build = (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild;
    dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'catalogue-nul-'));
    const env = parseEnv({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
    });
    database = await createTestDatabase();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp({
      env,
      database,
      web: { mode: 'production', build, clientDir: path.join(WEB_DIR, 'build/client') },
      logger: { level: 'info', redact: REDACT_PATHS, stream },
    });
    await app.ready();
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void consoleErrors.push(args));
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await app?.close();
    await database?.close();
    if (dataDir) await fsp.rm(dataDir, { recursive: true, force: true });
  });

  /** The answer's status, after checking the request wrote no error and no stack anywhere. */
  async function statusOf(url: string, method: 'GET' | 'HEAD' = 'GET') {
    const before = lines.length;
    consoleErrors.length = 0;
    const res = await app.inject({ method, url });
    const written = lines.slice(before).join('');
    expect(written, url).not.toMatch(/"level":(50|60)/);
    expect(written, url).not.toContain('"stack"');
    expect(consoleErrors, url).toEqual([]);
    return res.statusCode;
  }

  it.each([
    '/singleproduct/%00',
    '/singleproduct/abc%00def',
    '/shopall?x=%00',
    '/shopall?page=%00',
    '/%00',
    '/hi/%00',
    '/en-in/singleproduct/%00',
    '/category/Rings%00',
    '/blogs/%00',
    '/blogs/a%00b',
    '/search?q=%00',
    '/myrequests/%00',
    '/s/%00',
    '/media/%00',
  ])('the page %s answers 404 and writes no error to the log', async (url) => {
    expect(await statusOf(url)).toBe(404);
    expect(await statusOf(url, 'HEAD')).toBe(404);
  });

  it.each(['/api/products/%00', '/api/search?q=%00', '/api/blogs/%00'])(
    'the API call %s answers 400 or 404 and writes no error to the log',
    async (url) => {
      expect([400, 404]).toContain(await statusOf(url));
    },
  );

  it('still answers the same pages without the NUL', async () => {
    expect((await app.inject({ method: 'GET', url: '/shopall' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/singleproduct/abcdef' })).statusCode).toBe(404);
  });
});
