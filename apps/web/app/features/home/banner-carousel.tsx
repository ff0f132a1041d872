import { useEffect, useState } from 'react';
import { preload } from 'react-dom';
import { useTranslation } from '~/lib/i18n';
import { TIMINGS_MS } from '@catalogue/shared/domain/limits';
import {
  POSTER_COUNT,
  POSTER_SIZE,
  POSTER_SIZES,
  firstPosterPreload,
  posterFallbackSrc,
  posterSrcSet,
} from '~/features/home/posters';
import { objectList } from '~/lib/text-list';

type Slide = { title: string; text: string; alt: string };

function Poster({ index, alt, isFirst }: { index: number; alt: string; isFirst: boolean }) {
  return (
    <picture>
      <source type="image/avif" srcSet={posterSrcSet(index, 'avif')} sizes={POSTER_SIZES} />
      <source type="image/webp" srcSet={posterSrcSet(index, 'webp')} sizes={POSTER_SIZES} />
      <img
        src={posterFallbackSrc(index)}
        alt={alt}
        width={POSTER_SIZE.width}
        height={POSTER_SIZE.height}
        className="h-full w-full object-cover"
        decoding={isFirst ? 'sync' : 'async'}
        fetchPriority={isFirst ? 'high' : 'low'}
      />
    </picture>
  );
}

/**
 * The home banner: six posters, advancing every 1500 ms and not stopping when a visitor
 * picks one; a Pause button stops it for those who need the page still (WCAG 2.2.2), and so does
 * a reduced-motion preference. The server renders only the first poster, the page's largest paint;
 * each next poster is mounted one step ahead, so it is loaded before it shows.
 */
export function BannerCarousel() {
  preload(...firstPosterPreload());
  const { t } = useTranslation('home');
  const slides = objectList<Slide>(t, 'banner.slides');
  const [current, setCurrent] = useState(0);
  const [mounted, setMounted] = useState(1);
  const [isPaused, setIsPaused] = useState(false);
  const currentSlide = slides[current];

  useEffect(() => {
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) setIsPaused(true);
    setMounted(2);
  }, []);

  useEffect(() => {
    if (isPaused) return;
    const timer = setInterval(() => setCurrent((i) => (i + 1) % POSTER_COUNT), TIMINGS_MS.bannerAdvance);
    return () => clearInterval(timer);
  }, [isPaused]);

  useEffect(() => {
    setMounted((m) => Math.max(m, Math.min(POSTER_COUNT, current + 2)));
  }, [current]);

  return (
    <section aria-roledescription="carousel" aria-label={t('banner.label')} className="relative bg-brand-900">
      <div className="relative aspect-[8/3] w-full overflow-hidden">
        {Array.from({ length: POSTER_COUNT }, (_, i) => {
          const slide = slides[i];
          const isCurrent = i === current;
          return (
            <div
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} / ${POSTER_COUNT}`}
              aria-hidden={!isCurrent}
              data-current={isCurrent}
              className={`absolute inset-0 transition-opacity duration-500 motion-reduce:transition-none ${
                isCurrent ? 'opacity-100' : 'pointer-events-none opacity-0'
              }`}
            >
              {i < mounted ? <Poster index={i} alt={slide?.alt ?? ''} isFirst={i === 0} /> : null}
            </div>
          );
        })}
        {/* One caption above the crossfading posters: it changes with the slide, so two headlines
            never show at once. */}
        {currentSlide ? (
          <div
            data-testid="banner-caption"
            className="absolute inset-y-0 left-0 flex w-3/5 flex-col justify-center bg-gradient-to-r from-black/55 to-transparent px-4 sm:px-10 lg:px-16"
          >
            <p className="font-serif text-base leading-tight text-white sm:text-3xl lg:text-5xl">
              {currentSlide.title}
            </p>
            <p className="mt-1 hidden text-sm text-brand-50 sm:block lg:mt-3 lg:text-lg">
              {currentSlide.text}
            </p>
          </div>
        ) : null}
      </div>
      <div className="absolute bottom-2 right-2 flex items-center gap-1 sm:bottom-4 sm:right-4">
        {Array.from({ length: POSTER_COUNT }, (_, i) => (
          <button
            key={i}
            type="button"
            onClick={() => setCurrent(i)}
            aria-label={t('banner.goTo', { number: i + 1 })}
            aria-current={i === current ? 'true' : undefined}
            className="flex size-6 items-center justify-center"
          >
            <span
              aria-hidden="true"
              className={`block size-2.5 rounded-full border border-white ${i === current ? 'bg-white' : 'bg-white/30'}`}
            />
          </button>
        ))}
        <button
          type="button"
          onClick={() => setIsPaused((p) => !p)}
          aria-label={isPaused ? t('banner.play') : t('banner.pause')}
          className="ml-1 flex size-7 items-center justify-center rounded-full bg-black/40 text-white hover:bg-black/60"
        >
          {isPaused ? (
            <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true" fill="currentColor">
              <path d="M8 5v14l11-7z" />
            </svg>
          ) : (
            <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true" fill="currentColor">
              <path d="M7 5h4v14H7zM13 5h4v14h-4z" />
            </svg>
          )}
        </button>
      </div>
    </section>
  );
}
