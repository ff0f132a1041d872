import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '~/lib/i18n';
import type { Product } from '@catalogue/shared/schemas/product';
import type { SearchPage } from '@catalogue/shared/schemas/search';
import { TIMINGS_MS } from '@catalogue/shared/domain/limits';
import { FallbackImage } from '~/components/ui/fallback-image';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { imageSourceOf, sizedImage } from '~/lib/media';
import { withPrefix } from '~/lib/prefix';

/** Designs the results page's search finds for a close spelling of the text ("necklace" for "neckalce"). */
type Suggestion = { corrected: string; products: Product[] };

type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'done'; products: Product[]; suggestion: Suggestion | null };

type SearchBoxProps = {
  /** Called after a result is chosen, so the header can close the box. */
  onNavigate?: () => void;
  /** Replaces `fetch` in tests. */
  fetcher?: typeof fetch;
  className?: string;
};

/** The results page of a query, without the locale prefix. */
export const searchPath = (query: string) => `/search?q=${encodeURIComponent(query.trim())}`;

/**
 * The close spelling the results page's search read `text` as, with its first designs; null when
 * it corrected nothing or could not answer (the header then says No product found).
 */
async function suggestionFor(
  text: string,
  doFetch: typeof fetch,
  signal: AbortSignal,
): Promise<Suggestion | null> {
  try {
    const response = await doFetch(`/api/search?q=${encodeURIComponent(text)}`, {
      signal,
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return null;
    const page = (await response.json()) as Partial<SearchPage>;
    const corrected = page.interpretation?.corrected;
    const products = Array.isArray(page.products) ? page.products : [];
    return corrected && products.length ? { corrected, products } : null;
  } catch {
    return null;
  }
}

/**
 * The header's product search: waits 500 ms after typing stops, sends nothing for a blank query,
 * and shows Loading..., the results (thumbnail, name and code), No product found or Failed to fetch
 * products. Its results are the literal matches of name or code (`/api/products/product`); when
 * there are none it asks the results page's search (`/api/search`), and if that read the text as a
 * close spelling, its designs are shown as their own group, "Did you mean “necklace”?", never
 * mixed into the literal results. An answer that arrives after a newer query started is dropped. It is a GET form to
 * `/search`, so Enter (or the submit without JavaScript) opens the results page. Arrow Down moves
 * from the box into the suggestions, the arrows move between them, Escape returns to the box (and
 * from the box hides the suggestions).
 */
export function SearchBox({ onNavigate, fetcher, className = '' }: SearchBoxProps) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const [isHidden, setIsHidden] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const resultsId = useId();

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  useEffect(() => {
    const text = query.trim();
    setIsHidden(false);
    if (!text) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setState({ status: 'loading' });
      const doFetch = fetcher ?? fetch;
      try {
        const response = await doFetch(`/api/products/product?search=${encodeURIComponent(text)}`, {
          signal: controller.signal,
          headers: { accept: 'application/json' },
        });
        if (!response.ok) throw new Error(`search answered ${response.status}`);
        const answer = (await response.json()) as Product[];
        const products = Array.isArray(answer) ? answer : [];
        const suggestion = products.length ? null : await suggestionFor(text, doFetch, controller.signal);
        if (!controller.signal.aborted) setState({ status: 'done', products, suggestion });
      } catch {
        if (!controller.signal.aborted) setState({ status: 'error' });
      }
    }, TIMINGS_MS.searchDebounce);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, fetcher]);

  const links = () => Array.from(listRef.current?.querySelectorAll<HTMLAnchorElement>('a[href]') ?? []);

  function onInputKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      const first = links()[0];
      if (!first) return;
      event.preventDefault();
      setIsHidden(false);
      first.focus();
    } else if (event.key === 'Escape' && state.status !== 'idle' && !isHidden) {
      event.preventDefault();
      setIsHidden(true);
    }
  }

  function onListKey(event: KeyboardEvent<HTMLUListElement>) {
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (at < 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = at + (event.key === 'ArrowDown' ? 1 : -1);
      if (next < 0) inputRef.current?.focus();
      else all[Math.min(next, all.length - 1)]!.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      all[event.key === 'Home' ? 0 : all.length - 1]!.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      inputRef.current?.focus();
    }
  }

  const text = query.trim();
  const showsResults = state.status === 'done' && !isHidden;
  const suggestion = state.status === 'done' ? state.suggestion : null;
  const suggestionId = `${resultsId}-suggestion`;

  const resultItem = (product: Product) => {
    const image = sizedImage(imageSourceOf(product), 'thumb');
    return (
      <li key={product._id}>
        <PrefixedLink
          to={`/singleproduct/${encodeURIComponent(product._id)}`}
          onClick={onNavigate}
          className="flex items-center gap-3 px-1 py-2 hover:bg-brand-50 focus-visible:bg-brand-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700"
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
          <span className="min-w-0 flex-1 text-sm text-ink">{product.name}</span>{' '}
          <span className="shrink-0 font-mono text-xs text-gray-700">{product.code}</span>
        </PrefixedLink>
      </li>
    );
  };
  const seeAll = (
    <li>
      <PrefixedLink
        to={searchPath(text)}
        onClick={onNavigate}
        className="block px-1 py-3 text-sm font-semibold text-brand-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700"
      >
        {t('search.seeAll')}
      </PrefixedLink>
    </li>
  );

  return (
    <form
      role="search"
      method="get"
      action={withPrefix(pathname, '/search')}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        if (!text) return;
        onNavigate?.();
        void navigate(withPrefix(pathname, searchPath(text)));
      }}
    >
      <label className="sr-only" htmlFor={`${resultsId}-input`}>
        {t('search.label')}
      </label>
      <div className="flex gap-2">
        <input
          ref={inputRef}
          id={`${resultsId}-input`}
          type="search"
          name="q"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onInputKey}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          aria-controls={resultsId}
          aria-expanded={showsResults && (state.products.length > 0 || suggestion !== null)}
          className="min-w-0 flex-1 rounded-md border border-gray-400 bg-white px-3 py-2 text-base focus:border-brand-700 focus:outline-2 focus:outline-brand-700"
        />
        <button
          type="submit"
          className="shrink-0 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          {t('search.submit')}
        </button>
      </div>
      <div id={resultsId} aria-live="polite" className="mt-2">
        {state.status === 'loading' ? (
          <p className="px-1 py-2 text-sm text-gray-700">{t('search.loading')}</p>
        ) : null}
        {state.status === 'error' ? (
          <p className="px-1 py-2 text-sm text-red-700">{t('search.failed')}</p>
        ) : null}
        {showsResults && state.products.length === 0 && !suggestion ? (
          <p className="px-1 py-2 text-sm text-gray-700">{t('search.empty')}</p>
        ) : null}
        {showsResults && state.products.length > 0 ? (
          <ul
            ref={listRef}
            aria-label={t('search.results')}
            onKeyDown={onListKey}
            className="max-h-[17rem] divide-y divide-gray-100 overflow-y-auto"
          >
            {state.products.map(resultItem)}
            {seeAll}
          </ul>
        ) : null}
        {showsResults && state.products.length === 0 && suggestion ? (
          <>
            <p id={suggestionId} className="px-1 py-2 text-sm font-semibold text-brand-900">
              {t('search.didYouMean', { corrected: suggestion.corrected })}
            </p>
            <ul
              ref={listRef}
              aria-labelledby={suggestionId}
              onKeyDown={onListKey}
              className="max-h-[17rem] divide-y divide-gray-100 overflow-y-auto border-t border-brand-100"
            >
              {suggestion.products.map(resultItem)}
              {seeAll}
            </ul>
          </>
        ) : null}
      </div>
    </form>
  );
}
