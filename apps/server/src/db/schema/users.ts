import { bigserial, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

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
