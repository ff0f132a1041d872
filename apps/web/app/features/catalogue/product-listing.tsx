import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '~/lib/i18n';
import { useLocation, useNavigation } from 'react-router';
import { TIMINGS_MS } from '@catalogue/shared/domain/limits';
import type { Product } from '@catalogue/shared/schemas/product';
import { Pagination } from '~/components/ui/pagination';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { RetryButton } from '~/components/ui/retry-button';
import { Spinner } from '~/components/ui/spinner';
import { pageHref } from '~/features/catalogue/listing-url';
import { ProductGrid } from '~/features/catalogue/product-grid';
import { useLoginGate } from '~/features/catalogue/use-login-gate';
import { useSession } from '~/lib/use-session';

/** What a listing loader hands its page: one page of products, or the fact that loading failed. */
export type ListingData =
  | { status: 'ok'; products: Product[]; currentPage: number; totalPages: number; totalItems: number }
  | { status: 'error' };

/** After a page change the grid scrolls smoothly into view, 100 ms later. */
function useScrollToGridOnPageChange(grid: RefObject<HTMLElement | null>, page: number) {
  const shownPage = useRef(page);
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    const timer = window.setTimeout(() => {
      const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      grid.current?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    }, TIMINGS_MS.scrollToGridDelay);
    return () => window.clearTimeout(timer);
  }, [grid, page]);
}

type ProductListingProps = {
  title: string;
  tagline?: string;
  data: ListingData;
  /** The failure text, which differs per page. */
  failedText: string;
  /** Category pages show their failure in red; the other listings in the body text's grey. */
  isFailureRed?: boolean;
  /** Filter tabs and the like, between the heading and the grid. */
  controls?: ReactNode;
  /** A picture or other block beside the heading. */
  media?: ReactNode;
  /** Filters: a column beside the grid on wide screens, above it on phones. */
  aside?: ReactNode;
};

/**
 * For an administrator only (known in the browser: the page itself is the same for everyone), a
 * link to a new selection holding this listing's designs under its filters.
 */
function MakeSelection({ count }: { count: number }) {
  const { t } = useTranslation('catalogue');
  const location = useLocation();
  const { isAdmin } = useSession(null);
  if (!isAdmin) return null;
  const listing = `${location.pathname}${location.search}`;
  return (
    <p className="mt-3">
      <PrefixedLink
        to={`/selections/new?listing=${encodeURIComponent(listing)}`}
        className="text-sm font-medium text-brand-800 underline"
      >
        {t('listing.makeSelection', { count })}
      </PrefixedLink>
    </p>
  );
}

/** The shared frame of shop-all, category, subcategory and all-designs pages. */
export function ProductListing({
  title,
  tagline,
  data,
  failedText,
  isFailureRed = false,
  controls,
  media,
  aside,
}: ProductListingProps) {
  const { t } = useTranslation('catalogue');
  const location = useLocation();
  const navigation = useNavigation();
  const guardPageLink = useLoginGate();
  const grid = useRef<HTMLDivElement>(null);
  const page = data.status === 'ok' ? data.currentPage : 1;
  useScrollToGridOnPageChange(grid, page);

  // Another page or filter of this same listing is on its way.
  const isLoading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
  const search = new URLSearchParams(location.search);

  return (
    <section className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <header className={media ? 'mb-8 grid items-center gap-6 md:grid-cols-[1fr_15rem]' : 'mb-8'}>
        <div>
          <h1 className="font-serif text-3xl text-brand-900 sm:text-4xl">{title}</h1>
          {tagline ? <p className="mt-3 max-w-3xl text-gray-700">{tagline}</p> : null}
        </div>
        {media}
        {data.status === 'ok' && data.totalItems > 0 ? <MakeSelection count={data.totalItems} /> : null}
      </header>
      {controls}
      <div
        className={aside ? 'lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start lg:gap-8' : undefined}
      >
        {aside}
        <div>
          <div ref={grid} className="relative scroll-mt-24" aria-busy={isLoading}>
            {isLoading ? (
              <div className="absolute inset-0 z-10 flex items-start justify-center bg-white/70 pt-24">
                <Spinner size="lg" label={t('listing.loading')} />
              </div>
            ) : null}
            {data.status === 'error' ? (
              <div className="py-16 text-center">
                <p role="alert" className={`text-lg ${isFailureRed ? 'text-red-700' : 'text-gray-800'}`}>
                  {failedText}
                </p>
                <RetryButton label={t('listing.retry')} className="mt-4" />
              </div>
            ) : data.products.length === 0 ? (
              <p className="py-16 text-center text-lg text-gray-700">{t('listing.empty')}</p>
            ) : (
              <ProductGrid products={data.products} />
            )}
          </div>
          {data.status === 'ok' ? (
            <div className="mt-10" onClickCapture={guardPageLink}>
              <Pagination
                currentPage={data.currentPage}
                totalPages={data.totalPages}
                hrefFor={(p) => pageHref(location.pathname, search, p)}
              />
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
