import { IMAGE_QUALITY } from '@catalogue/shared/domain/limits';
import { imageSourceOf } from '~/lib/media';

/**
 * The detail picture is drawn up to 700 px and zoomed up to 3×, so it uses a larger variant than
 * the listings: 800 px boxes (1600 px at dpr 2). The 1600 px file is fetched only when the
 * visitor zooms or magnifies.
 */
export const DETAIL_IMAGE_PX = 800;

export type DetailImage = { src: string | null; srcSet?: string; hiRes: string | null };

export function detailImage(product: {
  imageUrl?: string | null;
  imageurl?: string | null;
  cloudinaryId?: string | null;
}): DetailImage {
  const source = imageSourceOf(product);
  if (!source) return { src: null, hiRes: null };
  if (!source.startsWith('/media/')) return { src: source, hiRes: source };
  const base = `${source}?w=${DETAIL_IMAGE_PX}&h=${DETAIL_IMAGE_PX}&fit=inside&q=${IMAGE_QUALITY}`;
  const hiRes = `${base}&dpr=2`;
  return { src: base, srcSet: `${base} 1x, ${hiRes} 2x`, hiRes };
}
