import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import type { Database, Db } from './client.ts';
import { analyzeAfterBulkWrite } from './statistics.ts';

describe('planner statistics after a bulk write', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`
      INSERT INTO products (name, description, category, subcategory, code)
      SELECT 'Ring ' || g, '', 'Rings', 'withgemstone', 'ST-' || g FROM generate_series(1, 3) AS g`);
  });
  afterAll(() => database.close());

  /** What the planner believes the products table holds (-1 or 0 until it has been analysed). */
  const plannedRows = async () =>
    (
      await database.db.execute<{ n: number }>(
        sql`SELECT reltuples::int AS n FROM pg_class WHERE relname = 'products'`,
      )
    ).rows[0]!.n;

  it('are refreshed for the catalogue tables once a write reaches 1,000 products, not before', async () => {
    expect(await analyzeAfterBulkWrite(database.db, 999)).toBe(false);
    expect(await plannedRows()).not.toBe(3);
    expect(await analyzeAfterBulkWrite(database.db, 1_000)).toBe(true);
    expect(await plannedRows()).toBe(3);
  });

  it('are logged, never thrown, when refreshing them fails: the write already happened', async () => {
    const failure = new Error('must be owner of table products');
    const db = { execute: vi.fn().mockRejectedValue(failure) } as unknown as Db;
    const log = { error: vi.fn() };
    expect(await analyzeAfterBulkWrite(db, 5_000, log)).toBe(false);
    expect(log.error).toHaveBeenCalledWith(
      { err: failure },
      'refreshing the planner statistics after a bulk write failed',
    );
  });
});
