import {
  isFilteredListing,
  readListingFilters,
  type Facets,
  type FilteredPage,
  type ListingFilters,
} from '@catalogue/shared/schemas/listing-filters';
import type { ProductPage } from '@catalogue/shared/schemas/product';
import type { ServerLoadContext } from '~/lib/load-context';
import { loadListing } from '~/features/catalogue/catalogue.server';
import type { ListingData } from '~/features/catalogue/product-listing';

/** Which products a listing shows before its filters (a category's `filter` tab included). */
export type ListingScope = { category?: string; subcategory?: string; filter?: string | null };

type BrowseArgs = ListingScope & { filters: ListingFilters; page: number; limit: number };

/** The part of the catalogue service these pages use for filters (apps/server, modules/products). */
export type FilterReader = {
  browse(args: BrowseArgs): Promise<FilteredPage>;
  facetCounts(args: ListingScope & { filters: ListingFilters }): Promise<Facets>;
};

/** What a filtered listing's page renders: its products, the facet counts and the filters read. */
export type FilteredListing = {
  listing: ListingData;
  /** null when the counts could not be had: the page still lists its products, without the panel. */
  facets: Facets | null;
  filters: ListingFilters;
  status: number;
};

async function knownValues(context: ServerLoadContext) {
  try {
    return await context.services.catalogue.knownFilterValues();
  } catch (error) {
    context.log.error({ err: error }, 'filter values could not be read');
    return undefined;
  }
}

/**
 * One page of a listing under the filters of its URL (values not in the admin's lists ignored),
 * with the facet counts. Without a filter or sort the page is the listing's usual one (`plain`,
 * the cached path every listing had) and only the counts are added. A page with another base
 * query (a search) passes its own `browse` and `facetCounts`.
 */
export async function loadFilteredListing(
  request: Request,
  context: ServerLoadContext,
  args: {
    scope: ListingScope;
    page: number;
    limit: number;
    plain: () => Promise<ProductPage>;
    reader?: FilterReader;
  },
): Promise<FilteredListing> {
  const reader: FilterReader = args.reader ?? context.services.catalogue.forViewer(context.viewer);
  const search = new URL(request.url).searchParams;
  const filters = readListingFilters(search, await knownValues(context));
  if (!isFilteredListing(filters)) {
    const [loaded, facets] = await Promise.all([
      loadListing(request, args.plain, context.log),
      Promise.resolve()
        .then(() => reader.facetCounts({ ...args.scope, filters }))
        .catch((error: unknown) => {
          context.log.error({ err: error }, 'facet counts failed');
          return null;
        }),
    ]);
    return { ...loaded, facets, filters };
  }
  let facets: Facets | null = null;
  const loaded = await loadListing(
    request,
    async () => {
      const {
        facets: counted,
        sort: _sort,
        ...page
      } = await reader.browse({
        ...args.scope,
        filters,
        page: args.page,
        limit: args.limit,
      });
      facets = counted;
      return page;
    },
    context.log,
  );
  return { ...loaded, facets, filters };
}
