import { PRODUCT_IMAGE_MAX_BYTES } from '@catalogue/shared/domain/limits';
import { AppError } from '@catalogue/shared/errors';
import { isId } from '@catalogue/shared/schemas/common';
import {
  checkProductFields,
  PRODUCT_MESSAGES,
  type Product,
  type ProductFields,
} from '@catalogue/shared/schemas/product';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import type { MediaService, PublicImageUrl } from '../media/index.ts';
import { listGalleryMediaIds } from './gallery.repository.ts';
import { toProduct } from './product-answer.ts';
import { readProductExtras, saveProductExtras } from './product-extras.service.ts';
import { columnsOfFields, type ProductRow, type ProductValues } from './product-row.repository.ts';
import { deleteProduct, insertProduct, updateProduct } from './product-writes.repository.ts';
import { findProductById, findProductIdByCode } from './products.repository.ts';

export type ImageUpload = { data: Buffer };

export const codeTaken = (code: string) =>
  new AppError('CONFLICT', `A product with code ${code} already exists`);

/** Releases images that a write replaced or orphaned; a failure here must not fail the write. */
export async function releaseImages(media: MediaService, ids: Array<string | null | undefined>) {
  for (const id of new Set(ids)) if (id) await media.release(id).catch(() => {});
}

function badFields(fields: Record<string, unknown>): ProductFields {
  const checked = checkProductFields(fields);
  if (!checked.ok) throw new AppError('BAD_REQUEST', checked.message, checked.issues);
  return checked.value;
}

/** The admin's product writes: add, edit (with a new picture or not) and delete. */
export function createProductWrites(deps: {
  db: Db;
  media: MediaService;
  imageUrl: PublicImageUrl;
  /** Tells every cache the catalogue changed. */
  changed: () => void;
}) {
  const { db, media, changed } = deps;
  const releaseAll = (ids: Array<string | null | undefined>) => releaseImages(media, ids);
  const toAdminProduct = (row: ProductRow) =>
    toProduct(row, { showPrice: true, imageUrl: deps.imageUrl, forAdmin: true });

  return {
    /** Add product: every field and an image are required. */
    async createProduct(input: {
      fields: Record<string, unknown>;
      image: ImageUpload | null;
    }): Promise<Product> {
      const fields = badFields(input.fields);
      const extras = await readProductExtras(db, input.fields);
      if (!input.image) throw new AppError('BAD_REQUEST', PRODUCT_MESSAGES.imageRequired);
      const { id: mediaId } = await media.ingestImage(input.image.data, {
        maxBytes: PRODUCT_IMAGE_MAX_BYTES,
        tooLargeMessage: PRODUCT_MESSAGES.imageTooLarge,
      });
      try {
        if (await findProductIdByCode(db, fields.code)) throw codeTaken(fields.code);
        const inserted = await insertProduct(db, {
          ...(columnsOfFields(fields) as ProductValues),
          mediaId,
          imageUrl: null,
        });
        await saveProductExtras(db, inserted.id, extras);
        const row = (await findProductById(db, inserted.id)) ?? inserted;
        changed();
        return toAdminProduct(row);
      } catch (error) {
        await releaseAll([mediaId]);
        throw isUniqueViolation(error) ? codeTaken(fields.code) : error;
      }
    },

    /** Edit product: the same fields required, the image optional (kept when absent). */
    async updateProduct(
      id: string,
      input: { fields: Record<string, unknown>; image: ImageUpload | null },
    ): Promise<Product> {
      if (!isId(id)) throw new AppError('NOT_FOUND', PRODUCT_MESSAGES.notFound);
      const fields = badFields(input.fields);
      const extras = await readProductExtras(db, input.fields);
      if (!(await findProductById(db, id))) throw new AppError('NOT_FOUND', PRODUCT_MESSAGES.notFound);
      const holder = await findProductIdByCode(db, fields.code);
      if (holder && holder !== id) throw codeTaken(fields.code);

      const newMediaId = input.image
        ? (
            await media.ingestImage(input.image.data, {
              maxBytes: PRODUCT_IMAGE_MAX_BYTES,
              tooLargeMessage: PRODUCT_MESSAGES.imageTooLarge,
            })
          ).id
        : null;
      try {
        const result = await updateProduct(db, id, {
          ...columnsOfFields(fields),
          ...(newMediaId ? { mediaId: newMediaId, imageUrl: null } : {}),
        });
        if (!result) throw new AppError('NOT_FOUND', PRODUCT_MESSAGES.notFound);
        await saveProductExtras(db, id, extras);
        const after = (await findProductById(db, id)) ?? result.after;
        changed();
        if (newMediaId) await releaseAll([result.before.mediaId]);
        return toAdminProduct(after);
      } catch (error) {
        await releaseAll([newMediaId]);
        throw isUniqueViolation(error) ? codeTaken(fields.code) : error;
      }
    },

    /** Enquiry lines go with it (cascade); price-request lines keep their copy; the image goes if unused. */
    async deleteProduct(id: string): Promise<void> {
      const gallery = isId(id) ? await listGalleryMediaIds(db, id) : [];
      const row = isId(id) ? await deleteProduct(db, id) : null;
      if (!row) throw new AppError('NOT_FOUND', PRODUCT_MESSAGES.notFound);
      changed();
      await releaseAll([row.mediaId, ...gallery]);
    },
  };
}
