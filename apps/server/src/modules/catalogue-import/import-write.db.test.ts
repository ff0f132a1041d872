import { asc, count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductInput } from '@catalogue/shared/schemas/product-fields';
import type { Database, Tx } from '../../db/client.ts';
import { catalogueImports } from '../../db/schema/catalogue-imports.ts';
import { products } from '../../db/schema/products.ts';
import { createTestDatabase } from '../../../test/helpers.ts';
import {
  findProductsByCodes,
  writeCatalogueImport,
  type ProductWrite,
} from './catalogue-import.repository.ts';

const ROWS = 10_000;
const code = (i: number) => `BULK-${String(i).padStart(5, '0')}`;

const input = (i: number, overrides: Partial<ProductInput> = {}): ProductInput => ({
  name: `Bulk design ${i}`,
  description: '',
  category: 'Rings',
  subcategory: 'withgemstone',
  code: code(i),
  price: i,
  weightGrams: i % 2 ? 12.5 : null,
  tags: i % 3 ? ['bulk'] : [],
  ...overrides,
});

const write = (tx: Tx, writes: ProductWrite[]) =>
  writeCatalogueImport(tx, {
    media: [],
    writes,
    createdBy: null,
    fileName: 'bulk.xlsx',
    summary: {},
    onProgress: () => {},
  });

describe('the import writes 10,000 products through the product writes, in batches, all or nothing', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    // Counts the statements that write products (not the rows): the batching's proof.
    for (const statement of [
      sql`CREATE TABLE statement_count (op text PRIMARY KEY, n int NOT NULL)`,
      sql`CREATE FUNCTION count_statement() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO statement_count VALUES (TG_OP, 1) ON CONFLICT (op) DO UPDATE SET n = statement_count.n + 1;
          RETURN NULL;
        END $$`,
      sql`CREATE TRIGGER products_statements AFTER INSERT OR UPDATE ON products
        FOR EACH STATEMENT EXECUTE FUNCTION count_statement()`,
    ])
      await database.db.execute(statement);
  });
  const statements = async () => {
    const rows = (
      await database.db.execute<{ op: string; n: number }>(sql`SELECT op, n FROM statement_count`)
    ).rows;
    const counts = Object.fromEntries(rows.map((r) => [r.op, Number(r.n)]));
    await database.db.execute(sql`DELETE FROM statement_count`);
    return counts;
  };
  afterAll(() => database.close());

  it('creates and then updates 10,000 products in one transaction each, 20 statements each (batches of 500)', async () => {
    const { db } = database;
    await statements();
    const started = performance.now();
    await db.transaction((tx) =>
      write(
        tx,
        Array.from({ length: ROWS }, (_, i) => ({
          id: null,
          values: input(i),
          gallery: null,
          attributeIds: null,
        })),
      ),
    );
    const created = performance.now() - started;
    // 10,000 products in batches of 500: 20 statements, not 10,000.
    expect(await statements()).toEqual({ INSERT: 20 });
    const [{ n }] = (await db.select({ n: count() }).from(products)) as [{ n: number }];
    expect(n).toBe(ROWS);
    const sample = await findProductsByCodes(db, [code(7).toLowerCase(), code(6).toLowerCase()]);
    expect(sample.get(code(7).toLowerCase())!.values).toMatchObject({
      name: 'Bulk design 7',
      price: 7,
      weightGrams: 12.5,
      minOrderQuantity: null,
      tags: ['bulk'],
    });
    expect(sample.get(code(6).toLowerCase())!.values).toMatchObject({ weightGrams: null, tags: [] });

    const current = await findProductsByCodes(
      db,
      Array.from({ length: ROWS }, (_, i) => code(i).toLowerCase()),
    );
    const again = performance.now();
    await db.transaction((tx) =>
      write(
        tx,
        Array.from({ length: ROWS }, (_, i) => ({
          id: current.get(code(i).toLowerCase())!.id,
          values: input(i, { description: `Updated ${i}`, minOrderQuantity: 6, weightGrams: 3.25 }),
          gallery: null,
          attributeIds: null,
        })),
      ),
    );
    const updated = performance.now() - again;
    expect(await statements()).toEqual({ UPDATE: 20 });
    const rows = await db
      .select({
        description: products.description,
        moq: products.minOrderQuantity,
        weight: products.weightGrams,
      })
      .from(products)
      .orderBy(asc(products.code))
      .limit(2);
    expect(rows).toEqual([
      { description: 'Updated 0', moq: 6, weight: '3.25' },
      { description: 'Updated 1', moq: 6, weight: '3.25' },
    ]);
    // Seconds on a quiet machine (about 10 for both); the statement counts above are the proof.
    expect(created + updated).toBeLessThan(180_000);
  }, 240_000);

  it('writes nothing, not even the history, when one product of the last batch cannot be written', async () => {
    const { db } = database;
    const before = await db.select({ n: count() }).from(catalogueImports);
    const current = await findProductsByCodes(db, [code(0).toLowerCase(), code(1).toLowerCase()]);
    const writes: ProductWrite[] = [
      {
        id: current.get(code(0).toLowerCase())!.id,
        values: input(0, { name: 'Renamed' }),
        gallery: null,
        attributeIds: null,
      },
      ...Array.from({ length: 1200 }, (_, i) => ({
        id: null,
        values: input(ROWS + i),
        gallery: null,
        attributeIds: null,
      })),
      // The code of another product, written by the third batch: the unique index refuses it.
      { id: null, values: input(1), gallery: null, attributeIds: null },
    ];
    await expect(db.transaction((tx) => write(tx, writes))).rejects.toThrow();
    const [{ n }] = (await db.select({ n: count() }).from(products)) as [{ n: number }];
    expect(n).toBe(ROWS);
    const [renamed] = await db
      .select({ name: products.name })
      .from(products)
      .where(sql`${products.code} = ${code(0)}`);
    expect(renamed!.name).toBe('Bulk design 0');
    expect(await db.select({ n: count() }).from(catalogueImports)).toEqual(before);
  }, 60_000);
});
