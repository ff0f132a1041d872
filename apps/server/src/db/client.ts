import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as catalogueImportTables from './schema/catalogue-imports.ts';
import * as contentTables from './schema/content.ts';
import * as fulfilmentTables from './schema/fulfilment.ts';
import * as jobTables from './schema/jobs.ts';
import * as mediaTables from './schema/media.ts';
import * as orderTables from './schema/orders.ts';
import * as pricingTables from './schema/pricing.ts';
import * as productTables from './schema/products.ts';
import * as selectionTables from './schema/selections.ts';
import * as systemTables from './schema/system.ts';
import * as userTables from './schema/users.ts';

/** Every table, one file per group (drizzle-kit reads the same files: drizzle.config.ts). */
const schema = {
  ...mediaTables,
  ...productTables,
  ...catalogueImportTables,
  ...userTables,
  ...orderTables,
  ...pricingTables,
  ...fulfilmentTables,
  ...selectionTables,
  ...contentTables,
  ...systemTables,
  ...jobTables,
};

export type Schema = typeof schema;
/**
 * Both drivers expose the same query builder, and raw `execute` answers carry `rows` on both, so
 * the node-postgres type describes either.
 */
export type Db = NodePgDatabase<Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the address, for the job queue's own connections (src/jobs). */
  url?: string;
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  /** Cheap round trip for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: a snapshot of the whole data directory (tests start from a migrated one). */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * PostgreSQL only: messages other server processes sent on `channel` with `notify` (LISTEN on a
   * connection of its own, reconnected with backoff when it drops; `onReconnect` hears of every
   * reconnection, since messages sent meanwhile are lost).
   */
  listen?: (channel: string, handlers: ChannelHandlers) => Promise<ChannelSubscription>;
};

export type ChannelHandlers = {
  onMessage(payload: string): void;
  onReconnect(): void;
  onError(error: unknown): void;
};
export type ChannelSubscription = { close(): Promise<void> };

/** NOTIFY: every process listening on `channel` (this one included) receives `payload`. */
export async function notify(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

const LISTEN_RETRY_MS = [250, 1_000, 5_000, 15_000];

function listenOn(url: string, channel: string, handlers: ChannelHandlers): Promise<ChannelSubscription> {
  let client: pg.Client | null = null;
  let isClosed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (isReconnect: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    const dropped = (error?: unknown) => {
      if (client !== next || isClosed) return;
      client = null;
      if (error) handlers.onError(error);
      schedule();
    };
    next.on('error', dropped);
    next.on('end', () => dropped());
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      next.removeAllListeners('end');
      await next.end().catch(() => {});
      throw error;
    }
    if (isClosed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    failures = 0;
    if (isReconnect) handlers.onReconnect();
  };

  const schedule = () => {
    const delay = LISTEN_RETRY_MS[Math.min(failures, LISTEN_RETRY_MS.length - 1)];
    failures += 1;
    retry = setTimeout(() => {
      retry = null;
      connect(true).catch((error: unknown) => {
        handlers.onError(error);
        if (!isClosed) schedule();
      });
    }, delay);
    retry.unref();
  };

  return connect(false).then(() => ({
    async close() {
      isClosed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  }));
}

/** drizzle/ sits beside src/ and dist/. */
export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const migrationsFolder = (await fs.stat(MIGRATIONS_DIR).catch(() => null))
  ? MIGRATIONS_DIR
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle');

type ConnectCallback = Parameters<pg.Client['connect']>[0];

export type DatabaseOptions =
  { url: string; poolSize?: number } | { dataDir: string | null; loadDataDir?: Blob }; // null: in memory

/**
 * node-postgres' client keeps the listeners it puts on its socket while connecting (`connect`,
 * `sslconnect`, `end`) for as long as the connection lives, and with them the whole scope they were
 * made in, which holds the callback `connect` was given. pg-pool's callback holds the scope of the
 * query that made the pool open the connection, and so that query's promise and, once answered, its
 * result: the first result of every pooled connection stayed in memory until the connection
 * closed. When that query was an in-memory index's read of 100,000 products, it was ~30 MB per
 * connection, ~90 MB in all, 40% of the server's heap. Here the callback is handed over and
 * forgotten: the listeners keep only a small function whose reference is gone once it has run.
 */
export class PoolClient extends pg.Client {
  override connect(): Promise<pg.Client>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.Client> | void {
    if (!callback) return super.connect();
    let pending: ((...args: unknown[]) => void) | null = callback as (...args: unknown[]) => void;
    super.connect(((...args: unknown[]) => {
      const done = pending;
      pending = null;
      done?.(...args);
    }) as ConnectCallback);
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const pool = new pg.Pool({
      Client: PoolClient,
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // A dropped idle connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      url: options.url,
      migrate: () => migratePg(db as never, { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
      listen: (channel, handlers) => listenOn(options.url, channel, handlers),
    };
  }

  if (options.dataDir) await fs.mkdir(options.dataDir, { recursive: true });
  return pgliteDatabase(await startPglite(options));
}

/** The embedded PostgreSQL, on a directory, in memory, or in memory from a data directory snapshot. */
export function startPglite(options: { dataDir: string | null; loadDataDir?: Blob }): Promise<PGlite> {
  return PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
}

/** The database over a running PGlite; `close` closes it unless told otherwise (the tests' pool). */
export function pgliteDatabase(client: PGlite, close: () => Promise<void> = () => client.close()): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close,
    dumpDataDir: async () => (await client.dumpDataDir('none')) as Blob,
  };
}

export { schema };
