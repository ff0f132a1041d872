import type { AttributeKind } from '@catalogue/shared/schemas/attributes';
import type { ListingFilters } from '@catalogue/shared/schemas/listing-filters';
import type { Db } from '../../db/client.ts';
import { FacetIndex, type FacetAnswer, type FacetScope } from './facet-index.ts';
import { findProductsByIds, readFacetSource } from './facets.repository.ts';
import type { ProductRow } from './product-row.repository.ts';

export type FacetEvents = { on(event: 'catalogue:changed', listener: () => void): unknown };

/**
 * The facet index of this process. A catalogue write here or on another instance (through the
 * cache sync) marks it stale, and the next filtered listing waits for the rebuild, so a filter
 * never shows a product under a value it no longer has. Request counts ("most requested") change
 * with every price request without a catalogue event; the index is rebuilt in the background once
 * it is `refreshMs` old, the old one answering meanwhile. `refreshMs` 0 rebuilds for every read.
 */
export class LiveFacetIndex {
  #index: FacetIndex | null = null;
  #builtAt = 0;
  #generation = 0;
  #building: { generation: number; done: Promise<FacetIndex> } | null = null;
  readonly #read: () => Promise<FacetIndex>;
  readonly #refreshMs: number;

  constructor(read: () => Promise<FacetIndex>, refreshMs: number) {
    this.#read = read;
    this.#refreshMs = refreshMs;
  }

  invalidate(): void {
    this.#generation++;
    this.#index = null;
  }

  async current(): Promise<FacetIndex> {
    const index = this.#index;
    if (index && this.#refreshMs > 0) {
      if (Date.now() - this.#builtAt >= this.#refreshMs) void this.#build().catch(() => {});
      return index;
    }
    return this.#build();
  }

  #build(): Promise<FacetIndex> {
    const generation = this.#generation;
    if (this.#building?.generation === generation) return this.#building.done;
    const done = (async () => {
      try {
        const built = await this.#read();
        if (generation === this.#generation) {
          this.#index = built;
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
  const live = new LiveFacetIndex(async () => new FacetIndex(await readFacetSource(deps.db)), deps.refreshMs);
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
