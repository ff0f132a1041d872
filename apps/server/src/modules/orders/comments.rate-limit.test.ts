import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders.ts';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { insertProduct } from '../../../test/buyer-fixtures.ts';

/** Comments on a price request are limited per account (RATE_LIMIT_COMMENT a window). */
describe('comments are rate limited per account', () => {
  let t: TestApp;
  let buyer: TestUser;
  let admin: TestUser;
  let orderId: string;

  beforeAll(async () => {
    t = await buildTestApp({
      RATE_LIMIT_ORDER: '1000',
      RATE_LIMIT_COMMENT: '3',
      RATE_LIMIT_WINDOW_SECONDS: '60',
    });
    [buyer, admin] = await Promise.all([createUser(t.database), createUser(t.database, { role: 'admin' })]);
    const product = await insertProduct(t.database, { name: 'Kundan Ring', code: 'KR-LIMIT' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/submit-order',
      headers: bearer(buyer.token),
      payload: {
        firstName: 'Asha',
        email: buyer.email,
        contactNumber: '+91 98765 43210',
        country: 'IN',
        orderDetails: [{ productId: product.id, quantity: 3 }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderNumber, res.json().orderId));
    orderId = row!.id;
  });
  afterAll(() => t?.close());

  const comment = (who: TestUser, text: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/comments`,
      headers: bearer(who.token),
      payload: { text },
    });

  it('answers 429 with a JSON message past the limit, and keeps no comment of it', async () => {
    for (let i = 1; i <= 3; i++) expect((await comment(buyer, `Question ${i}`)).statusCode).toBe(201);
    const limited = await comment(buyer, 'Question 4');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: 'Too many comments, please try again later',
      code: 'RATE_LIMITED',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}/comments`,
      headers: bearer(buyer.token),
    });
    expect(list.json().comments.map((c: { text: string }) => c.text)).toEqual([
      'Question 1',
      'Question 2',
      'Question 3',
    ]);
  });

  it('counts each account on its own: the administrator may still answer', async () => {
    expect((await comment(buyer, 'Question 5')).statusCode).toBe(429);
    expect((await comment(admin, 'Answer 1')).statusCode).toBe(201);
  });
});
