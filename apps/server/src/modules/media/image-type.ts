/** The raster formats we accept as uploads. SVG is absent on purpose: it is a document that can script. */
export type ImageType = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

export const IMAGE_MIME: Record<ImageType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const AVIF_BRANDS = new Set(['avif', 'avis']);

const ascii = (data: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...data.subarray(start, Math.min(end, data.length)));

const startsWith = (data: Uint8Array, bytes: readonly number[], at = 0) =>
  data.length >= at + bytes.length && bytes.every((b, i) => data[at + i] === b);

/** An AVIF file is an ISO-BMFF `ftyp` box naming `avif` or `avis` as its major or a compatible brand. */
function isAvif(data: Uint8Array): boolean {
  if (data.length < 16 || ascii(data, 4, 8) !== 'ftyp') return false;
  const boxSize = ((data[0]! << 24) | (data[1]! << 16) | (data[2]! << 8) | data[3]!) >>> 0;
  const end = Math.min(boxSize, data.length, 4096);
  if (AVIF_BRANDS.has(ascii(data, 8, 12))) return true;
  // Compatible brands follow the major brand (4 bytes) and minor version (4 bytes).
  for (let at = 16; at + 4 <= end; at += 4) if (AVIF_BRANDS.has(ascii(data, at, at + 4))) return true;
  return false;
}

/**
 * The real type of an upload, read from its first bytes; the name and the declared content type
 * are never trusted. null for anything that is not one of the accepted raster formats.
 */
export function sniffImageType(data: Uint8Array): ImageType | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(data, PNG_SIGNATURE)) return 'png';
  if (ascii(data, 0, 6) === 'GIF87a' || ascii(data, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WEBP') return 'webp';
  if (isAvif(data)) return 'avif';
  return null;
}
