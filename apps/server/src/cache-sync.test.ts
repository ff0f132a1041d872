import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type ChannelHandlers, type Database } from './db/client.ts';
import { startCacheSync, type CacheSync } from './cache-sync.ts';
import type { DomainEvents } from './domain-events.ts';

const log = pino({ level: 'silent' });

/** Counts the cache events a process hears. */
function recorder(events: DomainEvents) {
  const heard: string[] = [];
  events.on('catalogue:changed', () => heard.push('catalogue'));
  events.on('blogs:changed', () => heard.push('blogs'));
  return heard;
}

const until = async (check: () => boolean, ms: number) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - started;
};

describe('cache sync between processes (an in-memory channel standing in for NOTIFY)', () => {
  /** One channel shared by "processes": notify() goes through `db.execute`, which this fake answers. */
  function fakeCluster() {
    const listeners = new Set<ChannelHandlers>();
    const process = (): Database => {
      const db = {
        async execute(query: { queryChunks?: unknown[] }) {
          // pg_notify(channel, payload): the payload is the query's second parameter.
          const params = (query.queryChunks ?? []).filter((c) => typeof c === 'string') as string[];
          const payload = params[1] ?? '';
          for (const l of listeners) l.onMessage(payload);
          return { rows: [] };
        },
      };
      return {
        db: db as unknown as Database['db'],
        kind: 'postgres',
        migrate: async () => {},
        ping: async () => {},
        close: async () => {},
        listen: async (_channel, handlers) => {
          listeners.add(handlers);
          return { close: async () => void listeners.delete(handlers) };
        },
      };
    };
    return { process, reconnectAll: () => listeners.forEach((l) => l.onReconnect()) };
  }

  it('passes a write on one process to the others, once, and never echoes it back', async () => {
    const cluster = fakeCluster();
    const [a, b] = [new EventEmitter() as DomainEvents, new EventEmitter() as DomainEvents];
    const heardA = recorder(a);
    const heardB = recorder(b);
    const syncs = await Promise.all([
      startCacheSync({ database: cluster.process(), events: a, log }),
      startCacheSync({ database: cluster.process(), events: b, log }),
    ]);
    a.emit('catalogue:changed');
    b.emit('blogs:changed');
    await new Promise((r) => setTimeout(r, 20));
    expect(heardA).toEqual(['catalogue', 'blogs']);
    expect(heardB).toEqual(['catalogue', 'blogs']);

    // After a reconnection anything may have been missed: every cache is emptied.
    cluster.reconnectAll();
    expect(heardB.slice(2)).toEqual(['catalogue', 'blogs']);
    await Promise.all(syncs.map((s) => s?.close()));
    a.emit('catalogue:changed');
    expect(heardB).toHaveLength(4);
  });

  it('does nothing on the embedded database (one process)', async () => {
    const events = new EventEmitter() as DomainEvents;
    const database = { kind: 'pglite' } as Database;
    expect(await startCacheSync({ database, events, log })).toBeNull();
  });
});

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('cache sync on PostgreSQL (LISTEN/NOTIFY)', () => {
  const opened: Database[] = [];
  const syncs: (CacheSync | null)[] = [];
  afterEach(async () => {
    await Promise.all(syncs.splice(0).map((s) => s?.close()));
    await Promise.all(opened.splice(0).map((d) => d.close()));
  });

  it('tells another connection of a write within a second, and listens again after losing its connection', async () => {
    const [dbA, dbB] = await Promise.all([openDatabase({ url: url! }), openDatabase({ url: url! })]);
    opened.push(dbA, dbB);
    const [a, b] = [new EventEmitter() as DomainEvents, new EventEmitter() as DomainEvents];
    const heardB = recorder(b);
    syncs.push(await startCacheSync({ database: dbA, events: a, log }));
    syncs.push(await startCacheSync({ database: dbB, events: b, log }));

    a.emit('catalogue:changed');
    const took = await until(() => heardB.includes('catalogue'), 1_000);
    expect(took).toBeLessThan(1_000);

    // Cut every LISTEN connection but ours: B reconnects and empties its caches.
    await dbA.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
        where query ilike 'LISTEN%' and pid <> pg_backend_pid() and datname = current_database()`,
    );
    await until(() => heardB.filter((k) => k === 'blogs').length === 1, 5_000);
    heardB.length = 0;
    a.emit('blogs:changed');
    await until(() => heardB.includes('blogs'), 1_000);
  });
});
