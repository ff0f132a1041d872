import { PAGE_SIZE } from '@catalogue/shared/domain/limits';
import { AppError } from '@catalogue/shared/errors';
import type { SearchInterpretation } from '@catalogue/shared/schemas/search';
import type { ServerLoadContext } from '~/lib/load-context';
import { loadListing } from '~/features/catalogue/catalogue.server';
import type { ListingData } from '~/features/catalogue/product-listing';

/** What the results page shows: the query, one page of results, and how the query was read. */
export type SearchPageData = {
  query: string;
  listing: ListingData;
  literalTotal: number;
  interpretation: SearchInterpretation;
  /** Why the text was refused (too long, control characters), or null. */
  refused: string | null;
};

const NOTHING: SearchInterpretation = { corrected: null, synonyms: [] };

/**
 * One page of results, 16 a page like the other listings: the literal matches first (as the header
 * ranks them), then synonyms, plurals and close spellings. The search runs in-process; an admin's
 * products carry prices as on every other listing. A page past the last redirects to the last.
 */
export async function loadSearchPage(
  request: Request,
  context: ServerLoadContext,
  query: string,
  page: number,
): Promise<{ data: SearchPageData; status: number }> {
  let literalTotal = 0;
  let interpretation = NOTHING;
  let refused: string | null = null;
  const { listing, status } = await loadListing(request, async () => {
    try {
      const found = await context.services.search.page(query, page, PAGE_SIZE.shopAll);
      literalTotal = found.literalTotal;
      interpretation = found.interpretation;
      const reader = context.services.catalogue.forViewer(context.viewer?.role === 'admin');
      return {
        products: await reader.listByIds(found.ids),
        currentPage: found.currentPage,
        totalPages: found.totalPages,
        totalItems: found.totalItems,
      };
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'BAD_REQUEST') throw error;
      refused = error.message;
      return { products: [], currentPage: 1, totalPages: 1, totalItems: 0 };
    }
  });
  return {
    data: { query: query.trim(), listing, literalTotal, interpretation, refused },
    status: refused ? 400 : status,
  };
}
