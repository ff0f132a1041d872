import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import {
  OPENAPI_REFERENCE,
  REFERENCE_SETTINGS,
  REPOSITORY_ROOT,
  openApiDocumentText,
} from './openapi-document.ts';

type Document = { paths?: Record<string, Record<string, unknown>> } & Record<string, unknown>;

/** What differs between two documents, as `GET /api/x` per operation and top-level keys otherwise. */
function differences(committed: Document, produced: Document): string[] {
  const found: string[] = [];
  for (const key of new Set([...Object.keys(committed), ...Object.keys(produced)])) {
    if (key === 'paths') continue;
    if (JSON.stringify(committed[key]) !== JSON.stringify(produced[key])) found.push(key);
  }
  const before = committed.paths ?? {};
  const now = produced.paths ?? {};
  for (const route of new Set([...Object.keys(before), ...Object.keys(now)])) {
    for (const method of new Set([...Object.keys(before[route] ?? {}), ...Object.keys(now[route] ?? {})])) {
      const was = before[route]?.[method];
      const is = now[route]?.[method];
      if (JSON.stringify(was) === JSON.stringify(is)) continue;
      const change = was === undefined ? 'added' : is === undefined ? 'removed' : 'changed';
      found.push(`${method.toUpperCase()} ${route} (${change})`);
    }
  }
  return found;
}

describe(OPENAPI_REFERENCE, () => {
  // The test app (a copy of a migrated database) with the reference's settings: the same document
  // `npm run docs:api` writes from a freshly migrated one, in a fraction of the time.
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ...REFERENCE_SETTINGS });
  });
  afterAll(() => t.close());

  it('is the document the API produces now (else run `npm run docs:api` and commit the file)', async () => {
    const produced = openApiDocumentText(t.app);
    const committed = await fs
      .readFile(path.join(REPOSITORY_ROOT, OPENAPI_REFERENCE), 'utf8')
      .catch(() => null);
    if (committed === produced) return;
    const changes =
      committed === null
        ? ['the file is missing']
        : differences(JSON.parse(committed) as Document, JSON.parse(produced) as Document);
    expect.fail(
      `${OPENAPI_REFERENCE} is out of date: run \`npm run docs:api\` and commit the file.\n` +
        `What differs: ${changes.length ? changes.join('; ') : 'only the formatting'}`,
    );
  });
});
