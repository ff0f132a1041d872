import { useTranslation } from '~/lib/i18n';
import type { Route } from './+types/fairtrade';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { NeedMoreHelp } from '~/features/home/home-sections';
import { WhyUs } from '~/features/home/why-us';
import { pageMeta } from '~/features/seo/seo';

const PRINCIPLES = [
  'opportunity',
  'transparency',
  'practices',
  'payment',
  'childLabour',
  'equality',
  'conditions',
  'capacity',
  'promotion',
  'environment',
] as const;
const MISSIONS = ['artisans', 'quality', 'materials', 'community', 'partners', 'planet'] as const;

/** Fair trade: hero, ten principles, six mission cards, contact link, Why us and help. */
export default function FairTradePage() {
  const { t } = useTranslation('pages');
  return (
    <>
      <section className="relative overflow-hidden bg-brand-900 text-white">
        <img
          src="/pictures/fairtrade-hero.webp"
          alt={t('fairtrade.heroAlt')}
          width={1200}
          height={500}
          decoding="async"
          className="absolute inset-0 h-full w-full object-cover opacity-40"
        />
        <div className="relative mx-auto max-w-4xl px-4 py-16 text-center">
          <h1 className="font-serif text-4xl">{t('fairtrade.heading')}</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-white">{t('fairtrade.intro')}</p>
        </div>
      </section>

      <section aria-labelledby="principles" className="mx-auto mt-12 max-w-7xl px-4">
        <h2 id="principles" className="text-center font-serif text-3xl text-brand-900">
          {t('fairtrade.principlesHeading')}
        </h2>
        <ol className="mt-8 grid gap-4 md:grid-cols-2">
          {PRINCIPLES.map((key, i) => (
            <li key={key} className="flex gap-4 rounded-lg border border-brand-100 bg-white p-5 shadow-sm">
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold text-white"
              >
                {i + 1}
              </span>
              <div>
                <h3 className="font-serif text-lg text-brand-900">
                  {t(`fairtrade.principles.${key}.title`)}
                </h3>
                <p className="mt-1 text-gray-800">{t(`fairtrade.principles.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="mission" className="mx-auto mt-16 max-w-7xl px-4">
        <h2 id="mission" className="text-center font-serif text-3xl text-brand-900">
          {t('fairtrade.missionHeading')}
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {MISSIONS.map((key) => (
            <li key={key} className="rounded-lg bg-brand-50 p-6">
              <h3 className="font-serif text-xl text-brand-900">{t(`fairtrade.missions.${key}.title`)}</h3>
              <p className="mt-2 text-gray-800">{t(`fairtrade.missions.${key}.text`)}</p>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center text-gray-800">
          {t('fairtrade.contactText')}{' '}
          <PrefixedLink
            to="/contactus"
            className="font-semibold text-brand-700 underline hover:text-brand-900"
          >
            {t('fairtrade.contactLink')}
          </PrefixedLink>
        </p>
      </section>

      <WhyUs className="mt-16" />
      <NeedMoreHelp className="mt-16" />
    </>
  );
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { image: '/pictures/fairtrade-hero.webp' });
