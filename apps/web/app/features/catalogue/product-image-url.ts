import { IMAGE_QUALITY } from '@catalogue/shared/domain/limits';

/** Served from apps/web/public: what a card shows when a product has no image or it fails to load. */
export const PLACEHOLDER_IMAGE = '/images/product-placeholder.svg';

type ImageFields = { imageUrl?: string | null; imageurl?: string | null; cloudinaryId?: string | null };

/**
 * Where a product's picture lives (spec §3): imageUrl, then imageurl, then the media id, else
 * nothing. Our own images are `/media/{id}` and accept resizing parameters; external URLs do not.
 */
export function productImageSource(product: ImageFields): string | null {
  for (const candidate of [product.imageUrl, product.imageurl]) {
    if (candidate && (candidate.startsWith('/') || /^https?:\/\//i.test(candidate))) return candidate;
  }
  if (product.cloudinaryId) return `/media/${encodeURIComponent(product.cloudinaryId)}`;
  return null;
}

const isOwnMedia = (src: string) => src.startsWith('/media/');

export type ImageSize = 'listing' | 'thumb' | 'detail';

/** Spec §7 sizes: listings 600×600 inside, cart and search 400×400 cover; detail is larger for zooming. */
const SIZES: Record<ImageSize, { w: number; h: number; fit: 'inside' | 'cover' }> = {
  listing: { w: 600, h: 600, fit: 'inside' },
  thumb: { w: 400, h: 400, fit: 'cover' },
  detail: { w: 800, h: 800, fit: 'inside' },
};

function withParams(src: string, size: ImageSize, dpr: 1 | 2): string {
  const { w, h, fit } = SIZES[size];
  const query = `w=${w}&h=${h}&fit=${fit}&q=${IMAGE_QUALITY}${dpr === 2 ? '&dpr=2' : ''}`;
  return `${src}${src.includes('?') ? '&' : '?'}${query}`;
}

export type ResponsiveImage = { src: string; srcSet?: string; width: number; height: number };

/**
 * The `src` and width-described `srcSet` for one product picture. The 2× entry lets a phone with a
 * dense screen or a wide desktop column pick the sharper file; the placeholder has no variants.
 */
export function responsiveImage(product: ImageFields, size: ImageSize): ResponsiveImage {
  const { w, h } = SIZES[size];
  const source = productImageSource(product);
  if (!source) return { src: PLACEHOLDER_IMAGE, width: w, height: h };
  if (!isOwnMedia(source)) return { src: source, width: w, height: h };
  const src = withParams(source, size, 1);
  return { src, srcSet: `${src} ${w}w, ${withParams(source, size, 2)} ${w * 2}w`, width: w, height: h };
}
