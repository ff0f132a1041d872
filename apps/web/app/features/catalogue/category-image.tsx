import { useCallback, useState } from 'react';
import { PLACEHOLDER_IMAGE } from '~/components/ui/fallback-image';
import { IMAGE_PRESETS, imageSourceOf, sizedImage } from '~/lib/media';

type ImageFields = { imageUrl?: string | null; imageurl?: string | null; cloudinaryId?: string | null };

/**
 * The picture beside a subcategory heading (spec §2.6), with a pulsing skeleton until it has loaded.
 * It may finish loading before the page hydrates, when no handler was listening, so the element is
 * also checked as soon as it mounts.
 */
export function CategoryImage({ product, alt }: { product: ImageFields; alt: string }) {
  const { src, srcSet } = sizedImage(imageSourceOf(product), 'listing');
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>(src ? 'loading' : 'failed');
  const { w, h } = IMAGE_PRESETS.listing;

  const checkMounted = useCallback((img: HTMLImageElement | null) => {
    if (!img || !img.complete) return;
    setState((current) => (current !== 'loading' ? current : img.naturalWidth > 0 ? 'loaded' : 'failed'));
  }, []);

  const failed = state === 'failed';
  return (
    <div className="relative aspect-[4/3] overflow-hidden rounded-xl bg-brand-50">
      {state === 'loading' ? (
        <div
          data-testid="category-image-skeleton"
          aria-hidden="true"
          className="absolute inset-0 animate-pulse bg-brand-100"
        />
      ) : null}
      <img
        ref={failed ? undefined : checkMounted}
        src={failed ? PLACEHOLDER_IMAGE : (src ?? PLACEHOLDER_IMAGE)}
        srcSet={failed ? undefined : srcSet}
        width={w}
        height={h}
        alt={alt}
        loading="eager"
        decoding="async"
        onLoad={() => setState((current) => (current === 'loading' ? 'loaded' : current))}
        onError={() => setState('failed')}
        className={`h-full w-full object-contain transition-opacity duration-300 ${state === 'loading' ? 'opacity-0' : 'opacity-100'}`}
      />
    </div>
  );
}
