import { FallbackImage } from '~/components/ui/fallback-image';
import { imageSourceOf, sizedImage, IMAGE_PRESETS, type ImagePreset } from '~/lib/media';

type ProductImageProps = {
  product: { imageUrl?: string | null; imageurl?: string | null; cloudinaryId?: string | null };
  alt: string;
  preset?: ImagePreset;
  /** Pictures in the first screenful load at once; everything else waits until it is near the viewport. */
  priority?: boolean;
  className?: string;
};

/**
 * A product picture at one of the media presets (spec §7), with its intrinsic size so the box never
 * shifts, and our placeholder when it is missing or fails to load.
 */
export function ProductImage({
  product,
  alt,
  preset = 'listing',
  priority = false,
  className,
}: ProductImageProps) {
  const { src, srcSet } = sizedImage(imageSourceOf(product), preset);
  const { w, h } = IMAGE_PRESETS[preset];
  return (
    <FallbackImage
      src={src}
      srcSet={srcSet}
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
