import { buffer } from 'node:stream/consumers';
import type { MediaService } from './media.service.ts';

/**
 * A JPEG of one of our pictures, `width`×`height` (cropped to fill), for a document that embeds
 * it (a link's preview, a line sheet, a quote); null when the picture is not ours or unreadable.
 */
export async function thumbnailOf(
  media: Pick<MediaService, 'getVariant'>,
  mediaId: string | null,
  width: number,
  height: number,
): Promise<Buffer | null> {
  if (!mediaId) return null;
  const variant = await media.getVariant(mediaId, {
    width,
    height,
    fit: 'cover',
    quality: 70,
    dpr: 1,
    format: 'jpeg',
  });
  if (!variant) return null;
  // A thumbnail is small, so it comes whole; a large variant streamed from the store is read here.
  return Buffer.isBuffer(variant.data) ? variant.data : await buffer(variant.data);
}
