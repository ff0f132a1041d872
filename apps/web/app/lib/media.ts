import { IMAGE_QUALITY } from '@catalogue/shared/domain/limits';

/**
 * Sizes our `/media/{id}` endpoint makes on demand (once each, then cached): `listing` for grids
 * and carousels (600×600 inside), `thumb` for the cart and search (400×400 cover), `post` for a
 * blog post's own picture (800×450 cover: the 16:9 crop its page shows).
 */
export const IMAGE_PRESETS = {
  listing: { w: 600, h: 600, fit: 'inside' },
  thumb: { w: 400, h: 400, fit: 'cover' },
  post: { w: 800, h: 450, fit: 'cover' },
} as const;
export type ImagePreset = keyof typeof IMAGE_PRESETS;

type HasImage = { imageUrl?: string | null; imageurl?: string | null; cloudinaryId?: string | null };

/** Where a product's (or a blog's) picture lives: imageUrl, then imageurl, then our media id; else null. */
export function imageSourceOf(item: HasImage): string | null {
  const url = item.imageUrl?.trim() || item.imageurl?.trim();
  if (url) return url;
  const id = item.cloudinaryId?.trim();
  return id ? `/media/${encodeURIComponent(id)}` : null;
}

/**
 * Our `/media/{id}` endpoint: a path, or an absolute address whose path ends in `/media/` and one
 * of our ids (the API answers absolute ones, built from the configured public address of the
 * media, which may be a CDN on another origin with a path of its own). Any other address is
 * someone else's picture and is used as it is.
 */
const ABSOLUTE_MEDIA =
  /^https?:\/\/[^/?#]+(?:\/[^?#]*)?\/media\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:\?|$)/i;

export function isOurMedia(url: string): boolean {
  return url.startsWith('/media/') || ABSOLUTE_MEDIA.test(url);
}

function withParams(url: string, params: Record<string, string | number>) {
  const [path, query = ''] = url.split('?', 2);
  const search = new URLSearchParams(query);
  for (const [key, value] of Object.entries(params)) search.set(key, String(value));
  return `${path}?${search.toString()}`;
}

type SizedImage = { src: string | null; srcSet?: string };

/** Our image at a preset size and at twice it, the two described by `describe(presetWidth)`. */
function presetImage(
  url: string | null | undefined,
  preset: ImagePreset,
  describe: (w: number) => readonly [string, string],
): SizedImage {
  if (!url) return { src: null };
  if (!isOurMedia(url)) return { src: url };
  const { w, h, fit } = IMAGE_PRESETS[preset];
  const src = withParams(url, { w, h, fit, q: IMAGE_QUALITY });
  const [one, two] = describe(w);
  return { src, srcSet: `${src} ${one}, ${withParams(url, { w, h, fit, q: IMAGE_QUALITY, dpr: 2 })} ${two}` };
}

/**
 * `src` and a 1x/2x `srcSet` for one of our images at a preset size. Other URLs (an external
 * http(s) picture, a file in /public) are used as they are.
 */
export function sizedImage(url: string | null | undefined, preset: ImagePreset): SizedImage {
  return presetImage(url, preset, () => ['1x', '2x']);
}

/**
 * `src` and a width-described `srcSet` (the preset's box and twice it) for a picture drawn at a
 * known width (`sizes` at the call site): the browser picks by the pixels it needs, where a `2x`
 * entry is taken by every phone above dpr 1.5. A `cover` file is exactly the box; an `inside` one
 * fills the box along its longer side, which is the side a square box draws it by.
 */
export function widthSizedImage(url: string | null | undefined, preset: ImagePreset): SizedImage {
  return presetImage(url, preset, (w) => [`${w}w`, `${w * 2}w`]);
}
