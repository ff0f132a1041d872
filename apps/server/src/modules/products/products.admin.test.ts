import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Product, ProductPage } from '@catalogue/shared/schemas/product';
import { media } from '../../db/schema/media.ts';
import { cartItems, orderItems, orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import {
  bearer,
  buildTestApp,
  createUser,
  mediaIdOf,
  TEST_SITE_URL,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.ts';
import {
  jpegWithOrientation,
  multipart,
  oversizedJpeg,
  pngBomb,
  sampleImage,
  SVG_IMAGE,
  TEXT_FILE,
} from '../../../test/image-fixtures.ts';

const FIELDS = {
  name: 'Kundan Choker',
  description: 'Gold-plated brass with kundan stones',
  category: 'necklace',
  subcategory: 'WithGemstone',
  code: 'NK-9001',
};

describe('admin product writes', () => {
  let t: TestApp;
  let admin: TestUser;
  let buyer: TestUser;
  let jpeg: Buffer;
  let codeSeq = 0;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createUser(t.database, { role: 'admin' });
    buyer = await createUser(t.database);
    jpeg = await sampleImage('jpeg', 300, 200);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    codeSeq++;
  });

  const image = (data: Buffer, filename = 'ring.jpg', contentType = 'image/jpeg') => ({
    field: 'image',
    filename,
    contentType,
    data,
  });

  function send(
    method: 'POST' | 'PUT',
    url: string,
    fields: Record<string, string>,
    files: ReturnType<typeof image>[] = [],
    token = admin.token,
  ) {
    const form = multipart(fields, files);
    return t.app.inject({
      method,
      url,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(token) },
    });
  }

  const add = (
    fields: Record<string, string>,
    files: ReturnType<typeof image>[] = [image(jpeg)],
    token?: string,
  ) => send('POST', '/api/products/admin/add', fields, files, token);

  async function addOk(fields: Partial<typeof FIELDS> = {}): Promise<Product> {
    const res = await add({
      ...FIELDS,
      code: `NK-${codeSeq}-${Math.random().toString(36).slice(2, 8)}`,
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ product: Product }>().product;
  }

  const mediaRow = async (id: string) =>
    (await t.database.db.select().from(media).where(eq(media.id, id)))[0] ?? null;

  describe('authorisation', () => {
    const calls = [
      ['GET', '/api/products/admin/paginated'],
      ['POST', '/api/products/admin/add'],
      ['PUT', '/api/products/admin/00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/api/products/admin/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/products/admin/uploadexcel'],
    ] as const;

    it.each(calls)('%s %s is 401 without a session and 403 for a buyer', async (method, url) => {
      const anonymous = await t.app.inject({ method, url });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ message: 'Unauthorized' });
      const forged = await t.app.inject({ method, url, headers: bearer('x'.repeat(40)) });
      expect(forged.statusCode).toBe(401);
      const asBuyer = await t.app.inject({ method, url, headers: bearer(buyer.token) });
      expect(asBuyer.statusCode).toBe(403);
      expect(asBuyer.json()).toMatchObject({ message: 'Forbidden' });
    });

    it('writes nothing for a buyer who sends a complete form', async () => {
      const res = await add({ ...FIELDS, code: 'BUYER-1' }, [image(jpeg)], buyer.token);
      expect(res.statusCode).toBe(403);
      expect(await t.database.db.select().from(products).where(eq(products.code, 'BUYER-1'))).toEqual([]);
    });
  });

  describe('POST /admin/add', () => {
    it('adds a product with its image, normalising category and subcategory', async () => {
      const res = await add({ ...FIELDS, code: '  NK-ADD-1 ', price: '149.5' });
      expect(res.statusCode).toBe(201);
      const body = res.json<{ message: string; product: Product }>();
      expect(body.message).toBe('Product added');
      expect(body.product).toMatchObject({
        name: 'Kundan Choker',
        category: 'Necklaces',
        subcategory: 'withgemstone',
        code: 'NK-ADD-1',
        price: 149.5,
        imageUrl: `${TEST_SITE_URL}/media/${mediaIdOf(body.product)}`,
        cloudinaryId: null,
      });
      expect(body.product.imageurl).toBe(body.product.imageUrl);
      const served = await t.app.inject({
        method: 'GET',
        url: `/media/${mediaIdOf(body.product)}?w=400&h=400&fit=cover`,
      });
      expect(served.statusCode).toBe(200);
      // The lists show it at once: the write cleared the cache.
      const newest = await t.app.inject({ method: 'GET', url: '/api/products?limit=1' });
      expect(newest.json<Product[]>()[0]!._id).toBe(body.product._id);
    });

    it('stores the upload upright and without its EXIF', async () => {
      const product = (
        await add({ ...FIELDS, code: 'NK-EXIF' }, [image(await jpegWithOrientation(300, 200, 6))])
      ).json<{ product: Product }>().product;
      const row = await mediaRow(mediaIdOf(product));
      expect(row).toMatchObject({ width: 200, height: 300 });
      const stored = await fs.readFile(path.join(t.env.dataDir, 'media', row!.storageKey));
      expect(stored.includes(Buffer.from('SecretCam'))).toBe(false);
    });

    it.each(['name', 'description', 'category', 'subcategory', 'code'])(
      'answers "All fields are required" when %s is missing or blank',
      async (field) => {
        const missing = Object.fromEntries(Object.entries(FIELDS).filter(([k]) => k !== field));
        for (const fields of [missing, { ...FIELDS, [field]: '   ' }]) {
          const res = await add(fields);
          expect(res.statusCode).toBe(400);
          expect(res.json()).toMatchObject({
            message: 'All fields are required',
            issues: [{ path: field, message: `${field} is required` }],
          });
        }
      },
    );

    it('checks the fields before the image', async () => {
      const res = await add({ name: 'x' }, [image(TEXT_FILE, 'photo.jpg')]);
      expect(res.json()).toMatchObject({ message: 'All fields are required' });
    });

    it('requires an image', async () => {
      for (const files of [[], [image(Buffer.alloc(0), '')]]) {
        const res = await add({ ...FIELDS, code: 'NK-NOIMG' }, files);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ message: 'Please select a product image' });
      }
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/products/admin/add',
        payload: { ...FIELDS, code: 'NK-JSON' },
        headers: bearer(admin.token),
      });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toMatchObject({ message: 'Please select a product image' });
    });

    it.each([
      ['a text file named .jpg', TEXT_FILE, 'ring.jpg', 'image/jpeg'],
      ['an SVG', SVG_IMAGE, 'ring.svg', 'image/svg+xml'],
      [
        'an HTML page claiming to be a PNG',
        Buffer.from('<html><script>alert(1)</script></html>'),
        'a.png',
        'image/png',
      ],
    ])('refuses %s with 415', async (_name, data, filename, contentType) => {
      const res = await add({ ...FIELDS, code: 'NK-LIE' }, [image(data, filename, contentType)]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ message: 'Only image files are allowed (JPEG, PNG, etc.)' });
    });

    it('refuses an image of 5 MB or more with 413, and a pixel bomb', async () => {
      const big = await add({ ...FIELDS, code: 'NK-BIG' }, [image(await oversizedJpeg(5 * 1024 * 1024))]);
      expect(big.statusCode).toBe(413);
      expect(big.json()).toMatchObject({ message: 'Image size must be less than 5MB' });
      const huge = await add({ ...FIELDS, code: 'NK-HUGE' }, [image(await oversizedJpeg(21 * 1024 * 1024))]);
      expect(huge.statusCode).toBe(413);
      const bomb = await add({ ...FIELDS, code: 'NK-BOMB' }, [
        image(pngBomb(60_000, 60_000), 'a.png', 'image/png'),
      ]);
      expect(bomb.statusCode).toBe(413);
      expect(bomb.json().message).toMatch(/megapixels/);
      const written = await t.database.db.select().from(products).where(eq(products.code, 'NK-BIG'));
      expect(written).toEqual([]);
    });

    it.each([
      [{ category: 'Watches' }, 'category must be one of Rings, Bracelets, Earrings, Necklaces, Pendants'],
      [{ subcategory: 'sparkly' }, 'subcategory must be one of withgemstone, withoutgemstone'],
      [{ name: 'x'.repeat(201) }, 'name must be at most 200 characters'],
      [{ code: 'C'.repeat(65) }, 'code must be at most 64 characters'],
      [{ code: 'A\u0000B' }, 'code must not contain control characters'],
      [{ price: '-1' }, 'price must be a number from 0 to 100000000'],
      [{ price: 'free' }, 'price must be a number from 0 to 100000000'],
    ])('answers 400 naming the problem for %o', async (change, message) => {
      const res = await add({ ...FIELDS, code: 'NK-BAD', ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message });
    });

    it('refuses a taken code, whatever its case, and keeps no orphan image', async () => {
      const first = await addOk({ code: 'DUP-CODE-1' });
      const mediaBefore = (await t.database.db.select().from(media)).length;
      const res = await add({ ...FIELDS, code: 'dup-code-1' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: 'A product with code dup-code-1 already exists' });
      expect((await t.database.db.select().from(media)).length).toBe(mediaBefore);
      expect(first.code).toBe('DUP-CODE-1');
    });

    it('answers 400 for a malformed multipart body', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/products/admin/add',
        payload: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nunterminated',
        headers: { 'content-type': 'multipart/form-data; boundary=xyz', ...bearer(admin.token) },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'The form could not be read (malformed multipart body)' });
      const twoFiles = multipart({ ...FIELDS }, [image(jpeg), { ...image(jpeg), field: 'other' }]);
      const many = await t.app.inject({
        method: 'POST',
        url: '/api/products/admin/add',
        payload: twoFiles.payload,
        headers: { ...twoFiles.headers, ...bearer(admin.token) },
      });
      expect(many.statusCode).toBe(413);
      expect(many.json()).toMatchObject({ message: 'Send one file at a time' });
    });
  });

  describe('PUT /admin/{id}', () => {
    it('updates the fields and keeps the image when none is sent', async () => {
      const product = await addOk();
      const res = await send('PUT', `/api/products/admin/${product._id}`, {
        ...FIELDS,
        name: 'Renamed Choker',
        category: 'Pendants',
        subcategory: 'withoutgemstone',
        code: product.code.toLowerCase(),
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ message: string; product: Product }>();
      expect(body.message).toBe('Product updated');
      expect(body.product).toMatchObject({
        _id: product._id,
        name: 'Renamed Choker',
        category: 'Pendants',
        subcategory: 'withoutgemstone',
        imageUrl: product.imageUrl,
        cloudinaryId: null,
        createdAt: product.createdAt,
      });
      expect(await mediaRow(mediaIdOf(product))).not.toBeNull();
      const single = await t.app.inject({ method: 'GET', url: `/api/products/single/${product._id}` });
      expect(single.json<Product>().name).toBe('Renamed Choker');
    });

    it('accepts a JSON body too', async () => {
      const product = await addOk();
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/products/admin/${product._id}`,
        payload: { ...FIELDS, code: product.code, description: 'Edited as JSON' },
        headers: bearer(admin.token),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ product: Product }>().product.description).toBe('Edited as JSON');
    });

    it('replaces the image and removes the old one when nothing else uses it', async () => {
      const product = await addOk();
      const oldMedia = mediaIdOf(product);
      const res = await send('PUT', `/api/products/admin/${product._id}`, { ...FIELDS, code: product.code }, [
        image(await sampleImage('png', 50, 50), 'new.png', 'image/png'),
      ]);
      expect(res.statusCode).toBe(200);
      const updated = res.json<{ product: Product }>().product;
      expect(mediaIdOf(updated)).not.toBe(oldMedia);
      expect(updated.imageUrl).toBe(`${TEST_SITE_URL}/media/${mediaIdOf(updated)}`);
      expect(await mediaRow(oldMedia)).toBeNull();
      expect(await mediaRow(mediaIdOf(updated))).not.toBeNull();
    });

    it('keeps the old image when a price request line still shows it', async () => {
      const product = await addOk();
      const [order] = await t.database.db
        .insert(orders)
        .values({
          orderNumber: 70001,
          firstName: 'B',
          email: 'b@example.com',
          contactNumber: '1',
          country: 'IN',
        })
        .returning();
      await t.database.db.insert(orderItems).values({
        orderId: order!.id,
        position: 0,
        productId: product._id,
        name: product.name,
        sku: product.code,
        quantity: 2,
        mediaId: mediaIdOf(product),
      });
      await send('PUT', `/api/products/admin/${product._id}`, { ...FIELDS, code: product.code }, [
        image(jpeg),
      ]);
      expect(await mediaRow(mediaIdOf(product))).not.toBeNull();
    });

    it('validates like add, answers 404 for unknown and malformed ids, 409 for another product’s code', async () => {
      const product = await addOk();
      const other = await addOk();
      const blank = await send('PUT', `/api/products/admin/${product._id}`, {
        ...FIELDS,
        code: product.code,
        name: '',
      });
      expect(blank.json()).toMatchObject({ message: 'All fields are required' });
      const lie = await send('PUT', `/api/products/admin/${product._id}`, { ...FIELDS, code: product.code }, [
        image(SVG_IMAGE, 'x.png', 'image/png'),
      ]);
      expect(lie.statusCode).toBe(415);
      for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
        const missing = await send('PUT', `/api/products/admin/${id}`, { ...FIELDS, code: 'NEW-CODE-404' });
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toMatchObject({ message: 'Product not found' });
      }
      const taken = await send('PUT', `/api/products/admin/${product._id}`, { ...FIELDS, code: other.code });
      expect(taken.statusCode).toBe(409);
    });
  });

  describe('DELETE /admin/{id}', () => {
    it('deletes the product, its image and enquiry lines, and keeps price-request lines', async () => {
      const product = await addOk();
      await t.database.db.insert(cartItems).values({ userId: buyer.id, productId: product._id, quantity: 3 });
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/products/admin/${product._id}`,
        headers: bearer(admin.token),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Product deleted' });
      expect(await mediaRow(mediaIdOf(product))).toBeNull();
      expect(
        await t.database.db.select().from(cartItems).where(eq(cartItems.productId, product._id)),
      ).toEqual([]);
      const single = await t.app.inject({ method: 'GET', url: `/api/products/single/${product._id}` });
      expect(single.statusCode).toBe(404);
      const again = await t.app.inject({
        method: 'DELETE',
        url: `/api/products/admin/${product._id}`,
        headers: bearer(admin.token),
      });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ message: 'Product not found' });
      const malformed = await t.app.inject({
        method: 'DELETE',
        url: '/api/products/admin/%27%20OR%201%3D1',
        headers: bearer(admin.token),
      });
      expect(malformed.statusCode).toBe(404);
    });

    it('keeps an image another product shares', async () => {
      const product = await addOk();
      await t.database.db.insert(products).values({
        name: 'Twin',
        code: `TWIN-${codeSeq}`,
        category: 'Rings',
        subcategory: 'withgemstone',
        mediaId: mediaIdOf(product),
      });
      await t.app.inject({
        method: 'DELETE',
        url: `/api/products/admin/${product._id}`,
        headers: bearer(admin.token),
      });
      expect(await mediaRow(mediaIdOf(product))).not.toBeNull();
    });
  });

  describe('GET /admin/paginated', () => {
    it('pages 10 at a time and searches name, code, category and subcategory literally', async () => {
      const t2 = await buildTestApp();
      try {
        const boss = await createUser(t2.database, { role: 'admin' });
        const rows = Array.from({ length: 23 }, (_, i) => ({
          name: i === 0 ? '50% off_Ring' : `Item ${i}`,
          code: `AD-${String(i).padStart(3, '0')}`,
          category: i % 2 ? 'Necklaces' : 'Rings',
          subcategory: i % 3 ? 'withgemstone' : 'withoutgemstone',
          createdAt: new Date(Date.UTC(2025, 0, 1) - i * 60_000),
        }));
        await t2.database.db.insert(products).values(rows);
        const list = async (query: string) => {
          const res = await t2.app.inject({
            method: 'GET',
            url: `/api/products/admin/paginated?${query}`,
            headers: bearer(boss.token),
          });
          expect(res.statusCode).toBe(200);
          return res.json<ProductPage>();
        };
        const first = await list('');
        expect(first).toMatchObject({ currentPage: 1, totalPages: 3, totalItems: 23 });
        expect(first.products.map((p) => p.code)).toEqual(rows.slice(0, 10).map((r) => r.code));
        expect((await list('page=3')).products).toHaveLength(3);
        expect((await list('page=4')).products).toEqual([]);
        expect((await list('search=ad-00')).totalItems).toBe(10);
        expect((await list('search=NECK')).totalItems).toBe(11);
        expect((await list('search=withoutgem')).totalItems).toBe(8);
        expect((await list('search=%25')).products.map((p) => p.code)).toEqual(['AD-000']);
        expect((await list('search=_')).products.map((p) => p.code)).toEqual(['AD-000']);
        expect((await list('search=zzz')).totalItems).toBe(0);
        const nul = await t2.app.inject({
          method: 'GET',
          url: '/api/products/admin/paginated?search=%00',
          headers: bearer(boss.token),
        });
        expect(nul.statusCode).toBe(400);
        expect((await list(`search=${'x'.repeat(100)}`)).totalItems).toBe(0);
        const long = await t2.app.inject({
          method: 'GET',
          url: `/api/products/admin/paginated?search=${'x'.repeat(101)}`,
          headers: bearer(boss.token),
        });
        expect(long.statusCode).toBe(400);
      } finally {
        await t2.close();
      }
    });
  });
});
