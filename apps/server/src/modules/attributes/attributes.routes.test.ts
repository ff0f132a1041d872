import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttributeLists, AttributeValue } from '@catalogue/shared/schemas/attributes';
import type { Product } from '@catalogue/shared/schemas/product';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';

describe('admin attribute lists', () => {
  let t: TestApp;
  let admin: TestUser;
  let buyer: TestUser;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createUser(t.database, { role: 'admin' });
    buyer = await createUser(t.database);
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    token = admin.token,
  ) =>
    t.app.inject({
      method,
      url: `/api/attributes${url}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: bearer(token),
    });
  const lists = async () => (await call('GET', '/admin')).json<AttributeLists>();

  it('lists the default values of each kind in order, with Hindi labels, to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/attributes' });
    expect(res.statusCode).toBe(200);
    const body = res.json<AttributeLists>();
    expect(body.metal.map((v) => v.slug)).toEqual(['brass', 'sterling-silver', 'alloy', 'copper']);
    expect(body.stone.find((v) => v.slug === 'kundan')).toMatchObject({ labelEn: 'Kundan', labelHi: 'कुंदन' });
    expect(body.metal[0]).not.toHaveProperty('productCount');
  });

  it('keeps buyers and visitors out of the admin endpoints', async () => {
    expect((await call('GET', '/admin', undefined, buyer.token)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/attributes/admin/metal',
      payload: { labelEn: 'Gold' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(
      (await call('DELETE', `/admin/metal/${(await lists()).metal[0]!.id}`, undefined, buyer.token))
        .statusCode,
    ).toBe(403);
  });

  it('adds a value with English and Hindi labels, its slug made from the English label', async () => {
    const res = await call('POST', '/admin/metal', { labelEn: '  Panchdhatu Alloy ', labelHi: 'पंचधातु' });
    expect(res.statusCode, res.body).toBe(201);
    const value = res.json<{ value: AttributeValue }>().value;
    expect(value).toMatchObject({
      kind: 'metal',
      slug: 'panchdhatu-alloy',
      labelEn: 'Panchdhatu Alloy',
      labelHi: 'पंचधातु',
    });
    expect((await lists()).metal.at(-1)!.slug).toBe('panchdhatu-alloy');
    const again = await call('POST', '/admin/metal', { labelEn: 'Panchdhatu alloy' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('metal already has a value panchdhatu-alloy');
  });

  it('refuses bad input with the field named, and an unknown list', async () => {
    const blank = await call('POST', '/admin/stone', { labelEn: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('labelEn is required');
    const badSlug = await call('POST', '/admin/stone', { labelEn: 'Ruby', slug: 'Ruby Red!' });
    expect(badSlug.statusCode).toBe(400);
    expect(badSlug.json().message).toMatch(/^slug must be lower-case letters/);
    const hindiOnly = await call('POST', '/admin/stone', { labelEn: 'माणिक' });
    expect(hindiOnly.statusCode).toBe(400);
    expect(hindiOnly.json().message).toMatch(/slug is required/);
    expect((await call('POST', '/admin/size', { labelEn: 'Large' })).statusCode).toBe(404);
  });

  it('renames both labels and the product JSON shows the new ones', async () => {
    const stone = (await lists()).stone.find((v) => v.slug === 'glass')!;
    const product = await t.database.db.execute<{ id: string }>(sql`
      INSERT INTO products (name, description, category, subcategory, code) VALUES ('Glass ring', 'd', 'Rings', 'withgemstone', 'AT-1')
      RETURNING id::text AS id`);
    const id = product.rows[0]!.id;
    await t.database.db.execute(
      sql`INSERT INTO product_attributes (product_id, value_id) VALUES (${id}::uuid, ${stone.id}::uuid)`,
    );
    const res = await call('PUT', `/admin/stone/${stone.id}`, {
      labelEn: 'Crystal glass',
      labelHi: 'क्रिस्टल काँच',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ value: AttributeValue }>().value).toMatchObject({
      slug: 'glass',
      labelEn: 'Crystal glass',
      labelHi: 'क्रिस्टल काँच',
    });
    const read = await t.app.inject({ method: 'GET', url: `/api/products/single/${id}` });
    expect(read.json<Product>().attributes!.stone).toEqual([
      { slug: 'glass', label: 'Crystal glass', labelHi: 'क्रिस्टल काँच' },
    ]);
    expect((await call('PUT', `/admin/stone/${stone.id}`, { labelHi: 'x' })).statusCode).toBe(400);
    expect(
      (await call('PUT', '/admin/stone/00000000-0000-4000-8000-000000000000', { labelEn: 'X', labelHi: '' }))
        .statusCode,
    ).toBe(404);
  });

  it('removes an unused value, and answers 409 with the number of products using one', async () => {
    const glass = (await lists()).stone.find((v) => v.slug === 'glass')!;
    const used = await call('DELETE', `/admin/stone/${glass.id}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe('This value is used by 1 product; remove it from that product first');
    expect((await lists()).stone.find((v) => v.slug === 'glass')!.productCount).toBe(1);

    const polki = (await lists()).stone.find((v) => v.slug === 'polki')!;
    const removed = await call('DELETE', `/admin/stone/${polki.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await lists()).stone.some((v) => v.slug === 'polki')).toBe(false);
    expect((await call('DELETE', `/admin/stone/${polki.id}`)).statusCode).toBe(404);
  });

  it('reorders a list, and refuses an order that leaves a value out', async () => {
    const colours = (await lists()).colour;
    const reversed = colours.map((v) => v.id).reverse();
    const res = await call('PUT', '/admin/colour/order', { ids: reversed });
    expect(res.statusCode, res.body).toBe(200);
    expect((await lists()).colour.map((v) => v.id)).toEqual(reversed);
    const partial = await call('PUT', '/admin/colour/order', { ids: reversed.slice(1) });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toBe('ids must list every value of colour exactly once');
  });
});
