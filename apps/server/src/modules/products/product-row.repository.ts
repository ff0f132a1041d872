import { getTableColumns, sql } from 'drizzle-orm';
import type { Category, Subcategory } from '@catalogue/shared/domain/categories';
import {
  PRODUCT_FIELD_NAMES,
  type ProductFieldName,
  type ProductFieldValues,
} from '@catalogue/shared/schemas/product-fields';
import { attributeValues, productAttributes, productImages, products } from '../../db/schema/products.ts';

/** One attribute value of a product as read with the product row. */
export type AttributeCell = { kind: string; slug: string; label: string; labelHi: string };

// How often buyers asked for a product orders the "most requested" sort; no answer shows it.
const { requestCount: _requestCount, ...tableColumns } = getTableColumns(products);

/** The table's columns every product read takes (its count of requests aside). */
export const productTableColumns = tableColumns;

/**
 * The columns of every product read, taken from the table itself (a column added there is read
 * everywhere), and the product's attribute values as one JSON array, in each list's order, from the
 * (value_id, product_id) index: one index probe per product of a page. The product's id is spelled
 * qualified: drizzle writes a lone table's columns bare, and a bare "id" there would be the value's.
 */
export const productColumns = {
  ...tableColumns,
  attributeCells: sql<AttributeCell[] | string | null>`(
    SELECT json_agg(json_build_object('kind', av.kind, 'slug', av.slug, 'label', av.label_en, 'labelHi', av.label_hi)
                    ORDER BY av.kind, av.position, av.slug)
    FROM ${productAttributes} pa JOIN ${attributeValues} av ON av.id = pa.value_id
    WHERE pa.product_id = "products"."id")`.as('attribute_cells'),
};

/** A JSON column's value: node-postgres parses JSON itself, the embedded database may give its text. */
export function fromJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** A product as every read answers it: the table's row (its count of requests aside) and its attribute values. */
export type ProductRow = Omit<typeof products.$inferSelect, 'requestCount'> & {
  attributeCells: AttributeCell[] | string | null;
};

/** What a product write may set: the table's columns but the generated and book-kept ones. */
export type ProductValues = Omit<
  typeof products.$inferInsert,
  'id' | 'requestCount' | 'createdAt' | 'updatedAt'
>;

/** The second gallery picture's column `column` of the product read, from the (product, position) index. */
const secondPicture = (column: 'media_id' | 'url') =>
  sql<string | null>`(SELECT pi.${sql.raw(column)} FROM ${productImages} pi
    WHERE pi.product_id = "products"."id" AND pi.position = 1)`;

/**
 * A listing card's columns: the product's, and its second picture (shown on hover), read in the
 * same statement, one index probe per card, instead of a second query after the page's rows.
 */
export const cardColumns = {
  ...productColumns,
  secondMediaId: secondPicture('media_id').as('second_media_id'),
  secondUrl: secondPicture('url').as('second_url'),
};

/** A listing card as read: the product's row and its second picture (both null when it has none). */
export type CardRow = ProductRow & { secondMediaId: string | null; secondUrl: string | null };

type StoredRow = typeof products.$inferSelect;

/**
 * The fields whose checked value is not what their column holds (numeric arrives and leaves as
 * text), and how each is converted; every other field is stored as it is.
 */
const STORED = {
  weightGrams: {
    toColumn: (value: number | null) => (value === null ? null : value.toFixed(2)),
    fromColumn: (value: string | null) => (value === null ? null : Number(value)),
  },
} satisfies {
  [K in ProductFieldName]?: {
    toColumn: (value: ProductFieldValues[K]) => ProductValues[K & keyof ProductValues];
    fromColumn: (value: StoredRow[K & keyof StoredRow]) => ProductFieldValues[K];
  };
};

/**
 * The typecheck's tie between the field list (`product-fields.ts`) and this table: every field is a
 * column of the same name (a field without one fails here), and its checked value can be written
 * to that column as it is, unless `STORED` converts it.
 */
type Plain = Exclude<ProductFieldName, keyof typeof STORED>;
type FieldsFitColumns =
  { [K in Plain]: ProductFieldValues[K] } extends Pick<Required<ProductValues>, Plain> ? true : false;
const fieldsFitColumns: FieldsFitColumns = true;
void fieldsFitColumns;

const converted = (
  name: ProductFieldName,
): { toColumn(v: unknown): unknown; fromColumn(v: unknown): unknown } | undefined =>
  (
    STORED as Partial<
      Record<ProductFieldName, { toColumn(v: unknown): unknown; fromColumn(v: unknown): unknown }>
    >
  )[name];

/** Checked field values as the table's columns. */
export function columnsOfFields<V extends Partial<ProductFieldValues>>(values: V): Partial<ProductValues> {
  const columns: Record<string, unknown> = {};
  for (const name of PRODUCT_FIELD_NAMES) {
    if (!(name in values)) continue;
    const value = values[name];
    if (value === undefined) continue;
    const stored = converted(name);
    columns[name] = stored ? stored.toColumn(value) : value;
  }
  return columns as Partial<ProductValues>;
}

/** A stored row's field values (the category and subcategory as the checked names they were written as). */
export function fieldsOfRow(row: Pick<StoredRow, ProductFieldName & keyof StoredRow>): ProductFieldValues {
  const values: Record<string, unknown> = {};
  for (const name of PRODUCT_FIELD_NAMES) {
    const value = row[name as keyof typeof row];
    const stored = converted(name);
    values[name] = stored ? stored.fromColumn(value) : value;
  }
  return values as ProductFieldValues & { category: Category; subcategory: Subcategory };
}
