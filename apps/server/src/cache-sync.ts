import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { notify, type Database } from './db/client.ts';
import type { DomainEvents } from './domain-events.ts';

/** The PostgreSQL channel on which server processes tell each other that a cache went stale. */
export const CACHE_CHANNEL = 'catalogue_cache';

const KINDS = ['catalogue:changed', 'blogs:changed', 'orders:changed', 'selections:changed'] as const;
type Kind = (typeof KINDS)[number];

export type CacheSync = { close(): Promise<void> };

/**
 * Caches are per process. A write on one process empties its own caches at once (through
 * `events`); this tells every other process sharing the PostgreSQL database within a round trip,
 * with LISTEN/NOTIFY, so an admin's change is visible everywhere without waiting for the caches'
 * lifetime. A message that was lost while the listening connection was down is made up for by
 * treating the reconnection as a change of everything; the caches' version checks (once per
 * lifetime) remain the backstop. The embedded database serves one process and needs none of it.
 */
export async function startCacheSync(deps: {
  database: Database;
  events: DomainEvents;
  log: FastifyBaseLogger;
}): Promise<CacheSync | null> {
  const { database, events, log } = deps;
  if (!database.listen) return null;
  const instance = crypto.randomUUID();
  // Set while a message from another process is re-emitted here, so it is not sent back out.
  let isApplyingRemote = false;

  const applyRemote = (kinds: readonly Kind[]) => {
    isApplyingRemote = true;
    try {
      for (const kind of kinds) events.emit(kind);
    } finally {
      isApplyingRemote = false;
    }
  };

  const subscription = await database.listen(CACHE_CHANNEL, {
    onMessage(payload) {
      const [from, kind] = payload.split(' ');
      if (from === instance || !KINDS.includes(kind as Kind)) return;
      applyRemote([kind as Kind]);
    },
    onReconnect() {
      log.info('cache sync: listening again; emptying the caches in case a change was missed');
      applyRemote(KINDS);
    },
    onError(error) {
      log.warn({ err: error }, 'cache sync: the listening connection failed; retrying');
    },
  });

  const publishers = KINDS.map((kind) => {
    const publish = () => {
      if (isApplyingRemote) return;
      notify(database.db, CACHE_CHANNEL, `${instance} ${kind}`).catch((error: unknown) =>
        log.warn({ err: error, kind }, 'cache sync: could not tell the other processes'),
      );
    };
    events.on(kind, publish);
    return { kind, publish };
  });

  return {
    async close() {
      for (const { kind, publish } of publishers) events.off(kind, publish);
      await subscription.close();
    },
  };
}
