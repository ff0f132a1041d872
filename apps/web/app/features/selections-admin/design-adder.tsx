import { useEffect, useId, useState } from 'react';
import { MAX_SELECTION_DESIGNS } from '@catalogue/shared/domain/selections';
import { TIMINGS_MS } from '@catalogue/shared/domain/limits';
import { productPageSchema, type Product } from '@catalogue/shared/schemas/product';
import { quickOrderParseSchema } from '@catalogue/shared/schemas/quick-order';
import { Button } from '~/components/ui/button';
import { TextAreaField, TextField } from '~/components/ui/field';
import { Notice } from '~/components/ui/notice';
import { apiRequest, checkAnswer, getJson, serverReason } from '~/lib/api-client';
import { useTranslation } from '~/lib/i18n';
import { useDebouncedValue } from '~/lib/use-debounced-value';
import type { EditorDesign } from './design-list';
import { listingSourceOf, type ListingSource } from './listing-source';
import { splitCodes } from './pasted-codes';

/** Results of the one-by-one search shown at once; "add all" reads every page of it. */
const SEARCH_SHOWN = 10;
const ADMIN_SEARCH_PAGE = 100;
/** Pages of a listing asked for at a time. */
const PARALLEL_PAGES = 4;

const designOf = (p: Pick<Product, '_id' | 'code' | 'name' | 'imageUrl'>): EditorDesign => ({
  _id: p._id,
  code: p.code,
  name: p.name,
  imageUrl: p.imageUrl,
});

/** Every design of a listing, page by page, up to `max`; and how many the listing holds. */
export async function collectDesigns(
  source: ListingSource,
  max: number,
): Promise<{ designs: EditorDesign[]; total: number }> {
  const first = await getJson(source.pathOf(1), productPageSchema);
  const wanted = Math.min(first.totalItems, max);
  const pages = Math.ceil(wanted / source.pageSize);
  const designs = first.products.map(designOf);
  for (let page = 2; page <= pages; page += PARALLEL_PAGES) {
    const batch = Array.from({ length: Math.min(PARALLEL_PAGES, pages - page + 1) }, (_, i) =>
      getJson(source.pathOf(page + i), productPageSchema),
    );
    for (const answer of await Promise.all(batch)) designs.push(...answer.products.map(designOf));
  }
  return { designs: designs.slice(0, max), total: first.totalItems };
}

/** The admin product search (code, name, category), `limit` a page. */
const searchSource = (query: string): ListingSource => ({
  pageSize: ADMIN_SEARCH_PAGE,
  pathOf: (page) =>
    `/products/admin/paginated?${new URLSearchParams({ search: query, page: String(page), limit: String(ADMIN_SEARCH_PAGE) })}`,
});

type Outcome = { tone: 'success' | 'error'; text: string; detail?: string | undefined };

/**
 * The ways designs come into a selection: one by one from a search by code or name (or all its
 * results at once), every design of a catalogue listing or search whose address is pasted (its
 * filters kept), and pasted codes (read by the quick order's reader; codes it does not know are
 * listed back, with its suggestions).
 */
