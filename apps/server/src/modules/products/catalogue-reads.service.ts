import { parseSubcategory } from '@catalogue/shared/domain/categories';
import { seesPrices, type PriceViewer } from '@catalogue/shared/domain/prices';
import { MAX_PAGE_LIMIT, MAX_UNPAGED_CATEGORY } from '@catalogue/shared/domain/limits';
import { isId } from '@catalogue/shared/schemas/common';
import type { FilteredPage } from '@catalogue/shared/schemas/listing-filters';
import { totalPagesOf } from '@catalogue/shared/schemas/pagination';
import {
  productPageSchema,
  productSchema,
  type Product,
  type ProductPage,
} from '@catalogue/shared/schemas/product';
import { withFields } from '@catalogue/shared/with-fields';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { CatalogueEvents } from '../../domain-events.ts';
import { PackedAnswer, type CachedJson, type Encoding } from '../../lib/http-cache.ts';
import type { PublicImageUrl } from '../media/index.ts';
import { Answer, CatalogueCache, estimateSize } from './catalogue-cache.ts';
import { createFacetBrowser } from './facets.service.ts';
import { toProductImages, withSecondPictures } from './gallery.service.ts';
import { toProduct } from './product-answer.ts';
import type { CardRow, ProductRow } from './product-row.repository.ts';
import {
  readProductWithGallery,
  listByOffset,
  listFromKey,
  listNeighbours,
  listNewest,
  listPageBoundaries,
  readCatalogueVersion,
  streamNewest,
  type Scope,
  type SortKey,
} from './products.repository.ts';
import { createCatalogueSearch } from './catalogue-search.ts';
import { readAdminPage, type AdminPageInput } from './admin-product-list.ts';
import {
  categoryScope,
  checkSearchText,
  clampLimit,
  clampPage,
  facetScopeOf,
  filteredScopeOf,
  scopeKey,
  subcategoryScopeOf,
  type BrowseInput,
  type ListPageInput,
} from './catalogue-scopes.ts';

/**
 * Every `PAGE_KEY_EVERY`-th sort key of a listing is remembered, so any page starts with an index
 * range scan from the nearest remembered key and skips fewer than this many rows. 16 is the
 * storefront's page size, so its pages start exactly on a key.
 */
const PAGE_KEY_EVERY = 16;
/** Pages kept as finished answers: real traffic is mostly on the first pages of each listing. */
const CACHED_PAGES = 30;

const productListSchema = z.array(productSchema);

/**
 * The catalogue's reads: listings, pages, search and single products, each kept as a finished
 * answer (value, JSON and its compressed forms) until the catalogue changes or the TTL passes.
 */
