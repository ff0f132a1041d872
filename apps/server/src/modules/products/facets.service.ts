import type { AttributeKind } from '@catalogue/shared/schemas/attributes';
import type { ListingFilters } from '@catalogue/shared/schemas/listing-filters';
import type { Db } from '../../db/client.ts';
import { FacetIndex, type FacetAnswer, type FacetScope } from './facet-index.ts';
import { findProductsByIds, readFacetSource, readFacetVersion } from './facets.repository.ts';
import type { ProductRow } from './product-row.repository.ts';

export type FacetEvents = { on(event: 'catalogue:changed', listener: () => void): unknown };

/**
 * The facet index of this process. A catalogue write here or on another instance (through the
 * cache sync) marks it stale, and the next filtered listing waits for the rebuild, so a filter
 * never shows a product under a value it no longer has. Request counts ("most requested") change
 * with every price request without a catalogue event; once the index is `refreshMs` old, the next
 * read checks the version it depends on in the background and rebuilds it only if that changed
 * (a rebuild at 100,000 products reads every product and makes ~100 MB of garbage), the old one
 * answering meanwhile. `refreshMs` 0 rebuilds for every read.
 */
export class LiveFacetIndex {
  #index: FacetIndex | null = null;
  #version: string | null = null;
  #builtAt = 0;
  #generation = 0;
  #building: { generation: number; done: Promise<FacetIndex> } | null = null;
  #checking = false;
  readonly #read: () => Promise<FacetIndex>;
  readonly #readVersion: () => Promise<string>;
  readonly #refreshMs: number;

  constructor(read: () => Promise<FacetIndex>, readVersion: () => Promise<string>, refreshMs: number) {
    this.#read = read;
    this.#readVersion = readVersion;
    this.#refreshMs = refreshMs;
  }

  invalidate(): void {
    this.#generation++;
    this.#index = null;
  }

  async current(): Promise<FacetIndex> {
    const index = this.#index;
    if (index && this.#refreshMs > 0) {
      if (Date.now() - this.#builtAt >= this.#refreshMs) void this.#refresh();
      return index;
    }
    return this.#build();
  }

  /** A background check: the same version keeps the index another `refreshMs`. */
  async #refresh(): Promise<void> {
    if (this.#checking) return;
    this.#checking = true;
    const generation = this.#generation;
    try {
      const version = await this.#readVersion();
      if (generation !== this.#generation) return;
      if (version === this.#version) this.#builtAt = Date.now();
      else await this.#build();
    } catch {
      // A failed check or rebuild keeps the index; the next read past the interval tries again.
    } finally {
      this.#checking = false;
    }
  }

  #build(): Promise<FacetIndex> {
    const generation = this.#generation;
    if (this.#building?.generation === generation) return this.#building.done;
    const done = (async () => {
      try {
        // Read before the source: a write between the two makes the next check rebuild again.
        const version = await this.#readVersion();
        const built = await this.#read();
        if (generation === this.#generation) {
          this.#index = built;
          this.#version = version;
          this.#builtAt = Date.now();
        }
        return built;
      } finally {
        if (this.#building?.generation === generation) this.#building = null;
      }
    })();
    this.#building = { generation, done };
    return done;
  }
}

export type FacetPage = Omit<FacetAnswer, 'ids'> & { rows: ProductRow[] };

export type FacetBrowser = ReturnType<typeof createFacetBrowser>;

export function createFacetBrowser(deps: { db: Db; events: FacetEvents; refreshMs: number }) {
  const live = new LiveFacetIndex(
    async () => new FacetIndex(await readFacetSource(deps.db)),
    () => readFacetVersion(deps.db),
    deps.refreshMs,
  );
  deps.events.on('catalogue:changed', () => live.invalidate());

  return {
    /** The slugs of each list, to read a URL's filters against (unknown values are ignored). */
    async knownSlugs(): Promise<Record<AttributeKind, ReadonlySet<string>>> {
      return (await live.current()).knownSlugs();
    },

    /** One page of a listing under `filters`, its size and the facet counts. */
    async browse(
      scope: FacetScope,
      filters: ListingFilters,
      page: { offset: number; limit: number },
    ): Promise<FacetPage> {
      const index = await live.current();
      const { ids, total, facets } = index.query({
        scope,
        selected: filters.selected,
        sort: filters.sort,
        offset: page.offset,
        limit: page.limit,
      });
      return { rows: await findProductsByIds(deps.db, ids), total, facets };
    },
  };
}
