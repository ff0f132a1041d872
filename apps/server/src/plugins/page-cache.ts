import { LruCache } from '../lib/lru-cache.ts';
import type { CachedRender, StoredPage } from './stored-page.ts';

/**
 * Room for the pages a burst of visitors asks for: each kept in the encoding its first visitor took
 * (Brotli for a browser) and, once a client asked for it, the other (a product page ~24 KB in
 * Brotli and ~27 KB in gzip, the home page ~29 + 34 KB), so ~150-300 pages.
 */
export const PAGE_CACHE_BYTES = 8 * 1024 * 1024;
export type PageCacheOptions = {
  /** How long a page is answered from memory: the catalogue read cache's TTL. */
  ttlMs: number;
  maxBytes?: number;
  /** The catalogue's version (count and update times of its products), read at most once per TTL. */
  readVersion: () => Promise<string>;
  /** Another instance changed the catalogue: every cache here must drop what it holds. */
  onStale: () => void;
  now?: () => number;
};

/** A stored page and the time until which it is fresh; after it, it is answered while renewed. */
type PageEntry = { page: StoredPage; freshUntil: number };

/**
 * Pages rendered for anonymous visitors, per process and short-lived, emptied by every catalogue or
 * blog write on this instance. Pages are made from the catalogue's read cache, itself up to a TTL
 * old, so a page cached for a TTL could show another instance's write two TTLs late; the version
 * check (the search index's) brings that back to one, and clears this instance's other caches too.
 */
export class PageCache {
  readonly #options: PageCacheOptions;
  readonly #now: () => number;
  readonly #pages: LruCache<string, PageEntry>;
  readonly #inFlight = new Map<string, { generation: number; promise: Promise<CachedRender> }>();
  /** Bumped by every clear; a render started before it is answered but not kept. */
  #generation = 0;
  #version: string | null = null;
  #checkedAt = -Infinity;
  #checking = false;

  constructor(options: PageCacheOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    // Kept two TTLs: fresh for the first, then answered stale while it is rendered anew.
    this.#pages = new LruCache<string, PageEntry>({
      maxEntries: 10_000,
      maxSize: options.maxBytes ?? PAGE_CACHE_BYTES,
      sizeOf: (entry) => entry.page.bytes,
      ttlMs: 2 * options.ttlMs,
      now: this.#now,
    });
  }

  /** Bumped by every clear: an answer made before one must not be kept after it. */
  get generation(): number {
    return this.#generation;
  }

  /** Bytes held by pages, as counted against the budget. */
  get bytes(): number {
    return this.#pages.totalSize;
  }

  /** How long a page is kept here, and so how long a shared cache in front may keep it. */
  get ttlSeconds(): number {
    return Math.floor(this.#options.ttlMs / 1000);
  }

  /**
   * The stored page for `key` if one can be answered without rendering anything: a fresh one, or a
   * stale one (its TTL is up, not a second) while it is being rendered anew. A stale page nobody is
   * renewing yet is not answered here, so its request reaches `getOrRender`, which renews it.
   */
  peek(key: string): StoredPage | null {
    this.#checkVersion();
    const entry = this.#pages.get(key);
    if (!entry) return null;
    return this.#isFresh(entry) || this.#running(key) ? entry.page : null;
  }

  /**
   * The page for `key`, or the result of `render`, shared by concurrent callers; kept if shareable.
   * Once a page's TTL is up it is renewed in the background (stale-while-revalidate, as its
   * Cache-Control tells a shared cache): callers get the stale page at once until the new one is
   * stored, so a page many visitors read never makes them wait for its render, and only one render
   * of it runs. Every change to the catalogue or the blog empties the cache outright instead.
   */
  async getOrRender(key: string, render: () => Promise<CachedRender>): Promise<CachedRender> {
    this.#checkVersion();
    const entry = this.#pages.get(key);
    if (entry && this.#isFresh(entry)) return entry.page;
    const running = this.#running(key);
    if (running) return entry?.page ?? running;
    const promise = this.#render(key, render);
    if (!entry) return promise;
    // The visitor is answered the stale page; a failed renewal leaves it to the next one.
    promise.catch(() => {});
    return entry.page;
  }

  #isFresh(entry: PageEntry): boolean {
    return this.#now() < entry.freshUntil;
  }

  /** The render of `key` under way since the last clear, if any. */
  #running(key: string): Promise<CachedRender> | null {
    const running = this.#inFlight.get(key);
    return running && running.generation === this.#generation ? running.promise : null;
  }

  #render(key: string, render: () => Promise<CachedRender>): Promise<CachedRender> {
    const generation = this.#generation;
    const promise = render().then((page) => {
      if (generation !== this.#generation) return page;
      if (page.isShareable) {
        const entry = { page, freshUntil: this.#now() + this.#options.ttlMs };
        this.#pages.set(key, entry);
        // Its other encoding, made on a later request, is counted against the budget too.
        page.onGrow = () => this.#pages.remeasure(key, entry);
      } else {
        // No longer a page for everyone (now a redirect, say): its stale copy is not answered again.
        this.#pages.delete(key);
      }
      return page;
    });
    this.#inFlight.set(key, { generation, promise });
    const forget = () => {
      if (this.#inFlight.get(key)?.promise === promise) this.#inFlight.delete(key);
    };
    promise.then(forget, forget);
    return promise;
  }

  /** A write on this instance: drop every page, and take the version again as the new baseline. */
  clear(): void {
    this.#generation++;
    this.#pages.clear();
    this.#inFlight.clear();
    this.#version = null;
    this.#checkedAt = -Infinity;
    this.#checkVersion();
  }

  #checkVersion(): void {
    const now = this.#now();
    if (this.#checking || now - this.#checkedAt < this.#options.ttlMs) return;
    this.#checking = true;
    this.#checkedAt = now;
    const generation = this.#generation;
    this.#options
      .readVersion()
      .then((version) => {
        if (generation !== this.#generation) return;
        const previous = this.#version;
        this.#version = version;
        if (previous !== null && previous !== version) this.#options.onStale();
      })
      // An unanswered check changes nothing; the next request past the interval retries.
      .catch(() => {})
      .finally(() => {
        this.#checking = false;
      });
  }
}

/** What the page cache listens to and reads (services.ts). */
export type PageCacheDeps = {
  events: {
    on(event: 'catalogue:changed' | 'blogs:changed', listener: () => void): unknown;
    emit(event: 'catalogue:changed'): unknown;
  };
  catalogue: { readVersion(): Promise<string> };
};

/** The storefront's page cache, on while the catalogue's read cache is (CATALOGUE_CACHE_SECONDS > 0). */
export function createPageCache(ttlSeconds: number, deps: PageCacheDeps): PageCache | null {
  if (ttlSeconds <= 0) return null;
  const cache = new PageCache({
    ttlMs: ttlSeconds * 1000,
    readVersion: () => deps.catalogue.readVersion(),
    onStale: () => deps.events.emit('catalogue:changed'),
  });
  deps.events.on('catalogue:changed', () => cache.clear());
  deps.events.on('blogs:changed', () => cache.clear());
  return cache;
}
