import { useTranslation } from '~/lib/i18n';
import { CATEGORIES } from '@catalogue/shared/domain/categories';
import { SITE } from '@catalogue/shared/domain/site';
import { ButtonLink } from '~/components/ui/button';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { RetryButton } from '~/components/ui/retry-button';
import { VideoFacade } from '~/features/home/video-facade';
import { textList } from '~/lib/text-list';

const SECTION = 'mx-auto max-w-7xl px-4';
const H2 = 'font-serif text-3xl text-brand-900';

/** 'Who We Are' with Get in Touch. */
export function WhoWeAre({ className = '' }: { className?: string }) {
  const { t } = useTranslation('home');
  const paragraphs = textList(t, 'whoWeAre.paragraphs');
  return (
    <section
      aria-labelledby="who-we-are"
      className={`${SECTION} grid items-center gap-8 md:grid-cols-2 ${className}`}
    >
      <div>
        <h2 id="who-we-are" className={H2}>
          {t('whoWeAre.heading')}
        </h2>
        {paragraphs.map((text) => (
          <p key={text} className="mt-4 text-gray-800">
            {text}
          </p>
        ))}
        <ButtonLink to="/contactus" className="mt-6">
          {t('whoWeAre.cta')}
        </ButtonLink>
      </div>
      <img
        src="/pictures/who-we-are.webp"
        alt={t('whoWeAre.imageAlt')}
        width={800}
        height={600}
        loading="lazy"
        decoding="async"
        className="aspect-[4/3] w-full rounded-lg object-cover"
      />
    </section>
  );
}

const EXPLORE = [
  { id: 'designs', to: '/shopall' },
  { id: 'about', to: '/aboutus' },
  { id: 'fairtrade', to: '/fairtrade' },
  { id: 'jaipur', to: '/visitjaipur' },
] as const;

/** 'Explore More': four cards. */
export function ExploreMore({ className = '' }: { className?: string }) {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="explore-more" className={`${SECTION} ${className}`}>
      <h2 id="explore-more" className={`${H2} text-center`}>
        {t('explore.heading')}
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {EXPLORE.map((card) => (
          <li key={card.id}>
            <PrefixedLink
              to={card.to}
              className="group block h-full overflow-hidden rounded-lg border border-brand-100 bg-white shadow-sm hover:shadow-md"
            >
              <img
                src={`/pictures/explore-${card.id}.webp`}
                alt={t(`explore.cards.${card.id}.alt`)}
                width={600}
                height={400}
                loading="lazy"
                decoding="async"
                className="aspect-[3/2] w-full object-cover transition-transform group-hover:scale-105"
              />
              <span className="block p-4">
                <span className="block font-serif text-xl text-brand-900">
                  {t(`explore.cards.${card.id}.title`)}
                </span>
                <span className="mt-1 block text-sm text-gray-800">{t(`explore.cards.${card.id}.text`)}</span>
              </span>
            </PrefixedLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The company film and the client testimonial, as click-to-play facades. */
export function VideoSection({ className = '' }: { className?: string }) {
  const { t } = useTranslation('home');
  const videos = [
    { id: 'company', source: SITE.videos.company },
    { id: 'testimonial', source: SITE.videos.testimonial },
  ] as const;
  return (
    <section aria-labelledby="videos" className={`${SECTION} ${className}`}>
      <h2 id="videos" className={`${H2} text-center`}>
        {t('videos.heading')}
      </h2>
      <div className="mt-6 grid gap-8 md:grid-cols-2">
        {videos.map((video) => (
          <div key={video.id}>
            <VideoFacade
              source={video.source}
              playLabel={t(`videos.${video.id}.play`)}
              title={t(`videos.${video.id}.title`)}
            />
            <h3 className="mt-3 font-serif text-xl text-brand-900">{t(`videos.${video.id}.title`)}</h3>
            <p className="mt-1 text-gray-800">{t(`videos.${video.id}.text`)}</p>
          </div>
        ))}
      </div>
    </section>
  );
}

/** 'Need More Help': Contact Now and Read Now. */
export function NeedMoreHelp({ className = '' }: { className?: string }) {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="need-help" className={`${SECTION} ${className}`}>
      <div className="rounded-xl bg-brand-50 px-6 py-10 text-center">
        <h2 id="need-help" className={H2}>
          {t('help.heading')}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-gray-800">{t('help.text')}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/contactus">{t('help.contactNow')}</ButtonLink>
          <ButtonLink to="/aboutus" variant="secondary" aria-describedby="read-now-text">
            {t('help.readNow')}
          </ButtonLink>
        </div>
        <p id="read-now-text" className="mt-3 text-sm text-gray-700">
          {t('help.readText')}
        </p>
      </div>
    </section>
  );
}

/** Category tiles, each linking to its category page. */
export function CategoryGrid({
  className = '',
  headingLevel: Heading = 'h2',
}: {
  className?: string;
  headingLevel?: 'h1' | 'h2';
}) {
  const { t } = useTranslation('home');
  const { t: tc } = useTranslation('common');
  return (
    <section aria-labelledby="categories" className={`${SECTION} ${className}`}>
      <Heading id="categories" className={`${H2} text-center`}>
        {t('categories.heading')}
      </Heading>
      <p className="mt-2 text-center text-gray-800">{t('categories.intro')}</p>
      <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {CATEGORIES.map((category) => (
          <li key={category}>
            <PrefixedLink
              to={`/category/${category}`}
              className="group block overflow-hidden rounded-lg border border-brand-100 bg-white text-center shadow-sm hover:shadow-md"
            >
              <img
                src={`/pictures/category-${category.toLowerCase()}.webp`}
                alt=""
                width={480}
                height={480}
                loading="lazy"
                decoding="async"
                className="aspect-square w-full object-cover transition-transform group-hover:scale-105"
              />
              <span className="block px-2 py-3 font-serif text-lg text-brand-900">
                {tc(`categories.${category}`)}
              </span>
            </PrefixedLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

type LatestCollectionProps = {
  /** The product grid, from the catalogue feature; absent when loading failed. */
  children?: React.ReactNode;
  /** Every product in the catalogue; 'View All Products (count)' shows when there are more than shown. */
  totalItems: number;
  shown: number;
  hasFailed: boolean;
  className?: string;
};

/** The page heading and the latest collection. */
export function LatestCollection({
  children,
  totalItems,
  shown,
  hasFailed,
  className = '',
}: LatestCollectionProps) {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="latest" className={`${SECTION} ${className}`}>
      <h1 className="text-center font-serif text-3xl text-brand-900 sm:text-4xl">{t('heading')}</h1>
      <h2 id="latest" className="mt-6 text-center font-serif text-2xl text-brand-700">
        {t('latest.heading')}
      </h2>
      <p className="mx-auto mt-2 max-w-2xl text-center text-gray-800">{t('latest.intro')}</p>
      <div className="mt-6">
        {hasFailed ? (
          <div className="text-center">
            <p role="alert" className="text-red-700">
              {t('latest.failed')}
            </p>
            <RetryButton label={t('latest.retry')} className="mt-4" />
          </div>
        ) : shown === 0 ? (
          <p className="text-center text-gray-700">{t('latest.empty')}</p>
        ) : (
          children
        )}
      </div>
      {!hasFailed && totalItems > shown ? (
        <div className="mt-8 text-center">
          <ButtonLink to="/shopall" variant="secondary">
            {t('latest.viewAll', { count: totalItems })}
          </ButtonLink>
        </div>
      ) : null}
    </section>
  );
}
