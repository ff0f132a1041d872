import { useState, type FocusEvent } from 'react';
import { FallbackImage } from '~/components/ui/fallback-image';
import { IMAGE_PRESETS, widthSizedImage } from '~/lib/media';

/**
 * Whether a card shows its second picture: while the pointer is over the card or the keyboard
 * focus is inside it. `isWanted` stays true once it was shown, so the picture is fetched on the
 * first hover or focus and never before.
 */
export function useSecondPicture(url: string | null | undefined) {
  const [isShown, setIsShown] = useState(false);
  const [isWanted, setIsWanted] = useState(false);
  const show = () => {
    setIsShown(true);
    setIsWanted(true);
  };
  const handlers = url
    ? {
        onPointerEnter: show,
        onPointerLeave: () => setIsShown(false),
        onFocus: show,
        onBlur: (event: FocusEvent<HTMLElement>) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsShown(false);
        },
      }
    : {};
  return { handlers, isShown: !!url && isShown, isWanted: !!url && isWanted };
}

/**
 * The second picture laid exactly over the first (same box, same size): showing it moves nothing.
 * Rendered only once wanted, then faded in and out.
 */
export function CardSecondPicture({
  url,
  isShown,
  isWanted,
  sizes,
}: {
  url: string | null | undefined;
  isShown: boolean;
  isWanted: boolean;
  sizes?: string;
}) {
  if (!url || !isWanted) return null;
  const { src, srcSet } = widthSizedImage(url, 'listing');
  const { w, h } = IMAGE_PRESETS.listing;
  return (
    <FallbackImage
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? (sizes ?? '(min-width: 1024px) 25vw, 50vw') : undefined}
      width={w}
      height={h}
      alt=""
      decoding="async"
      data-testid="card-second-picture"
      className={`absolute inset-0 h-full w-full bg-brand-50 object-contain motion-safe:transition-opacity motion-safe:duration-200 ${
        isShown ? 'opacity-100' : 'opacity-0'
      }`}
    />
  );
}
