import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/buyer-fixtures.ts';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';

/*
 * The price rule at every door that answers products: each route is asked by an anonymous caller,
 * a buyer, callers sending an Authorization header that is no session (a junk word, a well-formed
 * token nobody holds, another scheme) and an admin. With prices private only the admin's answer
 * carries the price; with PUBLIC_PRICES=true every caller's does. A route that trusted the mere
 * presence of an Authorization header (GET /api/search once did) fails here for the junk callers.
 */

const PRICE = 47.25;
const NAME = 'Audit Jhumka';
const CODE = 'AUDIT-77';

type Caller = { label: string; headers: () => Record<string, string>; isAdmin: boolean };

describe.each([
  ['private', 'false'],
  ['public', 'true'],
])('prices %s: who sees the price on every product answer', (_label, setting) => {
  const isPublic = setting === 'true';
  let t: TestApp;
  let buyer: TestUser;
  let admin: TestUser;
  let id: string;

  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_PRICES: setting });
    buyer = await createUser(t.database);
    admin = await createUser(t.database, { role: 'admin' });
    id = (await insertProduct(t.database, { name: NAME, code: CODE, price: PRICE })).id;
    // The search index answers /api/search once built; a build in progress answers from SQL.
    await t.app.services.catalogue.searchIndexSettled();
  });
  afterAll(() => t?.close());

  const callers: Caller[] = [
    { label: 'anonymous', headers: () => ({}), isAdmin: false },
    { label: 'a buyer', headers: () => bearer(buyer.token), isAdmin: false },
    { label: 'a junk bearer token', headers: () => ({ authorization: 'Bearer junk' }), isAdmin: false },
    {
      label: 'a well-formed token of no session',
      headers: () => bearer('Zq'.repeat(22)),
      isAdmin: false,
    },
    { label: 'another scheme', headers: () => ({ authorization: `Basic ${admin.token}` }), isAdmin: false },
    { label: 'an admin', headers: () => bearer(admin.token), isAdmin: true },
  ];

  type Found = { code: string; price: number | null };
  /** Each product answer, and how to find the audit product in its body. */
  const routes: Array<{ url: () => string; pick: (body: unknown) => Found | undefined }> = [
    { url: () => '/api/products', pick: (b) => (b as Found[]).find((p) => p.code === CODE) },
    { url: () => '/api/products?limit=5', pick: (b) => (b as Found[]).find((p) => p.code === CODE) },
    {
      url: () => '/api/products/paginated?page=1&limit=16',
      pick: (b) => (b as { products: Found[] }).products.find((p) => p.code === CODE),
    },
    {
      url: () => '/api/products/paginated?page=1&limit=16&facets=1',
      pick: (b) => (b as { products: Found[] }).products.find((p) => p.code === CODE),
    },
    {
      url: () => '/api/products/paginated?page=1&limit=16&sort=name',
      pick: (b) => (b as { products: Found[] }).products.find((p) => p.code === CODE),
    },
    {
      url: () => '/api/products/category/Rings/paginated?page=1&limit=16',
      pick: (b) => (b as { products: Found[] }).products.find((p) => p.code === CODE),
    },
    {
      url: () => '/api/products/categorys/Rings/subcategory/withgemstone/paginated?page=1&limit=16',
      pick: (b) => (b as { products: Found[] }).products.find((p) => p.code === CODE),
    },
    { url: () => '/api/products/category/Rings', pick: (b) => (b as Found[]).find((p) => p.code === CODE) },
    {
      url: () => '/api/products/categorys/Rings/subcategory/withgemstone',
      pick: (b) => (b as Found[]).find((p) => p.code === CODE),
    },
    {
      url: () => '/api/products/product?search=audit',
      pick: (b) => (b as Found[]).find((p) => p.code === CODE),
    },
    { url: () => `/api/products/single/${id}`, pick: (b) => b as Found },
    {
      url: () => '/api/search?q=jhumka',
      pick: (b) => (b as { products: Found[] }).products.find((p) => p.code === CODE),
    },
    {
      url: () => '/api/search?q=jhumka&page=1',
      pick: (b) => (b as { products: Found[] }).products.find((p) => p.code === CODE),
    },
  ];

  it.each(callers)('$label', async (caller) => {
    const expected = isPublic || caller.isAdmin ? PRICE : null;
    const seen: Record<string, unknown> = {};
    for (const route of routes) {
      // Twice: the second answer comes from the caches the first one filled.
      for (const round of [1, 2]) {
        const res = await t.app.inject({ method: 'GET', url: route.url(), headers: caller.headers() });
        expect(res.statusCode, `${route.url()}: ${res.body}`).toBe(200);
        const found = route.pick(res.json());
        expect(found, `${route.url()} lists ${CODE}`).toBeDefined();
        seen[`${route.url()} #${round}`] = found!.price;
      }
    }
    expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((key) => [key, expected])));
  });

  it("an enquiry list carries the price only for an admin's own list, or for every owner when public", async () => {
    for (const owner of [buyer, admin]) {
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/cart/add',
        headers: bearer(owner.token),
        payload: { userId: owner.id, productId: id, quantity: 2 },
      });
      expect(added.statusCode, added.body).toBe(200);
      const isAdmin = owner === admin;
      const expected = isPublic || isAdmin ? PRICE : null;
      expect(added.json().cart.items[0].price).toBe(expected);
      const read = await t.app.inject({ url: `/api/cart/${owner.id}`, headers: bearer(owner.token) });
      expect(read.json().items).toMatchObject([{ code: CODE, price: expected }]);
      const merged = await t.app.inject({
        method: 'POST',
        url: '/api/cart/merge',
        headers: bearer(owner.token),
        payload: { userId: owner.id, items: [] },
      });
      expect(merged.json().cart.items[0].price).toBe(expected);
    }
    // No session, no list: a junk token reads nothing.
    for (const headers of [{}, { authorization: 'Bearer junk' }, bearer('Zq'.repeat(22))]) {
      const res = await t.app.inject({ url: `/api/cart/${buyer.id}`, headers });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain(String(PRICE));
    }
  });

  it("the storefront's page reads ask the same rule for each viewer", async () => {
    const catalogue = t.app.services.catalogue;
    const viewers = [
      { viewer: null, isAdmin: false },
      { viewer: { role: 'user' }, isAdmin: false },
      { viewer: { role: 'admin' }, isAdmin: true },
    ];
    for (const { viewer, isAdmin } of viewers) {
      const expected = isPublic || isAdmin ? PRICE : null;
      const reader = catalogue.forViewer(viewer);
      const page = await reader.listPage({ page: 1, limit: 16 });
      expect(page.products.find((p) => p.code === CODE)?.price).toBe(expected);
      expect((await reader.getById(id))?.price).toBe(expected);
      expect((await reader.listByIds([id]))[0]?.price).toBe(expected);
    }
    // The catalogue's own reads are the anonymous visitor's.
    expect((await catalogue.getById(id))?.price).toBe(isPublic ? PRICE : null);
  });
});
