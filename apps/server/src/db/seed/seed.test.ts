import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers.ts';
import { verifyPassword } from '../../lib/password.ts';
import { createLocalMediaStore } from '../../modules/media/index.ts';
import type { Database } from '../client.ts';
import { bulkProductName } from './bulk-names.ts';
import { ensureAdmin, seedBulkProducts, seedDemo } from './seed.ts';

describe('demo data', () => {
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'seed-test-'));
  });
  afterAll(async () => {
    await database.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  // 96 pictures rendered with sharp: 15-30 s on a busy two-core machine, past the default 30 s once
  // in CI while the host stole most of the CPU (as demo-attributes.test.ts allows the same work).
  it(
    'fills an empty catalogue over every category and subcategory, each product with an image',
    { timeout: 120_000 },
    async () => {
      const store = createLocalMediaStore(dir);
      const result = await seedDemo(database.db, store);
      expect(result.products).toBeGreaterThanOrEqual(80);
      expect(result.blogs).toBeGreaterThanOrEqual(10);
      // Demo rates and costings: the quote editor has suggested prices in the demo.
      const { rows: costings } = await database.db.execute<{ mode: string; n: number }>(
        sql`SELECT costing->>'pricingMode' AS mode, count(*)::int AS n FROM product_costings GROUP BY 1 ORDER BY 1`,
      );
      expect(costings.map((c) => c.mode)).toEqual(['metal_linked', 'per_piece']);
      expect(costings.reduce((sum, c) => sum + c.n, 0)).toBe(48);
      const { rows: rates } = await database.db.execute<{ metal: string }>(
        sql`SELECT DISTINCT metal FROM metal_rates ORDER BY 1`,
      );
      expect(rates.map((r) => r.metal)).toEqual(['brass', 'copper', 'gold', 'silver']);

      const { rows } = await database.db.execute<{ category: string; subcategory: string; n: number }>(
        sql`SELECT category, subcategory, count(*)::int AS n FROM products GROUP BY 1, 2`,
      );
      expect(rows).toHaveLength(10);
      const { rows: missing } = await database.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM products WHERE media_id IS NULL`,
      );
      expect(missing[0]?.n).toBe(0);

      // Many products have a gallery of 2 to 5 pictures, each with alt texts in both languages, and
      // the first picture of every gallery is the product's own.
      const { rows: galleries } = await database.db.execute<{ n: number; described: number }>(sql`
      SELECT count(*)::int AS n, count(*) FILTER (WHERE alt_en <> '' AND alt_hi <> '')::int AS described
      FROM product_images GROUP BY product_id HAVING count(*) > 1`);
      expect(galleries.length).toBeGreaterThanOrEqual(20);
      for (const gallery of galleries) {
        expect(gallery.n).toBeGreaterThanOrEqual(2);
        expect(gallery.n).toBeLessThanOrEqual(5);
        expect(gallery.described).toBe(gallery.n);
      }
      expect(new Set(galleries.map((g) => g.n))).toEqual(new Set([2, 3, 4, 5]));
      const { rows: mismatched } = await database.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM products p
      LEFT JOIN product_images i ON i.product_id = p.id AND i.position = 0
      WHERE i.media_id IS DISTINCT FROM p.media_id`);
      expect(mismatched[0]?.n).toBe(0);

      const { rows: media } = await database.db.execute<{ storage_key: string }>(
        sql`SELECT storage_key FROM media LIMIT 1`,
      );
      const original = await store.get(media[0]!.storage_key);
      expect(original?.subarray(8, 12).toString()).toBe('WEBP');

      const { rows: posts } = await database.db.execute<{ content: string; media_id: string | null }>(
        sql`SELECT content, media_id FROM blogs`,
      );
      for (const post of posts) {
        expect(post.media_id).not.toBeNull();
        expect(post.content.split('<p>').length).toBeGreaterThan(2);
      }
    },
  );

  it('does nothing when the catalogue already has products', async () => {
    expect(await seedDemo(database.db, createLocalMediaStore(dir))).toEqual({ products: 0, blogs: 0 });
  });

  it('adds bulk products with unique codes for benchmarks', async () => {
    const before = await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM products`);
    await seedBulkProducts(database.db, createLocalMediaStore(dir), 2_000);
    const after = await database.db.execute<{ n: number; codes: number }>(
      sql`SELECT count(*)::int AS n, count(DISTINCT lower(code))::int AS codes FROM products`,
    );
    expect(after.rows[0]!.n - before.rows[0]!.n).toBe(2_000);
    expect(after.rows[0]!.codes).toBe(after.rows[0]!.n);
    // The benchmarks search for these names by rebuilding them: both sides must agree.
    const named = await database.db.execute<{ name: string }>(
      sql`SELECT name FROM products WHERE name IN (${bulkProductName(1)}, ${bulkProductName(1_234)}, ${bulkProductName(2_000)})`,
    );
    expect(named.rows).toHaveLength(3);
    // The planner's statistics are gathered at once (ANALYZE), not left to autovacuum: it counts
    // the rows the seed wrote, and has the columns' statistics.
    const planner = await database.db.execute<{ reltuples: number; columns: number }>(sql`
      SELECT c.reltuples::int AS reltuples,
        (SELECT count(*)::int FROM pg_stats s WHERE s.tablename = 'products') AS columns
      FROM pg_class c WHERE c.relname = 'products'`);
    expect(planner.rows[0]!.reltuples).toBe(after.rows[0]!.n);
    expect(planner.rows[0]!.columns).toBeGreaterThan(5);
  });

  it('creates one administrator with a generated password, once', async () => {
    const first = await ensureAdmin(database.db, { email: 'Owner@Example.com' });
    expect(first.created).toBe(true);
    expect(first.generatedPassword).toMatch(/^[\w-]{16}$/);
    const { rows } = await database.db.execute<{ email: string; password_hash: string; role: string }>(
      sql`SELECT email, password_hash, role FROM users`,
    );
    expect(rows).toEqual([expect.objectContaining({ email: 'owner@example.com', role: 'admin' })]);
    expect(await verifyPassword(rows[0]!.password_hash, first.generatedPassword!)).toBe(true);
    expect((await ensureAdmin(database.db, { email: 'other@example.com' })).created).toBe(false);
  });
});
