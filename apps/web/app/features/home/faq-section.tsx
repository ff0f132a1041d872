import { useId, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { ChevronDownIcon, SearchIcon } from '~/components/ui/icons';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { FAQ_KEYS, FAQ_VALUES, matchesFaq } from '~/features/home/faq';

type FaqSectionProps = {
  /** h1 on the FAQ page, h2 on home. */
  headingLevel?: 'h1' | 'h2';
  className?: string;
};

/**
 * The FAQ: eight questions, a search box that filters them by text, one answer open at
 * a time, and a link to the contact page. Every answer is in the server's HTML, so it reads and
 * indexes without JavaScript.
 */
export function FaqSection({ headingLevel: Heading = 'h2', className = '' }: FaqSectionProps) {
  const { t } = useTranslation('home');
  const ItemHeading = Heading === 'h1' ? 'h2' : 'h3';
  const [query, setQuery] = useState('');
  const [openKey, setOpenKey] = useState<string | null>(null);
  const id = useId();

  const items = FAQ_KEYS.map((key) => ({
    key,
    question: t(`faq.items.${key}.q`),
    answer: t(`faq.items.${key}.a`, FAQ_VALUES),
  })).filter((item) => matchesFaq(query, item));

  return (
    <section aria-labelledby={`${id}-heading`} className={`mx-auto max-w-3xl px-4 ${className}`}>
      <Heading id={`${id}-heading`} className="text-center font-serif text-3xl text-brand-900">
        {t('faq.heading')}
      </Heading>
      <div className="relative mt-6">
        <label htmlFor={`${id}-search`} className="sr-only">
          {t('faq.searchLabel')}
        </label>
        <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-gray-600" />
        <input
          id={`${id}-search`}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('faq.searchPlaceholder')}
          className="w-full rounded-md border border-gray-400 bg-white py-2 pl-10 pr-3 text-base focus:border-brand-700 focus:outline-2 focus:outline-brand-700"
        />
      </div>
      <ul className="mt-6 divide-y divide-brand-100 rounded-lg border border-brand-100 bg-white">
        {items.map((item) => {
          const isOpen = openKey === item.key;
          return (
            <li key={item.key}>
              <ItemHeading>
                <button
                  type="button"
                  id={`${id}-${item.key}-q`}
                  aria-expanded={isOpen}
                  aria-controls={`${id}-${item.key}-a`}
                  onClick={() => setOpenKey(isOpen ? null : item.key)}
                  className="flex w-full items-center justify-between gap-4 px-4 py-4 text-left font-medium text-ink hover:bg-brand-50"
                >
                  {item.question}
                  <ChevronDownIcon
                    className={`size-5 shrink-0 text-brand-700 transition-transform ${isOpen ? 'rotate-180' : ''}`}
                  />
                </button>
              </ItemHeading>
              <div
                id={`${id}-${item.key}-a`}
                role="region"
                aria-labelledby={`${id}-${item.key}-q`}
                hidden={!isOpen}
                className="px-4 pb-4 text-gray-800"
              >
                {item.answer}
              </div>
            </li>
          );
        })}
      </ul>
      {items.length === 0 ? (
        <p role="status" className="mt-4 text-center text-gray-700">
          {t('faq.noMatch')}
        </p>
      ) : null}
      <p className="mt-6 text-center text-gray-800">
        {t('faq.contactPrompt')}{' '}
        <PrefixedLink to="/contactus" className="font-semibold text-brand-700 underline hover:text-brand-900">
          {t('faq.contactLink')}
        </PrefixedLink>
      </p>
    </section>
  );
}
