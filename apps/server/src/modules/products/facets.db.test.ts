import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilteredPage } from '@catalogue/shared/schemas/listing-filters';
import type { ProductPage } from '@catalogue/shared/schemas/product';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';

/**
 * Facet counts and filtered pages on generated data, checked against SQL written here: each
 * expected number is an independent COUNT over products and product_attributes.
 */
describe('listing filters and facet counts', () => {
  let t: TestApp;
  const N = 240;

  const get = async <T>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const one = async (query: ReturnType<typeof sql>) => {
    const { rows } = await t.database.db.execute<{ n: number }>(query);
    return Number(rows[0]!.n);
  };
  /** Products in `category` (any when null) having any of each group's (kind, slugs). */
  const countWhere = (category: string | null, groups: Array<[string, string[]]>) => {
    const parts = groups.map(
      ([
        kind,
        slugs,
      ]) => sql`AND EXISTS (SELECT 1 FROM product_attributes pa JOIN attribute_values av ON av.id = pa.value_id
        WHERE pa.product_id = p.id AND av.kind = ${kind} AND av.slug IN (${sql.join(
          slugs.map((s) => sql`${s}`),
          sql`, `,
        )}))`,
    );
    return one(sql`SELECT count(*)::int AS n FROM products p WHERE (${category}::text IS NULL OR p.category = ${category})
      ${sql.join(parts, sql` `)}`);
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    // Products numbered 0..N-1, created a second apart (0 the oldest), with attributes from their number.
    await db.execute(sql`
      INSERT INTO products (name, description, category, subcategory, code, created_at, request_count)
      SELECT 'Design ' || lpad(((i * 37) % ${N})::text, 3, '0'), 'd',
        (ARRAY['Rings','Necklaces','Earrings'])[1 + i % 3], (ARRAY['withgemstone','withoutgemstone'])[1 + (i / 3) % 2],
        'GEN-' || i, now() - (${N} - i) * interval '1 second', (i * 7) % 11
      FROM generate_series(0, ${N - 1}) AS i`);
    const link = (kind: string, slug: string, rule: ReturnType<typeof sql>) =>
      db.execute(sql`
        INSERT INTO product_attributes (product_id, value_id)
        SELECT p.id, av.id FROM products p, attribute_values av
        WHERE av.kind = ${kind} AND av.slug = ${slug} AND ${rule}`);
    const num = sql`substring(p.code from 5)::int`;
    await link('metal', 'brass', sql`${num} % 2 = 0`);
    await link('metal', 'sterling-silver', sql`${num} % 3 = 0`);
    await link('metal', 'copper', sql`${num} % 7 = 1`);
    await link('stone', 'kundan', sql`${num} % 4 = 1`);
    await link('stone', 'pearl', sql`${num} % 5 = 2`);
    await link('finish', 'gold-plated', sql`${num} % 2 = 1`);
    await link('colour', 'red', sql`${num} % 6 < 2`);
  });
  afterAll(() => t.close());

  it('answers the page object unchanged when no filter is given', async () => {
    const plain = await get<ProductPage & { facets?: unknown }>('/api/products/paginated?page=1&limit=16');
    expect(plain.totalItems).toBe(N);
    expect(plain).not.toHaveProperty('facets');
    expect(Object.keys(plain).sort()).toEqual(['currentPage', 'products', 'totalItems', 'totalPages']);
  });

  it("counts two facets with two values each, a facet's counts ignoring its own selection", async () => {
    const page = await get<FilteredPage>(
      '/api/products/paginated?metal=brass,sterling-silver&stone=kundan,pearl&limit=100',
    );
    const metals: [string, string[]] = ['metal', ['brass', 'sterling-silver']];
    const stones: [string, string[]] = ['stone', ['kundan', 'pearl']];
    expect(page.totalItems).toBe(await countWhere(null, [metals, stones]));
    expect(page.products).toHaveLength(page.totalItems);

    const count = (kind: 'metal' | 'stone' | 'finish' | 'colour', slug: string) =>
      page.facets[kind].find((v) => v.slug === slug)!.count;
    // A metal's count: the stone selection applies, the metal one does not.
    for (const metal of ['brass', 'sterling-silver', 'copper', 'alloy']) {
      expect(count('metal', metal), metal).toBe(await countWhere(null, [stones, ['metal', [metal]]]));
    }
    for (const stone of ['kundan', 'pearl', 'polki']) {
      expect(count('stone', stone), stone).toBe(await countWhere(null, [metals, ['stone', [stone]]]));
    }
    // Facets without a selection: every selection applies.
    for (const slug of ['gold-plated', 'oxidised']) {
      expect(count('finish', slug), slug).toBe(await countWhere(null, [metals, stones, ['finish', [slug]]]));
    }
    expect(count('colour', 'red')).toBe(await countWhere(null, [metals, stones, ['colour', ['red']]]));
    expect(page.facets.metal.find((v) => v.slug === 'brass')!.selected).toBe(true);
    expect(page.facets.metal.find((v) => v.slug === 'copper')!.selected).toBe(false);
  });

  it('filters a category and its gemstone tab, newest first, paged', async () => {
    const page = await get<FilteredPage>(
      '/api/products/category/rings/paginated?filter=with&finish=gold-plated&page=2&limit=5',
    );
    const expected =
      await one(sql`SELECT count(*)::int AS n FROM products p WHERE category = 'Rings' AND subcategory = 'withgemstone'
      AND EXISTS (SELECT 1 FROM product_attributes pa JOIN attribute_values av ON av.id = pa.value_id
        WHERE pa.product_id = p.id AND av.kind = 'finish' AND av.slug = 'gold-plated')`);
    expect(page.totalItems).toBe(expected);
    const { rows } = await t.database.db.execute<{ code: string }>(sql`
      SELECT code FROM products p WHERE category = 'Rings' AND subcategory = 'withgemstone'
        AND EXISTS (SELECT 1 FROM product_attributes pa JOIN attribute_values av ON av.id = pa.value_id
          WHERE pa.product_id = p.id AND av.kind = 'finish' AND av.slug = 'gold-plated')
      ORDER BY created_at DESC, id DESC OFFSET 5 LIMIT 5`);
    expect(page.products.map((p) => p.code)).toEqual(rows.map((r) => r.code));
    expect(page.products.every((p) => p.category === 'Rings' && p.subcategory === 'withgemstone')).toBe(true);
    expect(page.products.every((p) => p.attributes!.finish.some((f) => f.slug === 'gold-plated'))).toBe(true);
  });

  it('filters a subcategory page', async () => {
    const page = await get<FilteredPage>(
      '/api/products/categorys/Rings/subcategory/withgemstone/paginated?colour=red&limit=100',
    );
    const expected =
      await one(sql`SELECT count(*)::int AS n FROM products p WHERE category = 'Rings' AND subcategory = 'withgemstone'
      AND EXISTS (SELECT 1 FROM product_attributes pa JOIN attribute_values av ON av.id = pa.value_id
        WHERE pa.product_id = p.id AND av.kind = 'colour' AND av.slug = 'red')`);
    expect(page.totalItems).toBe(expected);
    expect(expected).toBeGreaterThan(0);
  });

  it('sorts by name and by most requested', async () => {
    const byName = await get<FilteredPage>('/api/products/paginated?sort=name&limit=10');
    expect(byName.sort).toBe('name');
    const { rows: names } = await t.database.db.execute<{ code: string }>(sql`
      SELECT code FROM products ORDER BY name, created_at DESC LIMIT 10`);
    expect(byName.products.map((p) => p.code)).toEqual(names.map((r) => r.code));

    const requested = await get<FilteredPage>('/api/products/paginated?sort=requested&metal=brass&limit=12');
    const { rows: top } = await t.database.db.execute<{ code: string }>(sql`
      SELECT code FROM products p WHERE EXISTS (SELECT 1 FROM product_attributes pa JOIN attribute_values av ON av.id = pa.value_id
        WHERE pa.product_id = p.id AND av.kind = 'metal' AND av.slug = 'brass')
      ORDER BY request_count DESC, created_at DESC, id DESC LIMIT 12`);
    expect(requested.products.map((p) => p.code)).toEqual(top.map((r) => r.code));
  });

  it('ignores unknown and malformed values and sorts, and answers counts with facets=1', async () => {
    const odd = await get<FilteredPage>(
      '/api/products/paginated?metal=unobtainium,BRASS,brass,%3Cscript%3E&stone=&sort=cheapest&limit=100',
    );
    expect(odd.sort).toBe('newest');
    expect(odd.totalItems).toBe(await countWhere(null, [['metal', ['brass']]]));
    const counts = await get<FilteredPage>('/api/products/category/Necklaces/paginated?facets=1');
    expect(counts.totalItems).toBe(await countWhere('Necklaces', []));
    expect(counts.facets.stone.find((v) => v.slug === 'kundan')!.count).toBe(
      await countWhere('Necklaces', [['stone', ['kundan']]]),
    );
    const unknownCategory = await get<FilteredPage>('/api/products/category/Tiaras/paginated?metal=brass');
    expect(unknownCategory.totalItems).toBe(0);
    expect(unknownCategory.facets.metal.every((v) => v.count === 0)).toBe(true);
  });

  it('follows writes: a product given a value is counted at once', async () => {
    const before = await get<FilteredPage>('/api/products/paginated?stone=polki');
    await t.database.db.execute(sql`
      INSERT INTO product_attributes (product_id, value_id)
      SELECT p.id, av.id FROM products p, attribute_values av WHERE p.code = 'GEN-5' AND av.kind = 'stone' AND av.slug = 'polki'`);
    t.app.services.events.emit('catalogue:changed');
    const after = await get<FilteredPage>('/api/products/paginated?stone=polki');
    expect(after.totalItems).toBe(before.totalItems + 1);
    expect(after.products.map((p) => p.code)).toContain('GEN-5');
  });
});
