import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitOrderBodySchema } from '@catalogue/shared/schemas/order';
import { orders } from '../../db/schema/orders.ts';
import { outbox } from '../../db/schema/system.ts';
import { users } from '../../db/schema/users.ts';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { insertProduct, type TestProduct } from '../../../test/buyer-fixtures.ts';
import { createOrdersRepository } from './orders.repository.ts';

/*
 * Price-request numbering and Idempotency-Key below the route (found by mutation testing): the
 * route answers a repeated key before storing, so these call the service and the repository as a
 * race between two requests would reach them.
 */
describe('storing a price request: races and failures', () => {
  let t: TestApp;
  let buyer: TestUser;
  let ring: TestProduct;

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_ORDER: '1000' });
    buyer = await createUser(t.database, { email: 'race-buyer@example.com' });
    ring = await insertProduct(t.database, { name: 'Race Ring', code: 'RR-1' });
  });
  afterAll(() => t?.close());

  const body = (quantity: number) =>
    submitOrderBodySchema.parse({
      firstName: 'Race',
      email: 'race-buyer@example.com',
      contactNumber: '+91 98765 43210',
      country: 'IN',
      orderDetails: [{ productId: ring.id, quantity }],
    });
  const ordersWithKey = (key: string) =>
    t.database.db.select().from(orders).where(eq(orders.idempotencyKey, key));

  it('two requests with one key that both reach the database store one order and answer its number', async () => {
    const submit = () => t.app.services.orders.submitOrder(buyer, body(2), 'race-key-1');
    const [first, second] = await Promise.all([submit(), submit()]);
    expect(second.orderId).toBe(first.orderId);
    const stored = await ordersWithKey('race-key-1');
    expect(stored).toHaveLength(1);
    expect(stored[0]!.orderNumber).toBe(first.orderId);
  });

  it('a failure that is not about the key is never answered as an earlier request with that key', async () => {
    await t.app.services.orders.submitOrder(buyer, body(1), 'used-key');
    // A quantity past PostgreSQL's integer (the route's schema would refuse it first) fails the
    // statement for another reason than the key.
    const tooMany = { ...body(1), orderDetails: [{ productId: ring.id, quantity: 3_000_000_000 }] };
    await expect(t.app.services.orders.submitOrder(buyer, tooMany, 'used-key')).rejects.toThrow();
    expect(await ordersWithKey('used-key')).toHaveLength(1);
  });

  it('without a key, two requests are two orders with consecutive numbers', async () => {
    const [a, b] = await Promise.all([
      t.app.services.orders.submitOrder(buyer, body(1), null),
      t.app.services.orders.submitOrder(buyer, body(1), null),
    ]);
    expect(Math.abs(a.orderId - b.orderId)).toBe(1);
  });

  it('a request whose account was removed a moment ago is refused with 409 and stores nothing', async () => {
    const before = (await t.database.db.select().from(orders)).length;
    const gone = { id: crypto.randomUUID(), email: 'removed@example.com' };
    await expect(t.app.services.orders.submitOrder(gone, body(1), 'gone-key')).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'A product in the list was removed just now; please review your list',
    });
    expect((await t.database.db.select().from(orders)).length).toBe(before);
  });

  it('an account whose e-mail is not verified is refused before anything is stored, whatever its key', async () => {
    const unverified = await createUser(t.database, { email: 'not-yet@example.com' });
    await t.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, unverified.id));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/submit-order',
      headers: { ...bearer(unverified.token), 'idempotency-key': 'unverified-key' },
      payload: { ...body(1), email: 'not-yet@example.com' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Please verify your e-mail address before sending a price request');
    expect(await ordersWithKey('unverified-key')).toHaveLength(0);
  });

  it('the repository stores an order with no mail to queue, and queues none', async () => {
    const repo = createOrdersRepository(t.database.db);
    const mailsBefore = (await t.database.db.select().from(outbox)).length;
    const stored = await repo.insertOrder(
      {
        id: crypto.randomUUID(),
        userId: buyer.id,
        firstName: 'Quiet',
        email: 'race-buyer@example.com',
        contactNumber: '+91 98765 43210',
        companyName: '',
        companyWebsite: '',
        country: 'IN',
        message: '',
        idempotencyKey: null,
      },
      [{ productId: ring.id, quantity: 4 }],
      [],
    );
    expect(stored).toMatchObject({ orderNumber: expect.any(Number) });
    expect((await t.database.db.select().from(outbox)).length).toBe(mailsBefore);
  });
});
