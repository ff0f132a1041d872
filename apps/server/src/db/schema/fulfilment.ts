import { bigserial, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { media } from './media.ts';
import { orderItems, orders } from './orders.ts';
import { users } from './users.ts';

/**
 * An accepted price request as an order in production: one row per order, made at acceptance.
 * An accepted order without a row (accepted before fulfilment existed) reads as `confirmed`.
 * Writes are checked against, and add 1 to, the order's own `version` (one version per request).
 */
export const orderFulfilment = pgTable(
  'order_fulfilment',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** See packages/shared/src/domain/fulfilment.ts for the stages and the moves between them. */
    stage: text('stage').notNull().default('confirmed'),
    /** The buyer's purchase-order number, asked at acceptance (optional). */
    poNumber: text('po_number'),
    /** The calendar day (India) the business expects to ship on, set by an admin. */
    expectedShipDate: date('expected_ship_date', { mode: 'string' }),
    /** When the last line was shipped (the order became `dispatched`), for the on-time figures. */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('order_fulfilment_stage_idx').on(t.stage, t.expectedShipDate)],
);

/** Each stage an order reached: who moved it, when, a note, optionally a picture (a quality check). */
export const fulfilmentStages = pgTable(
  'fulfilment_stages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    note: text('note'),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    byName: text('by_name').notNull(),
    /** `user` (the buyer's acceptance) or `admin`. */
    byRole: text('by_role').notNull(),
    photoMediaId: uuid('photo_media_id').references(() => media.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('fulfilment_stages_order_idx').on(t.orderId, t.id)],
);

/** One dispatch of some (or all) of an order's lines. */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    courier: text('courier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    shippedAt: timestamp('shipped_at', { withTimezone: true, mode: 'date' }).notNull(),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('shipments_order_idx').on(t.orderId, t.shippedAt)],
);

export const shipmentLines = pgTable(
  'shipment_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    /** The line of the request shipped (its quantity is the accepted quantity). */
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    productId: uuid('product_id'),
    quantity: integer('quantity').notNull(),
    /** The weight actually shipped, in milligrams (for metal-linked lines). */
    actualWeightMg: integer('actual_weight_mg'),
  },
  (t) => [
    index('shipment_lines_shipment_idx').on(t.shipmentId),
    index('shipment_lines_item_idx').on(t.orderItemId),
  ],
);
