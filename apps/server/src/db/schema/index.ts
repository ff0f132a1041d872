import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** Uploaded originals. Variants are derived on demand and cached; only originals are rows. */
export const media = pgTable('media', {
  id: uuid('id').primaryKey().defaultRandom(),
  storageKey: text('storage_key').notNull().unique(),
  mimeType: text('mime_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: integer('bytes').notNull(),
  sha256: text('sha256').notNull(),
  createdAt: createdAt(),
});

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
    /** How many price requests have asked for this product (the "most requested" sort). */
    requestCount: integer('request_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_code_lower_key').on(sql`lower(${t.code})`),
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

/** One applied catalogue import: what it did, for the history and for undo. */
export const catalogueImports = pgTable(
  'catalogue_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    /** applied | undone */
    status: text('status').notNull(),
    /** Counts and per-row outcome summary as the dry run reported them. */
    summary: jsonb('summary').notNull(),
    createdAt: createdAt(),
    undoneAt: timestamp('undone_at', { withTimezone: true, mode: 'date' }),
    undoneBy: uuid('undone_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('catalogue_imports_created_idx').on(t.createdAt.desc())],
);

/**
 * What an import changed, one row per product it touched: the product as it was before (its row,
 * gallery and attributes as JSON), or null when the import created it. Undo puts these back.
 */
export const catalogueImportChanges = pgTable(
  'catalogue_import_changes',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => catalogueImports.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    before: jsonb('before'),
  },
  (t) => [primaryKey({ columns: [t.importId, t.productId] })],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    contactNumber: text('contact_number').notNull(),
    country: text('country').notNull(),
    companyName: text('company_name').notNull().default(''),
    companyWebsite: text('company_website').notNull().default(''),
    role: text('role').notNull().default('user'),
    /** Accounts made before verification existed, and those an administrator makes, count as verified. */
    emailVerified: boolean('email_verified').notNull().default(true),
    /** `active`, `pending` (awaiting trade approval), `rejected` or `disabled`. */
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_created_idx').on(t.createdAt.desc()),
    index('users_status_idx').on(t.status),
  ],
);

/**
 * Single-use tokens sent by mail (password reset, e-mail verification). Only their SHA-256 is
 * stored; using one deletes its row. A verification token names the address it verifies, so a
 * link sent to an earlier address cannot verify a later one.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Who changed an account's status or role, when, from what to what, and why. */
export const accountChanges = pgTable(
  'account_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    field: text('field').notNull(),
    fromValue: text('from_value').notNull(),
    toValue: text('to_value').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('account_changes_user_idx').on(t.userId, t.createdAt.desc())],
);

/** Opaque bearer tokens; only their SHA-256 is stored, so a database leak yields no usable token. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** The server-kept enquiry list: one row per user and product, so updates are single-row and atomic. */
export const cartItems = pgTable(
  'cart_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('cart_items_product_idx').on(t.productId)],
);

