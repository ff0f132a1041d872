import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { media } from './media.ts';
import { products } from './products.ts';
import { users } from './users.ts';

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
    /**
     * The administrator who entered the request for its buyer (an order taken by phone or
     * WhatsApp); null when the buyer sent it. The name is kept when the account goes.
     */
    enteredById: uuid('entered_by_id').references(() => users.id, { onDelete: 'set null' }),
    enteredByName: text('entered_by_name'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_order_number_key').on(t.orderNumber),
    // These three also INCLUDE the id (and the state and validity a filter reads), written by hand
    // in migration 0007: a page of the lists is found in the index alone.
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

/**
 * Proforma invoices: one per accepted request, numbered in their own gap-free series (the
 * `proforma` row of `counters`, bumped in the transaction that writes this row: a failure returns
 * the number). The number, the day of issue and the business's details as they were then are kept,
 * so the same document is made again every time. A deleted request leaves its number in the series.
 */
export const proformaInvoices = pgTable(
  'proforma_invoices',
  {
    number: integer('number').primaryKey(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The request's number, kept when the request is deleted. */
    orderNumber: integer('order_number').notNull(),
    /** The accepted revision the invoice is made from. */
    revision: integer('revision').notNull(),
    /** The business's GSTIN, IEC and bank details at issue (BusinessSettings). */
    seller: jsonb('seller').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('proforma_invoices_order_key').on(t.orderId)],
);
