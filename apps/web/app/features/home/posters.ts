/** The six home posters (apps/web/public/posters), each in three widths, AVIF and WebP. */
export const POSTER_COUNT = 6;
export const POSTER_WIDTHS = [640, 1024, 1600] as const;
/** Intrinsic size of every poster: 8:3, so the banner's box is known before any picture loads. */
export const POSTER_SIZE = { width: 1600, height: 600 } as const;
export const POSTER_SIZES = '100vw';

export function posterSrcSet(index: number, format: 'avif' | 'webp'): string {
  return POSTER_WIDTHS.map((w) => `/posters/poster-${index + 1}-${w}.${format} ${w}w`).join(', ');
}

export function posterFallbackSrc(index: number): string {
  return `/posters/poster-${index + 1}-1024.webp`;
}

/**
 * Preload of the first poster, the page's largest paint, as `react-dom`'s `preload()` arguments:
 * React puts a high-priority image preload at the top of `<head>`, ahead of the module preloads
 * (a route `links` entry came after all of them, so the poster queued behind the scripts). AVIF,
 * like the `<source>` every current browser picks.
 */
export function firstPosterPreload() {
  return [
    `/posters/poster-1-1024.avif`,
    {
      as: 'image',
      type: 'image/avif',
      imageSrcSet: posterSrcSet(0, 'avif'),
      imageSizes: POSTER_SIZES,
      fetchPriority: 'high',
    },
  ] as const;
}
