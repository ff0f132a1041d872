import { FallbackImage } from '~/components/ui/fallback-image';
import { imageSourceOf, widthSizedImage, IMAGE_PRESETS, type ImagePreset } from '~/lib/media';

/** A card's width in the product grids and carousels: two columns on phones, four from `lg`. */
const CARD_SIZES = '(min-width: 1024px) 25vw, 50vw';

type ProductImageProps = {
  product: { imageUrl?: string | null; imageurl?: string | null; cloudinaryId?: string | null };
  alt: string;
  preset?: ImagePreset;
  /** Pictures in the first screenful load at once; everything else waits until it is near the viewport. */
  priority?: boolean;
  /** How wide the picture is drawn, so a phone does not fetch the 2× file for a half-width card. */
  sizes?: string;
  className?: string;
};

/**
 * A product picture at one of the media presets, with its intrinsic size so the box never
 * shifts, and our placeholder when it is missing or fails to load.
 */
export function ProductImage({
  product,
  alt,
  preset = 'listing',
  priority = false,
  sizes = CARD_SIZES,
  className,
}: ProductImageProps) {
  const { src, srcSet } = widthSizedImage(imageSourceOf(product), preset);
  const { w, h } = IMAGE_PRESETS[preset];
  return (
    <FallbackImage
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={w}
      height={h}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      className={className}
    />
  );
}
