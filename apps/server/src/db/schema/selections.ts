import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { orders } from './orders.ts';
import { products } from './products.ts';
import { users } from './users.ts';

/** A named set of designs an admin (or a buyer, from their enquiry list) sends to buyers. */
export const selections = pgTable(
  'selections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    /** Shown to every recipient on the link's page. */
    note: text('note').notNull().default(''),
    /** Seen only by the owner and administrators. */
    internalNote: text('internal_note').notNull().default(''),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Every change of the title, notes or designs adds 1; line sheets and previews are made per version. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('selections_owner_idx').on(t.ownerId, t.createdAt.desc())],
);

/** The designs of a selection, in order. A deleted product's rows go with it. */
export const selectionItems = pgTable(
  'selection_items',
  {
    selectionId: uuid('selection_id')
      .notNull()
      .references(() => selections.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.selectionId, t.productId] }),
    index('selection_items_order_idx').on(t.selectionId, t.position),
    index('selection_items_product_idx').on(t.productId),
  ],
);

/** One link per recipient. Only the SHA-256 of its token is kept. */
export const selectionLinks = pgTable(
  'selection_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    selectionId: uuid('selection_id')
      .notNull()
      .references(() => selections.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email'),
    recipientPhone: text('recipient_phone'),
    recipientUserId: uuid('recipient_user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    showPrices: boolean('show_prices').notNull().default(false),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('selection_links_token_key').on(t.tokenHash),
    index('selection_links_selection_idx').on(t.selectionId, t.createdAt),
    index('selection_links_recipient_idx').on(t.recipientUserId),
  ],
);

/** A link's opens, one row per link and day (an open is counted once a day). */
export const selectionOpens = pgTable(
  'selection_opens',
  {
    linkId: uuid('link_id')
      .notNull()
      .references(() => selectionLinks.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    firstOpenedAt: timestamp('first_opened_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Distinct designs looked at closely (the gallery opened) that day; at least the page's count. */
    designsViewed: integer('designs_viewed').notNull().default(0),
    /** Designs added to an enquiry list from the page that day. */
    designsAdded: integer('designs_added').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.day] }), index('selection_opens_last_idx').on(t.lastOpenedAt)],
);

/** The accounts that opened a link signed in, or signed in after opening it: whose price requests follow it. */
export const selectionLinkViewers = pgTable(
  'selection_link_viewers',
  {
    linkId: uuid('link_id')
      .notNull()
      .references(() => selectionLinks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstSeenAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.linkId, t.userId] }),
    index('selection_link_viewers_user_idx').on(t.userId),
  ],
);

/** A price request recorded as following a link (made after its page was opened). */
export const selectionLinkOrders = pgTable(
  'selection_link_orders',
  {
    linkId: uuid('link_id')
      .notNull()
      .references(() => selectionLinks.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.linkId, t.orderId] }),
    index('selection_link_orders_order_idx').on(t.orderId),
  ],
);
