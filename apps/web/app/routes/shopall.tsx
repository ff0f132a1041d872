import { data } from 'react-router';
import { useTranslation } from '~/lib/i18n';
import { PAGE_SIZE } from '@catalogue/shared/domain/limits';
import { catalogueOf } from '~/features/catalogue/catalogue.server';
import { filterAside } from '~/features/catalogue/filter-panel';
import { loadFilteredListing } from '~/features/catalogue/filters.server';
import { isFilteredSearch } from '~/features/catalogue/filter-url';
import { noFilters } from '@catalogue/shared/domain/listing-filters';
import { readPage, requireLoginForPage } from '~/features/catalogue/listing-url';
import { ProductListing } from '~/features/catalogue/product-listing';
import { pageMeta } from '~/features/seo/seo';
import type { Route } from './+types/shopall';
import { loadWithRetries } from '~/lib/load-with-retries';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireLoginForPage(request, Boolean(context.viewer));
  const page = readPage(new URL(request.url).searchParams);
  const { listing, facets, filters, status } = await loadFilteredListing(request, context, {
    scope: {},
    page,
    limit: PAGE_SIZE.shopAll,
    plain: () => catalogueOf(context).listPage({ page, limit: PAGE_SIZE.shopAll }),
  });
  return data({ listing, facets, filters }, { status });
}

/** On client-side navigation: 3 attempts, 1 s apart, then the page's own failure text. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return loadWithRetries(serverLoader, {
    isFailed: (d) => d.listing.status === 'error',
    onFailure: () => ({ listing: { status: 'error' as const }, facets: null, filters: noFilters() }),
  });
}

export default function ShopallPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalogue');
  return (
    <ProductListing
      title={t('shopAll.title')}
      tagline={t('shopAll.tagline')}
      data={loaderData.listing}
      aside={filterAside(loaderData.facets, loaderData.filters, loaderData.listing)}
      failedText={t('shopAll.failed')}
    />
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { noindex: isFilteredSearch(args.location.search) });
}
