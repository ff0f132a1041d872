import { loadSharp } from '../../lib/sharp.ts';
import { PICTURE_PX } from './quotation-workbook.ts';

/** A small PNG of a product picture (Excel embeds PNG, JPEG and GIF only), or null if unreadable. */
export async function pictureForWorkbook(original: Buffer): Promise<Buffer | null> {
  try {
    const sharp = await loadSharp();
    return await sharp(original, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(PICTURE_PX * 2, PICTURE_PX * 2, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}
