import { splitPathPrefix } from '@catalogue/shared/domain/locales';
import { FILTER_PARAMS } from '@catalogue/shared/domain/listing-filters';

/**
 * Where the designs of a catalogue address are read from: the listing endpoint of its page with
 * the address's filters, and how many a page of it may hold. Null for any other address.
 */
export type ListingSource = {
  /** The `/api` path of page `page` (1, 2, …) of the listing. */
  pathOf: (page: number) => string;
  pageSize: number;
};

/** Most designs a listing page answers (the API's own cap), and the search page's fixed size. */
const LISTING_PAGE = 100;
const SEARCH_PAGE = 16;

/** `/category/Rings?filter=with&metal=silver`, `https://site/hi/shopall?stone=kundan`, `/search?q=jhumka`. */
export function listingSourceOf(address: string): ListingSource | null {
  let url: URL;
  try {
    url = new URL(address.trim(), 'http://catalogue.invalid');
  } catch {
    return null;
  }
  const segments = splitPathPrefix(url.pathname)
    .rest.split('/')
    .filter(Boolean)
    .map((s) => decodeURIComponent(s));
  const kept = new URLSearchParams();
  for (const name of [...FILTER_PARAMS, 'filter']) {
    const value = url.searchParams.get(name);
    if (value) kept.set(name, value);
  }
  const listing = (base: string): ListingSource => ({
    pageSize: LISTING_PAGE,
    pathOf: (page) => {
      const query = new URLSearchParams(kept);
      query.set('page', String(page));
      query.set('limit', String(LISTING_PAGE));
      return `${base}?${query}`;
    },
  });
  const [first, category, subcategory, ...rest] = segments;
  if (rest.length) return null;
  if (
    (first === 'shopall' && !category) ||
    (first === 'category' && category === 'alldesigns' && !subcategory)
  ) {
    return listing('/products/paginated');
  }
  if (first === 'category' && category && !subcategory) {
    return listing(`/products/category/${encodeURIComponent(category)}/paginated`);
  }
  if (first === 'category' && category && subcategory) {
    return listing(
      `/products/categorys/${encodeURIComponent(category)}/subcategory/${encodeURIComponent(subcategory)}/paginated`,
    );
  }
  const q = url.searchParams.get('q')?.trim();
  if (first === 'search' && !category && q) {
    return {
      pageSize: SEARCH_PAGE,
      pathOf: (page) => `/search?${new URLSearchParams({ q, page: String(page) })}`,
    };
  }
  return null;
}
