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
  });
  afterAll(() => database.close());

  it('creates and then updates 10,000 products in one transaction each, quickly', async () => {
    const { db } = database;
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
    // A statement per product would take minutes here; a statement per batch of 500 takes seconds.
    expect(created + updated).toBeLessThan(60_000);
  }, 120_000);

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
