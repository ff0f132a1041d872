import { useLocation } from 'react-router';
import { useTranslation } from '~/lib/i18n';
import { CATEGORY_FILTERS, type CategoryFilter } from '@catalogue/shared/domain/categories';
import { PrefixedLink } from '~/components/ui/prefixed-link';

/** `?filter=` of a category page: with, without, or anything else meaning all. */
export function readFilter(search: URLSearchParams): CategoryFilter {
  const value = search.get('filter');
  return value === 'with' || value === 'without' ? value : 'all';
}

/**
 * The address of a tab: the page's own query with the tab's `filter` instead of the current one
 * and no page number, so the facet filters and the sort chosen in the panel stay while the
 * gemstone tab changes.
 */
function tabHref(basePath: string, search: string, filter: CategoryFilter): string {
  const params = new URLSearchParams(filter === 'all' ? '' : `filter=${filter}`);
  for (const [name, value] of new URLSearchParams(search)) {
    if (name !== 'filter' && name !== 'page') params.append(name, value);
  }
  const query = params.toString();
  return query ? `${basePath}?${query}` : basePath;
}

/**
 * All / With Gemstone / Without Gemstone. They look like tabs but are links: each filter
 * is its own address, rendered by the server, shareable and crawlable, and it works before the
 * page's script has loaded. A filter link carries no page number, so changing it starts at page 1;
 * it keeps the page's other filters and its sort.
 */
export function CategoryFilterTabs({ basePath, active }: { basePath: string; active: CategoryFilter }) {
  const { t } = useTranslation('catalogue');
  const { search } = useLocation();
  return (
    <nav aria-label={t('category.filterLabel')} className="mb-6">
      <ul className="flex gap-2 overflow-x-auto pb-1">
        {CATEGORY_FILTERS.map((filter) => {
          const isActive = filter === active;
          return (
            <li key={filter} className="shrink-0">
              <PrefixedLink
                to={tabHref(basePath, search, filter)}
                aria-current={isActive ? 'page' : undefined}
                preventScrollReset
                className={`inline-flex min-h-10 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap ${
                  isActive
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-gray-300 bg-white text-ink hover:border-brand-700'
                }`}
              >
                {t(`category.filters.${filter}`)}
              </PrefixedLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
