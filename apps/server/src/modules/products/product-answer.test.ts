import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productSchema } from '@catalogue/shared/schemas/product';
import { products } from '../../db/schema/products.ts';
import { withoutFields } from './product-answer.ts';

// The table is the one source of a product's fields; the shared schema restates them for the API.
// These checks fail when the two drift apart.
const columns = getTableColumns(products);
const answerShape: Record<string, { safeParse(value: unknown): { success: boolean } }> = productSchema.shape;

/** The columns the API answers under another name or not at all, and the keys only the API has. */
const RENAMED: Record<string, string> = { id: '_id' };
const NOT_ANSWERED = ['mediaId', 'requestCount'];
const API_ONLY = ['imageurl', 'cloudinaryId', 'images', 'secondImageUrl', 'attributes'];

const answeredColumns = Object.keys(columns).filter((c) => !NOT_ANSWERED.includes(c));
const answerKeyOf = (column: string) => RENAMED[column] ?? column;

describe("the API's product and the products table", () => {
  it('answers every column read, under its own name or its documented one, and nothing else but the API-only keys', () => {
    const fromTable = answeredColumns.map(answerKeyOf).sort();
    const fromSchema = Object.keys(answerShape)
      .filter((key) => !API_ONLY.includes(key))
      .sort();
    expect(fromSchema).toEqual(fromTable);
  });

  it('lists the columns the API is known to answer, so a new column is a deliberate change here', () => {
    expect(answeredColumns).toEqual([
      'id',
      'name',
      'description',
      'category',
      'subcategory',
      'code',
      'price',
      'imageUrl',
      'weightGrams',
      'minOrderQuantity',
      'tags',
      'collection',
      'createdAt',
      'updatedAt',
    ]);
  });

  it('answers null for a field exactly where the column may be null, the private price aside', () => {
    const nullable = (column: string) => answerShape[answerKeyOf(column)]!.safeParse(null).success;
    const mismatched = answeredColumns.filter(
      (column) => column !== 'price' && nullable(column) !== !columns[column as keyof typeof columns].notNull,
    );
    expect(mismatched).toEqual([]);
    // The price column is never null; the answer is null to readers who may not see prices.
    expect(columns.price.notNull).toBe(true);
    expect(nullable('price')).toBe(true);
  });
});

describe('fields kept from buyers', () => {
  it("leaves out the named fields' keys and keeps the others in their order", () => {
    const answer = productSchema.parse({
      _id: 'p1',
      name: 'Kundan Ring',
      description: '',
      category: 'Rings',
      subcategory: 'withgemstone',
      code: 'KR-1',
      price: 10,
      imageUrl: null,
      imageurl: null,
      cloudinaryId: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      tags: ['bridal'],
      weightGrams: 4,
    });
    const kept = withoutFields(answer, ['price', 'tags']);
    expect(Object.keys(kept)).toEqual(Object.keys(answer).filter((k) => k !== 'price' && k !== 'tags'));
    expect(withoutFields(answer, [])).toBe(answer);
  });
});
