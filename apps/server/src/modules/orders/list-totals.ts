import { LruCache } from '../../lib/lru-cache.ts';

/** How long a list's total is reused: paging through a list counts its requests once. */
export const LIST_TOTAL_TTL_MS = 10_000;

type HeldTotal = { total: Promise<number>; countedAt: number };

/**
 * The number of requests each admin list filter matches, kept for a few seconds per process.
 * Counting a state with tens of thousands of requests is the cost of a list page, so a page reuses
 * the total its neighbours counted; every write to a request on any process empties it (through
 * the `orders:changed` event), so the figure is stale at most for the lifetime when a quote lapses.
 * A total asked for in the second half of its lifetime is counted again in the background while
 * the held one answers: a list in steady use never waits for a count.
 */
export function createListTotals(options: { ttlMs?: number; now?: () => number } = {}) {
  const ttlMs = options.ttlMs ?? LIST_TOTAL_TTL_MS;
  const now = options.now ?? Date.now;
  const cache = new LruCache<string, HeldTotal>({
    maxEntries: 200,
    ttlMs,
    ...(options.now ? { now: options.now } : {}),
  });
  const refreshing = new Set<string>();
  /** Bumped by `clear`: a count that started before a write never replaces what the write emptied. */
  let generation = 0;

  function refresh(key: string, count: () => Promise<number>): void {
    const started = generation;
    const countedAt = now();
    refreshing.add(key);
    count()
      .then(
        (n) => {
          if (started === generation) cache.set(key, { total: Promise.resolve(n), countedAt });
        },
        // A failed recount keeps the held total, which expires as usual.
        () => {},
      )
      .finally(() => {
        if (started === generation) refreshing.delete(key);
      });
  }

  return {
    /** The total under `key`, counted by `count` when not held (concurrent askers share one count). */
    of(key: string, count: () => Promise<number>): Promise<number> {
      const held = cache.get(key);
      if (held) {
        if (now() - held.countedAt >= ttlMs / 2 && !refreshing.has(key)) refresh(key, count);
        return held.total;
      }
      const total = count();
      cache.set(key, { total, countedAt: now() });
      // A failure is not kept: the next page counts again.
      total.catch(() => cache.delete(key));
      return total;
    },
    clear(): void {
      generation += 1;
      refreshing.clear();
      cache.clear();
    },
  };
}

export type ListTotals = ReturnType<typeof createListTotals>;
