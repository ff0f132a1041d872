import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { quoteRevisions } from './orders.ts';
import { products } from './products.ts';
import { users } from './users.ts';

/**
 * Metal rates as they were set, never changed: the current rate of a metal is its latest
 * `effective_at` (then the latest row), the rest is its history.
 */
export const metalRates = pgTable(
  'metal_rates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    metal: text('metal').notNull(),
    /** The fineness the rate was quoted at (per mille); the rate itself is per kg of fine metal. */
    fineness: integer('fineness').notNull().default(999),
    /** Paise per kilogram of fine metal. */
    perKgFine: bigint('per_kg_fine', { mode: 'number' }).notNull(),
    source: text('source').notNull().default(''),
    effectiveAt: timestamp('effective_at', { withTimezone: true, mode: 'date' }).notNull(),
    setById: uuid('set_by_id').references(() => users.id, { onDelete: 'set null' }),
    setByName: text('set_by_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('metal_rates_metal_effective_idx').on(t.metal, t.effectiveAt.desc(), t.id.desc())],
);

/** Exchange rates against the rupee, as they were set. */
export const fxRates = pgTable(
  'fx_rates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    currency: text('currency').notNull(),
    /** Paise per one unit of the currency (8450 = ₹84.50 per US$1). */
    inrPerUnit: bigint('inr_per_unit', { mode: 'number' }).notNull(),
    source: text('source').notNull().default(''),
    effectiveAt: timestamp('effective_at', { withTimezone: true, mode: 'date' }).notNull(),
    setById: uuid('set_by_id').references(() => users.id, { onDelete: 'set null' }),
    setByName: text('set_by_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('fx_rates_currency_effective_idx').on(t.currency, t.effectiveAt.desc(), t.id.desc())],
);

/**
 * A design's costing (admins only: never read by a buyer's or an anonymous answer). The JSON is
 * the checked costing of `PUT /api/products/admin/{id}/costing`, integers in paise and milligrams.
 */
export const productCostings = pgTable('product_costings', {
  productId: uuid('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  costing: jsonb('costing').notNull(),
  updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/**
 * How a quote revision was priced, beside its lines (`quote_lines` keep the prices, totals and
 * quantities): the rate and exchange snapshots, the rate validity, the tax regime and taxes, the
 * terms, and per line (by position) the suggested price, breakdown, override reason, HSN, price
 * breaks, one-off charges and the costing it was computed from. A revision without this row
 * (written before pricing existed) was priced by hand: no snapshots, no rate validity, no tax.
 */
export const quoteRevisionPricing = pgTable('quote_revision_pricing', {
  revisionId: uuid('revision_id')
    .primaryKey()
    .references(() => quoteRevisions.id, { onDelete: 'cascade' }),
  rateSnapshots: jsonb('rate_snapshots').notNull(),
  fx: jsonb('fx'),
  /** Null in a draft that takes the default when it is sent, and in a revision with no metal-linked line. */
  rateValidUntil: timestamp('rate_valid_until', { withTimezone: true, mode: 'date' }),
  showBreakdown: boolean('show_breakdown').notNull().default(false),
  taxRegime: text('tax_regime').notNull(),
  /** `{cgst, sgst, igst}` in the quote's currency. */
  tax: jsonb('tax').notNull(),
  grandTotal: bigint('grand_total', { mode: 'number' }).notNull(),
  incoterm: text('incoterm'),
  namedPlace: text('named_place').notNull().default(''),
  paymentTerms: jsonb('payment_terms'),
  sampleTerms: text('sample_terms').notNull().default(''),
  lines: jsonb('lines').notNull(),
  updatedAt: updatedAt(),
});
