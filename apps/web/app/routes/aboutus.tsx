import { useTranslation } from '~/lib/i18n';
import { SITE } from '@catalogue/shared/domain/site';
import type { Route } from './+types/aboutus';
import { NeedMoreHelp } from '~/features/home/home-sections';
import { PlanVisit } from '~/features/home/plan-visit';
import { pageMeta } from '~/features/seo/seo';
import { textList } from '~/lib/text-list';

const POINTS = ['experience', 'inhouse', 'flexible'] as const;
const STEPS = ['design', 'sample', 'produce', 'check'] as const;

/** About: heading, Why, OUR STORY, the visit block and how we work. */
export default function AboutPage() {
  const { t } = useTranslation('pages');
  const values = { name: SITE.name, year: SITE.foundedYear };
  const story = textList(t, 'about.story.paragraphs', values);
  return (
    <>
      <section className="bg-brand-900 px-4 py-14 text-center text-white">
        <h1 className="mx-auto max-w-4xl font-serif text-3xl sm:text-4xl">{t('about.heading', values)}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-brand-50">{t('about.intro')}</p>
      </section>

      <section aria-labelledby="about-why" className="mx-auto mt-12 max-w-7xl px-4">
        <h2 id="about-why" className="text-center font-serif text-3xl text-brand-900">
          {t('about.why.heading', values)}
        </h2>
        <p className="mx-auto mt-3 max-w-3xl text-center text-gray-800">{t('about.why.text', values)}</p>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {POINTS.map((point) => (
            <li key={point} className="rounded-lg border border-brand-100 bg-white p-6 shadow-sm">
              <h3 className="font-serif text-xl text-brand-900">
                {t(`about.why.points.${point}.title`, values)}
              </h3>
              <p className="mt-2 text-gray-800">{t(`about.why.points.${point}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="about-story"
        className="mx-auto mt-16 grid max-w-7xl items-center gap-8 px-4 md:grid-cols-2"
      >
        <img
          src="/pictures/about-story.webp"
          alt={t('about.story.imageAlt')}
          width={800}
          height={600}
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] w-full rounded-lg object-cover"
        />
        <div>
          <h2 id="about-story" className="font-serif text-3xl tracking-wide text-brand-900">
            {t('about.story.heading')}
          </h2>
          {story.map((text) => (
            <p key={text} className="mt-4 text-gray-800">
              {text}
            </p>
          ))}
        </div>
      </section>

      <PlanVisit className="mt-16" />

      <section aria-labelledby="about-craft" className="mx-auto mt-16 max-w-7xl px-4">
        <h2 id="about-craft" className="text-center font-serif text-3xl text-brand-900">
          {t('about.craft.heading')}
        </h2>
        <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, i) => (
            <li key={step} className="rounded-lg bg-brand-50 p-6">
              <span aria-hidden="true" className="font-serif text-3xl text-brand-700">
                {i + 1}
              </span>
              <h3 className="mt-2 font-serif text-xl text-brand-900">
                {t(`about.craft.steps.${step}.title`)}
              </h3>
              <p className="mt-2 text-gray-800">{t(`about.craft.steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <NeedMoreHelp className="mt-16" />
    </>
  );
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { image: '/pictures/about-story.webp' });
