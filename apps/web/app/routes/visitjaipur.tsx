import { useTranslation } from '~/lib/i18n';
import type { Route } from './+types/visitjaipur';
import { ButtonLink } from '~/components/ui/button';
import { PlanVisit } from '~/features/home/plan-visit';
import { pageMeta, seoContextOf } from '~/features/seo/seo';
import { showroomJsonLd } from '~/features/seo/structured-data';

const CARDS = [
  { id: 'heritage', image: '/pictures/jaipur-heritage.webp' },
  { id: 'craft', image: '/pictures/jaipur-craft.webp' },
] as const;

/** Visit Us in Jaipur. */
export default function VisitJaipurPage() {
  const { t } = useTranslation('pages');
  return (
    <>
      <section className="bg-brand-900 px-4 py-14 text-center text-white">
        <h1 className="font-serif text-4xl">{t('visit.heading')}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-brand-50">{t('visit.intro')}</p>
      </section>
      <div className="mx-auto mt-12 grid max-w-7xl gap-8 px-4 md:grid-cols-2">
        {CARDS.map((card) => (
          <article
            key={card.id}
            className="overflow-hidden rounded-lg border border-brand-100 bg-white shadow-sm"
          >
            <img
              src={card.image}
              alt={t(`visit.cards.${card.id}.alt`)}
              width={800}
              height={600}
              decoding="async"
              className="aspect-[4/3] w-full object-cover"
            />
            <div className="p-6">
              <h2 className="font-serif text-2xl text-brand-900">{t(`visit.cards.${card.id}.title`)}</h2>
              <p className="mt-2 text-gray-800">{t(`visit.cards.${card.id}.text`)}</p>
            </div>
          </article>
        ))}
      </div>
      <PlanVisit className="mt-12" />
      <section aria-labelledby="visit-contact" className="mx-auto mt-12 max-w-3xl px-4 text-center">
        <h2 id="visit-contact" className="font-serif text-3xl text-brand-900">
          {t('visit.contact.heading')}
        </h2>
        <p className="mt-3 text-gray-800">{t('visit.contact.text')}</p>
        <ButtonLink to="/contactus" className="mt-6">
          {t('visit.contact.cta')}
        </ButtonLink>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    image: '/pictures/jaipur-heritage.webp',
    jsonLd: [showroomJsonLd(seoContextOf(args.matches).siteUrl)],
  });
