import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { startCacheSync } from '../../cache-sync.ts';
import { orders } from '../../db/schema/orders.ts';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { insertProduct, settleOutbox, type TestProduct } from '../../../test/buyer-fixtures.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The kept answers of the admin order list and "My requests" (list-answers.ts): a repeated page is
 * answered from memory, and never after a write or an instant that changes it.
 */
describe('kept list answers', () => {
  let t: TestApp;
  let admin: TestUser;
  let asha: TestUser;
  let meera: TestUser;
  let ring: TestProduct;

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_ORDER: '1000' });
    [admin, asha, meera] = await Promise.all([
      createUser(t.database, { role: 'admin', name: 'Ravi Admin' }),
      createUser(t.database, { name: 'Asha Buyer' }),
      createUser(t.database, { name: 'Meera Buyer' }),
    ]);
    ring = await insertProduct(t.database, { name: 'Kundan Ring', code: 'KR-9' });
  });
  afterAll(() => t?.close());
  beforeEach(() => settleOutbox(t.database));

  const get = (app: TestApp['app'], user: TestUser, url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { ...bearer(user.token), ...headers } });

  const call = async (user: TestUser, method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await t.app.inject({ method, url, headers: bearer(user.token), payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as Json;
  };

  /** A request of `who`; returns its id and number. */
  async function submit(who: TestUser, companyName = 'Lotus Retail') {
    const { orderId } = await call(who, 'POST', '/api/orders/submit-order', {
      firstName: who.name,
      email: who.email,
      contactNumber: '+91 98765 43210',
      companyName,
      country: 'IN',
      orderDetails: [{ productId: ring.id, quantity: 5 }],
    });
    const [row] = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderNumber, orderId));
    return { id: row!.id, number: orderId as number };
  }

  /** Saves and sends a quote (valid until `validUntil` when given); returns the order as answered. */
  async function quote(id: string, validUntil?: string): Promise<Json> {
    const { order } = await call(admin, 'PUT', `/api/orders/${id}/quote`, {
      version: (await get(t.app, admin, `/api/orders/${id}`)).json().order.version,
      currency: 'INR',
      lines: [{ productId: ring.id, unitPrice: 125_000 }],
      leadTimeDays: 21,
      ...(validUntil ? { validUntil } : {}),
    });
    return (await call(admin, 'POST', `/api/orders/${id}/quote/send`, { version: order.version })).order;
  }

  const adminList = async (query: string) => {
    const res = await get(t.app, admin, `/api/orders/orders?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { orders: Json[]; totalItems: number };
  };
  const mine = async (who: TestUser, app = t.app) => {
    const res = await get(app, who, '/api/orders/mine?page=1');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { orders: Json[]; totalItems: number };
  };
  const statusIn = (list: { orders: Json[] }, number: number) =>
    list.orders.find((o) => o.orderId === number)?.status;

  it('answers a repeated page with the same bytes and its ETag, and 304 to that ETag', async () => {
    // Three requests: a page over 1 KB, which goes out compressed.
    for (let i = 0; i < 3; i++) await submit(asha);
    const first = await get(t.app, admin, '/api/orders/orders?page=1');
    const second = await get(t.app, admin, '/api/orders/orders?page=1');
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const revalidated = await get(t.app, admin, '/api/orders/orders?page=1', {
      'if-none-match': String(first.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');

    const compressed = await get(t.app, admin, '/api/orders/orders?page=1', { 'accept-encoding': 'gzip' });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers.vary).toContain('Accept-Encoding');
    const myPage = await get(t.app, asha, '/api/orders/mine?page=1');
    const myRepeat = await get(t.app, asha, '/api/orders/mine?page=1', {
      'if-none-match': String(myPage.headers.etag),
    });
    expect(myRepeat.statusCode).toBe(304);
  });

  it("shows an admin's quote and a buyer's accept at once, in both lists", async () => {
    const { id, number } = await submit(asha);
    expect(statusIn(await adminList('page=1'), number)).toBe('new');
    expect(statusIn(await adminList('status=new&page=1'), number)).toBe('new');
    expect(statusIn(await mine(asha), number)).toBe('new');
    const etag = (await get(t.app, admin, '/api/orders/orders?page=1')).headers.etag;

    const quoted = await quote(id);
    expect(statusIn(await adminList('page=1'), number)).toBe('quoted');
    expect(statusIn(await adminList('status=new&page=1'), number)).toBeUndefined();
    expect(statusIn(await mine(asha), number)).toBe('quoted');
    // The ETag the admin's browser holds no longer matches: it gets the new page.
    const changed = await get(t.app, admin, '/api/orders/orders?page=1', { 'if-none-match': String(etag) });
    expect(changed.statusCode).toBe(200);

    await call(asha, 'POST', `/api/orders/${id}/accept`, { version: quoted.version, revision: 1 });
    expect(statusIn(await adminList('page=1'), number)).toBe('accepted');
    expect(statusIn(await adminList('status=quoted&page=1'), number)).toBeUndefined();
    expect(statusIn(await adminList('status=accepted&page=1'), number)).toBe('accepted');
    expect(statusIn(await mine(asha), number)).toBe('accepted');
  });

  it('never serves a lapsed quote as still quoted, in a list or its totals', async () => {
    const { id, number } = await submit(asha, 'Lapsing Exports');
    const validUntil = new Date(Date.now() + 3_000).toISOString();
    await quote(id, validUntil);
    const quotedBefore = await adminList('status=quoted&page=1');
    const expiredBefore = await adminList('status=expired&page=1');
    expect(statusIn(quotedBefore, number)).toBe('quoted');
    expect(statusIn(await adminList('page=1'), number)).toBe('quoted');
    expect(statusIn(await adminList('search=Lapsing&page=1'), number)).toBe('quoted');
    expect(statusIn(await mine(asha), number)).toBe('quoted');

    // Nothing is written at the valid-until instant (the minute sweep records it later).
    await new Promise((r) => setTimeout(r, Date.parse(validUntil) - Date.now() + 20));
    const quotedAfter = await adminList('status=quoted&page=1');
    const expiredAfter = await adminList('status=expired&page=1');
    expect(statusIn(quotedAfter, number)).toBeUndefined();
    expect(quotedAfter.totalItems).toBe(quotedBefore.totalItems - 1);
    expect(statusIn(expiredAfter, number)).toBe('expired');
    expect(expiredAfter.totalItems).toBe(expiredBefore.totalItems + 1);
    expect(statusIn(await adminList('page=1'), number)).toBe('expired');
    expect(statusIn(await adminList('search=Lapsing&page=1'), number)).toBe('expired');
    expect(statusIn(await mine(asha), number)).toBe('expired');
  });

  it("never shows one buyer another's page, nor a buyer the admin's list", async () => {
    await submit(asha);
    const meeras = [(await submit(meera)).number, (await submit(meera)).number];
    const ashaPage = await mine(asha);
    const meeraPage = await mine(meera);
    expect(meeraPage.orders.map((o) => o.orderId)).toEqual([meeras[1], meeras[0]]);
    expect(meeraPage.totalItems).toBe(2);
    expect(ashaPage.orders.map((o) => o.orderId)).not.toContain(meeras[0]);
    expect(ashaPage.totalItems).toBeGreaterThan(2);
    // The admin's own requests (none) under the same address, after both buyers' were kept.
    expect(await mine(admin)).toMatchObject({ orders: [], totalItems: 0 });

    expect((await get(t.app, admin, '/api/orders/orders?page=1')).statusCode).toBe(200);
    const refused = await get(t.app, meera, '/api/orders/orders?page=1');
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('orderDetails');
  });

  it('shows a deleted product in the admin list at once (its lines lose the product id)', async () => {
    const bangle = await insertProduct(t.database, { name: 'Meena Bangle', code: 'MB-3' });
    const { orderId } = await call(asha, 'POST', '/api/orders/submit-order', {
      firstName: 'Asha',
      email: asha.email,
      contactNumber: '+91 98765 43210',
      country: 'IN',
      orderDetails: [{ productId: bangle.id, quantity: 7 }],
    });
    const lineOf = async () =>
      (await adminList('page=1')).orders.find((o) => o.orderId === orderId)?.orderDetails[0];
    expect(await lineOf()).toMatchObject({ productId: bangle.id, name: 'Meena Bangle', quantity: 7 });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/admin/${bangle.id}`,
      headers: bearer(admin.token),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await lineOf()).toMatchObject({ productId: null, name: 'Meena Bangle', quantity: 7 });
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'a write on one server process empties the kept pages of another on the same database',
    async () => {
      const other = await buildApp({ env: t.env, database: t.database });
      await other.ready();
      const syncs = await Promise.all(
        [t.app, other].map((app) =>
          startCacheSync({ database: t.database, events: app.services.events, log: app.log }),
        ),
      );
      try {
        const { id, number } = await submit(meera);
        const read = async () => {
          const res = await get(other, admin, '/api/orders/orders?page=1');
          expect(res.statusCode, res.body).toBe(200);
          return statusIn(res.json(), number);
        };
        expect(await read()).toBe('new');
        expect(statusIn(await mine(meera, other), number)).toBe('new');
        await quote(id); // on the first process
        const started = Date.now();
        while ((await read()) !== 'quoted' && Date.now() - started < 2_000)
          await new Promise((r) => setTimeout(r, 20));
        expect(await read()).toBe('quoted');
        expect(statusIn(await mine(meera, other), number)).toBe('quoted');
      } finally {
        await Promise.all(syncs.map((s) => s?.close()));
        await other.close();
      }
    },
  );
});
