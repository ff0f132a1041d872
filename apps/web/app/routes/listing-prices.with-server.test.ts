// @vitest-environment node
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoadContextFactory, type ServerLoadContext } from '@catalogue/server/load-context';
import { buildApp } from '../../../server/src/app.ts';
import { openDatabase, type Database } from '../../../server/src/db/client.ts';
import { parseEnv } from '../../../server/src/env.ts';
import { findViewerByToken } from '../../../server/src/plugins/auth.ts';
import { insertProduct } from '../../../server/test/buyer-fixtures.ts';
import { createUser, type TestUser } from '../../../server/test/helpers.ts';
import { loader as categoryLoader } from './category';
import { loader as subcategoryLoader } from './category-subcategory';
import { loader as searchLoader } from './search';
import { loader as shopallLoader } from './shopall';
import { loader as singleProductLoader } from './single-product';

/*
 * The catalogue, filter and search pages' data for a signed-in buyer and for an admin, through the
 * server's real catalogue service and load context (no fake catalogue that ignores who asks): the
 * price shows only in the admin's data while prices are private, and in everyone's when
 * PUBLIC_PRICES is on. Viewers are resolved from real sessions, as the server resolves a `sid`.
 */

const PRICE = 63.5;
const CODE = 'PAGE-PRICE-1';

type Found = { code: string; price: number | null };
type Listed = { listing: { status: string; products?: Found[] } };

/** The pages, each with the address it is asked for and how its data names the product. */
const pages: Array<{
  url: string;
  run: (args: never) => unknown;
  params?: Record<string, string>;
  pick: (data: unknown) => Found | undefined;
}> = [
  { url: '/shopall', run: shopallLoader as never, pick: listed },
  { url: '/shopall?sort=name', run: shopallLoader as never, pick: listed },
  { url: '/shopall?page=1&sort=newest', run: shopallLoader as never, pick: listed },
  { url: '/category/Rings', run: categoryLoader as never, params: { category: 'Rings' }, pick: listed },
  {
    url: '/category/Rings?filter=with',
    run: categoryLoader as never,
    params: { category: 'Rings' },
    pick: listed,
  },
  {
    url: '/category/Rings?filter=with&sort=name',
    run: categoryLoader as never,
    params: { category: 'Rings' },
    pick: listed,
  },
  {
    url: '/category/Rings/withgemstone',
    run: subcategoryLoader as never,
    params: { category: 'Rings', subcategory: 'withgemstone' },
    pick: listed,
  },
  {
    url: '/category/Rings/withgemstone?sort=name',
    run: subcategoryLoader as never,
    params: { category: 'Rings', subcategory: 'withgemstone' },
    pick: listed,
  },
  { url: '/search?q=moonstone', run: searchLoader as never, pick: listed },
  { url: '/search?q=moonstone&sort=name', run: searchLoader as never, pick: listed },
];

function listed(data: unknown): Found | undefined {
  const { listing } = data as Listed;
  expect(listing.status).toBe('ok');
  return listing.products?.find((p) => p.code === CODE);
}

/** A loader's data: React Router's `data(...)` wraps it with the answer's status. */
const dataOf = (value: unknown) =>
  value && typeof value === 'object' && 'data' in value && (value as { type?: string }).type
    ? (value as { data: unknown }).data
    : value;

describe('page data for a buyer and an admin, through the real catalogue', () => {
  let database: Database;
  const apps: FastifyInstance[] = [];
  const dirs: string[] = [];
  let buyer: TestUser;
  let admin: TestUser;
  let productId: string;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: null });
    await database.migrate();
    buyer = await createUser(database);
    admin = await createUser(database, { role: 'admin' });
    productId = (await insertProduct(database, { name: 'Moonstone Band', code: CODE, price: PRICE })).id;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database?.close();
    await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
  });

  /** The server as it runs, with `PUBLIC_PRICES` as given: the pages' load context for a session. */
  async function serverWith(publicPrices: boolean) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'catalogue-pages-'));
    dirs.push(dir);
    const env = parseEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dir,
      SEED_DEMO: 'false',
      PUBLIC_PRICES: String(publicPrices),
    });
    const app = await buildApp({ env, database });
    await app.ready();
    apps.push(app);
    await app.services.catalogue.searchIndexSettled();
    const request = { log: pino({ level: 'silent' }), cspNonce: 'n' } as unknown as FastifyRequest;
    return async (token: string): Promise<ServerLoadContext> => {
      const viewer = await findViewerByToken(database.db, token, env.SESSION_TTL_DAYS);
      expect(viewer).not.toBeNull();
      const contextFor = createLoadContextFactory(env, app.services, async () => viewer);
      return contextFor(request);
    };
  }

  describe.each([
    ['private', false],
    ['public', true],
  ])('prices %s', (_label, isPublic) => {
    let contextOf: (token: string) => Promise<ServerLoadContext>;
    beforeAll(async () => {
      contextOf = await serverWith(isPublic);
    }, 60_000);

    it.each([
      ['a buyer', () => buyer, false],
      ['an admin', () => admin, true],
    ])('%s', async (_who, user, isAdmin) => {
      const expected = isPublic || isAdmin ? PRICE : null;
      const context = await contextOf(user().token);
      const seen: Record<string, unknown> = {};
      // Twice each: the second read comes from the catalogue's caches.
      for (const round of [1, 2]) {
        for (const page of pages) {
          const args = {
            request: new Request(`http://localhost${page.url}`),
            params: page.params ?? {},
            context,
          };
          const found = page.pick(dataOf(await page.run(args as never)));
          expect(found, `${page.url} lists ${CODE}`).toBeDefined();
          seen[`${page.url} #${round}`] = found!.price;
        }
        const detail = dataOf(
          await singleProductLoader({
            request: new Request(`http://localhost/singleproduct/${productId}`),
            params: { id: productId },
            context,
          } as never),
        ) as { product: Found };
        seen[`/singleproduct #${round}`] = detail.product.price;
      }
      expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((key) => [key, expected])));
    });
  });
});
