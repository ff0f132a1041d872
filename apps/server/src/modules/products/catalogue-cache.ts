import type { z } from 'zod';
import { JsonAnswer, type PackedAnswer } from '../../lib/http-cache.ts';
import { LruCache } from '../../lib/lru-cache.ts';

/**
 * A read answer kept with its value, JSON and ETag. The JSON goes through the response schema once,
 * when first sent, so a column that is not in the schema can never reach a client, and a hot page
 * costs no serialisation at all afterwards.
 */
export class Answer<T> extends JsonAnswer {
  constructor(
    readonly value: T,
    schema: z.ZodType<unknown>,
  ) {
    super(() => JSON.stringify(schema.parse(value)));
  }
}

/** Rough bytes per product held (objects plus their JSON), to keep the cache inside its budget. */
const BYTES_PER_PRODUCT = 2000;
/**
 * ~4,000 products' worth: ~250 of the listings' first pages (16 listings, the whole catalogue's
 * and each category's with each gemstone filter, 30 pages each) and the unpaged arrays.
 * Measured at 100k products with 32 MB: the server's old generation 12-15 MB larger under the
 * bench's product-detail load for no gain (the long tail of products is read once per TTL either way).
 * With 16 MB the bench's three category walks filled it with ~480 first pages, each holding a
 * ~31 KB JSON string (two bytes a character, see JsonAnswer.utf8) beside its objects and compressed
 * forms against 32 KB counted, and the server reached 223 MB under the page scenarios that followed;
 * at 8 MB, 211 MB, with the category walks answered at the same rate (17,800-19,500 a second
 * against 17,200-18,800), measured while the hot pages were answered outside Fastify (ADR 015).
 */
const MAX_BYTES = 8 * 1024 * 1024;
/**
 * Budget for one product's own reads (its detail and its related list), kept apart from the
 * listings above: a walk through products nobody had asked for (a crawler, a campaign's long tail)
 * filled the shared budget with entries read once, pushed the listings out, and held far more heap
 * than their estimate (sizeOf) counts. At 100,000 products under first renders of product pages the
 * server peaked at 221-235 MB with these entries in the 16 MB budget; with the whole budget cut to
 * 4 MB, 197-202 (8 MB: 214, 2 MB: 196); with these entries apart in 4 MB, 198-205, at the same
 * rate. A product page an anonymous visitor asked for is kept whole in the page cache anyway; this
 * keeps the hot products for buyers' own renders and the API.
 */
const PRODUCT_MAX_BYTES = 4 * 1024 * 1024;
/**
 * Budget for packed answers (deep listing pages, ~1.7 KB each gzip-compressed): about 7,000 pages,
 * more than every page of the full listing at 100,000 products, so a deep page is queried,
 * serialised and compressed about once per TTL rather than on every request. Measured with 19,000
 * pages held: 2,314 bytes of heap and buffers per page against 2,139 counted with the overhead below
 * at 400, hence 600.
 */
export const PACKED_MAX_BYTES = 16 * 1024 * 1024;
/** What a packed entry costs beyond its bytes: its key, the entry and answer objects, the Map slot. */
export const PACKED_ENTRY_OVERHEAD = 600;

/**
 * The catalogue's read cache: per process, short-lived (the TTL bounds how stale another
 * instance's copy can be) and emptied at once by a write on this instance. A load that was already
 * running when a write happened is answered to its caller but not stored.
 */
export class CatalogueCache {
  readonly enabled: boolean;
  readonly #ttlMs: number;
  #generation = 0;
  /** Few, costly entries (a listing's page keys) that are refreshed in the background when old. */
  readonly #refreshed = new Map<string, { value: unknown; loadedAt: number }>();
  readonly #entries: LruCache<string, unknown>;
  /** One product's own reads, in their own smaller budget (PRODUCT_MAX_BYTES). */
  readonly #products: LruCache<string, unknown>;
  /** Many small entries sized by their real bytes (see PackedAnswer). */
  readonly #packed: LruCache<string, PackedAnswer>;
  readonly #inFlight = new Map<string, { generation: number; promise: Promise<unknown> }>();

