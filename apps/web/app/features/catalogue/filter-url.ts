import { splitPathPrefix } from '@catalogue/shared/domain/locales';
import type { AttributeKind } from '@catalogue/shared/domain/attribute-kinds';
import {
  clearFacets,
  isFilteredListing,
  readListingFilters,
  toggleFacetValue,
  withListingFilters,
  type ListingFilters,
  type ListingSort,
} from '@catalogue/shared/domain/listing-filters';

/** The path (without its locale prefix, links add it back) and the query of a listing address. */
function hrefOf(pathname: string, params: URLSearchParams): string {
  const query = params.toString();
  return `${splitPathPrefix(pathname).rest}${query ? `?${query}` : ''}`;
}

/**
 * The addresses the filter panel links to, built from the page's own address: its other
 * parameters (a category tab, a search text) stay, the page number goes (a new filter starts at
 * page 1).
 */
export function filterLinks(pathname: string, search: URLSearchParams, filters: ListingFilters) {
  return {
    toggle: (kind: AttributeKind, slug: string) =>
      hrefOf(pathname, withListingFilters(search, toggleFacetValue(filters, kind, slug))),
    sort: (sort: ListingSort) => hrefOf(pathname, withListingFilters(search, { ...filters, sort })),
    clearAll: () => hrefOf(pathname, withListingFilters(search, clearFacets(filters))),
  };
}

/** Whether a listing address shows a filtered or re-sorted view (not to be indexed). */
export const isFilteredSearch = (search: string) =>
  isFilteredListing(readListingFilters(new URLSearchParams(search)));
