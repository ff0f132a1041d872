import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMinOrder, readTags, readWeight } from '@catalogue/shared/schemas/attributes';
import { createTestDatabase } from '../../../test/helpers.ts';
import { createLocalMediaStore } from '../../modules/media/index.ts';
import type { Database } from '../client.ts';
import { demoAttributes, linkDemoAttributes } from './demo-attributes.ts';
import { products } from '../schema/products.ts';
import { demoProducts } from './demo-products.ts';
import { seedBulkProducts } from './seed.ts';

describe('demo attributes', () => {
  it('gives every demo product valid values: stones only with gemstones, weights in bounds', () => {
    for (const [i, item] of demoProducts(96).entries()) {
      const a = demoAttributes(item, i);
      expect(a.metal).toHaveLength(1);
      expect(a.finish).toHaveLength(1);
      if (item.subcategory === 'withoutgemstone') expect(a.stone).toEqual(['none']);
      else expect(a.stone).not.toContain('none');
      expect(readWeight(a.weightGrams).ok).toBe(true);
      expect(readMinOrder(a.minOrderQuantity).ok).toBe(true);
      expect(readTags(a.tags)).toEqual({ ok: true, value: a.tags });
    }
  });

  describe('in the database', () => {
    let database: Database;
    let dir: string;
    beforeAll(async () => {
      database = await createTestDatabase();
      dir = await fs.mkdtemp(path.join(os.tmpdir(), 'seed-attr-'));
    });
    afterAll(async () => {
      await database.close();
      await fs.rm(dir, { recursive: true, force: true });
    });

    // The demo seed itself (96 rendered pictures) is timed by seed.test.ts; here its links, and the bulk path.
    it(
      'links demo and bulk products to the lists, every product one metal and one stone',
      { timeout: 120_000 },
      async () => {
        const items = demoProducts(10);
        const inserted = await database.db
          .insert(products)
          .values(items.map(({ look: _look, ...fields }) => fields))
          .returning({ id: products.id });
        await linkDemoAttributes(
          database.db,
          inserted.map((row, i) => ({ productId: row.id, attributes: demoAttributes(items[i]!, i) })),
        );
        await seedBulkProducts(database.db, createLocalMediaStore(dir), 500);
        const { rows } = await database.db.execute<{ kind: string; products: number; links: number }>(sql`
        SELECT av.kind, count(DISTINCT pa.product_id)::int AS products, count(*)::int AS links
        FROM product_attributes pa JOIN attribute_values av ON av.id = pa.value_id GROUP BY av.kind ORDER BY av.kind`);
        const total = Number(
          (await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM products`)).rows[0]!.n,
        );
        const byKind = Object.fromEntries(rows.map((r) => [r.kind, r]));
        for (const kind of ['metal', 'finish', 'stone', 'colour']) {
          expect(Number(byKind[kind]?.products), kind).toBe(total);
        }
        expect(Number(byKind.metal!.links)).toBe(total);
        const { rows: wrong } = await database.db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM products p JOIN product_attributes pa ON pa.product_id = p.id
        JOIN attribute_values av ON av.id = pa.value_id
        WHERE av.kind = 'stone' AND ((av.slug = 'none') = (p.subcategory = 'withgemstone'))`);
        expect(Number(wrong[0]!.n)).toBe(0);
        const { rows: missing } = await database.db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM products
        WHERE code LIKE 'BX-%' AND (weight_grams IS NULL OR min_order_quantity IS NULL OR cardinality(tags) = 0)`);
        expect(Number(missing[0]!.n)).toBe(0);
      },
    );
  });
});
