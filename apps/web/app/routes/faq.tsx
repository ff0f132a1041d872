import { useTranslation } from '~/lib/i18n';
import type { Route } from './+types/faq';
import { faqEntries } from '~/features/home/faq';
import { FaqSection } from '~/features/home/faq-section';
import { NeedMoreHelp } from '~/features/home/home-sections';
import { pageMeta, seoContextOf } from '~/features/seo/seo';
import { faqPageJsonLd } from '~/features/seo/structured-data';

/** The FAQ page: the same eight questions as the home page, as the page's main content. */
export default function FaqPage() {
  const { t } = useTranslation('pages');
  return (
    <div className="py-12">
      <FaqSection headingLevel="h1" />
      <p className="sr-only">{t('faqPage.intro')}</p>
      <NeedMoreHelp className="mt-16" />
    </div>
  );
}

export const meta: Route.MetaFunction = (args) => {
  const { texts } = seoContextOf(args.matches);
  return pageMeta(args, { jsonLd: [faqPageJsonLd(faqEntries(texts.home))] });
};
