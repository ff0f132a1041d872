import { LruCache } from '../../lib/lru-cache.ts';

/** How long a list's total is reused: paging through a list counts its requests once. */
export const LIST_TOTAL_TTL_MS = 10_000;

/**
 * The number of requests each admin list filter matches, kept for a few seconds per process.
 * Counting a state with tens of thousands of requests is the cost of a list page, so a page reuses
 * the total its neighbours counted; every write to a request on any process empties it (through
 * the `orders:changed` event), so the figure is stale at most for the lifetime when a quote lapses.
 */
export function createListTotals(options: { ttlMs?: number; now?: () => number } = {}) {
  const cache = new LruCache<string, Promise<number>>({
    maxEntries: 200,
    ttlMs: options.ttlMs ?? LIST_TOTAL_TTL_MS,
    ...(options.now ? { now: options.now } : {}),
  });
  return {
    /** The total under `key`, counted by `count` when not held (concurrent askers share one count). */
    of(key: string, count: () => Promise<number>): Promise<number> {
      const held = cache.get(key);
      if (held) return held;
      const total = count();
      cache.set(key, total);
      // A failure is not kept: the next page counts again.
      total.catch(() => cache.delete(key));
      return total;
    },
    clear(): void {
      cache.clear();
    },
  };
}

export type ListTotals = ReturnType<typeof createListTotals>;
