import { useCallback, useState } from 'react';
import { PLACEHOLDER_IMAGE, responsiveImage, type ImageSize } from '~/features/catalogue/product-image-url';

type ProductImageProps = {
  product: { imageUrl?: string | null; imageurl?: string | null; cloudinaryId?: string | null };
  alt: string;
  size?: ImageSize;
  /** `sizes` for the width-described srcset: how wide the picture is drawn at each breakpoint. */
  sizes?: string;
  /** Above-the-fold pictures load at once; everything else waits until it is near the viewport. */
  priority?: boolean;
  className?: string;
  onLoad?: () => void;
};

/**
 * A product picture that never shifts the layout (intrinsic width and height, the box sized by the
 * caller) and falls back to our placeholder when it cannot load. A picture can fail before React
 * attaches its handlers, so the element is also checked once it is mounted.
 */
export function ProductImage({
  product,
  alt,
  size = 'listing',
  sizes = '(min-width: 1024px) 25vw, 50vw',
  priority = false,
  className,
  onLoad,
}: ProductImageProps) {
  const image = responsiveImage(product, size);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === image.src;

  const fail = useCallback(() => setFailedSrc(image.src), [image.src]);
  const checkAlreadyFailed = useCallback(
    (img: HTMLImageElement | null) => {
      if (img && img.complete && img.naturalWidth === 0 && img.getAttribute('src') === image.src) fail();
    },
    [fail, image.src],
  );

  const showPlaceholder = failed || image.src === PLACEHOLDER_IMAGE;
  return (
    <img
      ref={showPlaceholder ? undefined : checkAlreadyFailed}
      src={showPlaceholder ? PLACEHOLDER_IMAGE : image.src}
      srcSet={showPlaceholder ? undefined : image.srcSet}
      sizes={showPlaceholder || !image.srcSet ? undefined : sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      onError={showPlaceholder ? undefined : fail}
      onLoad={onLoad}
      className={className}
    />
  );
}
