import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@catalogue/shared/schemas/order';
import type { OrderStatus } from '@catalogue/shared/domain/quotation';
import { orders } from '../../db/schema/orders.ts';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { insertProduct, type TestProduct } from '../../../test/buyer-fixtures.ts';

const DAY = 86_400_000;

describe('the admin order list: deep pages, several states, totals', () => {
  let t: TestApp;
  let admin: TestUser;
  let buyer: TestUser;
  let ring: TestProduct;
  /** Order number → the state it was given. */
  const given = new Map<number, string>();

  const submit = async (companyName = 'Lotus Retail') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/submit-order',
      headers: bearer(buyer.token),
      payload: {
        firstName: 'Asha',
        email: 'asha@retail.example',
        contactNumber: '+91 98765 43210',
        companyName,
        country: 'IN',
        orderDetails: [{ productId: ring.id, quantity: 2 }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().orderId as number;
  };

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_ORDER: '1000' });
    [admin, buyer] = await Promise.all([createUser(t.database, { role: 'admin' }), createUser(t.database)]);
    ring = await insertProduct(t.database, { name: 'Kundan Ring', code: 'KR-4' });
    // 21 requests whose states interleave by number: new, quoted (valid), quoted whose validity
    // passed (expired to readers), expired as recorded, accepted, cancelled, new...
    const cycle = ['new', 'quoted', 'lapsed', 'expired', 'accepted', 'cancelled', 'new'] as const;
    for (let i = 0; i < 21; i++) {
      const number = await submit();
      const state = cycle[i % cycle.length]!;
      given.set(number, state);
      if (state === 'new') continue;
      const quoted = state === 'quoted' || state === 'lapsed';
      await t.database.db
        .update(orders)
        .set({
          status: quoted ? 'quoted' : state,
          validUntil:
            state === 'lapsed' ? new Date(Date.now() - DAY) : quoted ? new Date(Date.now() + DAY) : null,
        })
        .where(eq(orders.orderNumber, number));
    }
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/orders/orders?${query}`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      orders: { orderId: number; status: string }[];
      totalItems: number;
      totalPages: number;
    };
  };

  /** Every page of `query` at `limit` a page, joined. */
  const allPages = async (query: string, limit: number) => {
    const first = await list(`${query}&limit=${limit}&page=1`);
    const numbers = first.orders.map((o) => o.orderId);
    for (let page = 2; page <= first.totalPages; page++)
      numbers.push(...(await list(`${query}&limit=${limit}&page=${page}`)).orders.map((o) => o.orderId));
    return { numbers, totalItems: first.totalItems };
  };

  /** A list query's states and order, as the route reads them. */
  const parsed = (query: string) => {
    const q = new URLSearchParams(query);
    const status = q.get('status');
    return {
      ...(status ? { statuses: status.split(',') as OrderStatus[] } : {}),
      ...(q.get('sort') === 'oldest' ? { sort: 'oldest' as const } : {}),
    };
  };

  const numbersIn = (states: string[]) =>
    [...given].filter(([, state]) => states.includes(state)).map(([number]) => number);

  it.each([
    ['new,quoted,expired', ['new', 'quoted', 'lapsed', 'expired']],
    ['expired', ['lapsed', 'expired']],
    ['quoted,accepted', ['quoted', 'accepted']],
    ['new', ['new']],
  ])(
    'states %s: pages of 2, newest and oldest first, list exactly those requests in order',
    async (status, states) => {
      const expected = numbersIn(states).sort((a, b) => b - a);
      const newest = await allPages(`status=${status}`, 2);
      expect(newest).toEqual({ numbers: expected, totalItems: expected.length });
      const oldest = await allPages(`status=${status}&sort=oldest`, 2);
      expect(oldest.numbers).toEqual([...expected].reverse());
      // A page past the end is empty.
      expect((await list(`status=${status}&limit=2&page=99`)).orders).toEqual([]);
    },
  );

  it('the whole list (no page asked for), read two orders at a time, is every page joined', async () => {
    // The quotation link is signed at the instant of the read; every other field is compared.
    const unsigned = (list: { orders: object[] }) =>
      list.orders.map((o) => ({ ...o, excelFilePath: String((o as Order).excelFilePath).split('?')[0] }));
    for (const query of ['', 'status=new,quoted,expired', 'status=expired&sort=oldest']) {
      const text = [];
      const chunks = await t.app.services.orders.wholeList(parsed(query), 2);
      for await (const chunk of chunks) text.push(chunk);
      const whole = JSON.parse(text.join('')) as { success: true; orders: Order[] };
      const pages = [];
      for (let page = 1; ; page++) {
        const found = await list(`${query}&limit=3&page=${page}`);
        pages.push(...found.orders);
        if (page >= found.totalPages) break;
      }
      expect(Object.keys(whole)).toEqual(['success', 'orders']);
      expect(whole.orders.length).toBeGreaterThan(2);
      expect(unsigned(whole)).toEqual(unsigned({ orders: pages }));
    }
    // Through the route: every request, newest first, in one answer of the same form.
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/orders/orders',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const stored = await t.database.db.select({ n: orders.orderNumber }).from(orders);
    expect(res.json<{ orders: Order[] }>().orders.map((o) => o.orderId)).toEqual(
      stored.map((r) => r.n).sort((a, b) => b - a),
    );
  });

  it('a page deep in the list is the same slice as the whole list', async () => {
    const whole = (await list('status=new,quoted,expired&limit=100&page=1')).orders.map((o) => o.orderId);
    const third = (await list('status=new,quoted,expired&limit=3&page=3')).orders.map((o) => o.orderId);
    expect(third).toEqual(whole.slice(6, 9));
    const states = (await list('status=new,quoted,expired&limit=100&page=1')).orders.map((o) => o.status);
    expect(new Set(states)).toEqual(new Set(['new', 'quoted', 'expired']));
  });

  it('a search with a state filter pages within its matches', async () => {
    const a = await submit('Marigold Exports');
    const b = await submit('Marigold Exports');
    await t.database.db
      .update(orders)
      .set({ status: 'accepted' })
      .where(inArray(orders.orderNumber, [a]));
    const found = await allPages('search=marigold&status=new', 1);
    expect(found).toEqual({ numbers: [b], totalItems: 1 });
  });

  it('totals follow writes at once: a new request, a deleted one', async () => {
    const before = (await list('status=new&limit=5')).totalItems;
    expect((await list('status=new&limit=5')).totalItems).toBe(before);
    const number = await submit();
    expect((await list('status=new&limit=5')).totalItems).toBe(before + 1);
    const [row] = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderNumber, number));
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${row!.id}`,
      headers: bearer(admin.token),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await list('status=new&limit=5')).totalItems).toBe(before);
  });
});
