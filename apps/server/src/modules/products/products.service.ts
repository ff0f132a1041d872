import {
  CATEGORIES,
  parseCategory,
  parseSubcategory,
  SUBCATEGORIES,
  subcategoryForFilter,
  type Category,
  type Subcategory,
} from '@catalogue/shared/domain/categories';
import {
  MAX_PAGE_LIMIT,
  MAX_SEARCH_LENGTH,
  MAX_SEARCH_RESULTS,
  MAX_UNPAGED_CATEGORY,
  PRODUCT_IMAGE_MAX_BYTES,
} from '@catalogue/shared/domain/limits';
import { AppError } from '@catalogue/shared/errors';
import { isId } from '@catalogue/shared/schemas/common';
import { totalPagesOf } from '@catalogue/shared/schemas/pagination';
import {
  checkProductFields,
  PRODUCT_MESSAGES,
  productPageSchema,
  productSchema,
  type Product,
  type ProductFields,
  type ProductPage,
} from '@catalogue/shared/schemas/product';
import {
  IMPORT_MAX_REPORTED_ERRORS,
  IMPORT_MAX_ROWS,
  type ImportError,
  type ImportResult,
} from '@catalogue/shared/schemas/product-import';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { createLimiter } from '../../lib/concurrency.ts';
import { PackedAnswer, type CachedJson, type Encoding } from '../../lib/http-cache.ts';
import type { MediaService } from '../media/media.service.ts';
import type { PublicImageUrl } from '../media/public-url.ts';
import { Answer, CatalogueCache, estimateSize } from './catalogue-cache.ts';
import { mapColumns, validateRows, type ImportRow } from './product-import.ts';
import {
  deleteProduct,
  findByCodes,
  findProductById,
  findRankedRows,
  findProductIdByCode,
  insertProduct,
  listByOffset,
  listFromKey,
  listNeighbours,
  listNewest,
  listPageBoundaries,
  readCatalogueVersion,
  searchAdminPage,
  searchProducts,
  streamNewest,
  streamSearchRows,
  updateProduct,
  writeImport,
  type ImportCreate,
  type ImportUpdate,
  type ProductRow,
  type Scope,
  type SortKey,
} from './products.repository.ts';
import { isIndexable, foldText, LiveSearchIndex } from './search-index.ts';
import { listGalleryMediaIds } from './gallery.repository.ts';
import { withGallery, withSecondPictures } from './gallery.service.ts';
import { extrasOf, readProductExtras, saveProductExtras } from './product-extras.service.ts';
import { createFacetBrowser } from './facets.service.ts';
import type { FacetScope } from './facet-index.ts';
import type { FilteredPage, ListingFilters } from '@catalogue/shared/schemas/listing-filters';
import { readFirstSheet } from './spreadsheet.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';

/**
 * Every `PAGE_KEY_EVERY`-th sort key of a listing is remembered, so any page starts with an index
 * range scan from the nearest remembered key and skips fewer than this many rows. 16 is the
 * storefront's page size, so its pages start exactly on a key.
 */
const PAGE_KEY_EVERY = 16;
/** Pages kept as finished answers: real traffic is mostly on the first pages of each listing. */
const CACHED_PAGES = 30;

/**
 * Uncached SQL searches in flight at once (while the in-process index is not ready). Text of one or
 * two characters cannot use the trigram indexes and may scan the table; a burst of those must not
 * take the whole database.
 */
const SEARCH_CONCURRENCY = 4;
const SEARCH_QUEUE_LIMIT = 200;
/** Rows per read while the search index is built: each chunk is a few milliseconds of work. */
const SEARCH_INDEX_CHUNK = 1000;

const productListSchema = z.array(productSchema);

export type ListPageInput = { page: number; limit: number };
export type ImageUpload = { data: Buffer };

type ScopeIndex = { total: number; keys: SortKey[] };

export type BrowseInput = ListPageInput & {
  category?: string;
  subcategory?: string;
  /** A category page's gemstone tab: with, without, or all. */
  filter?: string | null;
  filters: ListingFilters;
  /** Only these products (search results), in this order for the default sort. */
  within?: readonly string[];
};

const clampPage = (n: number) => (Number.isSafeInteger(n) && n >= 1 ? n : 1);
const clampLimit = (n: number, fallback: number) =>
  Number.isSafeInteger(n) && n >= 1 ? Math.min(n, MAX_PAGE_LIMIT) : fallback;