/** Named gap-free counters (order numbers): bumped inside the transaction that uses the value. */
export const counters = pgTable('counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});

/** Small shared settings (for example a generated signing secret) that every instance must agree on. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** A price request. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: integer('order_number').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    email: text('email').notNull(),
    contactNumber: text('contact_number').notNull(),
    companyName: text('company_name').notNull().default(''),
    companyWebsite: text('company_website').notNull().default(''),
    country: text('country').notNull(),
    message: text('message').notNull().default(''),
    /**
     * The recorded state. A `quoted` request whose `valid_until` has passed is `expired` to every
     * reader before its expiry is recorded (see packages/shared/src/domain/quotation.ts).
     */
    status: text('status').notNull().default('new'),
    /** Every write that changes the request adds 1; a write must carry the version it read. */
    version: integer('version').notNull().default(1),
    /** The latest sent quote: its validity, total and currency, kept here for lists and figures. */
    validUntil: timestamp('valid_until', { withTimezone: true, mode: 'date' }),
    quoteTotal: bigint('quote_total', { mode: 'number' }),
    quoteCurrency: text('quote_currency'),
    quotedAt: timestamp('quoted_at', { withTimezone: true, mode: 'date' }),
    firstQuotedAt: timestamp('first_quoted_at', { withTimezone: true, mode: 'date' }),
    /** When the buyer accepted or declined. */
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_order_number_key').on(t.orderNumber),
    // These three also INCLUDE the id (and the state and validity a filter reads), written by hand
    // in migration 0010: a page of the lists is found in the index alone.
    index('orders_status_number_idx').on(t.status, t.orderNumber),
    index('orders_number_cover_idx').on(t.orderNumber),
    // The admin list's text search: each searched column on its own trigram index.
    index('orders_first_name_trgm_idx').using('gin', sql`${t.firstName} gin_trgm_ops`),
    index('orders_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('orders_company_trgm_idx').using('gin', sql`${t.companyName} gin_trgm_ops`),
    index('orders_user_number_idx').on(t.userId, t.orderNumber),
    index('orders_country_idx').on(t.country),
    uniqueIndex('orders_user_idempotency_key').on(t.userId, t.idempotencyKey),
    index('orders_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('orders_user_idx').on(t.userId),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** Kept when the product is later deleted: the request still shows what was asked for. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    price: doublePrecision('price').notNull().default(0),
    imageUrl: text('image_url'),
    mediaId: uuid('media_id').references(() => media.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId, t.position),
    index('order_items_product_idx').on(t.productId),
    index('order_items_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/** A quote of a request: revision 1, 2, …; the draft is the one not yet sent (at most one). */
export const quoteRevisions = pgTable(
  'quote_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    currency: text('currency').notNull(),
    /** Σ line totals, minor units, computed by the server. */
    total: bigint('total', { mode: 'number' }).notNull(),
    leadTimeDays: integer('lead_time_days').notNull(),
    /** Null in a draft that takes the default when it is sent. */
    validUntil: timestamp('valid_until', { withTimezone: true, mode: 'date' }),
    noteToBuyer: text('note_to_buyer').notNull().default(''),
    /** For admins only: never in a buyer's answer, mail or workbook. */
    internalNote: text('internal_note').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('quote_revisions_order_revision_key').on(t.orderId, t.revision)],
);

export const quoteLines = pgTable(
  'quote_lines',
  {
    revisionId: uuid('revision_id')
      .notNull()
      .references(() => quoteRevisions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id'),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    imageUrl: text('image_url'),
    mediaId: uuid('media_id'),
    quantity: integer('quantity').notNull(),
    /** Minor units (paise, cents). */
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    moq: integer('moq').notNull(),
    note: text('note').notNull().default(''),
    lineTotal: bigint('line_total', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.revisionId, t.position] })],
);

/** A request's history: one row per transition (its creation is read from the order itself). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    byName: text('by_name').notNull(),
    /** `user`, `admin`, or `system` (an expiry). */
    byRole: text('by_role').notNull(),
    note: text('note'),
    revision: integer('revision'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.id),
    index('order_events_to_at_idx').on(t.toStatus, t.at),
  ],
);

export const orderComments = pgTable(
  'order_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    authorRole: text('author_role').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_comments_order_idx').on(t.orderId, t.createdAt)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    contactNumber: text('contact_number').notNull(),
    country: text('country').notNull(),
    companyName: text('company_name').notNull().default(''),
    companyWebsite: text('company_website').notNull().default(''),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt.desc())],
);

export const blogs = pgTable(
  'blogs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    content: text('content').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    metaTitle: text('meta_title').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
    mediaId: uuid('media_id').references(() => media.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('blogs_slug_key').on(t.slug),
    index('blogs_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

/** Every e-mail is first a row here, written in the transaction that caused it. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /** What the dispatcher needs to build the message; no secrets but a mailed link's single-use token. */
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('outbox_pending_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * Fixed-window request counters (login, sign-up, contact, price requests), kept in the database
 * so that every instance behind a load balancer counts against the same limit.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);
