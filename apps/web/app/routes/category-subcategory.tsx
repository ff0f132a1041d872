import { data, redirect } from 'react-router';
import { useTranslation } from '~/lib/i18n';
import { parseCategory, parseSubcategory } from '@catalogue/shared/domain/categories';
import { PAGE_SIZE } from '@catalogue/shared/domain/limits';
import { catalogueCrumbs } from '~/features/catalogue/breadcrumbs';
import { catalogueOf } from '~/features/catalogue/catalogue.server';
import { filterAside } from '~/features/catalogue/filter-panel';
import { loadFilteredListing } from '~/features/catalogue/filters.server';
import { isFilteredSearch } from '~/features/catalogue/filter-url';
import { noFilters } from '@catalogue/shared/domain/listing-filters';
import { CategoryImage } from '~/features/catalogue/category-image';
import { readPage, redirectToCanonical, requireLoginForPage } from '~/features/catalogue/listing-url';
import { categoryPath } from '~/lib/paths';
import { ProductListing, type ListingData } from '~/features/catalogue/product-listing';
import { pageMeta, seoContextOf } from '~/features/seo/seo';
import { breadcrumbJsonLd } from '~/features/seo/structured-data';
import type { Route } from './+types/category-subcategory';
import { loadWithRetries } from '~/lib/load-with-retries';

const NOTHING: ListingData = { status: 'ok', products: [], currentPage: 1, totalPages: 1, totalItems: 0 };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const category = parseCategory(params.category);
  if (!category) throw data(null, { status: 404 });
  const subcategory = parseSubcategory(params.subcategory);
  const canonical = redirectToCanonical(request, categoryPath(category, subcategory ?? params.subcategory));
  if (canonical) throw redirect(canonical, 301);
  requireLoginForPage(request, Boolean(context.viewer));

  // A generic title is kept for any other subcategory; nothing is filed under one, and the
  // status tells crawlers so.
  if (!subcategory)
    return data(
      { category, subcategory: null, listing: NOTHING, facets: null, filters: noFilters() },
      { status: 404 },
    );

  const page = readPage(new URL(request.url).searchParams);
  const { listing, facets, filters, status } = await loadFilteredListing(request, context, {
    scope: { category, subcategory },
    page,
    limit: PAGE_SIZE.category,
    plain: () =>
      catalogueOf(context).listSubcategoryPage({ category, subcategory, page, limit: PAGE_SIZE.category }),
  });
  return data({ category, subcategory, listing, facets, filters }, { status });
}

/** On client-side navigation: 3 attempts, 1 s apart, then the page's own failure text. */
export async function clientLoader({ serverLoader, params }: Route.ClientLoaderArgs) {
  const category = parseCategory(params.category);
  const subcategory = parseSubcategory(params.subcategory);
  return loadWithRetries(serverLoader, {
    isFailed: (d) => d.listing.status === 'error',
    onFailure: (error) => {
      if (!category || !subcategory) throw error;
      return {
        category,
        subcategory,
        listing: { status: 'error' as const },
        facets: null,
        filters: noFilters(),
      };
    },
  });
}

export default function CategorySubcategoryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalogue');
  const { category, subcategory, listing } = loaderData;
  const name = t(`categories.${category}`);
  const title = subcategory
    ? t(`subcategory.titles.${category}.${subcategory}`)
    : t('subcategory.fallbackTitle', { category: name });
  return (
    <ProductListing
      title={title}
      tagline={
        subcategory
          ? t(`subcategory.taglines.${subcategory}`)
          : t('subcategory.fallbackTagline', { category: name })
      }
      data={listing}
      failedText={t('listing.failed')}
      isFailureRed
      aside={filterAside(loaderData.facets, loaderData.filters, listing)}
      media={<CategoryImage category={category} alt={t('subcategory.imageAlt', { title })} />}
    />
  );
}

export function meta(args: Route.MetaArgs) {
  const noindex = isFilteredSearch(args.location.search);
  if (!args.data) return pageMeta(args, { noindex });
  const { siteUrl, texts } = seoContextOf(args.matches);
  const { category, subcategory } = args.data;
  const crumbs = catalogueCrumbs(texts, args.location.pathname, { category, subcategory });
  return pageMeta(args, { noindex: noindex || !subcategory, jsonLd: [breadcrumbJsonLd(siteUrl, crumbs)] });
}
