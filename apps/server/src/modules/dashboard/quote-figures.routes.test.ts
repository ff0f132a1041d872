import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekStartOf } from '@catalogue/shared/schemas/dashboard';
import { quoteFiguresSchema } from '@catalogue/shared/schemas/quotation';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { insertProduct, type TestProduct } from '../../../test/buyer-fixtures.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('GET /api/admin/dashboard/quotes', () => {
  let t: TestApp;
  let admin: TestUser;
  let buyer: TestUser;
  let ring: TestProduct;
  let pendant: TestProduct;
  let number = 0;
  const now = Date.now();

  async function insertOrder(fields: {
    createdAt: Date;
    status: string;
    country?: string;
    firstQuotedAt?: Date;
    quotedAt?: Date;
    validUntil?: Date;
    quoteTotal?: number;
    quoteCurrency?: string;
    decidedAt?: Date;
    products: TestProduct[];
  }) {
    number += 1;
    const { products, ...rest } = fields;
    const [order] = await t.database.db
      .insert(orders)
      .values({
        orderNumber: number,
        userId: buyer.id,
        firstName: `Buyer ${number}`,
        email: buyer.email,
        contactNumber: '+91 98765 43210',
        country: fields.country ?? 'IN',
        ...rest,
      })
      .returning();
    await t.database.db.insert(orderItems).values(
      products.map((p, position) => ({
        orderId: order!.id,
        position,
        productId: p.id,
        name: p.name,
        sku: p.code,
        quantity: 5,
      })),
    );
  }

  beforeAll(async () => {
    t = await buildTestApp();
    [admin, buyer] = await Promise.all([createUser(t.database, { role: 'admin' }), createUser(t.database)]);
    ring = await insertProduct(t.database, { name: 'Kundan Ring', code: 'KR-1' });
    pendant = await insertProduct(t.database, { name: 'Polki Pendant', code: 'PP-2' });
    const at = (daysAgo: number, hours = 0) => new Date(now - daysAgo * DAY + hours * HOUR);
    // Two new requests, one from the US.
    await insertOrder({ createdAt: at(1), status: 'new', products: [ring] });
    await insertOrder({ createdAt: at(2), status: 'new', country: 'US', products: [ring, pendant] });
    // Quoted after 10 hours, still valid.
    await insertOrder({
      createdAt: at(3),
      status: 'quoted',
      firstQuotedAt: at(3, 10),
      quotedAt: at(3, 10),
      validUntil: new Date(now + 5 * DAY),
      quoteTotal: 100_000,
      quoteCurrency: 'INR',
      products: [pendant],
    });
    // Quoted after 20 hours; lapsed but not recorded: counts as expired.
    await insertOrder({
      createdAt: at(4),
      status: 'quoted',
      firstQuotedAt: at(4, 20),
      quotedAt: at(4, 20),
      validUntil: new Date(now - HOUR),
      quoteTotal: 50_000,
      quoteCurrency: 'USD',
      products: [ring],
    });
    // Quoted after 30 hours and accepted.
    await insertOrder({
      createdAt: at(5),
      status: 'accepted',
      firstQuotedAt: at(5, 30),
      quotedAt: at(5, 30),
      validUntil: new Date(now + DAY),
      quoteTotal: 250_000,
      quoteCurrency: 'INR',
      decidedAt: at(2),
      products: [ring, pendant],
    });
    // Long ago: outside a 12-week window, but still counted by state.
    await insertOrder({ createdAt: at(400), status: 'cancelled', products: [ring] });
  });
  afterAll(() => t.close());

  const get = (user: TestUser | null, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/admin/dashboard/quotes${query}`,
      headers: user ? bearer(user.token) : {},
    });

  it('is for admins only', async () => {
    expect((await get(null)).statusCode).toBe(401);
    expect((await get(buyer)).statusCode).toBe(403);
  });

  it('refuses a window that is not 1 to 104 weeks', async () => {
    for (const weeks of ['0', '105', 'x', '1.5']) {
      const res = await get(admin, `?weeks=${weeks}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('weeks');
    }
  });

  it('answers every figure', async () => {
    const res = await get(admin, '?weeks=12');
    expect(res.statusCode, res.body).toBe(200);
    const body = quoteFiguresSchema.parse(res.json());
    expect(body.byStatus).toEqual({
      new: 2,
      quoted: 1,
      accepted: 1,
      declined: 0,
      expired: 1,
      cancelled: 1,
      withdrawn: 0,
    });
    expect(body.funnel).toHaveLength(12);
    expect(body.funnel.at(-1)!.week).toBe(weekStartOf(new Date(now)).toISOString().slice(0, 10));
    const sum = (key: 'requested' | 'quoted' | 'accepted') => body.funnel.reduce((s, w) => s + w[key], 0);
    expect([sum('requested'), sum('quoted'), sum('accepted')]).toEqual([5, 3, 1]);
    expect(body.medianHoursToFirstQuote).toBe(20);
    expect(body.acceptanceRate).toBeCloseTo(1 / 3, 10);
    const month = (d: number) => new Date(d).toISOString().slice(0, 7);
    const totals = new Map<string, { quoted: number; accepted: number }>();
    for (const v of body.valueByMonth) {
      const got = totals.get(v.currency) ?? { quoted: 0, accepted: 0 };
      totals.set(v.currency, { quoted: got.quoted + v.quoted, accepted: got.accepted + v.accepted });
      expect([month(now), month(now - 40 * DAY)]).toContain(v.month);
    }
    expect(Object.fromEntries(totals)).toEqual({
      INR: { quoted: 350_000, accepted: 250_000 },
      USD: { quoted: 50_000, accepted: 0 },
    });
    expect(body.topRequested).toEqual([
      { productId: ring.id, name: 'Kundan Ring', count: 4 },
      { productId: pendant.id, name: 'Polki Pendant', count: 3 },
    ]);
    expect(body.topAccepted).toEqual([
      { productId: ring.id, name: 'Kundan Ring', count: 1 },
      { productId: pendant.id, name: 'Polki Pendant', count: 1 },
    ]);
    expect(body.byCountry).toEqual([
      { country: 'IN', count: 4 },
      { country: 'US', count: 1 },
    ]);
  });
});
