import { useTranslation } from '~/lib/i18n';
import { CATEGORY_FILTERS, type CategoryFilter } from '@catalogue/shared/domain/categories';
import { PrefixedLink } from '~/components/ui/prefixed-link';

/** `?filter=` of a category page: with, without, or anything else meaning all. */
export function readFilter(search: URLSearchParams): CategoryFilter {
  const value = search.get('filter');
  return value === 'with' || value === 'without' ? value : 'all';
}

/**
 * All / With Gemstone / Without Gemstone. They look like tabs but are links: each filter
 * is its own address, rendered by the server, shareable and crawlable, and it works before the
 * page's script has loaded. A filter link carries no page number, so changing it starts at page 1.
 */
export function CategoryFilterTabs({ basePath, active }: { basePath: string; active: CategoryFilter }) {
  const { t } = useTranslation('catalogue');
  return (
    <nav aria-label={t('category.filterLabel')} className="mb-6">
      <ul className="flex gap-2 overflow-x-auto pb-1">
        {CATEGORY_FILTERS.map((filter) => {
          const isActive = filter === active;
          return (
            <li key={filter} className="shrink-0">
              <PrefixedLink
                to={filter === 'all' ? basePath : `${basePath}?filter=${filter}`}
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
