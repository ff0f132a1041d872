import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { sessions, users } from '../src/db/schema/users.ts';
import { parseEnv, type Env } from '../src/env.ts';
import { hashPassword } from '../src/lib/password.ts';
import { hashToken, newToken } from '../src/lib/tokens.ts';
import { mailedToken } from './buyer-fixtures.ts';
import { withDatabase } from './global-setup.ts';
import { leasePglite } from './pglite-pool.ts';

const databaseUrls = new WeakMap<Database, string>();

/**
 * The address of a PostgreSQL test database made by `createTestDatabase`, for a second connection
 * to it (a second app instance on the same data); null on PGlite, which one process holds alone.
 */
export const testDatabaseUrl = (database: Database): string | null => databaseUrls.get(database) ?? null;

/** A fresh, migrated database for one test file: a PGlite copy, or a PostgreSQL clone of the template. */
export async function createTestDatabase(): Promise<Database> {
  const template = inject('pgTemplate');
  const url = process.env.DATABASE_URL;
  if (template && url) {
    const name = `${template}_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const database = await openDatabase({ url: withDatabase(url, name), poolSize: 5 });
    const made: Database = {
      ...database,
      close: async () => {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
    databaseUrls.set(made, withDatabase(url, name));
    return made;
  }
  const snapshot = inject('pgliteSnapshot');
  if (!snapshot) throw new Error('global setup did not prepare a database snapshot');
  return leasePglite(snapshot);
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  env: Env;
  close(): Promise<void>;
};

/** The API on a fresh database, with its own data directory; no storefront, no logs. */
export async function buildTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'catalogue-app-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    ...overrides,
  });
  const database = await createTestDatabase();
  const app = await buildApp({ env, database });
  await app.ready();
  return {
    app,
    database,
    env,
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

let sharedHash: Promise<string> | null = null;
export const TEST_PASSWORD = 'correct horse battery staple';

export type TestUser = {
  id: string;
  email: string;
  name: string;
  role: string;
  token: string;
  password: string;
};

/** Inserts a user with a live session directly, so tests of other modules need no login call. */
export async function createUser(
  database: Database,
  fields: { role?: 'user' | 'admin'; email?: string; name?: string; country?: string } = {},
): Promise<TestUser> {
  sharedHash ??= hashPassword(TEST_PASSWORD);
  const email = fields.email ?? `buyer-${crypto.randomBytes(6).toString('hex')}@example.com`;
  const [user] = await database.db
    .insert(users)
    .values({
      name: fields.name ?? 'Test Buyer',
      email,
      passwordHash: await sharedHash,
      contactNumber: '+91 98765 43210',
      country: fields.country ?? 'IN',
      companyName: 'Test Traders',
      role: fields.role ?? 'user',
    })
    .returning();
  const token = newToken();
  await database.db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId: user!.id, expiresAt: new Date(Date.now() + 86_400_000) });
  return { id: user!.id, email, name: user!.name, role: user!.role, token, password: TEST_PASSWORD };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The public origin the tests' answers build picture addresses from (SITE_URL's default). */
export const TEST_SITE_URL = 'http://localhost:3000';

/** Our media id in a product's absolute picture address (`{base}/media/{id}`). */
export function mediaIdOf(item: { imageUrl: string | null }): string {
  const match = /\/media\/([0-9a-f-]{36})$/.exec(item.imageUrl ?? '');
  if (!match) throw new Error(`not one of our pictures: ${item.imageUrl}`);
  return match[1]!;
}

/**
 * Verifies a newly registered account the way its buyer would: the link from the welcome mail,
 * posted to the verification endpoint.
 */
export async function verifyByMail(t: TestApp, email: string): Promise<void> {
  const token = await mailedToken(t.database, email, 'verify-email');
  if (!token) throw new Error(`no verification mail for ${email}`);
  const res = await t.app.inject({ method: 'POST', url: '/api/users/verify-email', payload: { token } });
  if (res.statusCode !== 200) throw new Error(`verify-email answered ${res.statusCode}: ${res.body}`);
}

/**
 * PostgreSQL: ends the session holding job `id`'s run lock (`tryLockRun`), as when the process
 * running it is killed; the process itself goes on, so its late end can be watched too.
 */
export async function endRunOf(database: Database, id: string): Promise<void> {
  await database.db.execute(sql`SELECT pg_terminate_backend(l.pid) FROM pg_locks l,
    (SELECT hashtextextended('background-job:' || ${id}, 0) AS k) x
    WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
      AND l.classid = ((x.k >> 32) & 4294967295)::bigint::oid AND l.objid = (x.k & 4294967295)::bigint::oid`);
}
