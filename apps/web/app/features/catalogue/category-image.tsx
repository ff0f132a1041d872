import { useCallback, useState } from 'react';
import type { Category } from '@catalogue/shared/domain/categories';
import { PLACEHOLDER_IMAGE } from '~/components/ui/fallback-image';

/** The category pictures served from apps/web/public (made for the demo, replaceable by the business). */
export const categoryPicture = (category: Category) => `/pictures/category-${category.toLowerCase()}.webp`;
const PICTURE_PX = 480;

/**
 * The picture beside a subcategory heading, with a pulsing skeleton until it has loaded.
 * It may finish loading before the page hydrates, when no handler was listening, so the element is
 * also checked as soon as it mounts.
 */
export function CategoryImage({ category, alt }: { category: Category; alt: string }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');

  const checkMounted = useCallback((img: HTMLImageElement | null) => {
    if (!img || !img.complete) return;
    setState((current) => (current !== 'loading' ? current : img.naturalWidth > 0 ? 'loaded' : 'failed'));
  }, []);

  return (
    <div className="relative mx-auto aspect-square w-full max-w-60 overflow-hidden rounded-xl bg-brand-50 md:mx-0 md:ml-auto">
      {state === 'loading' ? (
        <div
          data-testid="category-image-skeleton"
          aria-hidden="true"
          className="absolute inset-0 animate-pulse bg-brand-100"
        />
      ) : null}
      <img
        ref={state === 'failed' ? undefined : checkMounted}
        src={state === 'failed' ? PLACEHOLDER_IMAGE : categoryPicture(category)}
        width={PICTURE_PX}
        height={PICTURE_PX}
        alt={alt}
        decoding="async"
        onLoad={() => setState((current) => (current === 'loading' ? 'loaded' : current))}
        onError={() => setState('failed')}
        className={`h-full w-full object-cover transition-opacity duration-300 ${state === 'loading' ? 'opacity-0' : 'opacity-100'}`}
      />
    </div>
  );
}