export function DesignAdder({
  designs,
  onAdd,
  initialListing = '',
}: {
  designs: readonly EditorDesign[];
  /** Adds these designs at the end (those already in are the caller's to skip). */
  onAdd: (added: EditorDesign[]) => void;
  /** A listing's address to start from (`?listing=` of the editor's address). */
  initialListing?: string;
}) {
  const { t } = useTranslation('selections-admin');
  const ids = useId();
  const inSelection = new Set(designs.map((d) => d._id));

  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query.trim(), TIMINGS_MS.searchDebounce);
  const [results, setResults] = useState<{ query: string; products: Product[]; total: number } | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'search' | 'listing' | 'paste' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [listing, setListing] = useState(initialListing);
  const [listingCount, setListingCount] = useState<{ address: string; total: number } | null>(null);
  const [listingError, setListingError] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const [pasteError, setPasteError] = useState<string | null>(null);
  const [unknown, setUnknown] = useState<{ code: string; suggestions: string[] }[]>([]);

  useEffect(() => {
    if (!settled) {
      setResults(null);
      return;
    }
    let isCurrent = true;
    setSearchError(null);
    getJson(
      `/products/admin/paginated?${new URLSearchParams({ search: settled, page: '1', limit: String(SEARCH_SHOWN) })}`,
      productPageSchema,
    )
      .then(
        (page) =>
          isCurrent && setResults({ query: settled, products: page.products, total: page.totalItems }),
      )
      .catch((caught: unknown) => isCurrent && setSearchError(serverReason(caught, t('add.searchFailed'))));
    return () => {
      isCurrent = false;
    };
  }, [settled, t]);

  /** Adds what is new, and says how many were added and how many were in already. */
  const addAndTell = (found: EditorDesign[], total?: number) => {
    const fresh = found.filter(
      (d, i) => !inSelection.has(d._id) && found.findIndex((o) => o._id === d._id) === i,
    );
    onAdd(fresh);
    const already = found.length - fresh.length;
    const parts = [t('add.addedCount', { count: fresh.length })];
    if (already) parts.push(t('add.alreadyIn', { count: already }));
    if (total !== undefined && total > found.length) {
      parts.push(t('add.capped', { max: MAX_SELECTION_DESIGNS, total }));
    }
    setOutcome({ tone: 'success', text: parts.join(' ') });
  };

  async function addAll(source: ListingSource, kind: 'search' | 'listing', failed: string) {
    setBusy(kind);
    setOutcome(null);
    try {
      const { designs: found, total } = await collectDesigns(source, MAX_SELECTION_DESIGNS);
      addAndTell(found, total);
    } catch (caught) {
      setOutcome({ tone: 'error', text: failed, detail: serverReason(caught, failed) });
    } finally {
      setBusy(null);
    }
  }

  async function countListing() {
    setListingError(null);
    setListingCount(null);
    const source = listingSourceOf(listing);
    if (!source) {
      setListingError(t('add.listingUnknown'));
      return;
    }
    setBusy('listing');
    try {
      const first = await getJson(source.pathOf(1), productPageSchema);
      setListingCount({ address: listing, total: first.totalItems });
    } catch (caught) {
      setListingError(serverReason(caught, t('add.listingFailed')));
    } finally {
      setBusy(null);
    }
  }

  async function addPasted() {
    const codes = splitCodes(pasted);
    setPasteError(null);
    setUnknown([]);
    setOutcome(null);
    if (!codes.length) {
      setPasteError(t('add.pasteEmpty'));
      return;
    }
    setBusy('paste');
    try {
      // One code a line, each read as the quick order reads it (without case, look-alike letters).
      const answer = checkAnswer(
        await apiRequest<unknown>('/quick-order/parse', { json: { text: codes.join('\n') } }),
        quickOrderParseSchema,
      );
      const found: EditorDesign[] = [];
      const missing: { code: string; suggestions: string[] }[] = [];
      for (const line of answer.lines) {
        if (line.status === 'matched' && line.productId) {
          found.push({
            _id: line.productId,
            code: line.code ?? line.input,
            name: line.name ?? '',
            imageUrl: null,
          });
        } else if (line.input.trim()) {
          missing.push({ code: line.input.trim(), suggestions: (line.suggestions ?? []).map((s) => s.code) });
        }
      }
      if (found.length) addAndTell(found);
      setUnknown(missing);
      // What was not found stays in the box, to be corrected and added again.
      setPasted(missing.map((m) => m.code).join('\n'));
    } catch (caught) {
      setPasteError(serverReason(caught, t('add.pasteFailed')));
    } finally {
      setBusy(null);
    }
  }

  const typedSource = listingCount && listingCount.address === listing ? listingSourceOf(listing) : null;
  return (
    <section
      aria-labelledby={`${ids}-heading`}
      className="space-y-5 rounded-md border border-brand-100 bg-brand-50/40 p-4"
    >
      <h2 id={`${ids}-heading`} className="font-serif text-xl text-brand-900">
        {t('add.heading')}
      </h2>
      {outcome ? <Notice tone={outcome.tone} text={outcome.text} detail={outcome.detail} /> : null}

      <div className="space-y-2">
        <h3 className="font-semibold text-ink">{t('add.oneByOne')}</h3>
        <TextField
          label={t('add.searchLabel')}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="max-w-md"
        />
        {searchError ? <Notice tone="error" text={t('add.searchFailed')} detail={searchError} /> : null}
        {results && results.products.length === 0 ? (
          <p className="text-sm text-gray-700">{t('add.noResults')}</p>
        ) : null}
        {results?.products.length ? (
          <>
            <ul className="max-w-xl divide-y divide-gray-200 rounded-md border border-gray-200 bg-white">
              {results.products.map((product) => (
                <li key={product._id} className="flex items-center gap-3 px-3 py-2">
                  <span className="min-w-0 flex-1">
                    <span className="font-mono text-sm">{product.code}</span>{' '}
                    <span className="text-sm text-gray-700">{product.name}</span>
                  </span>
                  {inSelection.has(product._id) ? (
                    <span className="text-sm text-green-800">{t('add.inSelection')}</span>
                  ) : (
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={t('add.addFor', { code: product.code })}
                      onClick={() => onAdd([designOf(product)])}
                    >
                      +
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            <Button
              variant="secondary"
              disabled={busy !== null}
              onClick={() => void addAll(searchSource(results.query), 'search', t('add.searchFailed'))}
            >
              {busy === 'search' ? t('add.adding') : t('add.addAll', { count: results.total })}
            </Button>
          </>
        ) : null}
      </div>

      <div className="space-y-2">
        <h3 className="font-semibold text-ink">{t('add.listing')}</h3>
        <TextField
          label={t('add.listingLabel')}
          hint={t('add.listingHint')}
          value={listing}
          error={listingError}
          onChange={(event) => setListing(event.target.value)}
          className="max-w-xl"
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            disabled={busy !== null || !listing.trim()}
            onClick={() => void countListing()}
          >
            {t('add.listingCount')}
          </Button>
          {listingCount && typedSource ? (
            <>
              <span className="text-sm text-gray-800">
                {t('add.listingFound', { count: listingCount.total })}
              </span>
              {listingCount.total > 0 ? (
                <Button
                  disabled={busy !== null}
                  onClick={() => void addAll(typedSource, 'listing', t('add.listingFailed'))}
                >
                  {busy === 'listing' ? t('add.adding') : t('add.addAll', { count: listingCount.total })}
                </Button>
              ) : null}
            </>
          ) : null}
        </div>
      </div>

      <div className="space-y-2">
        <h3 className="font-semibold text-ink">{t('add.paste')}</h3>
        <TextAreaField
          label={t('add.pasteLabel')}
          value={pasted}
          error={pasteError}
          onChange={(event) => setPasted(event.target.value)}
          rows={4}
          className="max-w-xl"
        />
        <Button variant="secondary" disabled={busy !== null} onClick={() => void addPasted()}>
          {busy === 'paste' ? t('add.adding') : t('add.pasteAdd')}
        </Button>
        {unknown.length ? (
          <div
            role="alert"
            className="max-w-xl rounded-md border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            <p className="font-semibold">{t('add.unknownCodes', { count: unknown.length })}</p>
            <ul className="mt-1 list-disc pl-5">
              {unknown.map((u) => (
                <li key={u.code}>
                  <span className="font-mono">{u.code}</span>
                  {u.suggestions.length
                    ? ` (${t('add.didYouMean', { codes: u.suggestions.join(', ') })})`
                    : ''}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  );
}
