import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import type { Database } from './client.ts';

const TABLES = [
  'blogs',
  'cart_items',
  'contact_messages',
  'counters',
  'media',
  'order_items',
  'orders',
  'outbox',
  'products',
  'sessions',
  'settings',
  'users',
];

describe('migrations', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('create every table of the data model', async () => {
    const { rows } = await database.db.execute<{ table_name: string }>(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    const names = rows.map((r) => r.table_name);
    for (const table of TABLES) expect(names).toContain(table);
  });

  it('install pg_trgm and the search and listing indexes', async () => {
    const { rows } = await database.db.execute<{ indexname: string; indexdef: string }>(
      sql`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'products'`,
    );
    const byName = new Map(rows.map((r) => [r.indexname, r.indexdef]));
    expect(byName.get('products_name_trgm_idx')).toMatch(/gin.*gin_trgm_ops/i);
    expect(byName.get('products_code_trgm_idx')).toMatch(/gin.*gin_trgm_ops/i);
    expect(byName.get('products_category_sub_created_idx')).toMatch(
      /category, subcategory, created_at DESC/i,
    );
    expect(byName.get('products_code_lower_key')).toMatch(/UNIQUE.*lower\(code\)/i);
  });

  it('are idempotent: applying them again changes nothing and keeps data', async () => {
    await database.db.execute(
      sql`INSERT INTO products (name, category, subcategory, code) VALUES ('Round trip', 'Rings', 'withgemstone', 'RT-1')`,
    );
    await database.migrate();
    const { rows } = await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM products`);
    expect(rows[0]?.n).toBe(1);
  });

  it('enforce case-insensitive unique product codes', async () => {
    await expect(
      database.db.execute(
        sql`INSERT INTO products (name, category, subcategory, code) VALUES ('Dup', 'Rings', 'withgemstone', 'rt-1')`,
      ),
    ).rejects.toThrow();
  });
});
