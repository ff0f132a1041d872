/**
 * A small least-recently-used cache bounded by entry count and by a caller-supplied size, with an
 * optional time to live. Per process on purpose: every instance keeps its own short-lived copy and
 * drops it on the events that make it stale (ARCHITECTURE.md, Scale).
 */
export type LruCacheOptions<V> = {
  maxEntries: number;
  /** Budget for the sum of `sizeOf` over the entries; Infinity when omitted. */
  maxSize?: number;
  sizeOf?: (value: V) => number;
  /** Milliseconds an entry stays valid; 0 or omitted means until evicted. */
  ttlMs?: number;
  now?: () => number;
};

type Entry<V> = { value: V; size: number; expiresAt: number };

export class LruCache<K, V> {
  readonly #entries = new Map<K, Entry<V>>();
  readonly #options: Required<Omit<LruCacheOptions<V>, 'sizeOf'>> & { sizeOf: (value: V) => number };
  #size = 0;
  /** With a TTL: drops expired entries every TTL while any are held (see prune). */
  #pruning: NodeJS.Timeout | null = null;

  constructor(options: LruCacheOptions<V>) {
    this.#options = {
      maxEntries: options.maxEntries,
      maxSize: options.maxSize ?? Number.POSITIVE_INFINITY,
      sizeOf: options.sizeOf ?? (() => 0),
      ttlMs: options.ttlMs ?? 0,
      now: options.now ?? Date.now,
    };
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The sum of `sizeOf` over the entries held. */
  get totalSize(): number {
    return this.#size;
  }

  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt && entry.expiresAt <= this.#options.now()) {
      this.delete(key);
      return undefined;
    }
    // Re-insert so iteration order stays least-recently-used first.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V): void {
    const size = this.#options.sizeOf(value);
    if (size > this.#options.maxSize) return;
    this.delete(key);
    const expiresAt = this.#options.ttlMs ? this.#options.now() + this.#options.ttlMs : 0;
    this.#entries.set(key, { value, size, expiresAt });
    this.#size += size;
    if (expiresAt && !this.#pruning) {
      this.#pruning = setInterval(() => {
        this.prune();
        if (!this.#entries.size) this.#stopPruning();
      }, this.#options.ttlMs);
      this.#pruning.unref();
    }
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.#options.maxEntries && this.#size <= this.#options.maxSize) break;
      this.#entries.delete(oldest);
      this.#size -= entry.size;
    }
  }

  delete(key: K): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#size -= entry.size;
  }

  /**
   * Drops the entries whose time is up. A read would drop them too, but a burst's entries that are
   * never read again (the long tail of listing pages, searches, pages) would otherwise stay resident
   * until evicted: at 100k products, 30-40 MB held through whatever came after the burst.
   */
  prune(): void {
    const now = this.#options.now();
    for (const [key, entry] of this.#entries) {
      if (entry.expiresAt && entry.expiresAt <= now) {
        this.#entries.delete(key);
        this.#size -= entry.size;
      }
    }
  }

  #stopPruning(): void {
    if (this.#pruning) clearInterval(this.#pruning);
    this.#pruning = null;
  }

  /** Drops every entry whose key satisfies the test. */
  deleteWhere(test: (key: K) => boolean): void {
    for (const key of [...this.#entries.keys()]) if (test(key)) this.delete(key);
  }

  clear(): void {
    this.#entries.clear();
    this.#size = 0;
    this.#stopPruning();
  }
}
