import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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
  /** The instant the clock is set to for the case being run (see `seedAt`). */
  let now = 0;

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
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const at = (daysAgo: number, hours = 0) => new Date(now - daysAgo * DAY + hours * HOUR);

  /**
   * Sets the clock to `instant` (it keeps running from there) and writes the same history relative
   * to it, so the figures are asked for as on that day of the year.
   */
  async function seedAt(instant: string) {
    now = Date.parse(instant);
    vi.useFakeTimers({ toFake: ['Date'], now, shouldAdvanceTime: true });
    await t.database.db.delete(orders);
    // A session lasts a day from its making: the admin signs in on the day the clock shows.
    admin = await createUser(t.database, { role: 'admin' });
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
    // The rows were written behind the service's back: the figures it holds are due for renewal.
    t.app.services.events.emit('orders:changed');
  }
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

  // Days that once broke it (the first days of a month, when the quotes of a few days ago fall in
  // the month before), the last days of months, a year's turn and a leap day; in the order of the
  // calendar, since the figures held are renewed for a clock that moves forward.
  const instants = [
    '2026-07-15T12:00:00Z',
    '2026-11-28T12:00:00Z',
    '2026-12-01T09:00:00Z',
    '2026-12-05T23:30:00Z',
    '2026-12-31T23:59:00Z',
    '2027-01-01T00:30:00Z',
    '2027-03-01T06:00:00Z',
    '2027-03-31T18:00:00Z',
    '2027-04-05T10:00:00Z',
    '2028-02-29T12:00:00Z',
    '2028-03-03T08:00:00Z',
  ];

  it.each(instants)('answers every figure with the clock at %s', async (instant) => {
    await seedAt(instant);
    // Figures held from the case before are answered while they are renewed (stale while
    // revalidating): ask until the figures were computed on this case's day.
    let body = quoteFiguresSchema.parse((await get(admin, '?weeks=12')).json());
    for (let tries = 0; Date.parse(body.computedAt) < now && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const res = await get(admin, '?weeks=12');
      expect(res.statusCode, res.body).toBe(200);
      body = quoteFiguresSchema.parse(res.json());
    }
    expect(Date.parse(body.computedAt)).toBeGreaterThanOrEqual(now);
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
    // Each quote counts in the month it was sent, the accepted one also in the month it was accepted.
    const month = (d: Date) => d.toISOString().slice(0, 7);
    const expected = new Map<string, { month: string; currency: string; quoted: number; accepted: number }>();
    const add = (when: Date, currency: string, quoted: number, accepted: number) => {
      const key = `${month(when)} ${currency}`;
      const row = expected.get(key) ?? { month: month(when), currency, quoted: 0, accepted: 0 };
      expected.set(key, { ...row, quoted: row.quoted + quoted, accepted: row.accepted + accepted });
    };
    add(at(3, 10), 'INR', 100_000, 0);
    add(at(4, 20), 'USD', 50_000, 0);
    add(at(5, 30), 'INR', 250_000, 0);
    add(at(2), 'INR', 0, 250_000);
    const byKey = (r: { month: string; currency: string }) => `${r.month} ${r.currency}`;
    expect([...body.valueByMonth].sort((x, y) => byKey(x).localeCompare(byKey(y)))).toEqual(
      [...expected.values()].sort((x, y) => byKey(x).localeCompare(byKey(y))),
    );
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
