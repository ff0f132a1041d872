import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '~/lib/i18n';
import { ATTRIBUTE_KINDS, type AttributeKind } from '@catalogue/shared/domain/attribute-kinds';
import {
  hasFacetSelection,
  LISTING_SORTS,
  type ListingFilters,
} from '@catalogue/shared/domain/listing-filters';
import type { FacetValue, Facets } from '@catalogue/shared/schemas/listing-filters';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { filterLinks } from '~/features/catalogue/filter-url';
import type { ListingData } from '~/features/catalogue/product-listing';

type Links = ReturnType<typeof filterLinks>;
type Label = (v: { label: string; labelHi: string }) => string;

const CHIP =
  'inline-flex min-h-9 items-center gap-1 rounded-full border px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

function FacetGroup({
  kind,
  values,
  links,
  labelOf,
  idPrefix,
}: {
  idPrefix: string;
  kind: AttributeKind;
  values: FacetValue[];
  links: Links;
  labelOf: Label;
}) {
  const { t } = useTranslation('filters');
  // Values no design of this listing has are left out, unless chosen (so they can be un-chosen).
  const shown = values.filter((v) => v.count > 0 || v.selected);
  if (!shown.length) return null;
  const headingId = `${idPrefix}-facet-${kind}`;
  return (
    <section aria-labelledby={headingId} className="border-t border-gray-200 py-3 first:border-t-0">
      <h3 id={headingId} className="mb-2 text-sm font-semibold text-gray-900">
        {t(`facets.${kind}`)}
      </h3>
      <ul className="space-y-1">
        {shown.map((v) => (
          <li key={v.slug}>
            <PrefixedLink
              to={links.toggle(kind, v.slug)}
              preventScrollReset
              aria-current={v.selected ? 'true' : undefined}
              data-facet={`${kind}:${v.slug}`}
              className="group flex min-h-9 items-center gap-2 rounded px-1 text-sm text-ink hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700"
            >
              <span
                aria-hidden="true"
                className={`inline-flex size-4 shrink-0 items-center justify-center rounded border text-[10px] leading-none ${
                  v.selected ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-400 bg-white'
                }`}
              >
                {v.selected ? '✓' : ''}
              </span>
              <span className="flex-1">{labelOf(v)}</span>
              <span className="text-xs text-gray-600" data-count>
                {v.count}
              </span>
            </PrefixedLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SortLinks({ filters, links }: { filters: ListingFilters; links: Links }) {
  const { t } = useTranslation('filters');
  return (
    <nav aria-label={t('sort.label')} className="mb-4">
      <p className="mb-2 text-sm font-semibold text-gray-900">{t('sort.label')}</p>
      <ul className="flex flex-wrap gap-2">
        {LISTING_SORTS.map((sort) => {
          const isActive = filters.sort === sort;
          return (
            <li key={sort}>
              <PrefixedLink
                to={links.sort(sort)}
                preventScrollReset
                aria-current={isActive ? 'true' : undefined}
                className={`${CHIP} ${isActive ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-300 bg-white text-ink hover:border-brand-700'}`}
              >
                {t(`sort.${sort}`)}
              </PrefixedLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function SelectedChips({
  facets,
  filters,
  links,
  labelOf,
}: {
  facets: Facets;
  filters: ListingFilters;
  links: Links;
  labelOf: Label;
}) {
  const { t } = useTranslation('filters');
  if (!hasFacetSelection(filters)) return null;
  return (
    <div className="mb-4" aria-label={t('panel.selected')} role="group">
      <ul className="flex flex-wrap gap-2">
        {ATTRIBUTE_KINDS.flatMap((kind) =>
          facets[kind]
            .filter((v) => v.selected)
            .map((v) => (
              <li key={`${kind}:${v.slug}`}>
                <PrefixedLink
                  to={links.toggle(kind, v.slug)}
                  preventScrollReset
                  aria-label={t('panel.remove', { value: labelOf(v) })}
                  className={`${CHIP} border-brand-700 bg-brand-50 text-brand-900 hover:bg-brand-100`}
                >
                  {labelOf(v)} <span aria-hidden="true">×</span>
                </PrefixedLink>
              </li>
            )),
        )}
        <li>
          <PrefixedLink
            to={links.clearAll()}
            preventScrollReset
            className={`${CHIP} border-transparent text-brand-800 underline hover:text-brand-900`}
          >
            {t('panel.clearAll')}
          </PrefixedLink>
        </li>
      </ul>
    </div>
  );
}

/**
 * The filters and sort of a listing: every value and sort is a link to the address with it
 * toggled, so it works before (or without) the page's script and every view is shareable; with the
 * script the router follows the link without a reload and the link keeps focus. A sidebar on wide
 * screens; on phones a section that opens and closes (a native `<details>`, no script needed).
 * Reusable by any listing: the links keep the address's other parameters.
 */
export function FilterPanel({
  facets,
  filters,
  total,
}: {
  facets: Facets;
  filters: ListingFilters;
  total: number | null;
}) {
  const { t, i18n } = useTranslation('filters');
  const { pathname, search } = useLocation();
  const links = filterLinks(pathname, new URLSearchParams(search), filters);
  const labelOf: Label = (v) => (i18n.language === 'hi' && v.labelHi ? v.labelHi : v.label);
  const body = (idPrefix: string) => (
    <>
      <SortLinks filters={filters} links={links} />
      <SelectedChips facets={facets} filters={filters} links={links} labelOf={labelOf} />
      {ATTRIBUTE_KINDS.map((kind) => (
        <FacetGroup
          key={kind}
          idPrefix={idPrefix}
          kind={kind}
          values={facets[kind]}
          links={links}
          labelOf={labelOf}
        />
      ))}
    </>
  );
  const results = total === null ? null : t('panel.results', { count: total });
  return (
    <div aria-label={t('panel.label')} role="region" data-filter-panel>
      <details className="mb-6 rounded-lg border border-gray-200 bg-white lg:hidden" data-filter-drawer>
        <summary className="flex min-h-11 cursor-pointer items-center justify-between px-4 text-sm font-semibold text-ink focus-visible:outline-2 focus-visible:outline-brand-700">
          <span>{t('panel.show')}</span>
          {results ? <span className="font-normal text-gray-600">{results}</span> : null}
        </summary>
        <div className="border-t border-gray-200 px-4 py-3">{body('drawer')}</div>
      </details>
      <aside className="hidden lg:block" data-filter-sidebar>
        <h2 className="mb-3 font-serif text-xl text-brand-900">{t('panel.title')}</h2>
        {results ? <p className="mb-3 text-sm text-gray-700">{results}</p> : null}
        {body('sidebar')}
      </aside>
    </div>
  );
}

/**
 * A listing's filter panel beside its grid, with the listing's total, or nothing (and no sidebar)
 * when the facets could not be read.
 */
export function filterAside(
  facets: Facets | null | undefined,
  filters: ListingFilters,
  listing: ListingData,
): ReactNode {
  if (!facets) return null;
  return (
    <FilterPanel
      facets={facets}
      filters={filters}
      total={listing.status === 'ok' ? listing.totalItems : null}
    />
  );
}
