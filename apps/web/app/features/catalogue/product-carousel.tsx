import { useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '~/lib/i18n';
import {
  CAROUSEL_BREAKPOINTS,
  canStep,
  clampStart,
  stepStart,
  visibleCountFor,
  visibleWindow,
} from '~/features/catalogue/carousel-window';
import { ChevronLeftIcon, ChevronRightIcon } from '~/components/ui/icons';
import { ProductCard, type CardProduct } from '~/features/catalogue/product-card';

const QUERIES = [
  `(min-width: ${CAROUSEL_BREAKPOINTS.three}px)`,
  `(min-width: ${CAROUSEL_BREAKPOINTS.four}px)`,
];

function subscribeToWidth(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const lists = QUERIES.map((q) => window.matchMedia(q));
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

const widthCount = () => visibleCountFor(window.innerWidth);
// The server cannot know the screen; it renders four and CSS hides what a narrow screen must not show.
const serverCount = () => 4 as const;

/** How many cards fit: follows the window width through the two breakpoints. */
export function useVisibleCount(): 2 | 3 | 4 {
  return useSyncExternalStore(subscribeToWidth, widthCount, serverCount);
}

const SWIPE_MIN_PX = 40;

/**
 * Hides, below its breakpoint, a card that only the wider layouts show. The cards are in reversed
 * order, so the extra ones are the first in the row: the fourth from the end needs 1024 px, the
 * third 640 px. After hydration only the cards that fit are rendered and these never apply.
 */
function hideBelowBreakpoint(indexFromEnd: number): string {
  if (indexFromEnd >= 4) return 'max-lg:hidden';
  if (indexFromEnd === 3) return 'max-sm:hidden';
  return '';
}

/** "Most Loved Fashion Jewellery": a window of 2, 3 or 4 cards moved by arrows, swipe or keys. */
export function ProductCarousel({ products, title }: { products: readonly CardProduct[]; title?: string }) {
  const { t } = useTranslation('catalogue');
  const headingId = useId();
  const visible = useVisibleCount();
  const [requestedStart, setStart] = useState(0);
  const start = clampStart(requestedStart, products.length, visible);
  const cards = visibleWindow(products, start, visible);
  const hasPrevious = canStep(start, -1, products.length, visible);
  const hasNext = canStep(start, 1, products.length, visible);
  const touchStartX = useRef<number | null>(null);

  const step = (direction: -1 | 1) => setStart(stepStart(start, direction, products.length, visible));

  if (products.length === 0) return null;

  const arrow =
    'flex h-10 w-10 items-center justify-center rounded-full border border-brand-600/40 bg-white text-xl text-brand-700 shadow-sm hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40';

  return (
    <section
      aria-labelledby={headingId}
      aria-roledescription="carousel"
      className="mx-auto max-w-7xl px-4 py-10"
      onKeyDown={(event) => {
        if (event.target instanceof HTMLInputElement) return;
        if (event.key === 'ArrowLeft' && hasPrevious) {
          event.preventDefault();
          step(-1);
        } else if (event.key === 'ArrowRight' && hasNext) {
          event.preventDefault();
          step(1);
        }
      }}
    >
      <div className="mb-6 flex items-end justify-between gap-4">
        <h2 id={headingId} className="font-serif text-2xl text-brand-900 sm:text-3xl">
          {title ?? t('carousel.title')}
        </h2>
        <div className="flex shrink-0 gap-2">
          <button
            type="button"
            className={arrow}
            onClick={() => step(-1)}
            disabled={!hasPrevious}
            aria-label={t('carousel.previous')}
          >
            <ChevronLeftIcon className="size-5" />
          </button>
          <button
            type="button"
            className={arrow}
            onClick={() => step(1)}
            disabled={!hasNext}
            aria-label={t('carousel.next')}
          >
            <ChevronRightIcon className="size-5" />
          </button>
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {t('carousel.position', {
          from: start + 1,
          to: Math.min(start + visible, products.length),
          total: products.length,
        })}
      </p>
      <ul
        className="grid touch-pan-y grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4"
        onTouchStart={(event) => {
          touchStartX.current = event.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(event) => {
          const from = touchStartX.current;
          const to = event.changedTouches[0]?.clientX;
          touchStartX.current = null;
          if (from === null || to === undefined || Math.abs(to - from) < SWIPE_MIN_PX) return;
          // A swipe to the left brings in the next cards, as on any touch carousel.
          if (to < from && hasNext) step(1);
          if (to > from && hasPrevious) step(-1);
        }}
      >
        {cards.map((product, i) => (
          <li key={product._id} className={hideBelowBreakpoint(cards.length - i)}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}
