import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilteredPage } from '@catalogue/shared/schemas/listing-filters';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { insertProduct, type TestProduct } from '../../../test/buyer-fixtures.ts';

describe('most requested', () => {
  let t: TestApp;
  let buyer: TestUser;
  let ring: TestProduct;
  let pendant: TestProduct;
  let bangle: TestProduct;

  beforeAll(async () => {
    // The cache off: the facet index is rebuilt for every read, request counts included.
    t = await buildTestApp({ RATE_LIMIT_ORDER: '1000', CATALOGUE_CACHE_SECONDS: '0' });
    buyer = await createUser(t.database);
    bangle = await insertProduct(t.database, { name: 'Bangle', code: 'RC-3' });
    pendant = await insertProduct(t.database, { name: 'Pendant', code: 'RC-2' });
    ring = await insertProduct(t.database, { name: 'Ring', code: 'RC-1' });
  });
  afterAll(() => t.close());

  const submit = (lines: TestProduct[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders/submit-order',
      headers: bearer(buyer.token),
      payload: {
        firstName: 'Priya',
        email: 'priya@boutique.example',
        contactNumber: '+1 555 0100',
        country: 'US',
        companyName: 'Priya Boutique',
        message: 'Please quote',
        orderDetails: lines.map((p) => ({ productId: p.id, quantity: 2 })),
      },
    });
  const counts = async () => {
    const { rows } = await t.database.db.execute<{ code: string; request_count: number }>(
      sql`SELECT code, request_count FROM products ORDER BY code`,
    );
    return Object.fromEntries(rows.map((r) => [r.code, Number(r.request_count)]));
  };

  it("counts each product once per price request, in the request's statement", async () => {
    expect((await submit([pendant, ring])).statusCode).toBe(201);
    expect((await submit([pendant])).statusCode).toBe(201);
    expect(await counts()).toEqual({ 'RC-1': 1, 'RC-2': 2, 'RC-3': 0 });

    const gone = { ...bangle, id: '00000000-0000-4000-8000-000000000000' };
    expect((await submit([ring, gone])).statusCode).toBeGreaterThanOrEqual(400);
    expect(await counts()).toEqual({ 'RC-1': 1, 'RC-2': 2, 'RC-3': 0 });
  });

  it('orders the listing by it, newest first among equals', async () => {
    const page = (
      await t.app.inject({ method: 'GET', url: '/api/products/paginated?sort=requested' })
    ).json<FilteredPage>();
    expect(page.products.map((p) => p.code)).toEqual(['RC-2', 'RC-1', 'RC-3']);
  });
});
