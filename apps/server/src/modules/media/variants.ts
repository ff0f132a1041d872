import { AppError } from '@catalogue/shared/errors';
import { IMAGE_MAX_PIXELS, IMAGE_QUALITY } from '@catalogue/shared/domain/limits';
import { loadSharp } from '../../lib/sharp.ts';

export type VariantFormat = 'avif' | 'webp' | 'jpeg';
export type VariantFit = 'inside' | 'cover';

/** One derived image: a box in CSS pixels, a device pixel ratio, a quality and an output format. */
export type VariantSpec = {
  width: number | null;
  height: number | null;
  fit: VariantFit;
  quality: number;
  dpr: 1 | 2;
  format: VariantFormat;
};

export const VARIANT_MIME: Record<VariantFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

/** Bumped when the encoder settings change, so browsers and disk caches never keep an old rendering. */
const RENDER_VERSION = 'v1';

/** The largest box a variant may ask for (CSS pixels, before the device pixel ratio). */
export const MAX_VARIANT_SIDE = 2400;

/**
 * Requested sizes snap up to these steps, and qualities to the nearest of the next list, so the
 * number of distinct variants one image can have is small and bounded: nobody can fill the disk or
 * keep the encoder busy by asking for w=601, w=602, ...
 */
const SIZE_STEPS = [64, 96, 128, 160, 200, 240, 300, 400, 480, 600, 800, 1000, 1200, 1600, 2000, 2400];
const QUALITY_STEPS = [50, 60, 70, 80, IMAGE_QUALITY, 90, 95];

const snapSize = (n: number) => SIZE_STEPS.find((s) => s >= n) ?? MAX_VARIANT_SIDE;
const snapQuality = (q: number) =>
  QUALITY_STEPS.reduce((best, s) => (Math.abs(s - q) < Math.abs(best - q) ? s : best), IMAGE_QUALITY);

export type VariantQuery = { w?: unknown; h?: unknown; fit?: unknown; q?: unknown; dpr?: unknown };

function wholeNumber(value: unknown, name: string, min: number, max: number): number | null {
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string' || !/^\d{1,5}$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new AppError('BAD_REQUEST', `${name} must be a whole number from ${min} to ${max}`);
  }
  return Number(value);
}

/** Reads `w`, `h`, `fit`, `q` and `dpr`; a value that is present but wrong is a 400 naming it. */
export function parseVariantQuery(query: VariantQuery, format: VariantFormat): VariantSpec {
  const w = wholeNumber(query.w, 'w', 1, MAX_VARIANT_SIDE);
  const h = wholeNumber(query.h, 'h', 1, MAX_VARIANT_SIDE);
  const q = wholeNumber(query.q, 'q', 1, 100);
  let fit: VariantFit = 'inside';
  if (query.fit !== undefined && query.fit !== '') {
    if (query.fit !== 'inside' && query.fit !== 'cover')
      throw new AppError('BAD_REQUEST', 'fit must be inside or cover');
    fit = query.fit;
  }
  let dpr: 1 | 2 = 1;
  if (query.dpr !== undefined && query.dpr !== '') {
    if (query.dpr !== '1' && query.dpr !== '2') throw new AppError('BAD_REQUEST', 'dpr must be 1 or 2');
    dpr = query.dpr === '2' ? 2 : 1;
  }
  return {
    width: w === null ? null : snapSize(w),
    height: h === null ? null : snapSize(h),
    fit,
    quality: q === null ? IMAGE_QUALITY : snapQuality(q),
    dpr,
    format,
  };
}

type AcceptRange = { type: string; q: number };

function parseAccept(header: string): AcceptRange[] {
  return header.split(',').map((part) => {
    const [type = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    return { type: type.trim(), q: Number.isFinite(q) ? q : 0 };
  });
}

/**
 * The output format for an `Accept` header: AVIF, then WebP, then JPEG, counting only formats the
 * client names explicitly (`*\/*` alone, as curl and old clients send, gets JPEG). AVIF costs
 * 3.5–4× the CPU of WebP to encode, so the media route serves an AVIF variant only once it has
 * been made, and WebP (`fallbackFormat`) while it is made in the background.
 */
export function chooseFormat(accept: string | undefined): VariantFormat {
  const ranges = parseAccept(accept ?? '');
  const accepts = (type: string) => ranges.some((r) => r.type === type && r.q > 0);
  if (accepts('image/avif')) return 'avif';
  if (accepts('image/webp')) return 'webp';
  return 'jpeg';
}

/** What a client that asked for AVIF gets while its AVIF variant is being made. */
export function fallbackFormat(accept: string | undefined): VariantFormat {
  const ranges = parseAccept(accept ?? '');
  return ranges.some((r) => r.type === 'image/webp' && r.q > 0) ? 'webp' : 'jpeg';
}

/**
 * AVIF's quality scale runs higher than WebP's and JPEG's: at the same number its files are ~1.8×
 * larger (measured with sharp on the site's 600 px pictures: WebP 86 ≈ 10–19 KB, AVIF 86 ≈
 * 18–31 KB, AVIF 60 ≈ 7–16 KB). A requested quality is scaled by 0.7, so the site's quality 86 becomes
 * AVIF 60, which looks the same as WebP 86 and is 15–30 % smaller.
 */
export function avifQuality(quality: number): number {
  return Math.max(1, Math.round(quality * 0.7));
}

/** A name for the variant that is stable, safe as a file name, and unique per rendering. */
export function variantName(spec: VariantSpec): string {
  return `${spec.width ?? 0}x${spec.height ?? 0}-${spec.fit}-q${spec.quality}-d${spec.dpr}-${RENDER_VERSION}.${spec.format}`;
}

/** Renders one variant from an original. Never enlarges; a box-less variant is the whole image, bounded. */
export async function renderVariant(original: Buffer, spec: VariantSpec): Promise<Buffer> {
  const scale = (n: number | null) => (n === null ? null : n * spec.dpr);
  const width = scale(spec.width);
  const height = scale(spec.height);
  const sharp = await loadSharp();
  let pipeline = sharp(original, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' });
  pipeline =
    width === null && height === null
      ? pipeline.resize({
          width: MAX_VARIANT_SIDE,
          height: MAX_VARIANT_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        })
      : pipeline.resize({
          ...(width === null ? {} : { width }),
          ...(height === null ? {} : { height }),
          fit: spec.fit,
          withoutEnlargement: true,
        });
  switch (spec.format) {
    case 'jpeg':
      // JPEG has no alpha: transparent PNG/WebP originals sit on white, as on the site's cards.
      return pipeline
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: spec.quality, progressive: true })
        .toBuffer();
    case 'webp':
      return pipeline.webp({ quality: spec.quality }).toBuffer();
    case 'avif':
      return pipeline.avif({ quality: avifQuality(spec.quality), effort: 2 }).toBuffer();
  }
}

/** The neutral "no image" picture: a soft background with a gem outline (no text, so no fonts needed). */
const PLACEHOLDER_SVG = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
    <rect width="800" height="800" fill="#f3f0ea"/>
    <g fill="none" stroke="#cbbfa8" stroke-width="18" stroke-linejoin="round">
      <path d="M270 300 L330 230 L470 230 L530 300 L400 520 Z"/>
      <path d="M270 300 L530 300 M330 230 L370 300 L400 520 L430 300 L470 230"/>
    </g>
  </svg>`,
);

export async function renderPlaceholder(spec: VariantSpec): Promise<Buffer> {
  const sharp = await loadSharp();
  const base = await sharp(PLACEHOLDER_SVG).png().toBuffer();
  return renderVariant(base, spec);
}
