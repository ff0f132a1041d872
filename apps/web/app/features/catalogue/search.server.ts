import { PAGE_SIZE } from '@catalogue/shared/domain/limits';
import { AppError } from '@catalogue/shared/errors';
import { noFilters, type Facets, type ListingFilters } from '@catalogue/shared/schemas/listing-filters';
import { totalPagesOf } from '@catalogue/shared/schemas/pagination';
import type { SearchInterpretation } from '@catalogue/shared/schemas/search';
import type { ServerLoadContext } from '~/lib/load-context';
import { loadFilteredListing } from '~/features/catalogue/filters.server';
import type { ListingData } from '~/features/catalogue/product-listing';

/** What the results page shows: the query, one page of results, its filters, and how the query was read. */
export type SearchPageData = {
  query: string;
  listing: ListingData;
  /** The facet counts over the results (null when they could not be had). */
  facets: Facets | null;
  filters: ListingFilters;
  literalTotal: number;
  interpretation: SearchInterpretation;
  /** Why the text was refused (too long, control characters), or null. */
  refused: string | null;
};

const NOTHING: SearchInterpretation = { corrected: null, synonyms: [] };

/**
 * One page of results, 16 a page like the other listings: the literal matches first (as the header
 * ranks them), then synonyms, plurals and close spellings, narrowed by the filters of the URL like
 * every listing (the facet counts are over the results). The search runs in-process; an admin's
 * products carry prices as on every other listing. A page past the last redirects to the last.
 */
export async function loadSearchPage(
  request: Request,
  context: ServerLoadContext,
  query: string,
  page: number,
): Promise<{ data: SearchPageData; status: number }> {
  const answer = (status: number, fields: Partial<SearchPageData>) => ({
    data: {
      query: query.trim(),
      listing: { status: 'error' } as ListingData,
      facets: null,
      filters: noFilters(),
      literalTotal: 0,
      interpretation: NOTHING,
      refused: null,
      ...fields,
    },
    status,
  });
  let matches;
  try {
    matches = await context.services.search.matches(query);
  } catch (error) {
    if (error instanceof AppError && error.code === 'BAD_REQUEST') {
      const empty: ListingData = { status: 'ok', products: [], currentPage: 1, totalPages: 1, totalItems: 0 };
      return answer(400, { listing: empty, refused: error.message });
    }
    context.log.error({ err: error }, 'search failed');
    return answer(500, {});
  }
  const within = matches.ids;
  const catalogue = context.services.catalogue.forViewer(context.viewer);
  const limit = PAGE_SIZE.shopAll;
  const { listing, facets, filters, status } = await loadFilteredListing(request, context, {
    scope: {},
    page,
    limit,
    plain: async () => {
      const currentPage = Number.isSafeInteger(page) && page >= 1 ? page : 1;
      const start = (currentPage - 1) * limit;
      return {
        products: await catalogue.listByIds(within.slice(start, start + limit)),
        currentPage,
        totalPages: totalPagesOf(within.length, limit),
        totalItems: within.length,
      };
    },
    reader: {
      browse: (args) => catalogue.browse({ ...args, within }),
      facetCounts: (args) => catalogue.facetCounts({ ...args, within }),
    },
  });
  return answer(status, {
    query: matches.query,
    listing,
    facets,
    filters,
    literalTotal: matches.literalTotal,
    interpretation: matches.interpretation,
  });
}
