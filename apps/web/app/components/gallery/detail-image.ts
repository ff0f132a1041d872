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

/** A gallery thumbnail's box: 80 px square beside or beneath the main picture. */
export const THUMB_PX = 80;

/**
 * A thumbnail's own small file: the box, cropped square, at 1×, 2× (160 px) and 3× (240 px), so a
 * strip of 12 costs a few kilobytes each to fetch and decode instead of the 800 px files of the
 * cart's preset. Another site's picture is used as it is.
 */
export function thumbImage(url: string | null | undefined): { src: string | null; srcSet?: string } {
  if (!url) return { src: null };
  if (!isOurMedia(url)) return { src: url };
  const [path, query = ''] = url.split('?', 2);
  const at = (w: number, dpr: 1 | 2) => {
    const search = new URLSearchParams(query);
    for (const [key, value] of Object.entries({ w, h: w, fit: 'cover', q: IMAGE_QUALITY }))
      search.set(key, String(value));
    if (dpr === 2) search.set('dpr', '2');
    return `${path}?${search.toString()}`;
  };
  return {
    src: at(THUMB_PX, 1),
    srcSet: `${at(THUMB_PX, 1)} 1x, ${at(THUMB_PX, 2)} 2x, ${at((THUMB_PX * 3) / 2, 2)} 3x`,
  };
}
