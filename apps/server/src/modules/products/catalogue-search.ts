import { MAX_SEARCH_RESULTS } from '@catalogue/shared/domain/limits';
import type { Db } from '../../db/client.ts';
import { createLimiter } from '../../lib/concurrency.ts';
import type { ProductRow } from './product-row.repository.ts';
import {
  findRankedRows,
  readCatalogueVersion,
  searchProducts,
  streamSearchRows,
} from './products.repository.ts';
import { foldText, isIndexable, LiveSearchIndex } from './search-index.ts';

/**
 * Uncached SQL searches in flight at once (while the in-process index is not ready). Text of one or
 * two characters cannot use the trigram indexes and may scan the table; a burst of those must not
 * take the whole database.
 */
const SEARCH_CONCURRENCY = 4;
const SEARCH_QUEUE_LIMIT = 200;
/** Rows per read while the search index is built: each chunk is a few milliseconds of work. */
const SEARCH_INDEX_CHUNK = 1000;

/**
 * The header search's rows: from the in-process index when it is current, else from SQL. Literal
 * only: name or code contains the text (`%`, `_`, `.` and regex characters are plain characters).
 * Close spellings, synonyms and attribute words are the results page's (`/api/search`).
 */
export function createCatalogueSearch(deps: {
  db: Db;
  /** How stale the in-process index may be; null: no index, every search goes to SQL. */
  indexTtlMs: number | null;
}) {
  const { db } = deps;
  const runSearch = createLimiter(
    SEARCH_CONCURRENCY,
    SEARCH_QUEUE_LIMIT,
    'Search is busy, please retry shortly',
  );
  const searchIndex =
    deps.indexTtlMs !== null
      ? new LiveSearchIndex({
          ttlMs: deps.indexTtlMs,
          readRows: () => streamSearchRows(db, SEARCH_INDEX_CHUNK),
          readVersion: () => readCatalogueVersion(db),
        })
      : null;
  async function findSearchRows(text: string): Promise<ProductRow[]> {
    const index = isIndexable(text) ? searchIndex?.current() : null;
    return index
      ? findRankedRows(db, index.find(foldText(text), MAX_SEARCH_RESULTS), text, MAX_SEARCH_RESULTS)
      : runSearch(() => searchProducts(db, text, MAX_SEARCH_RESULTS));
  }

  /** The products of `ids` in that order (removed ones left out). */
  function rowsInOrder(ids: string[]): Promise<ProductRow[]> {
    // An empty text: no code equals it, so the rows come in the order of `ids` alone.
    return findRankedRows(db, ids, '', ids.length);
  }

  return { findSearchRows, rowsInOrder, searchIndex };
}
