import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/buyer-fixtures.ts';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';

/*
 * The private-price rule at the edges the contract tests leave open (found by mutation testing):
 * with prices public, every reader gets the one answer a shared cache may keep for all (it does
 * not vary by Authorization); with prices private, a single product's answer varies by
 * Authorization and an admin's is never kept by a shared cache, and a buyer's list has no price.
 */
describe.each([
  ['private', 'false'],
  ['public', 'true'],
])('prices %s', (_label, setting) => {
  const isPublic = setting === 'true';
  let t: TestApp;
  let buyer: TestUser;
  let admin: TestUser;
  let ringId: string;

  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_PRICES: setting });
    buyer = await createUser(t.database);
    admin = await createUser(t.database, { role: 'admin' });
    ringId = (await insertProduct(t.database, { name: 'Edge Ring', code: 'EDGE-1', price: 31.75 })).id;
  });
  afterAll(() => t?.close());

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  it('a listing varies by Authorization only while prices are private', async () => {
    for (const token of [undefined, buyer.token, admin.token]) {
      const res = await get('/api/products/paginated?page=1&limit=16', token);
      expect(res.statusCode).toBe(200);
      expect(String(res.headers.vary)).toBe(isPublic ? 'Accept-Encoding' : 'Authorization, Accept-Encoding');
    }
  });

  it('a single product varies by Authorization only while prices are private', async () => {
    for (const token of [undefined, buyer.token]) {
      const res = await get(`/api/products/single/${ringId}`, token);
      expect(res.statusCode).toBe(200);
      expect(res.json().price).toBe(isPublic ? 31.75 : null);
      if (isPublic) expect(res.headers.vary).toBeUndefined();
      else expect(String(res.headers.vary)).toContain('Authorization');
      // While prices are private the answer reads the session: one made for a buyer's is theirs
      // alone. With public prices every reader gets the one answer a shared cache may keep.
      if (token && !isPublic) expect(res.headers['cache-control']).toBe('private, no-store');
      else expect(res.headers['cache-control']).toBeUndefined();
    }
  });

  it("an admin's single product carries the price; while prices are private no shared cache keeps it", async () => {
    const res = await get(`/api/products/single/${ringId}`, admin.token);
    expect(res.json().price).toBe(31.75);
    if (isPublic) expect(res.headers['cache-control']).toBeUndefined();
    else expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('a listing read with a token that is no session is read as anonymous', async () => {
    const res = await get('/api/products/paginated?page=1&limit=16', 'x'.repeat(43));
    expect(res.statusCode).toBe(200);
    const ring = res.json().products.find((p: { code: string }) => p.code === 'EDGE-1');
    expect(ring.price).toBe(isPublic ? 31.75 : null);
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it("the storefront's anonymous and admin page data differ only while prices are private", async () => {
    const catalogue = t.app.services.catalogue;
    const anonymous = await catalogue.listPage({ page: 1, limit: 16 });
    const priced = await catalogue.forViewer({ role: 'admin' }).listPage({ page: 1, limit: 16 });
    expect(anonymous.products.find((p) => p._id === ringId)?.price).toBe(isPublic ? 31.75 : null);
    expect(priced.products.find((p) => p._id === ringId)?.price).toBe(31.75);
    // Read again after the priced read: the cached anonymous page still carries no price.
    const again = await catalogue.listPage({ page: 1, limit: 16 });
    expect(again.products.find((p) => p._id === ringId)?.price).toBe(isPublic ? 31.75 : null);
  });

  it("a buyer's list carries the price only when prices are public; an admin's always", async () => {
    const cart = t.app.services.cart;
    await cart.addItem(buyer.id, ringId, 2);
    expect((await cart.getCart(buyer.id)).items[0]?.price).toBe(isPublic ? 31.75 : null);
    expect((await cart.getCart({ id: buyer.id, role: 'user' })).items[0]?.price).toBe(
      isPublic ? 31.75 : null,
    );
    expect((await cart.getCart({ id: buyer.id, role: 'admin' })).items[0]?.price).toBe(31.75);
  });
});