  constructor(options: {
    ttlMs: number;
    sizeOf: (value: unknown) => number;
    packedMaxBytes?: number;
    productMaxBytes?: number;
  }) {
    this.enabled = options.ttlMs > 0;
    this.#ttlMs = options.ttlMs;
    this.#entries = new LruCache<string, unknown>({
      maxEntries: 20_000,
      maxSize: MAX_BYTES,
      sizeOf: options.sizeOf,
      ttlMs: options.ttlMs,
    });
    this.#products = new LruCache<string, unknown>({
      // ~2 KB a product: the budget holds ~2,000 (see LruCacheOptions.maxEntries).
      maxEntries: 5_000,
      maxSize: options.productMaxBytes ?? PRODUCT_MAX_BYTES,
      sizeOf: options.sizeOf,
      ttlMs: options.ttlMs,
    });
    const packedMaxBytes = options.packedMaxBytes ?? PACKED_MAX_BYTES;
    this.#packed = new LruCache<string, PackedAnswer>({
      // Each entry counts at least its overhead, so the bytes always bind first (~28,000 at 16 MB).
      maxEntries: Math.ceil(packedMaxBytes / PACKED_ENTRY_OVERHEAD),
      maxSize: packedMaxBytes,
      sizeOf: (answer) => answer.bytes + PACKED_ENTRY_OVERHEAD,
      ttlMs: options.ttlMs,
    });
  }

  /** Bytes held by packed answers, as counted against their budget. */
  get packedBytes(): number {
    return this.#packed.totalSize;
  }

  /** The cached value for `key`, or the result of `load`, shared by concurrent callers. */
  async getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.#getOrLoad(this.#entries as LruCache<string, T>, key, load);
  }

  /** The same for one product's own reads (its detail, its related list), in their own budget. */
  async getOrLoadProduct<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.#getOrLoad(this.#products as LruCache<string, T>, `product|${key}`, load);
  }

  /** The same for packed answers, kept in their own budget by their real size. */
  async getOrLoadPacked(key: string, load: () => Promise<PackedAnswer>): Promise<PackedAnswer> {
    return this.#getOrLoad(this.#packed, `packed|${key}`, load);
  }

  async #getOrLoad<T>(store: LruCache<string, T>, key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const hit = store.get(key);
    if (hit !== undefined) return hit;
    const running = this.#inFlight.get(key);
    if (running && running.generation === this.#generation) return running.promise as Promise<T>;

    const generation = this.#generation;
    const promise = load().then((value) => {
      if (generation === this.#generation) store.set(key, value);
      return value;
    });
    this.#inFlight.set(key, { generation, promise });
    const forget = () => {
      if (this.#inFlight.get(key)?.promise === promise) this.#inFlight.delete(key);
    };
    promise.then(forget, forget);
    return promise;
  }

  /**
   * For values that are costly to build and few in number (one per listing): past the TTL the old
   * value is still answered while a single reload runs, so no request waits for the rebuild. After
   * a write (`clear`) there is no old value and the next caller waits for a fresh one.
   */
  async getOrRefresh<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const slot = this.#refreshed.get(key);
    if (!slot) return this.#reload(key, load);
    if (Date.now() - slot.loadedAt >= this.#ttlMs) this.#reload(key, load).catch(() => {});
    return slot.value as T;
  }

  #reload<T>(key: string, load: () => Promise<T>): Promise<T> {
    const flightKey = `refresh|${key}`;
    const running = this.#inFlight.get(flightKey);
    if (running && running.generation === this.#generation) return running.promise as Promise<T>;
    const generation = this.#generation;
    const promise = load().then((value) => {
      if (generation === this.#generation) this.#refreshed.set(key, { value, loadedAt: Date.now() });
      return value;
    });
    this.#inFlight.set(flightKey, { generation, promise });
    const forget = () => {
      if (this.#inFlight.get(flightKey)?.promise === promise) this.#inFlight.delete(flightKey);
    };
    promise.then(forget, forget);
    return promise;
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
    this.#products.clear();
    this.#packed.clear();
    this.#refreshed.clear();
    this.#inFlight.clear();
  }
}

/** Size estimate for cache entries: answers and arrays of products count per product. */
export function estimateSize(value: unknown): number {
  const inner = value instanceof Answer ? (value.value as unknown) : value;
  if (Array.isArray(inner)) return 200 + inner.length * BYTES_PER_PRODUCT;
  if (inner && typeof inner === 'object' && 'products' in inner && Array.isArray(inner.products)) {
    return 200 + inner.products.length * BYTES_PER_PRODUCT;
  }
  if (inner && typeof inner === 'object' && 'keys' in inner && Array.isArray(inner.keys)) {
    return 200 + inner.keys.length * 120;
  }
  return BYTES_PER_PRODUCT;
}
