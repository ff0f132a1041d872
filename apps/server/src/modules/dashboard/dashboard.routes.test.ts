import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSchema, fillWeeks, weekStartOf, type Dashboard } from '@catalogue/shared/schemas/dashboard';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { deleteProduct, insertProduct, type TestProduct } from '../../../test/buyer-fixtures.ts';

const DAY = 86_400_000;

describe('weekly buckets', () => {
  it('starts weeks on Monday (UTC)', () => {
    expect(weekStartOf(new Date('2026-11-22T23:30:00Z')).toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(weekStartOf(new Date('2026-11-16T00:00:00Z')).toISOString()).toBe('2026-11-16T00:00:00.000Z');
  });

  it('answers twelve weeks, oldest first, quiet weeks as zero', () => {
    const weeks = fillWeeks(
      new Map([
        ['2026-11-16', 3],
        ['2026-08-31', 1],
      ]),
      new Date('2026-11-22T12:00:00Z'),
    );
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toEqual({ weekStart: '2026-08-31', count: 1 });
    expect(weeks[11]).toEqual({ weekStart: '2026-11-16', count: 3 });
    expect(weeks.slice(1, 11).every((w) => w.count === 0)).toBe(true);
  });
});

describe('GET /api/admin/dashboard', () => {
  let t: TestApp;
  let admin: TestUser;
  let buyer: TestUser;
  let ring: TestProduct;
  let pendant: TestProduct;
  let gone: TestProduct;
  let number = 0;

  async function insertOrder(createdAt: Date, lines: { product: TestProduct; quantity: number }[]) {
    number += 1;
    const [order] = await t.database.db
      .insert(orders)
      .values({
        orderNumber: number,
        userId: buyer.id,
        firstName: `Buyer ${number}`,
        email: buyer.email,
        contactNumber: '+91 98765 43210',
        companyName: `Company ${number}`,
        country: 'IN',
        createdAt,
      })
      .returning();
    if (lines.length) {
      await t.database.db.insert(orderItems).values(
        lines.map((line, position) => ({
          orderId: order!.id,
          position,
          productId: line.product.id,
          name: line.product.name,
          sku: line.product.code,
          quantity: line.quantity,
        })),
      );
    }
    return order!;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    [admin, buyer] = await Promise.all([
      createUser(t.database, { role: 'admin' }),
      createUser(t.database),
      createUser(t.database),
    ]);
    ring = await insertProduct(t.database, { name: 'Kundan Ring', code: 'KR-1' });
    pendant = await insertProduct(t.database, { name: 'Polki Pendant', code: 'PP-2' });
    gone = await insertProduct(t.database, { name: 'Old Bangle', code: 'OB-3' });
    const now = Date.now();
    await insertOrder(new Date(now - 200 * DAY), [{ product: ring, quantity: 100 }]); // older than 12 weeks
    await insertOrder(new Date(now - 30 * DAY), [{ product: pendant, quantity: 500 }]);
    await insertOrder(new Date(now - 2 * DAY), [
      { product: ring, quantity: 5 },
      { product: gone, quantity: 900 },
    ]);
    for (let i = 0; i < 4; i += 1)
      await insertOrder(new Date(now - i * 60_000), [{ product: ring, quantity: 1 }]);
    await deleteProduct(t.database, gone.id);
  });
  afterAll(() => t.close());

  const get = (user: TestUser | null) =>
    t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: user ? bearer(user.token) : {} });

  it('refuses anonymous visitors (401) and buyers (403)', async () => {
    const anonymous = await get(null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ message: 'Unauthorized' });
    const refused = await get(buyer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'Forbidden' });
  });

  it('answers counts, weeks, top products and latest requests for an admin', async () => {
    const response = await get(admin);
    expect(response.statusCode).toBe(200);
    const body: Dashboard = dashboardSchema.parse(response.json());

    // Admins are not buyers; the deleted product no longer counts.
    expect(body.counts).toEqual({ products: 2, buyers: 2, priceRequests: 7, pendingAccounts: 0 });

    expect(body.weekly).toHaveLength(12);
    const starts = body.weekly.map((w) => w.weekStart);
    expect([...starts].sort()).toEqual(starts);
    expect(starts.at(-1)).toBe(weekStartOf(new Date()).toISOString().slice(0, 10));
    // The 200-day-old request is outside the window; the others all fall inside it.
    expect(body.weekly.reduce((sum, w) => sum + w.count, 0)).toBe(6);

    expect(body.topProducts).toEqual([
      { productId: ring.id, name: 'Kundan Ring', code: 'KR-1', quantity: 109, requests: 6 },
      { productId: pendant.id, name: 'Polki Pendant', code: 'PP-2', quantity: 500, requests: 1 },
    ]);

    expect(body.latestRequests.map((r) => r.orderId)).toEqual([4, 5, 6, 7, 3]);
    expect(body.latestRequests[0]).toMatchObject({
      firstName: 'Buyer 4',
      companyName: 'Company 4',
      country: 'IN',
      items: 1,
    });
    expect(body.latestRequests.find((r) => r.orderId === 3)?.items).toBe(2);
  });
});
