import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

/**
 * Background jobs whose status someone asks for (src/jobs): written by whichever instance runs
 * them, so every instance answers the same. With `DATABASE_URL`, pg-boss (its own `pgboss`
 * schema) delivers them; this table holds what a client sees: state, progress, result, error.
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    /** queued | active | completed | failed */
    state: text('state').notNull(),
    data: jsonb('data').notNull(),
    progress: jsonb('progress'),
    result: jsonb('result'),
    /** `{ code, message }` of the last failure. */
    error: jsonb('error'),
    /** Runs started, the current one included. */
    attempts: integer('attempts').notNull().default(0),
    /** Runs after the first when the one before died with its instance. */
    retryLimit: integer('retry_limit').notNull().default(0),
    /** A job sent for later (a mail retry): not run, nor taken for lost, before this time. */
    runAfter: timestamp('run_after', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('background_jobs_state_idx').on(t.state, t.updatedAt)],
);

/**
 * A catalogue import from upload to its end (checking → checked → applying → applied | failed):
 * the report a client polls, its progress, and what applying needs (the plan, the error sheet,
 * where the uploaded files are). Kept an hour after it ends.
 */
export const catalogueImportJobs = pgTable(
  'catalogue_import_jobs',
  {
    id: uuid('id').primaryKey(),
    /** The client's view of the import without its progress (`ImportJob`). */
    report: jsonb('report').notNull(),
    progress: jsonb('progress').notNull(),
    /** The checked plan, the error sheet and the uploaded files' places. */
    work: jsonb('work').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('catalogue_import_jobs_updated_idx').on(t.updatedAt)],
);
