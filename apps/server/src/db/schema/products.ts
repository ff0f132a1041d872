import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { media } from './media.ts';

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    subcategory: text('subcategory').notNull(),
    code: text('code').notNull(),
    price: doublePrecision('price').notNull().default(0),
    /** An external http(s) URL or a legacy `/uploads/...` path; null when the image is our media. */
    imageUrl: text('image_url'),
    mediaId: uuid('media_id').references(() => media.id, { onDelete: 'set null' }),
    /** Approximate weight of one piece in grams; null when not given. */
    weightGrams: numeric('weight_grams', { precision: 8, scale: 2 }),
    /** Minimum order quantity in pieces; null when the business sets none. */
    minOrderQuantity: integer('min_order_quantity'),
    /** Free tags, lower-case, as the admin typed them. */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The design collection (a line the business sells under one name: "Rajwada", "Bridal 2026"); '' for none. */
    collection: text('collection').notNull().default(''),
    /** How many price requests have asked for this product (the "most requested" sort). */
    requestCount: integer('request_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_code_lower_key').on(sql`lower(${t.code})`),
    // The quick order's match: the code without case, spaces, dashes or other joiners
    // (`codeKeyOf` in packages/shared/src/domain/quick-order.ts computes the same key).
    index('products_code_key_idx').on(sql`regexp_replace(lower(${t.code}), '[^a-z0-9]', '', 'g')`),
    index('products_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('products_category_created_idx').on(t.category, t.createdAt.desc(), t.id.desc()),
    index('products_category_sub_created_idx').on(t.category, t.subcategory, t.createdAt.desc(), t.id.desc()),
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('products_code_trgm_idx').using('gin', sql`${t.code} gin_trgm_ops`),
    index('products_media_idx').on(t.mediaId),
    index('products_tags_idx').using('gin', t.tags),
    index('products_request_count_idx').on(t.requestCount.desc(), t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * A product's gallery: up to 12 pictures in order (position 0 is the first). The first picture is
 * also kept on the product row (`image_url` / `media_id`), which listings and older clients read.
 * Migration 0006 adds triggers on `products`: setting its picture puts the same picture at
 * position 0 here; the gallery's own writes update the product row in the same transaction.
 */
export const productImages = pgTable(
  'product_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** Our uploaded original; null for an external or legacy picture given by `url`. */
    mediaId: uuid('media_id').references(() => media.id, { onDelete: 'restrict' }),
    url: text('url'),
    altEn: text('alt_en').notNull().default(''),
    altHi: text('alt_hi').notNull().default(''),
  },
  (t) => [
    uniqueIndex('product_images_product_position_key').on(t.productId, t.position),
    index('product_images_media_idx').on(t.mediaId),
  ],
);

/**
 * The admin-managed lists a buyer filters by: one row per value of a kind (metal, finish, stone,
 * colour), with its URL slug and its English and Hindi labels.
 */
export const attributeValues = pgTable(
  'attribute_values',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    slug: text('slug').notNull(),
    labelEn: text('label_en').notNull(),
    labelHi: text('label_hi').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('attribute_values_kind_slug_key').on(t.kind, t.slug),
    index('attribute_values_kind_idx').on(t.kind, t.position),
  ],
);

/** Which values of the lists a product has (several per kind allowed: kundan and pearl). */
export const productAttributes = pgTable(
  'product_attributes',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    valueId: uuid('value_id')
      .notNull()
      .references(() => attributeValues.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.valueId] }),
    index('product_attributes_value_idx').on(t.valueId, t.productId),
  ],
);

/** Words a buyer searches with and what they mean in the catalogue ("jhumka" → "earring"). */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-case word as a buyer types it, in any script. */
    term: text('term').notNull(),
    /** The catalogue word(s) it stands for, lower-case. */
    meaning: text('meaning').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('search_synonyms_term_key').on(t.term)],
);
