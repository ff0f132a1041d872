import { data } from 'react-router';
import { useTranslation } from '~/lib/i18n';
import { readPage, requireLoginForPage } from '~/features/catalogue/listing-url';
import { ProductListing } from '~/features/catalogue/product-listing';
import { filterAside } from '~/features/catalogue/filter-panel';
import { isFilteredListing, noFilters } from '@catalogue/shared/domain/listing-filters';
import { loadSearchPage } from '~/features/catalogue/search.server';
import { SearchEmpty, SearchNotice, SearchPageForm } from '~/features/search/search-results';
import { pageMeta } from '~/features/seo/seo';
import { i18nFor } from '~/lib/i18n';
import { resourcesFor } from '~/lib/i18n-resources.server';
import { languageOfPath } from '~/lib/prefix';
import { loadWithRetries } from '~/lib/load-with-retries';
import type { Route } from './+types/search';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireLoginForPage(request, Boolean(context.viewer));
  const url = new URL(request.url);
  const query = url.searchParams.get('q') ?? '';
  const found = await loadSearchPage(request, context, query, readPage(url.searchParams));
  const language = languageOfPath(url.pathname);
  const t = i18nFor(language, resourcesFor(language)).getFixedT(language, 'search');
  const title = found.data.query ? t('page.metaTitle', { query: found.data.query }) : t('page.titleBlank');
  const description = t('page.metaDescription', { query: found.data.query });
  return data({ ...found.data, title, description }, { status: found.status });
}

/** On client-side navigation: 3 attempts, 1 s apart, then the page's own failure text. */
export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  return loadWithRetries(serverLoader, {
    isFailed: (d) => d.listing.status === 'error',
    onFailure: () => ({
      query: new URL(request.url).searchParams.get('q')?.trim() ?? '',
      listing: { status: 'error' as const },
      facets: null,
      filters: noFilters(),
      literalTotal: 0,
      interpretation: { corrected: null, synonyms: [] },
      refused: null,
      title: '',
      description: '',
    }),
  });
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('search');
  const { query, listing, literalTotal, interpretation, refused, facets, filters } = loaderData;
  const form = <SearchPageForm query={query} />;
  // Nothing found for the words themselves: the tips. Nothing left under filters: the listing with
  // its filter panel, so they can be cleared.
  const isFiltered = isFilteredListing(filters);
  if (refused || (listing.status === 'ok' && listing.totalItems === 0 && !isFiltered)) {
    return (
      <section className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
        <h1 className="mb-6 font-serif text-3xl text-brand-900 sm:text-4xl">
          {query ? t('page.title', { query }) : t('page.titleBlank')}
        </h1>
        {form}
        {refused ? (
          <p role="alert" className="text-red-700">
            {t('page.refused', { reason: refused })}
          </p>
        ) : (
          <SearchEmpty query={query} />
        )}
      </section>
    );
  }
  return (
    <ProductListing
      title={t('page.title', { query })}
      tagline={listing.status === 'ok' ? t('page.count', { count: listing.totalItems }) : undefined}
      data={listing}
      failedText={t('page.failed')}
      aside={filterAside(facets, filters, listing)}
      controls={
        <>
          {form}
          <SearchNotice interpretation={interpretation} literalTotal={literalTotal} />
        </>
      }
    />
  );
}

/** Results pages are for visitors, not for search engines' indexes. */
export function meta(args: Route.MetaArgs) {
  const { title, description } = args.data ?? {};
  return pageMeta(args, {
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    noindex: true,
  });
}
