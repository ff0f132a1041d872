import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import type { AppLoadContext, EntryContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { startCacheSync, type CacheSync } from '../../cache-sync.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { parseEnv } from '../../env.ts';
import type { ServerLoadContext } from '../../load-context.ts';
import { insertProduct } from '../../../test/buyer-fixtures.ts';
import {
  bearer,
  createTestDatabase,
  createUser,
  testDatabaseUrl,
  type TestUser,
} from '../../../test/helpers.ts';
import { fakeServerBuild } from '../../../test/fake-server-build.ts';

/*
 * An admin's edit reaches every anonymous reader at once: the API's answers (kept by the catalogue's
 * caches and answered by the HTTP server itself once stored) and the page stored for every
 * anonymous visitor, all read before the edit and again right after it, on this instance and (on
 * PostgreSQL) on a second instance on the same database within a second. Nothing here sends the
 * change event itself: the product write must announce it, or these answers stay stale for the
 * caches' 30 seconds.
 */

const OLD_NAME = 'Lotus Stud';
const NEW_NAME = 'Peacock Stud';

/** One page, a product's, whose loader reads the real catalogue for its visitor. */
type Args = { params: { id: string }; context: ServerLoadContext };
const routes = {
  root: { path: '', module: { default: () => null, loader: () => null } },
  product: {
    path: 'product/:id',
    module: {
      default: () => null,
      loader: async ({ params, context }: Args) => ({
        name: (await context.services.catalogue.forViewer(context.viewer).getById(params.id))?.name,
      }),
    },
  },
};

function handleRequest(
  _request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
  _loadContext: AppLoadContext,
) {
  headers.set('Content-Type', 'text/html; charset=utf-8');
  const loaded = context.staticHandlerContext.loaderData as { product?: { name?: string } };
  return new Response(`<!DOCTYPE html><html><body><h1>${loaded.product?.name ?? ''}</h1></body></html>`, {
    status,
    headers,
  });
}

const build = fakeServerBuild(routes, handleRequest);

const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';

/** An instance as it runs: the API, the stored pages, listening on a port. */
async function startInstance(database: Database, dirs: string[]) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'catalogue-fresh-'));
  dirs.push(dataDir);
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'false' });
  const app = await buildApp({ env, database, web: { build, mode: 'production' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return { app, base };
}

/** What an anonymous reader is answered, by each door that names the product. */
async function anonymousView(base: string, id: string) {
  const json = async (url: string) => {
    const res = await fetch(`${base}${url}`, {
      headers: { 'accept-encoding': 'gzip', 'user-agent': browser },
    });
    expect(res.status, url).toBe(200);
    return res.json();
  };
  const page = await fetch(`${base}/product/${id}`, {
    headers: { accept: 'text/html', 'user-agent': browser },
  });
  const listing = (await json('/api/products/paginated?page=1&limit=16')) as {
    products: { _id: string; name: string }[];
  };
  // Only this product's hits: each test edits its own.
  const hits = async (text: string) =>
    ((await json(`/api/products/product?search=${text}`)) as { _id: string; name: string }[])
      .filter((p) => p._id === id)
      .map((p) => p.name);
  return {
    single: ((await json(`/api/products/single/${id}`)) as { name: string }).name,
    listing: listing.products.find((p) => p._id === id)?.name,
    category: ((await json('/api/products/category/Rings')) as { _id: string; name: string }[]).find(
      (p) => p._id === id,
    )?.name,
    searchLotus: await hits('lotus'),
    searchPeacock: await hits('peacock'),
    page: /<h1>([^<]*)<\/h1>/.exec(await page.text())?.[1],
  };
}

const before = {
  single: OLD_NAME,
  listing: OLD_NAME,
  category: OLD_NAME,
  searchLotus: [OLD_NAME],
  searchPeacock: [],
  page: OLD_NAME,
};
const after = {
  single: NEW_NAME,
  listing: NEW_NAME,
  category: NEW_NAME,
  searchLotus: [],
  searchPeacock: [NEW_NAME],
  page: NEW_NAME,
};

describe('an admin edit and the anonymous answers read right after it', () => {
  let database: Database;
  let admin: TestUser;
  const instances: FastifyInstance[] = [];
  const dirs: string[] = [];
  const extra: { databases: Database[]; syncs: (CacheSync | null)[] } = { databases: [], syncs: [] };

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await createUser(database, { role: 'admin' });
  });

  afterAll(async () => {
    await Promise.all(extra.syncs.map((s) => s?.close()));
    await Promise.all(instances.map((app) => app.close()));
    await Promise.all(extra.databases.map((d) => d.close()));
    await database?.close();
    await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
  });

  async function rename(app: FastifyInstance, id: string, code: string, name: string) {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/products/admin/${id}`,
      headers: bearer(admin.token),
      payload: {
        name,
        description: 'A stud for tests',
        category: 'Rings',
        subcategory: 'withgemstone',
        code,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('shows the new name on this instance at once: the API answers and the stored page', async () => {
    const { app, base } = await startInstance(database, dirs);
    instances.push(app);
    const product = await insertProduct(database, { name: OLD_NAME, code: 'FRESH-1' });
    // Read twice before the edit: the second answers come from the caches and the stored page.
    expect(await anonymousView(base, product.id)).toEqual(before);
    expect(await anonymousView(base, product.id)).toEqual(before);

    await rename(app, product.id, product.code, NEW_NAME);
    expect(await anonymousView(base, product.id)).toEqual(after);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'shows it on a second instance on the same PostgreSQL database within a second',
    async () => {
      const url = testDatabaseUrl(database);
      expect(url).not.toBeNull();
      const second = await openDatabase({ url: url!, poolSize: 3 });
      extra.databases.push(second);
      const a = await startInstance(database, dirs);
      const b = await startInstance(second, dirs);
      instances.push(a.app, b.app);
      const log = pino({ level: 'silent' });
      extra.syncs.push(
        await startCacheSync({ database, events: a.app.services.events, log }),
        await startCacheSync({ database: second, events: b.app.services.events, log }),
      );
      const product = await insertProduct(database, { name: OLD_NAME, code: 'FRESH-2' });
      for (const instance of [a, b]) {
        expect(await anonymousView(instance.base, product.id)).toEqual(before);
        expect(await anonymousView(instance.base, product.id)).toEqual(before);
      }

      await rename(a.app, product.id, product.code, NEW_NAME);
      const edited = Date.now();
      expect(await anonymousView(a.base, product.id)).toEqual(after);
      let seen = await anonymousView(b.base, product.id);
      while (JSON.stringify(seen) !== JSON.stringify(after) && Date.now() - edited < 1_000) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        seen = await anonymousView(b.base, product.id);
      }
      expect(seen).toEqual(after);
      expect(Date.now() - edited).toBeLessThan(1_000);
    },
  );
});
