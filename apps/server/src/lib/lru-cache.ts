import { LRUCache } from 'lru-cache';

/**
 * A least-recently-used cache bounded by entry count and by a caller-supplied size, with an
 * optional time to live: `lru-cache` underneath, with the two things our callers add (dropping by a
 * key test, and sweeping expired entries that are never read again). Per process on purpose: every
 * instance keeps its own short-lived copy and drops it on the events that make it stale.
 */
export type LruCacheOptions<V> = {
  /**
   * lru-cache allocates its bookkeeping for this many entries at once, used or not: ~50 bytes an
   * entry with a size budget and a TTL (5 MB of the heap at 100,000). Under a byte budget, keep it
   * near the most entries the budget can hold.
   */
  maxEntries: number;
  /** Budget for the sum of `sizeOf` over the entries; unbounded when omitted. */
  maxSize?: number;
  sizeOf?: (value: V) => number;
  /** Milliseconds an entry stays valid; 0 or omitted means until evicted. */
  ttlMs?: number;
  now?: () => number;
};

/** Values are never null or undefined (a miss reads as undefined). */
export class LruCache<K extends NonNullable<unknown>, V> {
  readonly #cache: LRUCache<K, NonNullable<V>>;
  readonly #ttlMs: number;
  /** With a TTL: drops expired entries every TTL while any are held (see prune). */
  #pruning: NodeJS.Timeout | null = null;

  constructor(options: LruCacheOptions<V>) {
    const { sizeOf } = options;
    this.#ttlMs = options.ttlMs ?? 0;
    const now = options.now ?? Date.now;
    this.#cache = new LRUCache<K, NonNullable<V>>({
      max: options.maxEntries,
      // lru-cache counts sizes only under a budget and only as positive whole numbers.
      ...(sizeOf && {
        maxSize: Math.max(1, Math.floor(options.maxSize ?? Number.MAX_SAFE_INTEGER)),
        sizeCalculation: (value: V) => Math.max(1, Math.ceil(sizeOf(value))),
      }),
      // lru-cache keeps an entry while its age is at most `ttl`; ours is gone once its age reaches
      // `ttlMs` (whole milliseconds from Date.now), hence the one less. It also reads a start time
      // of 0 as "no time to live", so a clock starting at 0 (a test's) is shifted by one.
      ...(this.#ttlMs && {
        ttl: Math.max(1, this.#ttlMs - 1),
        ttlResolution: 0,
        perf: { now: () => now() + 1 },
      }),
    });
  }

  get size(): number {
    return this.#cache.size;
  }

  /** The sum of `sizeOf` over the entries held. */
  get totalSize(): number {
    return this.#cache.calculatedSize;
  }

  get(key: K): V | undefined {
    return this.#cache.get(key);
  }

  /** Stores the value; one larger than the whole budget is not kept. */
  set(key: K, value: V): void {
    this.#cache.set(key, value as NonNullable<V>);
    if (this.#ttlMs && !this.#pruning) {
      this.#pruning = setInterval(() => {
        this.prune();
        if (!this.#cache.size) this.#stopPruning();
      }, this.#ttlMs);
      this.#pruning.unref();
    }
  }

  delete(key: K): void {
    this.#cache.delete(key);
  }

  /**
   * Counts `value`'s size again after it grew in place (say, a stored page that made a second
   * encoding), if it is still the entry under `key`: the budget then evicts the least recently
   * used entries it no longer has room for. The entry keeps the time it has left; lru-cache only
   * measures a value when it is set as a different value, so it is taken out and set again.
   */
  remeasure(key: K, value: V): void {
    if (this.#cache.peek(key) !== value) return;
    const left = this.#ttlMs ? this.#cache.getRemainingTTL(key) : 0;
    this.#cache.delete(key);
    if (this.#ttlMs && !(left > 0)) return;
    this.#cache.set(key, value as NonNullable<V>, this.#ttlMs ? { ttl: left } : {});
  }

  /**
   * Drops the entries whose time is up. A read would drop them too, but a burst's entries that are
   * never read again (the long tail of listing pages, searches, pages) would otherwise stay resident
   * until evicted: at 100k products, 30-40 MB held through whatever came after the burst.
   */
  prune(): void {
    this.#cache.purgeStale();
  }

  #stopPruning(): void {
    if (this.#pruning) clearInterval(this.#pruning);
    this.#pruning = null;
  }

  /** Drops every entry whose key satisfies the test. */
  deleteWhere(test: (key: K) => boolean): void {
    for (const key of [...this.#cache.keys()]) if (test(key)) this.#cache.delete(key);
  }

  clear(): void {
    this.#cache.clear();
    this.#stopPruning();
  }
}
