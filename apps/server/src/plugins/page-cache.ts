import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { LruCache } from '../lib/lru-cache.ts';

/**
 * Stands in for the CSP nonce in renders that may be shared: random per process, so no page text
 * can predict it; hex, so no escaping in the HTML changes it; as long as a nonce (16 random bytes
 * in base64, security.ts), so an answer's nonce is written over it in place.
 */
export const NONCE_PLACEHOLDER = crypto.randomBytes(12).toString('hex');
const PLACEHOLDER_BYTES = Buffer.from(NONCE_PLACEHOLDER, 'latin1');

/**
 * Room for the pages a burst of visitors asks for: kept deflated, a product page is ~13 KB (62 KB
 * as HTML) and the home page ~24 KB, so ~300 pages.
 */
export const PAGE_CACHE_BYTES = 4 * 1024 * 1024;
/** What an entry costs beyond its body: its key, the page and entry objects, the headers. */
const PAGE_OVERHEAD_BYTES = 1000;

/**
 * One render made with NONCE_PLACEHOLDER. A page for sharing is kept deflated with the places of
 * the placeholder: an answer inflates it (a fraction of a millisecond) and writes the request's own
 * nonce there. Other answers are sent once and kept as they are.
 */
export class RenderedPage {
  private constructor(
    readonly status: number,
    /** Every response header but Set-Cookie. */
    readonly headers: readonly (readonly [string, string])[],
    readonly cookies: readonly string[],
    /** The same for every anonymous visitor: kept, deflated, and answered to others. */
    readonly isShareable: boolean,
    private readonly stored: Buffer,
    private readonly htmlBytes: number,
    /** Where the placeholders start in the HTML. */
    private readonly holes: readonly number[],
  ) {}

  static of(status: number, headers: Headers, html: Buffer): RenderedPage {
    const holes: number[] = [];
    let at = html.indexOf(PLACEHOLDER_BYTES);
    while (at !== -1) {
      holes.push(at);
      at = html.indexOf(PLACEHOLDER_BYTES, at + PLACEHOLDER_BYTES.length);
    }
    const kept = [...headers].filter(([key]) => key !== 'set-cookie');
    const cookies = headers.getSetCookie();
    const shareable = isShareable(status, kept, cookies);
    const stored = shareable ? exactCopy(zlib.deflateRawSync(html)) : html;
    return new RenderedPage(status, kept, cookies, shareable, stored, html.length, holes);
  }

  get isHtml(): boolean {
    return isHtml(this.headers);
  }

  /** Bytes held, as counted against the cache's budget. */
  get bytes(): number {
    return this.stored.length + PAGE_OVERHEAD_BYTES;
  }

  /** The HTML with `nonce` in every placeholder's place: a buffer of its own per call. */
  body(nonce: string): Buffer {
    if (nonce.length !== PLACEHOLDER_BYTES.length)
      throw new Error('a nonce must be as long as the placeholder');
    const html = this.isShareable
      ? // One output chunk of the page's own size: no copies while inflating.
        zlib.inflateRawSync(this.stored, { chunkSize: Math.max(this.htmlBytes, zlib.constants.Z_MIN_CHUNK) })
      : Buffer.from(this.stored);
    for (const at of this.holes) html.write(nonce, at, 'latin1');
    return html;
  }
}

function isHtml(headers: readonly (readonly [string, string])[]): boolean {
  return headers.some(([key, value]) => key === 'content-type' && value.includes('text/html'));
}

/**
 * A page (not a redirect, error or missing page) that sets no cookie and that no route marked
 * private: the same for every anonymous visitor.
 */
function isShareable(status: number, headers: readonly (readonly [string, string])[], cookies: string[]) {
  return (
    status === 200 &&
    isHtml(headers) &&
    cookies.length === 0 &&
    !headers.some(([key, value]) => key === 'cache-control' && /private|no-store/i.test(value))
  );
}

/** zlib's output is a view of its working buffer: a kept page gets memory of its own size. */
function exactCopy(view: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(view.byteLength);
  view.copy(copy);
  return copy;
}

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

/**
 * Pages rendered for anonymous visitors, per process and short-lived, emptied by every catalogue or
 * blog write on this instance. Pages are made from the catalogue's read cache, itself up to a TTL
 * old, so a page cached for a TTL could show another instance's write two TTLs late; the version
 * check (the search index's) brings that back to one, and clears this instance's other caches too.
 */
export class PageCache {
  readonly #options: PageCacheOptions;
  readonly #pages: LruCache<string, RenderedPage>;
  readonly #inFlight = new Map<string, { generation: number; promise: Promise<RenderedPage> }>();
  /** Bumped by every clear; a render started before it is answered but not kept. */
  #generation = 0;
  #version: string | null = null;
  #checkedAt = -Infinity;
  #checking = false;

  constructor(options: PageCacheOptions) {
    this.#options = options;
    this.#pages = new LruCache({
      maxEntries: 10_000,
      maxSize: options.maxBytes ?? PAGE_CACHE_BYTES,
      sizeOf: (page: RenderedPage) => page.bytes,
      ttlMs: options.ttlMs,
      ...(options.now ? { now: options.now } : {}),
    });
  }

  /** Bytes held by pages, as counted against the budget. */
  get bytes(): number {
    return this.#pages.totalSize;
  }

  /** The page for `key`, or the result of `render`, shared by concurrent callers; kept if shareable. */
  async getOrRender(key: string, render: () => Promise<RenderedPage>): Promise<RenderedPage> {
    this.#checkVersion();
    const hit = this.#pages.get(key);
    if (hit) return hit;
    const running = this.#inFlight.get(key);
    if (running && running.generation === this.#generation) return running.promise;

    const generation = this.#generation;
    const promise = render().then((page) => {
      if (generation === this.#generation && page.isShareable) this.#pages.set(key, page);
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
    const now = (this.#options.now ?? Date.now)();
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