export function createCatalogueReads(deps: {
  db: Db;
  events: CatalogueEvents;
  /** 0 turns every read cache off (each read goes to the database). */
  cacheTtlMs: number;
  /** Absolute picture addresses from the configured public base (never from a request). */
  imageUrl: PublicImageUrl;
  /** Whether anonymous visitors and buyers see prices (`seesPrices`); admins always do. */
  publicPrices: boolean;
}) {
  const { db, events, publicPrices } = deps;
  type ScopeIndex = { total: number; keys: SortKey[] };
  const cache = new CatalogueCache({ ttlMs: deps.cacheTtlMs, sizeOf: estimateSize });
  const { findSearchRows, rowsInOrder, searchIndex } = createCatalogueSearch({
    db,
    // The search index follows the cache's staleness bound, so with the cache off there is none.
    indexTtlMs: cache.enabled ? deps.cacheTtlMs : null,
  });
  events.on('catalogue:changed', () => {
    cache.clear();
    searchIndex?.invalidate();
  });
  const facetBrowser = createFacetBrowser({ db, events, refreshMs: deps.cacheTtlMs });

  /**
   * `priced` below is the answer of the price rule (`seesPrices`) for the reader's viewer, asked once
   * in `forViewer`; cached answers differ by it: with prices and without.
   */
  const audienceKey = (priced: boolean) => (priced ? 'priced' : 'public');

  const toProductFor = (row: ProductRow, priced: boolean): Product =>
    toProduct(row, { showPrice: priced, imageUrl: deps.imageUrl });
  /** A listing card: the product and the address of its second picture (null without one). */
  const toCardFor = ({ secondMediaId, secondUrl, ...row }: CardRow, priced: boolean): Product =>
    withFields(toProductFor(row, priced), {
      secondImageUrl: deps.imageUrl({ mediaId: secondMediaId, imageUrl: secondUrl }),
    });

  function scopeIndex(scope: Scope): Promise<ScopeIndex> {
    return cache.getOrRefresh(`index|${scopeKey(scope)}`, () =>
      listPageBoundaries(db, scope, PAGE_KEY_EVERY),
    );
  }

  async function loadPage(scope: Scope, page: number, limit: number, priced: boolean): Promise<ProductPage> {
    const offset = (page - 1) * limit;
    if (!cache.enabled) {
      const { rows, total } = await listByOffset(db, scope, offset, limit);
      const answers = rows.map((row) => toProductFor(row, priced));
      return {
        products: await withSecondPictures(db, deps.imageUrl, answers),
        currentPage: page,
        totalPages: totalPagesOf(total, limit),
        totalItems: total,
      };
    }
    const index = await scopeIndex(scope);
    const base = { currentPage: page, totalPages: totalPagesOf(index.total, limit), totalItems: index.total };
    if (offset >= index.total) return { products: [], ...base };
    const slot = Math.floor(offset / PAGE_KEY_EVERY);
    const rows = await listFromKey(db, scope, index.keys[slot]!, offset - slot * PAGE_KEY_EVERY, limit);
    return { products: rows.map((row) => toCardFor(row, priced)), ...base };
  }

  function pageAnswer(
    scope: Scope,
    input: ListPageInput,
    defaultLimit: number,
    priced: boolean,
  ): { key: string; load: () => Promise<Answer<ProductPage>> } {
    const page = clampPage(input.page);
    const limit = clampLimit(input.limit, defaultLimit);
    return {
      key: `page|${audienceKey(priced)}|${scopeKey(scope)}|${page}|${limit}`,
      load: async () => new Answer(await loadPage(scope, page, limit, priced), productPageSchema),
    };
  }

  /** A page's value (server-rendered pages): the first pages from the cache, deeper ones queried. */
  function pageValue(
    scope: Scope,
    input: ListPageInput,
    defaultLimit: number,
    priced: boolean,
  ): Promise<ProductPage> {
    const { key, load } = pageAnswer(scope, input, defaultLimit, priced);
    return clampPage(input.page) <= CACHED_PAGES
      ? cache.getOrLoad(key, load).then((a) => a.value)
      : load().then((a) => a.value);
  }

  /**
   * A page as sent to a client accepting `accepted`. The first pages are kept whole (value, JSON and
   * every encoding); deeper ones only in the one encoding asked for, in a byte budget of their own,
   * so the long tail of real traffic is not queried, serialised and compressed on every request.
   */
  function pageWire(
    scope: Scope,
    input: ListPageInput,
    defaultLimit: number,
    accepted: Encoding | null,
    priced: boolean,
  ): Promise<CachedJson> {
    const { key, load } = pageAnswer(scope, input, defaultLimit, priced);
    if (clampPage(input.page) <= CACHED_PAGES) return cache.getOrLoad(key, load);
    return cache.getOrLoadPacked(`${key}|${accepted ?? 'identity'}`, async () =>
      PackedAnswer.of(await load(), accepted),
    );
  }

  const emptyPage = (input: ListPageInput) =>
    new Answer<ProductPage>(
      { products: [], currentPage: clampPage(input.page), totalPages: 1, totalItems: 0 },
      productPageSchema,
    );

  const searchAnswer = (rows: Awaited<ReturnType<typeof findSearchRows>>, priced: boolean) =>
    new Answer(
      rows.map((row) => toProductFor(row, priced)),
      productListSchema,
    );

  /**
   * The reads for one audience: `priced` readers' answers carry prices, the others' none. Each
   * audience has its own cached answers.
   */
  function readerFor(priced: boolean) {
    const key = (rest: string) => `${audienceKey(priced)}|${rest}`;
    const toAnswer = (row: ProductRow) => toProductFor(row, priced);
    const toCard = (row: CardRow) => toCardFor(row, priced);

    const answers = {
      /** `GET /api/products?limit=n`: the newest `limit` (at most MAX_PAGE_LIMIT). */
      newest(limit: number): Promise<Answer<Product[]>> {
        const n = clampLimit(limit, MAX_PAGE_LIMIT);
        return cache.getOrLoad(key(`all|${n}`), async () => {
          const newest = (await listNewest(db, {}, n)).map(toCard);
          return new Answer(newest, productListSchema);
        });
      },

      /**
       * `GET /api/products`: every product, newest first, in the one wire form `encoding` asks for,
       * written a thousand products at a time (PackedAnswer.ofArray): never the whole catalogue as
       * objects or text. A client accepting no encoding is answered from the gzip form, inflated as
       * it is sent (PackedAnswer.plainStream). Kept in the packed answers' budget, which a large
       * catalogue's answer (~9 MB in gzip at 100,000 products) mostly fills; one larger than that
       * budget is made anew for each request, concurrent ones sharing it.
       */
      every(encoding: Encoding): Promise<PackedAnswer> {
        return cache.getOrLoadPacked(key(`all|*|${encoding}`), () =>
          PackedAnswer.ofArray(
            streamNewest(db, 1000),
            (row) => JSON.stringify(productSchema.parse(toAnswer(row))),
            encoding,
          ),
        );
      },

      page(input: ListPageInput, accepted: Encoding | null): Promise<CachedJson> {
        return pageWire({}, input, 16, accepted, priced);
      },

      async categoryPage(
        input: ListPageInput & { category: string; filter?: string | null },
        accepted: Encoding | null,
      ): Promise<CachedJson> {
        const scope = filteredScopeOf(input);
        return scope ? pageWire(scope, input, 16, accepted, priced) : emptyPage(input);
      },

      async subcategoryPage(
        input: ListPageInput & { category: string; subcategory: string },
        accepted: Encoding | null,
      ): Promise<CachedJson> {
        const scope = subcategoryScopeOf(input);
        return scope ? pageWire(scope, input, 16, accepted, priced) : emptyPage(input);
      },

      /** The unpaged category arrays: the newest, capped. */
      async categoryList(category: string, subcategory?: string): Promise<Answer<Product[]>> {
        const sub = subcategory === undefined ? null : parseSubcategory(subcategory);
        const scope = subcategory !== undefined && !sub ? null : categoryScope(category, sub);
        if (!scope) return new Answer([], productListSchema);
        return cache.getOrLoad(key(`list|${scopeKey(scope)}`), async () => {
          const first = await pageValue(
            scope,
            { page: 1, limit: MAX_UNPAGED_CATEGORY },
            MAX_UNPAGED_CATEGORY,
            priced,
          );
          return new Answer(first.products, productListSchema);
        });
      },

      /**
       * Header search: name or code contains the text, taken literally, case-insensitive. The exact
       * code first, then names or codes starting with the text, then the rest; newest first within
       * each.
       */
      async search(raw: string, accepted: Encoding | null): Promise<CachedJson> {
        const text = checkSearchText(raw);
        if (!text) return new Answer([], productListSchema);
        // Kept packed (the body in the encoding asked for, ~6 KB for 50 products) by real bytes: the
        // many distinct terms of real traffic fit, where whole answers (~100 KB of objects each) did not.
        return cache.getOrLoadPacked(key(`search|${accepted ?? 'identity'}|${text}`), async () =>
          PackedAnswer.of(searchAnswer(await findSearchRows(text), priced), accepted),
        );
      },
    };

    /** null for unknown and for malformed ids. */
    async function getById(id: string): Promise<Product | null> {
      if (!isId(id)) return null;
      return cache.getOrLoadProduct(key(`id|${id.toLowerCase()}`), async () => {
        const found = await readProductWithGallery(db, id);
        if (!found) return null;
        return withFields(toAnswer(found.row), { images: toProductImages(found.gallery, deps.imageUrl) });
      });
    }

    /**
     * A listing page under facet filters and a sort, with the facet counts: every product, a
     * category (its `filter` tab choosing the gemstone subcategory) or a category and subcategory.
     */
    async function browse(input: BrowseInput): Promise<FilteredPage> {
      const page = clampPage(input.page);
      const limit = clampLimit(input.limit, 16);
      const found = await facetBrowser.browse(facetScopeOf(input), input.filters, {
        offset: (page - 1) * limit,
        limit,
      });
      return {
        products: found.rows.map(toAnswer),
        currentPage: page,
        totalPages: totalPagesOf(found.total, limit),
        totalItems: found.total,
        facets: found.facets,
        sort: input.filters.sort,
      };
    }

    return {
      /** Whether this reader's products carry prices (the price rule's answer for its viewer). */
      seesPrices: priced,
      answers,
      browse,

      /** The facet counts of a listing under `filters`, without its products. */
      async facetCounts(input: Omit<BrowseInput, 'page' | 'limit'>): Promise<FilteredPage['facets']> {
        return (await facetBrowser.browse(facetScopeOf(input), input.filters, { offset: 0, limit: 0 }))
          .facets;
      },

      /** The newest `limit` products (at most MAX_PAGE_LIMIT). */
      async listNewest(limit: number): Promise<Product[]> {
        return (await answers.newest(limit)).value;
      },

      listPage(input: ListPageInput): Promise<ProductPage> {
        return pageValue({}, input, 16, priced);
      },

      /** `filter`: 'with' → withgemstone, 'without' → withoutgemstone, anything else → all. */
      async listCategoryPage(
        input: ListPageInput & { category: string; filter?: string | null },
      ): Promise<ProductPage> {
        const scope = filteredScopeOf(input);
        return scope ? pageValue(scope, input, 16, priced) : emptyPage(input).value;
      },

      async listSubcategoryPage(
        input: ListPageInput & { category: string; subcategory: string },
      ): Promise<ProductPage> {
        const scope = subcategoryScopeOf(input);
        return scope ? pageValue(scope, input, 16, priced) : emptyPage(input).value;
      },

      async search(text: string): Promise<Product[]> {
        const checked = checkSearchText(text);
        return checked ? searchAnswer(await findSearchRows(checked), priced).value : [];
      },

      getById,

      /** The products of `ids`, in that order; ids of removed products are left out. */
      async listByIds(ids: string[]): Promise<Product[]> {
        const valid = ids.filter(isId);
        return valid.length ? (await rowsInOrder(valid)).map(toAnswer) : [];
      },

      /** More from the same category, never the product itself: those just older first, then the newest. */
      async listRelated(product: Product, limit: number): Promise<Product[]> {
        const n = clampLimit(limit, 4);
        if (!isId(product._id)) return [];
        return cache.getOrLoadProduct(key(`related|${product._id}|${n}`), async () => {
          // The product as the page has it (read through the same cache): no second read of its row.
          const neighbours = { id: product._id, category: product.category, createdAt: product.createdAt };
          return (await listNeighbours(db, neighbours, n)).map(toCard);
        });
      },
    };
  }

  /** Readers by audience, made once: without prices and with them. */
  const readers = { public: readerFor(false), priced: readerFor(true) };
  /** The reads for `viewer`, as the price rule decides: the one place the catalogue asks it. */
  const forViewer = (viewer: PriceViewer) =>
    seesPrices(viewer, publicPrices) ? readers.priced : readers.public;

  return {
    /** The reads for anonymous visitors (prices only when they are public). */
    ...forViewer(null),

    /**
     * The reads for one visitor (null when anonymous): prices for an admin, and for everyone when
     * prices are public (`seesPrices`, packages/shared/src/domain/prices.ts).
     */
    forViewer,

    /** The slugs of each attribute list, to read a listing URL's filters against. */
    knownFilterValues: () => facetBrowser.knownSlugs(),

    /** Changes with any product write on any instance (the page cache's check for other instances). */
    readVersion: () => readCatalogueVersion(db),

    /** Starts building the search index, so the first searches after start need not go to SQL. */
    warmSearchIndex(): void {
      searchIndex?.current();
    },

    /** Settles when the search index build in progress (if any) is done: for tests and the bench. */
    async searchIndexSettled(): Promise<void> {
      await searchIndex?.settled();
    },

    /** The admin list: fresh from the database (never cached), optional literal search. */
    adminPage: (input: AdminPageInput) => readAdminPage(db, deps.imageUrl, input),
  };
}
