import { data, redirect } from 'react-router';
import { useTranslation } from '~/lib/i18n';
import { parseCategory } from '@catalogue/shared/domain/categories';
import { PAGE_SIZE } from '@catalogue/shared/domain/limits';
import { catalogueCrumbs } from '~/features/catalogue/breadcrumbs';
import { catalogueOf } from '~/features/catalogue/catalogue.server';
import { filterAside } from '~/features/catalogue/filter-panel';
import { loadFilteredListing } from '~/features/catalogue/filters.server';
import { isFilteredSearch } from '~/features/catalogue/filter-url';
import { noFilters } from '@catalogue/shared/domain/listing-filters';
import { CategoryFilterTabs, readFilter } from '~/features/catalogue/category-filter';
import { readPage, redirectToCanonical, requireLoginForPage } from '~/features/catalogue/listing-url';
import { categoryPath } from '~/lib/paths';
import { ProductListing } from '~/features/catalogue/product-listing';
import { pageMeta, seoContextOf } from '~/features/seo/seo';
import { breadcrumbJsonLd } from '~/features/seo/structured-data';
import type { Route } from './+types/category';
import { loadWithRetries } from '~/lib/load-with-retries';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const category = parseCategory(params.category);
  if (!category) throw data(null, { status: 404 });
  const canonical = redirectToCanonical(request, categoryPath(category));
  if (canonical) throw redirect(canonical, 301);
  requireLoginForPage(request, Boolean(context.viewer));

  const search = new URL(request.url).searchParams;
  const filter = readFilter(search);
  const page = readPage(search);
  const { listing, facets, filters, status } = await loadFilteredListing(request, context, {
    scope: { category, filter },
    page,
    limit: PAGE_SIZE.category,
    plain: () => catalogueOf(context).listCategoryPage({ category, filter, page, limit: PAGE_SIZE.category }),
  });
  return data({ category, filter, listing, facets, filters }, { status });
}

/** On client-side navigation: 3 attempts, 1 s apart, then the page's own failure text. */
export async function clientLoader({ serverLoader, params, request }: Route.ClientLoaderArgs) {
  const category = parseCategory(params.category);
  return loadWithRetries(serverLoader, {
    isFailed: (d) => d.listing.status === 'error',
    onFailure: (error) => {
      if (!category) throw error;
      const filter = readFilter(new URL(request.url).searchParams);
      return { category, filter, listing: { status: 'error' as const }, facets: null, filters: noFilters() };
    },
  });
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalogue');
  const { category, filter, listing } = loaderData;
  const name = t(`categories.${category}`);
  return (
    <ProductListing
      title={t('category.title', { category: name })}
      tagline={t('category.tagline', { category: name })}
      data={listing}
      failedText={t('listing.failed')}
      isFailureRed
      aside={filterAside(loaderData.facets, loaderData.filters, listing)}
      controls={<CategoryFilterTabs basePath={categoryPath(category)} active={filter} />}
    />
  );
}

export function meta(args: Route.MetaArgs) {
  const noindex = isFilteredSearch(args.location.search);
  if (!args.data) return pageMeta(args, { noindex });
  const { siteUrl, texts } = seoContextOf(args.matches);
  const crumbs = catalogueCrumbs(texts, args.location.pathname, { category: args.data.category });
  return pageMeta(args, { noindex, jsonLd: [breadcrumbJsonLd(siteUrl, crumbs)] });
}
