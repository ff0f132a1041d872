/**
 * The six home posters (apps/web/public/posters), each in four widths, AVIF and WebP; 768 is the
 * one phones take (412 px at 1.75×): the first poster then fits in the first round trip of its
 * connection (8.7 KB; 14.5 KB at 1024). The widths are drawn by scripts/generate-public-assets.mjs.
 */
export const POSTER_COUNT = 6;
export const POSTER_WIDTHS = [640, 768, 1024, 1600] as const;
/** Intrinsic size of every poster: 8:3, so the banner's box is known before any picture loads. */
export const POSTER_SIZE = { width: 1600, height: 600 } as const;
export const POSTER_SIZES = '100vw';

/** The width a browser without `srcset` gets, and the preload's own `href`. */
const FALLBACK_WIDTH = 1024;

/** One poster file: `index` from 0, a width of {@link POSTER_WIDTHS}. */
export function posterSrc(index: number, width: number, format: 'avif' | 'webp'): string {
  return `/posters/poster-${index + 1}-${width}.${format}`;
}

export function posterSrcSet(index: number, format: 'avif' | 'webp'): string {
  return POSTER_WIDTHS.map((w) => `${posterSrc(index, w, format)} ${w}w`).join(', ');
}

export function posterFallbackSrc(index: number): string {
  return posterSrc(index, FALLBACK_WIDTH, 'webp');
}

/**
 * Preload of the first poster, the page's largest paint, as `react-dom`'s `preload()` arguments:
 * React puts a high-priority image preload at the top of `<head>`, ahead of the module preloads
 * (a route `links` entry came after all of them, so the poster queued behind the scripts). AVIF,
 * like the `<source>` every current browser picks.
 */
export function firstPosterPreload() {
  return [
    posterSrc(0, FALLBACK_WIDTH, 'avif'),
    {
      as: 'image',
      type: 'image/avif',
      imageSrcSet: posterSrcSet(0, 'avif'),
      imageSizes: POSTER_SIZES,
      fetchPriority: 'high',
    },
  ] as const;
}
