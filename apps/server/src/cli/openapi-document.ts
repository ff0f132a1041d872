import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { parseEnv } from '../env.ts';

/** The committed API reference, relative to the repository's root; `npm run docs:api` writes it. */
export const OPENAPI_REFERENCE = 'docs/api/openapi.json';

/** The repository's root, from this file's place in `apps/server/src/cli`. */
export const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * The settings the reference is produced with: the defaults, so it never depends on the machine
 * that wrote it (no site address, no data directory, no database address).
 */
export const REFERENCE_SETTINGS = { NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' } as const;

/**
 * The app's OpenAPI document as the committed file holds it: two-space JSON with a final newline.
 * Values a run could vary are taken out: `servers` (the address a server happens to run at).
 */
export function openApiDocumentText(app: FastifyInstance): string {
  const { servers: _servers, ...document } = app.swagger() as Record<string, unknown>;
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** Builds the API in-process on an empty in-memory database and returns its document's text. */
export async function produceOpenApiDocument(): Promise<string> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'catalogue-openapi-'));
  const database = await openDatabase({ dataDir: null });
  try {
    await database.migrate();
    const env = parseEnv({ ...REFERENCE_SETTINGS, DATA_DIR: dataDir });
    const app = await buildApp({ env, database });
    try {
      await app.ready();
      return openApiDocumentText(app);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
