import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

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
