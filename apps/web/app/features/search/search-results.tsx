import { Form, useLocation } from 'react-router';
import { CATEGORIES } from '@catalogue/shared/domain/categories';
import { MAX_SEARCH_LENGTH } from '@catalogue/shared/domain/limits';
import type { SearchInterpretation } from '@catalogue/shared/schemas/search';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { categoryPath } from '~/lib/paths';
import { useTranslation } from '~/lib/i18n';
import { withPrefix } from '~/lib/prefix';

/** The results page of a query, without the locale prefix. */
export const searchHref = (query: string) => `/search?q=${encodeURIComponent(query)}`;

/** The page's own search box: a GET form, so it works before (and without) JavaScript. */
export function SearchPageForm({ query }: { query: string }) {
  const { t } = useTranslation('search');
  const { pathname } = useLocation();
  return (
    <Form
      method="get"
      action={withPrefix(pathname, '/search')}
      role="search"
      className="mb-6 flex max-w-2xl gap-2"
    >
      <label htmlFor="search-page-q" className="sr-only">
        {t('form.label')}
      </label>
      <input
        id="search-page-q"
        key={query}
        type="search"
        name="q"
        defaultValue={query}
        maxLength={MAX_SEARCH_LENGTH}
        placeholder={t('form.placeholder')}
        className="min-w-0 flex-1 rounded-md border border-gray-400 bg-white px-3 py-2 text-base focus:border-brand-700 focus:outline-2 focus:outline-brand-700"
      />
      <button
        type="submit"
        className="shrink-0 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        {t('form.submit')}
      </button>
    </Form>
  );
}

/**
 * How the query was read: "Showing results for necklace" when nothing matched literally and a
 * close spelling did, "Did you mean necklace?" when it found more beside literal matches, and the
 * synonyms used ("jhumka" → earring).
 */
export function SearchNotice({
  interpretation,
  literalTotal,
}: {
  interpretation: SearchInterpretation;
  literalTotal: number;
}) {
  const { t } = useTranslation('search');
  const { corrected, synonyms } = interpretation;
  if (!corrected && synonyms.length === 0) return null;
  const pairs = synonyms.map((s) => t('page.pair', { term: s.term, meaning: s.meaning })).join(', ');
  return (
    <div className="mb-6 space-y-1 rounded-md border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-gray-800">
      {corrected && literalTotal === 0 ? <p>{t('page.showingFor', { corrected })}</p> : null}
      {corrected && literalTotal > 0 ? (
        <p>
          {t('page.didYouMean')}{' '}
          <PrefixedLink to={searchHref(corrected)} className="font-semibold text-brand-800 underline">
            {corrected}
          </PrefixedLink>
          ?
        </p>
      ) : null}
      {pairs ? <p>{t('page.including', { pairs })}</p> : null}
    </div>
  );
}

/** No results (or no query): what to try instead, and the collections to browse. */
export function SearchEmpty({ query }: { query: string }) {
  const { t } = useTranslation('search');
  const { t: tc } = useTranslation('catalogue');
  return (
    <div className="py-8">
      <p className="text-lg text-gray-800">{query ? t('empty.title', { query }) : t('empty.blank')}</p>
      {query ? (
        <>
          <h2 className="mt-6 font-semibold text-brand-900">{t('empty.tipsTitle')}</h2>
          <ul className="mt-2 list-disc space-y-1 pl-6 text-gray-800">
            <li>{t('empty.spelling')}</li>
            <li>{t('empty.code')}</li>
            <li>{t('empty.hindi')}</li>
          </ul>
        </>
      ) : null}
      <h2 className="mt-6 font-semibold text-brand-900">{t('empty.browse')}</h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {CATEGORIES.map((category) => (
          <li key={category}>
            <PrefixedLink
              to={categoryPath(category)}
              className="inline-flex min-h-10 items-center rounded-full border border-brand-700 px-4 text-sm font-semibold text-brand-900 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              {tc(`categories.${category}`)}
            </PrefixedLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
