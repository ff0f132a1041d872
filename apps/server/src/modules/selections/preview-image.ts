import { loadSharp } from '../../lib/sharp.ts';

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
/** A link preview must stay small: WhatsApp drops larger ones. */
export const PREVIEW_MAX_BYTES = 250 * 1024;
/** Three columns, two rows: the first six designs. */
const COLUMNS = 3;
const ROWS = 2;
const GAP = 6;
export const TILE_WIDTH = Math.floor((PREVIEW_WIDTH - GAP * (COLUMNS + 1)) / COLUMNS);
export const TILE_HEIGHT = Math.floor((PREVIEW_HEIGHT - GAP * (ROWS + 1)) / ROWS);

export type PreviewTile = { code: string; picture: Buffer | null };

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** A design without a picture of ours: its code on the brand's cream. */
function codeTile(code: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_WIDTH}" height="${TILE_HEIGHT}">
      <rect width="100%" height="100%" fill="#f6efe4"/>
      <text x="50%" y="50%" font-family="sans-serif" font-size="40" fill="#5b3a1a" text-anchor="middle"
        dominant-baseline="middle">${escapeXml(code)}</text></svg>`,
  );
}

/**
 * The link preview: up to six designs' pictures in a 3×2 grid on a 1200×630 JPEG, at most
 * 250 KB (the quality steps down until it fits). Only our own pictures are drawn: an external
 * address is never fetched by the server; such a design shows its code instead.
 */
export async function makePreviewImage(tiles: readonly PreviewTile[]): Promise<Buffer> {
  const sharp = await loadSharp();
  const shown = tiles.slice(0, COLUMNS * ROWS);
  const layers = await Promise.all(
    shown.map(async (tile, index) => {
      const input = tile.picture
        ? await sharp(tile.picture)
            .resize(TILE_WIDTH, TILE_HEIGHT, { fit: 'cover' })
            .flatten({ background: '#ffffff' })
            .toBuffer()
            .catch(() => null)
        : null;
      return {
        input: input ?? (await sharp(codeTile(tile.code)).png().toBuffer()),
        left: GAP + (index % COLUMNS) * (TILE_WIDTH + GAP),
        top: GAP + Math.floor(index / COLUMNS) * (TILE_HEIGHT + GAP),
      };
    }),
  );
  const canvas = await sharp({
    create: { width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, channels: 3, background: '#ffffff' },
  })
    .composite(layers)
    .png()
    .toBuffer();
  for (const quality of [80, 70, 60, 50, 40]) {
    const jpeg = await sharp(canvas).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= PREVIEW_MAX_BYTES || quality === 40) return jpeg;
  }
  throw new Error('unreachable');
}
