import { PRODUCT_IMAGE_MAX_BYTES } from '@catalogue/shared/domain/limits';
import { AppError } from '@catalogue/shared/errors';
import { isId } from '@catalogue/shared/schemas/common';
import { PRODUCT_MESSAGES } from '@catalogue/shared/schemas/product';
import { withFields } from '@catalogue/shared/with-fields';
import {
  GALLERY_MAX_IMAGES,
  GALLERY_MESSAGES,
  galleryAltSchema,
  type GalleryAlt,
  type ProductImage,
} from '@catalogue/shared/schemas/product-gallery';
import type { Db } from '../../db/client.ts';
import type { MediaService, PublicImageUrl } from '../media/index.ts';
import type { CatalogueEvents } from '../../domain-events.ts';
import {
  deletePicture,
  insertPicture,
  listGallery,
  listSecondPictures,
  lockProduct,
  readGallery,
  mirrorFirstPicture,
  updateAlt,
  writeOrder,
  type GalleryRow,
} from './gallery.repository.ts';

export type GalleryService = ReturnType<typeof createGalleryService>;

const notFound = () => new AppError('NOT_FOUND', PRODUCT_MESSAGES.notFound);
const pictureNotFound = () => new AppError('NOT_FOUND', GALLERY_MESSAGES.imageNotFound);
const tooMany = () => new AppError('BAD_REQUEST', GALLERY_MESSAGES.tooMany);

/** The alt texts of a request, or a 400 naming the field. */
export function checkAlt(input: Record<string, unknown>): GalleryAlt {
  const parsed = galleryAltSchema.safeParse({ alt: input.alt ?? undefined, altHi: input.altHi ?? undefined });
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw new AppError('BAD_REQUEST', issues[0]?.message ?? 'Invalid alt text', issues);
}

/** Gallery rows as the API answers them (absolute addresses from the configured public base). */
export function toProductImages(rows: GalleryRow[], imageUrl: PublicImageUrl): ProductImage[] {
  return rows.flatMap((row) => {
    const url = imageUrl({ mediaId: row.mediaId, imageUrl: row.url });
    if (!url) return [];
    return [
      {
        _id: row.id,
        url,
        alt: row.altEn,
        altHi: row.altHi,
        width: row.mediaId ? row.width : null,
        height: row.mediaId ? row.height : null,
      },
    ];
  });
}

/**
 * The product gallery: up to GALLERY_MAX_IMAGES pictures per product, ordered, each with English
 * and Hindi alt text. Every write runs in one transaction that also sets the product row's picture
 * to the gallery's first, then empties the catalogue caches.
 */
export function createGalleryService(deps: {
  db: Db;
  media: MediaService;
  events: CatalogueEvents;
  imageUrl: PublicImageUrl;
}) {
  const { db, media, events } = deps;

  async function answer(productId: string): Promise<ProductImage[]> {
    return toProductImages(await readGallery(db, productId), deps.imageUrl);
  }

  function changed() {
    events.emit('catalogue:changed');
  }

  return {
    /** The gallery of a product, first first (empty for a product without pictures). */
    list: answer,

    /**
     * Adds one uploaded picture at the end. The file gets the checks and storage of a product
     * picture (type from its bytes, size and pixel limits); the 13th picture is refused before
     * the file is processed and again, under the product's lock, before it is stored.
     */
    async add(productId: string, input: { data: Buffer | null; fields: Record<string, unknown> }) {
      if (!isId(productId)) throw notFound();
      const alt = checkAlt(input.fields);
      const before = await listGallery(db, productId);
      if (before.length >= GALLERY_MAX_IMAGES) throw tooMany();
      if (!input.data) throw new AppError('BAD_REQUEST', PRODUCT_MESSAGES.imageRequired);
      const { id: mediaId } = await media.ingestImage(input.data, {
        maxBytes: PRODUCT_IMAGE_MAX_BYTES,
        tooLargeMessage: PRODUCT_MESSAGES.imageTooLarge,
      });
      try {
        await db.transaction(async (tx) => {
          if (!(await lockProduct(tx, productId))) throw notFound();
          const current = await listGallery(tx, productId);
          if (current.length >= GALLERY_MAX_IMAGES) throw tooMany();
          const position = current.length ? Math.max(...current.map((r) => r.position)) + 1 : 0;
          await insertPicture(tx, { productId, position, mediaId, altEn: alt.alt, altHi: alt.altHi });
          await mirrorFirstPicture(tx, productId);
        });
      } catch (error) {
        await media.release(mediaId).catch(() => {});
        throw error;
      }
      changed();
      return answer(productId);
    },

    /** Puts the pictures in the order of `ids`, which must name each of them exactly once. */
    async reorder(productId: string, ids: string[]) {
      if (!isId(productId)) throw notFound();
      const wanted = ids.map((id) => id.toLowerCase());
      await db.transaction(async (tx) => {
        if (!(await lockProduct(tx, productId))) throw notFound();
        const current = new Set((await listGallery(tx, productId)).map((r) => r.id));
        const distinct = new Set(wanted);
        if (
          wanted.length !== current.size ||
          distinct.size !== wanted.length ||
          !wanted.every((id) => current.has(id))
        ) {
          throw new AppError('BAD_REQUEST', GALLERY_MESSAGES.badOrder);
        }
        await writeOrder(tx, productId, wanted);
        await mirrorFirstPicture(tx, productId);
      });
      changed();
      return answer(productId);
    },

    /** Removes one picture; the ones after it move up, and its file goes when nothing else uses it. */
    async remove(productId: string, imageId: string) {
      if (!isId(productId)) throw notFound();
      if (!isId(imageId)) throw pictureNotFound();
      const removed = await db.transaction(async (tx) => {
        if (!(await lockProduct(tx, productId))) throw notFound();
        const row = await deletePicture(tx, productId, imageId);
        if (!row) throw pictureNotFound();
        const rest = (await listGallery(tx, productId)).map((r) => r.id);
        await writeOrder(tx, productId, rest);
        await mirrorFirstPicture(tx, productId);
        return row;
      });
      changed();
      if (removed.mediaId) await media.release(removed.mediaId).catch(() => {});
      return answer(productId);
    },

    /** Sets both alt texts of one picture (an empty text clears it). */
    async setAlt(productId: string, imageId: string, fields: Record<string, unknown>) {
      if (!isId(productId)) throw notFound();
      if (!isId(imageId)) throw pictureNotFound();
      const alt = checkAlt(fields);
      await db.transaction(async (tx) => {
        if (!(await lockProduct(tx, productId))) throw notFound();
        if (!(await updateAlt(tx, productId, imageId, { altEn: alt.alt, altHi: alt.altHi }))) {
          throw pictureNotFound();
        }
        await mirrorFirstPicture(tx, productId);
      });
      changed();
      return answer(productId);
    },
  };
}

/** Listing answers with each product's second picture (or null), read in one query for the page. */
export async function withSecondPictures<T extends { _id: string }>(
  db: Db,
  imageUrl: PublicImageUrl,
  items: T[],
): Promise<Array<T & { secondImageUrl: string | null }>> {
  const found = await listSecondPictures(
    db,
    items.map((p) => p._id),
  );
  return items.map((p) => {
    const picture = found.get(p._id);
    return withFields(p, { secondImageUrl: picture ? imageUrl(picture) : null });
  });
}
