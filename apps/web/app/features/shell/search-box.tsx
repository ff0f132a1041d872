import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import type { Product } from '@catalogue/shared/schemas/product';
import { TIMINGS_MS } from '@catalogue/shared/domain/limits';
import { FallbackImage } from '~/components/ui/fallback-image';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { imageSourceOf, sizedImage } from '~/lib/media';

type SearchState =
  { status: 'idle' } | { status: 'loading' } | { status: 'error' } | { status: 'done'; products: Product[] };

type SearchBoxProps = {
  /** Called after a result is chosen, so the header can close the box. */
  onNavigate?: () => void;
  /** Replaces `fetch` in tests. */
  fetcher?: typeof fetch;
  className?: string;
};

/**
 * The header's product search (spec §2.14, §5): waits 500 ms after typing stops, sends nothing for
 * a blank query, and shows Loading..., the results, No product found or Failed to fetch products.
 * An answer that arrives after a newer query started is dropped.
 */
export function SearchBox({ onNavigate, fetcher, className = '' }: SearchBoxProps) {
  const { t } = useTranslation('common');
  const [query, setQuery] = useState('');
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const inputRef = useRef<HTMLInputElement>(null);
  const resultsId = useId();

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  useEffect(() => {
    const text = query.trim();
    if (!text) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setState({ status: 'loading' });
      try {
        const response = await (fetcher ?? fetch)(
          `/api/products/product?search=${encodeURIComponent(text)}`,
          {
            signal: controller.signal,
            headers: { accept: 'application/json' },
          },
        );
        if (!response.ok) throw new Error(`search answered ${response.status}`);
        const products = (await response.json()) as Product[];
        if (!controller.signal.aborted)
          setState({ status: 'done', products: Array.isArray(products) ? products : [] });
      } catch {
        if (!controller.signal.aborted) setState({ status: 'error' });
      }
    }, TIMINGS_MS.searchDebounce);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, fetcher]);

  return (
    <div role="search" className={className}>
      <label className="sr-only" htmlFor={`${resultsId}-input`}>
        {t('search.label')}
      </label>
      <input
        ref={inputRef}
        id={`${resultsId}-input`}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        aria-controls={resultsId}
        className="w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-base focus:border-brand-700 focus:outline-2 focus:outline-brand-700"
      />
      <div id={resultsId} aria-live="polite" className="mt-2">
        {state.status === 'loading' ? (
          <p className="px-1 py-2 text-sm text-gray-700">{t('search.loading')}</p>
        ) : null}
        {state.status === 'error' ? (
          <p className="px-1 py-2 text-sm text-red-700">{t('search.failed')}</p>
        ) : null}
        {state.status === 'done' && state.products.length === 0 ? (
          <p className="px-1 py-2 text-sm text-gray-700">{t('search.empty')}</p>
        ) : null}
        {state.status === 'done' && state.products.length > 0 ? (
          <ul
            aria-label={t('search.results')}
            className="max-h-[15rem] divide-y divide-gray-100 overflow-y-auto"
          >
            {state.products.map((product) => {
              const image = sizedImage(imageSourceOf(product), 'thumb');
              return (
                <li key={product._id}>
                  <PrefixedLink
                    to={`/singleproduct/${encodeURIComponent(product._id)}`}
                    onClick={onNavigate}
                    className="flex items-center gap-3 px-1 py-2 hover:bg-brand-50"
                  >
                    <FallbackImage
                      src={image.src}
                      alt=""
                      width={48}
                      height={48}
                      loading="lazy"
                      decoding="async"
                      className="size-12 shrink-0 rounded object-cover"
                    />
                    <span className="text-sm text-ink">{product.name}</span>
                  </PrefixedLink>
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
