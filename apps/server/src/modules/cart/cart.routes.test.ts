import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_QUANTITY } from '@catalogue/shared/domain/limits';
import {
  bearer,
  buildTestApp,
  createUser,
  TEST_SITE_URL,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.ts';
import { deleteProduct, insertMedia, insertProduct, type TestProduct } from '../../../test/buyer-fixtures.ts';
import { products } from '../../db/schema/products.ts';

describe('the server-kept enquiry list', () => {
  let t: TestApp;
  let buyer: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let ring: TestProduct;
  let pendant: TestProduct;
  let external: TestProduct;

  beforeAll(async () => {
    t = await buildTestApp();
    [buyer, other, admin] = await Promise.all([
      createUser(t.database),
      createUser(t.database),
      createUser(t.database, { role: 'admin' }),
    ]);
    const mediaId = await insertMedia(t.database, t.app.services.mediaStore);
    ring = await insertProduct(t.database, { name: 'Kundan Ring', code: 'KR-1', price: 24.5, mediaId });
    pendant = await insertProduct(t.database, { name: 'Polki Pendant', code: 'PP-2', price: 0 });
    external = await insertProduct(t.database, {
      name: 'Hosted Earring',
      code: 'HE-3',
      imageUrl: 'https://images.example.com/earring.jpg',
    });
  });
  afterAll(() => t.close());

  type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };
  const call = (user: TestUser | null, c: Call) =>
    t.app.inject({ ...c, headers: user ? bearer(user.token) : {} });
  const cartOf = async (user: TestUser) =>
    (await call(user, { method: 'GET', url: `/api/cart/${user.id}` })).json();
  const clear = (user: TestUser) => call(user, { method: 'DELETE', url: `/api/cart/clear/${user.id}` });
  const add = (user: TestUser, payload: object) =>
    call(user, { method: 'POST', url: '/api/cart/add', payload });

  describe('who may use a list', () => {
    const calls = (owner: TestUser): Call[] => [
      { method: 'GET', url: `/api/cart/${owner.id}` },
      { method: 'POST', url: '/api/cart/add', payload: { userId: owner.id, productId: ring.id } },
      {
        method: 'PUT',
        url: '/api/cart/quantity',
        payload: { userId: owner.id, productId: ring.id, quantity: 2 },
      },
      { method: 'DELETE', url: `/api/cart/remove/${owner.id}/${ring.id}` },
      { method: 'DELETE', url: `/api/cart/clear/${owner.id}` },
      {
        method: 'POST',
        url: '/api/cart/merge',
        payload: { userId: owner.id, items: [{ _id: ring.id, quantity: 1 }] },
      },
    ];

    it('anonymous callers get 401 on every call', async () => {
      for (const c of calls(buyer)) {
        const res = await call(null, c);
        expect(res.statusCode, `${c.method} ${c.url}`).toBe(401);
        expect(res.json()).toMatchObject({ message: 'Unauthorized' });
      }
    });

    it("another buyer, and an administrator too, get 403 on a buyer's list", async () => {
      for (const intruder of [other, admin]) {
        for (const c of calls(buyer)) {
          const res = await call(intruder, c);
          expect(res.statusCode, `${c.method} ${c.url}`).toBe(403);
          expect(res.json()).toMatchObject({ message: 'Forbidden' });
        }
      }
      // Nothing was changed by the refused calls.
      await clear(buyer);
      expect((await cartOf(buyer)).items).toEqual([]);
    });

    it('the owner may use every call, and an administrator may use their own list', async () => {
      for (const owner of [buyer, admin]) {
        for (const c of calls(owner)) {
          expect((await call(owner, c)).statusCode, `${c.method} ${c.url}`).toBe(200);
        }
      }
    });

    it("an administrator's own list carries prices; a buyer's does not while prices are private", async () => {
      for (const owner of [buyer, admin]) {
        await clear(owner);
        await add(owner, { userId: owner.id, productId: ring.id });
      }
      expect((await cartOf(admin)).items).toMatchObject([{ productId: ring.id, price: 24.5 }]);
      expect((await cartOf(buyer)).items).toMatchObject([{ productId: ring.id, price: null }]);
    });

    it('a malformed user id is simply not yours: 403', async () => {
      const res = await call(buyer, { method: 'GET', url: '/api/cart/not-a-uuid' });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('lines', () => {
    it('starts empty', async () => {
      await clear(buyer);
      const res = await call(buyer, { method: 'GET', url: `/api/cart/${buyer.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ userId: buyer.id, items: [] });
    });

    it('add takes name, code, price and image from the product, never from the client', async () => {
      await clear(buyer);
      const res = await add(buyer, {
        userId: buyer.id,
        productId: ring.id,
        name: 'Free Diamond',
        price: 0.01,
        imageUrl: 'javascript:alert(1)',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: 'Item added to cart',
        cart: {
          userId: buyer.id,
          items: [
            {
              productId: ring.id,
              name: 'Kundan Ring',
              code: 'KR-1',
              // A buyer's lines carry no price while prices are not public.
              price: null,
              quantity: 1,
              imageUrl: `${TEST_SITE_URL}/media/${ring.mediaId}`,
            },
          ],
        },
      });
    });

    it("carries each design's minimum order in its line, where the design has one, and keeps a quantity below it", async () => {
      const bangle = await insertProduct(t.database, { name: 'Meena Bangle', code: 'MB-12' });
      await t.database.db.update(products).set({ minOrderQuantity: 12 }).where(eq(products.id, bangle.id));
      await clear(buyer);
      await add(buyer, { userId: buyer.id, productId: ring.id, quantity: 2 });
      const added = await add(buyer, { userId: buyer.id, productId: bangle.id, quantity: 4 });
      const lines = (items: Record<string, unknown>[]) =>
        items.map((i) => [i.code, i.quantity, i.minOrderQuantity, 'minOrderQuantity' in i]);
      expect(lines(added.json().cart.items)).toEqual([
        ['KR-1', 2, undefined, false],
        ['MB-12', 4, 12, true],
      ]);
      expect(lines((await cartOf(buyer)).items)).toEqual([
        ['KR-1', 2, undefined, false],
        ['MB-12', 4, 12, true],
      ]);
      await clear(buyer);
    });

    it('add grows an existing line and appends new ones in order', async () => {
      await clear(buyer);
      await add(buyer, { userId: buyer.id, productId: ring.id, quantity: 2 });
      await add(buyer, { userId: buyer.id, productId: external.id });
      const res = await add(buyer, { userId: buyer.id, productId: ring.id, quantity: 3 });
      const items = res.json().cart.items;
      expect(items.map((i: { productId: string; quantity: number }) => [i.productId, i.quantity])).toEqual([
        [ring.id, 5],
        [external.id, 1],
      ]);
      expect(items[1].imageUrl).toBe('https://images.example.com/earring.jpg');
    });

    it('add answers 404 for an unknown or malformed product', async () => {
      for (const productId of ['6f1c2a44-0000-4000-8000-000000000000', 'nope', "1' OR '1'='1"]) {
        const res = await add(buyer, { userId: buyer.id, productId });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ message: 'Product not found' });
      }
    });

    it.each([
      [0, 'at least 1'],
      [-3, 'at least 1'],
      [1.5, 'whole number'],
      ['2', 'whole number'],
      [MAX_QUANTITY + 1, `at most ${MAX_QUANTITY}`],
      [null, 'whole number'],
    ])('add refuses quantity %j with 400', async (quantity, text) => {
      const res = await add(buyer, { userId: buyer.id, productId: ring.id, quantity });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(text);
    });

    it('add and merge never take a line above the maximum', async () => {
      await clear(buyer);
      await add(buyer, { userId: buyer.id, productId: ring.id, quantity: MAX_QUANTITY });
      const res = await add(buyer, { userId: buyer.id, productId: ring.id, quantity: 5 });
      expect(res.json().cart.items[0].quantity).toBe(MAX_QUANTITY);
      const merged = await call(buyer, {
        method: 'POST',
        url: '/api/cart/merge',
        payload: { userId: buyer.id, items: [{ productId: ring.id, quantity: 7 }] },
      });
      expect(merged.json().cart.items[0].quantity).toBe(MAX_QUANTITY);
    });

    it('quantity sets the value, raises anything below 1 to 1, and creates a missing line', async () => {
      await clear(buyer);
      const put = (productId: string, quantity: unknown) =>
        call(buyer, {
          method: 'PUT',
          url: '/api/cart/quantity',
          payload: { userId: buyer.id, productId, quantity },
        });

      const created = await put(pendant.id, 4);
      expect(created.statusCode).toBe(200);
      expect(created.json().message).toBe('Quantity updated');
      expect(created.json().cart.items).toMatchObject([{ productId: pendant.id, quantity: 4, price: null }]);

      expect((await put(pendant.id, 9)).json().cart.items[0].quantity).toBe(9);
      expect((await put(pendant.id, 0)).json().cart.items[0].quantity).toBe(1);
      expect((await put(pendant.id, -25)).json().cart.items[0].quantity).toBe(1);
      expect((await put(pendant.id, MAX_QUANTITY)).json().cart.items[0].quantity).toBe(MAX_QUANTITY);

      for (const bad of [2.5, '3', MAX_QUANTITY + 1, undefined, true]) {
        const res = await put(pendant.id, bad);
        expect(res.statusCode, String(bad)).toBe(400);
      }
      expect((await put('6f1c2a44-0000-4000-8000-000000000000', 2)).statusCode).toBe(404);
    });

    it('remove is idempotent and answers the list', async () => {
      await clear(buyer);
      await add(buyer, { userId: buyer.id, productId: ring.id });
      await add(buyer, { userId: buyer.id, productId: pendant.id });
      const remove = () => call(buyer, { method: 'DELETE', url: `/api/cart/remove/${buyer.id}/${ring.id}` });
      const first = await remove();
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        message: 'Item removed from cart',
        cart: { userId: buyer.id, items: [expect.objectContaining({ productId: pendant.id })] },
      });
      const second = await remove();
      expect(second.statusCode).toBe(200);
      expect(second.json().cart.items).toHaveLength(1);
      const malformed = await call(buyer, { method: 'DELETE', url: `/api/cart/remove/${buyer.id}/nope` });
      expect(malformed.statusCode).toBe(200);
    });

    it('clear empties the list, idempotently, and touches no one else', async () => {
      await add(other, { userId: other.id, productId: ring.id });
      await add(buyer, { userId: buyer.id, productId: ring.id });
      for (let i = 0; i < 2; i++) {
        const res = await clear(buyer);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ message: 'Cart cleared' });
      }
      expect((await cartOf(buyer)).items).toEqual([]);
      expect((await cartOf(other)).items).toHaveLength(1);
    });

    it('a deleted product leaves every list', async () => {
      const doomed = await insertProduct(t.database, { name: 'Doomed Bangle' });
      await clear(buyer);
      await add(buyer, { userId: buyer.id, productId: doomed.id });
      await add(buyer, { userId: buyer.id, productId: ring.id });
      await deleteProduct(t.database, doomed.id);
      const items = (await cartOf(buyer)).items;
      expect(items.map((i: { productId: string }) => i.productId)).toEqual([ring.id]);
    });
  });

  describe('merge', () => {
    const merge = (user: TestUser, items: unknown) =>
      call(user, { method: 'POST', url: '/api/cart/merge', payload: { userId: user.id, items } as object });

    it('adds per product, accepts productId, _id or id, sums repeats, and skips unknown products', async () => {
      await clear(buyer);
      await add(buyer, { userId: buyer.id, productId: ring.id, quantity: 2 });
      const res = await merge(buyer, [
        { _id: ring.id, quantity: 3, name: 'ignored' },
        { id: pendant.id, quantity: 1 },
        { productId: pendant.id, quantity: 4 },
        { productId: '6f1c2a44-0000-4000-8000-000000000000', quantity: 2 },
        { _id: 'local-only-item', quantity: 1 },
        { productId: external.id },
      ]);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Cart merged');
      const quantities = Object.fromEntries(
        res.json().cart.items.map((i: { productId: string; quantity: number }) => [i.productId, i.quantity]),
      );
      expect(quantities).toEqual({ [ring.id]: 5, [pendant.id]: 5, [external.id]: 1 });
    });

    it('an empty merge changes nothing', async () => {
      const before = await cartOf(buyer);
      const res = await merge(buyer, []);
      expect(res.statusCode).toBe(200);
      expect(res.json().cart).toEqual(before);
    });

    it.each([
      [[{ productId: 'x', quantity: 0 }]],
      [[{ productId: 'x', quantity: 1.25 }]],
      [[{ productId: 'x', quantity: '2' }]],
      [[{ productId: 'x', quantity: MAX_QUANTITY + 1 }]],
      [[{ quantity: 2 }]],
      ['not a list'],
      [undefined],
    ])('refuses %j with 400', async (items) => {
      const res = await merge(buyer, items);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/items|quantity|productId/);
    });
  });

  describe('concurrency', () => {
    it('20 parallel adds of 1 give 20', async () => {
      await clear(buyer);
      const results = await Promise.all(
        Array.from({ length: 20 }, () => add(buyer, { userId: buyer.id, productId: ring.id, quantity: 1 })),
      );
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      expect((await cartOf(buyer)).items).toMatchObject([{ productId: ring.id, quantity: 20 }]);
    });

    it('parallel merges and adds on several lines lose nothing', async () => {
      await clear(buyer);
      const work = Array.from({ length: 10 }, (_, i) =>
        i % 2
          ? call(buyer, {
              method: 'POST',
              url: '/api/cart/merge',
              payload: {
                userId: buyer.id,
                items: [
                  { productId: pendant.id, quantity: 2 },
                  { productId: ring.id, quantity: 1 },
                ],
              },
            })
          : add(buyer, { userId: buyer.id, productId: ring.id, quantity: 3 }),
      );
      const results = await Promise.all(work);
      expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      const quantities = Object.fromEntries(
        (await cartOf(buyer)).items.map((i: { productId: string; quantity: number }) => [
          i.productId,
          i.quantity,
        ]),
      );
      expect(quantities).toEqual({ [ring.id]: 5 * 3 + 5 * 1, [pendant.id]: 5 * 2 });
    });
  });

  it('services.cart serves the web loaders the same list', async () => {
    await clear(buyer);
    await add(buyer, { userId: buyer.id, productId: ring.id, quantity: 2 });
    expect(await t.app.services.cart.getCart(buyer.id)).toEqual(await cartOf(buyer));
  });
});
