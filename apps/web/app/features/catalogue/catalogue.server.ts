import { redirect } from 'react-router';
import type { Category, CategoryFilter, Subcategory } from '@catalogue/shared/domain/categories';
import type { Product, ProductPage } from '@catalogue/shared/schemas/product';
import { i18nFor } from '~/lib/i18n';
import { resourcesFor } from '~/lib/i18n-resources.server';
import type { ServerLoadContext } from '~/lib/load-context';
import { languageOfPath } from '~/lib/prefix';
import type { ListingData } from '~/features/catalogue/product-listing';

/** The fields the product page's specification shows, handed to the page by its loader. */
export { PAGE_FIELDS } from '@catalogue/shared/schemas/product-fields';

/** The part of the catalogue service (apps/server, modules/products) that these pages read. */
export type CatalogueReader = {
  listPage(args: { page: number; limit: number }): Promise<ProductPage>;
  listCategoryPage(args: {
    category: Category;
    filter: CategoryFilter;
    page: number;
    limit: number;
  }): Promise<ProductPage>;
  listSubcategoryPage(args: {
    category: Category;
    subcategory: Subcategory;
    page: number;
    limit: number;
  }): Promise<ProductPage>;
  /** The newest `limit` products (at most 100). */
  listNewest(limit: number): Promise<Product[]>;
  getById(id: string): Promise<Product | null>;
  listRelated(product: Product, limit: number): Promise<Product[]>;
};

/**
 * The catalogue as this visitor may read it: an admin's page data carries prices, anyone else's
 * only when prices are public (the server decides, as for the API).
 */
export function catalogueOf(context: ServerLoadContext): CatalogueReader {
  return context.services.catalogue.forViewer(context.viewer);
}

/**
 * One page of products for a listing. A failure becomes the page's error state with a
 * 500 status, rather than the generic error screen, so the visitor keeps the heading and filters.
 * A `?page=` past the last page redirects to the last page (page 1 of an empty listing), so the
 * highlighted number always matches the products shown.
 */
export async function loadListing(
  request: Request,
  load: () => Promise<ProductPage>,
  log: Pick<ServerLoadContext['log'], 'error'>,
): Promise<{ listing: ListingData; status: number }> {
  let page: ProductPage;
  try {
    page = await load();
  } catch (error) {
    log.error({ err: error }, 'catalogue listing failed');
    return { listing: { status: 'error' }, status: 500 };
  }
  const lastPage = Math.max(1, page.totalPages);
  if (page.currentPage > lastPage) {
    const url = new URL(request.url);
    if (lastPage === 1) url.searchParams.delete('page');
    else url.searchParams.set('page', String(lastPage));
    throw redirect(`${url.pathname}${url.search}`);
  }
  return { listing: { status: 'ok', ...page }, status: 200 };
}

/** The catalogue texts in the request's language, for titles and descriptions built in loaders. */
export function catalogueTexts(request: Request) {
  const language = languageOfPath(new URL(request.url).pathname);
  return i18nFor(language, resourcesFor(language)).getFixedT(language, 'catalogue');
}
