import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/orders.ts';
import { insertProduct, settleOutbox, type TestProduct } from './buyer-fixtures.ts';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from './helpers.ts';

/*
 * Every answer made for a session is the reader's alone: `Cache-Control: private, no-store`, so no
 * shared cache (a CDN, nginx's micro-cache) keeps it and hands it to the next visitor, and `Vary:
 * Authorization` since it differs by the token. Whatever the route's own caching: an admin's order
 * list is answered with an ETag, and its 304 says the same.
 */
describe('answers made for a session', () => {
  let t: TestApp;
  let buyer: TestUser;
  let admin: TestUser;
  let ring: TestProduct;
  let orderId: string;

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_ORDER: '1000' });
    [buyer, admin] = await Promise.all([
      createUser(t.database, { email: 'asha@retail.example' }),
      createUser(t.database, { role: 'admin' }),
    ]);
    ring = await insertProduct(t.database, { name: 'Kundan Ring', code: 'KR-1', price: 41.25 });
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/orders/submit-order',
      headers: bearer(buyer.token),
      payload: {
        firstName: 'Asha',
        email: 'asha@retail.example',
        contactNumber: '+91 98765 43210',
        country: 'IN',
        orderDetails: [{ productId: ring.id, quantity: 6 }],
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const [row] = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderNumber, submitted.json().orderId));
    orderId = row!.id;
    const comment = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/comments`,
      headers: bearer(buyer.token),
      payload: { text: 'Can you do rhodium plating?' },
    });
    expect(comment.statusCode, comment.body).toBe(201);
    await settleOutbox(t.database);
  });
  afterAll(() => t?.close());

  const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...headers } });

  const expectPersonal = (res: Awaited<ReturnType<typeof get>>, url: string) => {
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(400);
    expect(res.headers['cache-control'], url).toBe('private, no-store');
    expect(String(res.headers.vary ?? ''), url).toMatch(/(^|, )Authorization(,|$)/);
  };

  it("an admin's reads: products with prices, users, orders, an order, comments, /me, dashboards", async () => {
    const urls = [
      '/api/products/admin/paginated?page=1&limit=10',
      '/api/products/paginated?page=1&limit=16',
      `/api/products/single/${ring.id}`,
      '/api/products/product?search=Kundan',
      '/api/users/all',
      '/api/users/me',
      '/api/orders/orders',
      '/api/orders/orders?page=1&limit=10',
      `/api/orders/${orderId}`,
      `/api/orders/${orderId}/comments`,
      '/api/admin/dashboard',
      '/api/admin/dashboard/quotes?weeks=12',
      '/api/attributes/admin',
    ];
    for (const url of urls) expectPersonal(await get(url, admin.token), url);
  });

  it("a buyer's reads: /me, their list, their requests, a request and its comments, the catalogue", async () => {
    const urls = [
      '/api/users/me',
      `/api/cart/${buyer.id}`,
      '/api/orders/mine?page=1&limit=10',
      `/api/orders/${orderId}`,
      `/api/orders/${orderId}/comments`,
      '/api/products/paginated?page=1&limit=16',
    ];
    for (const url of urls) expectPersonal(await get(url, buyer.token), url);
  });

  it('a 304 to a validator of an answer made for a session says so too', async () => {
    const url = '/api/orders/orders?page=1&limit=10';
    const first = await get(url, admin.token);
    const again = await get(url, admin.token, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('private, no-store');
  });

  it('an anonymous catalogue read may be shared, but varies by Authorization; a dead token reads as anonymous', async () => {
    for (const token of [undefined, 'x'.repeat(43)]) {
      const res = await get('/api/products/paginated?page=1&limit=16', token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      expect(String(res.headers.vary)).toContain('Authorization');
      expect(res.body).not.toContain('41.25');
    }
  });

  it('a refused read (no session, or not an admin) carries nothing personal and varies by Authorization', async () => {
    const none = await get('/api/users/all');
    expect(none.statusCode).toBe(401);
    expect(String(none.headers.vary)).toContain('Authorization');
    const buyerAsAdmin = await get('/api/users/all', buyer.token);
    expect(buyerAsAdmin.statusCode).toBe(403);
    expect(buyerAsAdmin.headers['cache-control']).toBe('private, no-store');
  });
});
