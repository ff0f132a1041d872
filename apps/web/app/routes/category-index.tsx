import { useTranslation } from '~/lib/i18n';
import { CATEGORIES, SUBCATEGORIES } from '@catalogue/shared/domain/categories';
import type { Route } from './+types/category-index';
import { ButtonLink } from '~/components/ui/button';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { pageMeta } from '~/features/seo/seo';

const SUB_KEYS = { withgemstone: 'nav.withGemstone', withoutgemstone: 'nav.withoutGemstone' } as const;

/** The category index: a header and the list of categories with their two subcategories. */
export default function CategoryIndexPage() {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation('common');
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <header className="text-center">
        <h1 className="font-serif text-4xl text-brand-900">{t('categoryIndex.heading')}</h1>
        <p className="mx-auto mt-3 max-w-2xl text-gray-800">{t('categoryIndex.intro')}</p>
        <ButtonLink to="/category/alldesigns" variant="secondary" className="mt-6">
          {t('categoryIndex.allDesigns')}
        </ButtonLink>
      </header>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {CATEGORIES.map((category) => {
          const name = tc(`categories.${category}`);
          return (
            <li
              key={category}
              className="flex gap-4 rounded-lg border border-brand-100 bg-white p-4 shadow-sm"
            >
              <img
                src={`/pictures/category-${category.toLowerCase()}.webp`}
                alt=""
                width={96}
                height={96}
                loading="lazy"
                decoding="async"
                className="size-24 shrink-0 rounded-md object-cover"
              />
              <div>
                <h2 className="font-serif text-2xl text-brand-900">
                  <PrefixedLink to={`/category/${category}`} className="hover:underline">
                    {name}
                  </PrefixedLink>
                </h2>
                <ul className="mt-2 space-y-1 text-sm">
                  {SUBCATEGORIES.map((sub) => (
                    <li key={sub}>
                      <PrefixedLink
                        to={`/category/${category}/${sub}`}
                        className="text-brand-700 underline hover:text-brand-900"
                        aria-label={`${name}: ${tc(SUB_KEYS[sub])}`}
                      >
                        {tc(SUB_KEYS[sub])}
                      </PrefixedLink>
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);
