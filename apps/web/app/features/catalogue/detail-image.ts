import { IMAGE_QUALITY } from '@catalogue/shared/domain/limits';
import { imageSourceOf, isOurMedia } from '~/lib/media';

/**
 * The detail picture is drawn up to 700 px and zoomed up to 3×, so it uses a larger variant than
 * the listings: 800 px boxes (1600 px at dpr 2). The 1600 px file is fetched only when the
 * visitor zooms or magnifies, or when the drawn size needs it.
 */
export const DETAIL_IMAGE_PX = 800;

/**
 * How wide the viewer draws the picture (its box: full width on phones, 560 px tall from `sm`,
 * 700 px from `lg`). With width descriptors a phone (412 px at dpr 1.75 needs ~720 px) takes the
 * 800 px file; a `2x` descriptor made every phone above dpr 1.5 load the 1600 px one.
 */
export const DETAIL_IMAGE_SIZES = '(min-width: 1024px) 700px, (min-width: 640px) 560px, 100vw';

export type DetailImage = { src: string | null; srcSet?: string; hiRes: string | null };

export function detailImage(product: {
  imageUrl?: string | null;
  imageurl?: string | null;
  cloudinaryId?: string | null;
}): DetailImage {
  const source = imageSourceOf(product);
  if (!source) return { src: null, hiRes: null };
  if (!isOurMedia(source)) return { src: source, hiRes: source };
  const base = `${source}?w=${DETAIL_IMAGE_PX}&h=${DETAIL_IMAGE_PX}&fit=inside&q=${IMAGE_QUALITY}`;
  const hiRes = `${base}&dpr=2`;
  return { src: base, srcSet: `${base} ${DETAIL_IMAGE_PX}w, ${hiRes} ${DETAIL_IMAGE_PX * 2}w`, hiRes };
}