/**
 * Trimmed search text, or a 400. Control characters are refused here: PostgreSQL text cannot hold
 * NUL, and no product name or code contains any of them.
 */
export function checkSearchText(raw: string): string {
  const text = raw.trim();
  if ([...text].length > MAX_SEARCH_LENGTH) {
    throw new AppError('BAD_REQUEST', `search must be at most ${MAX_SEARCH_LENGTH} characters`);
  }
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(text)) {
    throw new AppError('BAD_REQUEST', 'search must not contain control characters');
  }
  return text;
}

const codeTaken = (code: string) => new AppError('CONFLICT', `A product with code ${code} already exists`);

export type CatalogueService = ReturnType<typeof createCatalogueService>;

/** The slice of the domain events the catalogue uses (its caches and the sitemap listen to it). */
export type CatalogueEvents = {
  on(event: 'catalogue:changed', listener: () => void): unknown;
  emit(event: 'catalogue:changed'): unknown;
};

export function createCatalogueService(deps: {
  db: Db;
  media: MediaService;
  events: CatalogueEvents;
  /** 0 turns every read cache off (each read goes to the database). */
  cacheTtlMs: number;
  /** Absolute picture addresses from the configured public base (never from a request). */
  imageUrl: PublicImageUrl;
  /** Whether anonymous visitors and buyers see prices; admins (`priced` readers) always do. */
  publicPrices: boolean;
  /**
   * Products the forgiving search finds beyond the literal matches (synonyms, plurals, close
   * spellings), newest first, none of `exclude`: the header search lists them after the literal ones.
   */
  moreMatches?: (text: string, exclude: ReadonlySet<string>, limit: number) => Promise<string[]>;
}) {
  const { db, media, events, publicPrices } = deps;
  const cache = new CatalogueCache({ ttlMs: deps.cacheTtlMs, sizeOf: estimateSize });
  const runSearch = createLimiter(
    SEARCH_CONCURRENCY,
    SEARCH_QUEUE_LIMIT,
    'Search is busy, please retry shortly',
  );
  // The search index follows the cache's staleness bound, so with the cache off there is none.
  const searchIndex = cache.enabled
    ? new LiveSearchIndex({
        ttlMs: deps.cacheTtlMs,
        readRows: () => streamSearchRows(db, SEARCH_INDEX_CHUNK),
        readVersion: () => readCatalogueVersion(db),
      })
    : null;
  events.on('catalogue:changed', () => {
    cache.clear();
    searchIndex?.invalidate();
  });
  const facetBrowser = createFacetBrowser({ db, events, refreshMs: deps.cacheTtlMs });

  /** The header search's rows: from the in-process index when it is current, else from SQL. */
  async function findSearchRows(text: string): Promise<ProductRow[]> {
    const index = isIndexable(text) ? searchIndex?.current() : null;
    const literal = index
      ? await findRankedRows(db, index.find(foldText(text), MAX_SEARCH_RESULTS), text, MAX_SEARCH_RESULTS)
      : await runSearch(() => searchProducts(db, text, MAX_SEARCH_RESULTS));
    if (!deps.moreMatches || literal.length >= MAX_SEARCH_RESULTS) return literal;
    const seen = new Set(literal.map((row) => row.id));
    const more = await deps.moreMatches(text, seen, MAX_SEARCH_RESULTS - literal.length);
    return more.length ? [...literal, ...(await rowsInOrder(more))] : literal;
  }

  /** The products of `ids` in that order (removed ones left out). */
  function rowsInOrder(ids: string[]): Promise<ProductRow[]> {
    // An empty text: no code equals it, so the rows come in the order of `ids` alone.
    return findRankedRows(db, ids, '', ids.length);
  }

  /** Whether a reader sees prices: every reader when prices are public, else only `priced` (admins). */
  const showsPrice = (priced: boolean) => publicPrices || priced;
  /** Cached answers differ by audience: with prices and without. */
  const audienceKey = (priced: boolean) => (showsPrice(priced) ? 'priced' : 'public');

  function toProduct(row: ProductRow, priced: boolean): Product {
    const url = deps.imageUrl(row);
    return {
      _id: row.id,
      name: row.name,
      description: row.description,
      category: row.category as Category,
      subcategory: row.subcategory as Subcategory,
      code: row.code,
      price: showsPrice(priced) ? row.price : null,
      imageUrl: url,
      imageurl: url,
      // Older clients build a third-party image-CDN address from this; our pictures are at imageUrl.
      cloudinaryId: null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      ...extrasOf(row),
    };
  }

  const scopeKey = (scope: Scope) => `${scope.category ?? '*'}/${scope.subcategory ?? '*'}`;

  function scopeIndex(scope: Scope): Promise<ScopeIndex> {
    return cache.getOrRefresh(`index|${scopeKey(scope)}`, () =>
      listPageBoundaries(db, scope, PAGE_KEY_EVERY),
    );
  }

  async function loadPage(scope: Scope, page: number, limit: number, priced: boolean): Promise<ProductPage> {
    const offset = (page - 1) * limit;
    const toAnswer = (row: ProductRow) => toProduct(row, priced);
    const toAnswers = (rows: ProductRow[]) => withSecondPictures(db, deps.imageUrl, rows.map(toAnswer));
    if (!cache.enabled) {
      const { rows, total } = await listByOffset(db, scope, offset, limit);
      return {
        products: await toAnswers(rows),
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
    return { products: await toAnswers(rows), ...base };
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

  /** Category pages: unknown names answer an empty page (the storefront shows 'No Products Found'). */
  function categoryScope(category: string, subcategory: Subcategory | null): Scope | null {
    const parsed = parseCategory(category);
    if (!parsed) return null;
    return subcategory ? { category: parsed, subcategory } : { category: parsed };
  }

  /** A category page's scope: its `filter` picks the gemstone subcategory (categoryPage, listCategoryPage). */
  function filteredScopeOf(input: { category: string; filter?: string | null }): Scope | null {
    return categoryScope(input.category, subcategoryForFilter(input.filter));
  }

  function subcategoryScopeOf(input: { category: string; subcategory: string }): Scope | null {
    const subcategory = parseSubcategory(input.subcategory);
    return subcategory ? categoryScope(input.category, subcategory) : null;
  }

  function scopeOfBrowse(input: Omit<BrowseInput, 'page' | 'limit'>): Scope | null {
    if (input.category === undefined) return {};
    return input.subcategory === undefined
      ? filteredScopeOf({ category: input.category, filter: input.filter ?? null })
      : subcategoryScopeOf({ category: input.category, subcategory: input.subcategory });
  }

  function facetScopeOf(input: Omit<BrowseInput, 'page' | 'limit'>): FacetScope {
    const scope = scopeOfBrowse(input) ?? { none: true };
    return input.within ? { ...scope, within: input.within } : scope;
  }

  const searchAnswer = (rows: Awaited<ReturnType<typeof findSearchRows>>, priced: boolean) =>
    new Answer(
      rows.map((row) => toProduct(row, priced)),
      productListSchema,
    );

  /**
   * The public reads for one audience: `priced` readers (admins) see prices, others only when
   * prices are public. Each audience has its own cached answers.
   */
  function readerFor(priced: boolean) {
    const key = (rest: string) => `${audienceKey(priced)}|${rest}`;
    const toAnswer = (row: ProductRow) => toProduct(row, priced);

    const answers = {
      /** `GET /api/products`: the newest `limit`, or every product when no limit is given. */
      all(limit?: number): Promise<Answer<Product[]>> {
        const n = limit === undefined ? null : clampLimit(limit, MAX_PAGE_LIMIT);
        return cache.getOrLoad(key(`all|${n ?? '*'}`), async () => {
          if (n !== null) {
            const newest = (await listNewest(db, {}, n)).map(toAnswer);
            return new Answer(await withSecondPictures(db, deps.imageUrl, newest), productListSchema);
          }
          const all: Product[] = [];
          for await (const rows of streamNewest(db, 1000)) for (const row of rows) all.push(toAnswer(row));
          return new Answer(all, productListSchema);
        });
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
      return cache.getOrLoad(key(`id|${id.toLowerCase()}`), async () => {
        const row = await findProductById(db, id);
        return row ? withGallery(db, deps.imageUrl, toAnswer(row)) : null;
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
      answers,
      browse,

      /** The facet counts of a listing under `filters`, without its products. */
      async facetCounts(input: Omit<BrowseInput, 'page' | 'limit'>): Promise<FilteredPage['facets']> {
        return (await facetBrowser.browse(facetScopeOf(input), input.filters, { offset: 0, limit: 0 }))
          .facets;
      },

      /** Every product (or the newest `limit`), newest first. */
      async listAll(options: { limit?: number } = {}): Promise<Product[]> {
        return (await answers.all(options.limit)).value;
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
        return cache.getOrLoad(key(`related|${product._id}|${n}`), async () => {
          const row = isId(product._id) ? await findProductById(db, product._id) : null;
          const related = row ? (await listNeighbours(db, row, n)).map(toAnswer) : [];
          return withSecondPictures(db, deps.imageUrl, related);
        });
      },
    };
  }

  /** Readers by audience, made once: the anonymous and buyer one, and the admins'. */
  const readers = { public: readerFor(false), priced: readerFor(true) };

  function badFields(fields: Record<string, unknown>): ProductFields {
    const checked = checkProductFields(fields);
    if (!checked.ok) throw new AppError('BAD_REQUEST', checked.message, checked.issues);
    return checked.value;
  }

  function changed() {
    events.emit('catalogue:changed');
  }

  /** Releases images that a write replaced or orphaned; a failure here must not fail the write. */
  async function releaseAll(ids: Array<string | null | undefined>) {
    for (const id of new Set(ids)) if (id) await media.release(id).catch(() => {});
  }

  return {
    /** The reads for anonymous visitors and buyers (prices only when they are public). */
    ...readers.public,

    /** The reads for one visitor: `priced` (an admin) sees prices even when they are not public. */
    forViewer(priced: boolean) {
      return priced ? readers.priced : readers.public;
    },

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
    async adminPage(input: ListPageInput & { search?: string | undefined }): Promise<ProductPage> {
      const page = clampPage(input.page);
      const limit = clampLimit(input.limit, 10);
      const text = checkSearchText(input.search ?? '');
      const offset = (page - 1) * limit;
      const lower = text.toLowerCase();
      const { rows, total } = text
        ? await searchAdminPage(
            db,
            {
              text,
              categories: CATEGORIES.filter((c) => c.toLowerCase().includes(lower)),
              subcategories: SUBCATEGORIES.filter((s) => s.includes(lower)),
            },
            offset,
            limit,
          )
        : await listByOffset(db, {}, offset, limit);
      return {
        products: rows.map((row) => toProduct(row, true)),
        currentPage: page,
        totalPages: totalPagesOf(total, limit),
        totalItems: total,
      };
    },

    /** Add product: every field and an image are required. */
    async createProduct(input: {
      fields: Record<string, unknown>;
      image: ImageUpload | null;
    }): Promise<Product> {
      const fields = badFields(input.fields);
      const extras = await readProductExtras(db, input.fields);
      if (!input.image) throw new AppError('BAD_REQUEST', PRODUCT_MESSAGES.imageRequired);
      const { id: mediaId } = await media.ingestImage(input.image.data, {
        maxBytes: PRODUCT_IMAGE_MAX_BYTES,
        tooLargeMessage: PRODUCT_MESSAGES.imageTooLarge,
      });
      try {
        if (await findProductIdByCode(db, fields.code)) throw codeTaken(fields.code);
        const inserted = await insertProduct(db, { ...fields, mediaId, imageUrl: null });
        await saveProductExtras(db, inserted.id, extras);
        const row = (await findProductById(db, inserted.id)) ?? inserted;
        changed();
        return toProduct(row, true);
      } catch (error) {
        await releaseAll([mediaId]);
        throw isUniqueViolation(error) ? codeTaken(fields.code) : error;
      }
    },

    /** Edit product: the same fields required, the image optional (kept when absent). */
    async updateProduct(
      id: string,
      input: { fields: Record<string, unknown>; image: ImageUpload | null },
    ): Promise<Product> {
      if (!isId(id)) throw new AppError('NOT_FOUND', PRODUCT_MESSAGES.notFound);
      const fields = badFields(input.fields);
      const extras = await readProductExtras(db, input.fields);
      if (!(await findProductById(db, id))) throw new AppError('NOT_FOUND', PRODUCT_MESSAGES.notFound);
      const holder = await findProductIdByCode(db, fields.code);
      if (holder && holder !== id) throw codeTaken(fields.code);

      const newMediaId = input.image
        ? (
            await media.ingestImage(input.image.data, {
              maxBytes: PRODUCT_IMAGE_MAX_BYTES,
              tooLargeMessage: PRODUCT_MESSAGES.imageTooLarge,
            })
          ).id
        : null;
      try {
        const result = await updateProduct(db, id, {
          ...fields,
          ...(newMediaId ? { mediaId: newMediaId, imageUrl: null } : {}),
        });
        if (!result) throw new AppError('NOT_FOUND', PRODUCT_MESSAGES.notFound);
        await saveProductExtras(db, id, extras);
        const after = (await findProductById(db, id)) ?? result.after;
        changed();
        if (newMediaId) await releaseAll([result.before.mediaId]);
        return toProduct(after, true);
      } catch (error) {
        await releaseAll([newMediaId]);
        throw isUniqueViolation(error) ? codeTaken(fields.code) : error;
      }
    },

    /** Enquiry lines go with it (cascade); price-request lines keep their copy; the image goes if unused. */
    async deleteProduct(id: string): Promise<void> {
      const gallery = isId(id) ? await listGalleryMediaIds(db, id) : [];
      const row = isId(id) ? await deleteProduct(db, id) : null;
      if (!row) throw new AppError('NOT_FOUND', PRODUCT_MESSAGES.notFound);
      changed();
      await releaseAll([row.mediaId, ...gallery]);
    },

    /**
     * Bulk import: every row is checked first; then one transaction writes
     * all valid rows, updating products whose code exists. A dry run answers the same numbers.
     */
    async importProducts(data: Buffer, options: { dryRun: boolean }): Promise<ImportResult> {
      const sheet = await readFirstSheet(data, IMPORT_MAX_ROWS);
      if (!sheet.header) throw new AppError('BAD_REQUEST', 'The first sheet is empty');
      const columns = mapColumns(sheet.header);
      const { valid, errors } = validateRows(sheet.rows, columns);

      // Images named as /media/{id} must be ours.
      const mediaIds = [...new Set(valid.flatMap((r) => (r.image?.kind === 'media' ? [r.image.id] : [])))];
      const known = await media.listExisting(mediaIds);
      const writable: ImportRow[] = [];
      for (const r of valid) {
        if (r.image?.kind === 'media' && !known.has(r.image.id)) {
          errors.push({
            row: r.row,
            field: 'image',
            message: 'image refers to an uploaded image that does not exist',
          });
        } else {
          writable.push(r);
        }
      }
      errors.sort((a, b) => a.row - b.row);

      const lowerCodes = writable.map((r) => r.code.toLowerCase());
      let created = 0;
      let updated = 0;
      if (options.dryRun) {
        const existing = await findByCodes(db, lowerCodes);
        updated = lowerCodes.filter((c) => existing.has(c)).length;
        created = writable.length - updated;
      } else if (writable.length) {
        const replaced: Array<string | null> = [];
        try {
          await db.transaction(async (tx) => {
            const existing = await findByCodes(tx, lowerCodes, { lock: true });
            const creates: ImportCreate[] = [];
            const updates: ImportUpdate[] = [];
            for (const r of writable) {
              const image = {
                imageUrl: r.image?.kind === 'url' ? r.image.url : null,
                mediaId: r.image?.kind === 'media' ? r.image.id : null,
              };
              const current = existing.get(r.code.toLowerCase());
              const common = { name: r.name, code: r.code, category: r.category, subcategory: r.subcategory };
              if (current) {
                updates.push({
                  id: current.id,
                  ...common,
                  description: r.description,
                  hasImage: !!r.image,
                  ...image,
                });
                if (r.image && current.mediaId && current.mediaId !== image.mediaId)
                  replaced.push(current.mediaId);
              } else {
                creates.push({ ...common, description: r.description ?? '', ...image });
              }
            }
            await writeImport(tx, creates, updates);
            created = creates.length;
            updated = updates.length;
          });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          throw new AppError(
            'CONFLICT',
            'Some product codes were added by someone else during the import; nothing was written. Please upload the file again.',
          );
        }
        changed();
        await releaseAll(replaced);
      }

      const count = created + updated;
      return {
        message: importMessage(count, created, updated, errors, options.dryRun),
        count,
        created,
        updated,
        errors: errors.slice(0, IMPORT_MAX_REPORTED_ERRORS),
      };
    },
  };
}

function importMessage(
  count: number,
  created: number,
  updated: number,
  errors: ImportError[],
  dryRun: boolean,
) {
  const plural = (n: number, word: string) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;
  const head = dryRun
    ? `Dry run: ${plural(count, 'product')} would be imported (${created} new, ${updated} updated); nothing was written`
    : `${plural(count, 'product')} imported (${created} new, ${updated} updated)`;
  if (!errors.length) return head;
  const rows = new Set(errors.map((e) => e.row)).size;
  const listed =
    errors.length > IMPORT_MAX_REPORTED_ERRORS
      ? `; the first ${IMPORT_MAX_REPORTED_ERRORS} problems are listed`
      : '';
  return `${head}. ${plural(rows, 'row')} with problems ${dryRun ? 'would be' : 'were'} skipped${listed}`;
}
