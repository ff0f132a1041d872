import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductSaved } from '@catalogue/shared/schemas/product';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { multipart, sampleImage } from '../../../test/image-fixtures.ts';

const FIELDS = {
  name: 'Kundan Jhumka',
  description: 'Gold-plated brass jhumkas with kundan and pearl drops',
  category: 'Earrings',
  subcategory: 'withgemstone',
};

describe('product attributes, weight, minimum order and tags', () => {
  let t: TestApp;
  let admin: TestUser;
  let jpeg: Buffer;
  let seq = 0;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createUser(t.database, { role: 'admin' });
    jpeg = await sampleImage('jpeg', 120, 120);
  });
  afterAll(() => t.close());

  const add = (fields: Record<string, string>) => {
    const form = multipart({ ...FIELDS, code: `AT-${++seq}`, ...fields }, [
      { field: 'image', filename: 'e.jpg', contentType: 'image/jpeg', data: jpeg },
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/products/admin/add',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(admin.token) },
    });
  };
  const edit = (id: string, fields: Record<string, string>) => {
    const form = multipart(fields, []);
    return t.app.inject({
      method: 'PUT',
      url: `/api/products/admin/${id}`,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(admin.token) },
    });
  };
  const productCount = async () =>
    Number(
      (await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM products`)).rows[0]!.n,
    );

  it('stores and answers them on every read', async () => {
    const res = await add({
      metal: 'brass',
      finish: 'gold-plated',
      stone: 'kundan, pearl',
      colour: 'gold,red',
      weightGrams: '18.5',
      minOrderQuantity: '24',
      tags: 'Bridal, jhumka ,  Temple  Jewellery, झुमका, bridal',
    });
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json<ProductSaved>().product;
    expect(saved.attributes).toEqual({
      metal: [{ slug: 'brass', label: 'Brass', labelHi: 'पीतल' }],
      finish: [{ slug: 'gold-plated', label: 'Gold plated', labelHi: 'सोने की परत' }],
      stone: [
        { slug: 'kundan', label: 'Kundan', labelHi: 'कुंदन' },
        { slug: 'pearl', label: 'Pearl', labelHi: 'मोती' },
      ],
      colour: [
        { slug: 'gold', label: 'Gold', labelHi: 'सुनहरा' },
        { slug: 'red', label: 'Red', labelHi: 'लाल' },
      ],
    });
    expect(saved.weightGrams).toBe(18.5);
    expect(saved.minOrderQuantity).toBe(24);
    expect(saved.tags).toEqual(['bridal', 'jhumka', 'temple jewellery', 'झुमका']);

    const single = (
      await t.app.inject({ method: 'GET', url: `/api/products/single/${saved._id}` })
    ).json<Product>();
    expect(single).toMatchObject({
      weightGrams: 18.5,
      minOrderQuantity: 24,
      code: saved.code,
      imageUrl: saved.imageUrl,
    });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/products?limit=1' })).json<Product[]>();
    expect(listed[0]!.attributes!.stone.map((s) => s.slug)).toEqual(['kundan', 'pearl']);
  });

  it('keeps what an edit does not mention, replaces a kind it gives, and clears with blanks', async () => {
    const created = (
      await add({ metal: 'brass,copper', stone: 'kundan', weightGrams: '7', tags: 'daily' })
    ).json<ProductSaved>().product;
    const base = { ...FIELDS, code: created.code };
    const same = await edit(created._id, base);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<ProductSaved>().product).toMatchObject({ weightGrams: 7, tags: ['daily'] });
    expect(same.json<ProductSaved>().product.attributes!.metal.map((m) => m.slug)).toEqual([
      'brass',
      'copper',
    ]);

    const changed = await edit(created._id, { ...base, metal: 'sterling-silver', weightGrams: '', tags: '' });
    const product = changed.json<ProductSaved>().product;
    expect(product.attributes!.metal.map((m) => m.slug)).toEqual(['sterling-silver']);
    expect(product.attributes!.stone.map((m) => m.slug)).toEqual(['kundan']);
    expect(product.weightGrams).toBeNull();
    expect(product.tags).toEqual([]);
  });

  it.each([
    [{ metal: 'brass,gold-leaf' }, 'metal has an unknown value: gold-leaf'],
    [{ stone: 'brass' }, 'stone has an unknown value: brass'],
    [{ colour: 'Red!' }, 'colour has an unknown value: red!'],
    [
      { weightGrams: '0' },
      'weightGrams must be a number of grams above 0 and at most 99999.99, with at most two decimals',
    ],
    [
      { weightGrams: '100000' },
      'weightGrams must be a number of grams above 0 and at most 99999.99, with at most two decimals',
    ],
    [
      { weightGrams: '2.555' },
      'weightGrams must be a number of grams above 0 and at most 99999.99, with at most two decimals',
    ],
    [
      { weightGrams: 'heavy' },
      'weightGrams must be a number of grams above 0 and at most 99999.99, with at most two decimals',
    ],
    [{ minOrderQuantity: '0' }, 'minOrderQuantity must be a whole number from 1 to 10,000'],
    [{ minOrderQuantity: '10001' }, 'minOrderQuantity must be a whole number from 1 to 10,000'],
    [{ minOrderQuantity: '2.5' }, 'minOrderQuantity must be a whole number from 1 to 10,000'],
    [{ tags: 'ok, <b>' }, 'tag "<b>" must be at most 40 letters, digits, spaces or hyphens'],
    [
      { tags: 'x'.repeat(41) },
      `tag "${'x'.repeat(41)}" must be at most 40 letters, digits, spaces or hyphens`,
    ],
    [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(',') }, 'tags must be at most 20'],
  ])('refuses %o with 400 "%s" and stores nothing', async (fields, message) => {
    const before = await productCount();
    const res = await add(fields);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await productCount()).toBe(before);
  });

  it('accepts the bounds: 0.01 g, 99999.99 g, a minimum order of 1 and of 10,000, 20 tags', async () => {
    const bounds: Array<Record<string, string>> = [
      { weightGrams: '0.01', minOrderQuantity: '1' },
      {
        weightGrams: '99999.99',
        minOrderQuantity: '10000',
        tags: Array.from({ length: 20 }, (_, i) => `t${i}`).join(','),
      },
    ];
    for (const fields of bounds) {
      const res = await add(fields);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<ProductSaved>().product.weightGrams).toBe(Number(fields.weightGrams));
    }
  });

  it('refuses an unknown value on edit and leaves the product as it was', async () => {
    const created = (await add({ metal: 'brass' })).json<ProductSaved>().product;
    const res = await edit(created._id, { ...FIELDS, code: created.code, name: 'Renamed', finish: 'chrome' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('finish has an unknown value: chrome');
    const read = (
      await t.app.inject({ method: 'GET', url: `/api/products/single/${created._id}` })
    ).json<Product>();
    expect(read.name).toBe(FIELDS.name);
  });

  it('stores the collection from the add and edit forms, answers it to everyone, keeps it when a form leaves it out', async () => {
    const res = await add({ collection: '  Rajwada  ' });
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json<ProductSaved>().product;
    expect(saved.collection).toBe('Rajwada');
    const read = await t.app.inject({ url: `/api/products/single/${saved._id}` });
    expect(read.json<Product>().collection).toBe('Rajwada');

    // An edit that does not mention it keeps it; a blank clears it.
    const base = { ...FIELDS, code: saved.code };
    expect((await edit(saved._id, base)).json<ProductSaved>().product.collection).toBe('Rajwada');
    expect((await edit(saved._id, { ...base, collection: '' })).json<ProductSaved>().product.collection).toBe(
      '',
    );

    const long = await edit(saved._id, { ...base, collection: 'x'.repeat(81) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      message: 'collection must be at most 80 characters',
      issues: [{ path: 'collection', message: 'collection must be at most 80 characters' }],
    });
    const control = await add({ collection: 'Raj\twada' });
    expect(control.statusCode).toBe(400);
    expect(control.json().message).toBe('collection must not contain control characters');
  });
});
