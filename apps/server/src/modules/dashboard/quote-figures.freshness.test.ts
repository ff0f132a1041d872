import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { insertProduct, type TestProduct } from '../../../test/buyer-fixtures.ts';

describe('dashboard quotation figures: when they were computed, and renewal after a write', () => {
  let t: TestApp;
  let admin: TestUser;
  let buyer: TestUser;
  let ring: TestProduct;

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_ORDER: '1000' });
    [admin, buyer] = await Promise.all([createUser(t.database, { role: 'admin' }), createUser(t.database)]);
    ring = await insertProduct(t.database, { name: 'Kundan Ring', code: 'KR-3' });
  });
  afterAll(() => t.close());

  const figures = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard/quotes?weeks=12',
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { byStatus: { new: number }; computedAt: string };
  };

  const submit = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/submit-order',
      headers: bearer(buyer.token),
      payload: {
        firstName: 'Asha',
        email: 'asha@retail.example',
        contactNumber: '+91 98765 43210',
        country: 'IN',
        orderDetails: [{ productId: ring.id, quantity: 2 }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  it('says when the figures were computed, and a request sent makes them renew', async () => {
    const before = Date.now();
    const first = await figures();
    expect(first.byStatus.new).toBe(0);
    const computed = Date.parse(first.computedAt);
    expect(computed).toBeGreaterThanOrEqual(before - 1000);
    expect(computed).toBeLessThanOrEqual(Date.now());

    // Fresh and no write: the same computation is answered.
    expect((await figures()).computedAt).toBe(first.computedAt);

    await submit();
    // The first read after the write may still show the earlier figures (with their time) while
    // they are renewed; the renewal then shows the new request.
    let latest = await figures();
    for (let i = 0; i < 50 && latest.byStatus.new === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      latest = await figures();
    }
    expect(latest.byStatus.new).toBe(1);
    expect(Date.parse(latest.computedAt)).toBeGreaterThanOrEqual(computed);
  });
});
