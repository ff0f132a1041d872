import { and, asc, eq, getTableName, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { media } from '../../db/schema/media.ts';
import { productImages, products } from '../../db/schema/products.ts';

/** One gallery picture as stored, with its original's size when it is our media. */
export type GalleryRow = {
  id: string;
  position: number;
  mediaId: string | null;
  url: string | null;
  altEn: string;
  altHi: string;
  width: number | null;
  height: number | null;
};

/**
 * A column spelled with its table's name: inside a select from one table (the product's row)
 * drizzle writes that table's columns bare, and a bare name in this subquery would be ambiguous.
 */
const qualified = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

const galleryColumns = {
  id: productImages.id,
  position: productImages.position,
  mediaId: productImages.mediaId,
  url: productImages.url,
  altEn: productImages.altEn,
  altHi: productImages.altHi,
  width: media.width,
  height: media.height,
};

const galleryOf = (db: Db | Tx) =>
  db
    .select(galleryColumns)
    .from(productImages)
    .leftJoin(media, eq(media.id, productImages.mediaId))
    .where(eq(productImages.productId, sql.placeholder('productId')))
    .orderBy(asc(productImages.position));
const preparedGalleryOf = preparedOnce('product_gallery', galleryOf);

/**
 * A product's pictures, first first, as one JSON array read with the product's row: a product
 * page's read is one statement, not the row and its gallery side by side. Each picture's keys and
 * values are `galleryColumns`, so it is the same GalleryRow the gallery's own read gives.
 */
export const galleryColumn = sql<GalleryRow[] | string>`(
  SELECT coalesce(json_agg(json_build_object(${sql.join(
    Object.entries(galleryColumns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${qualified(column)}`),
    sql`, `,
  )}) ORDER BY ${qualified(productImages.position)}), '[]')
  FROM ${productImages} LEFT JOIN ${media} ON ${qualified(media.id)} = ${qualified(productImages.mediaId)}
  WHERE ${qualified(productImages.productId)} = "products"."id")`.as('gallery');

/** A product's pictures, first first. */
export async function listGallery(db: Db | Tx, productId: string): Promise<GalleryRow[]> {
  return galleryOf(db).execute({ productId });
}

/** As listGallery, outside a transaction, with a statement prepared once (a gallery write's answer). */
export async function readGallery(db: Db, productId: string): Promise<GalleryRow[]> {
  return preparedGalleryOf(db).execute({ productId });
}

/** The second picture of each of these products that has one (listing cards), in one query. */
export async function listSecondPictures(
  db: Db,
  productIds: string[],
): Promise<Map<string, { mediaId: string | null; imageUrl: string | null }>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .select({ productId: productImages.productId, mediaId: productImages.mediaId, url: productImages.url })
    .from(productImages)
    .where(and(inArray(productImages.productId, productIds), eq(productImages.position, 1)));
  return new Map(rows.map((r) => [r.productId, { mediaId: r.mediaId, imageUrl: r.url }]));
}

/** Media ids a product's gallery holds (to release them once the product is deleted). */
export async function listGalleryMediaIds(db: Db, productId: string): Promise<string[]> {
  const rows = await db
    .select({ mediaId: productImages.mediaId })
    .from(productImages)
    .where(eq(productImages.productId, productId));
  return rows.flatMap((r) => (r.mediaId ? [r.mediaId] : []));
}

/**
 * Locks the product row for a gallery write, so concurrent uploads to one product count and
 * number their pictures one after the other. false when the product does not exist.
 */
export async function lockProduct(tx: Tx, productId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  return !!row;
}

export async function insertPicture(
  tx: Tx,
  values: { productId: string; position: number; mediaId: string; altEn: string; altHi: string },
): Promise<void> {
  await tx.insert(productImages).values(values);
}

/** Removes one picture of a product; answers what it held, or null when it is not that product's. */
export async function deletePicture(
  tx: Tx,
  productId: string,
  imageId: string,
): Promise<{ mediaId: string | null } | null> {
  const [row] = await tx
    .delete(productImages)
    .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
    .returning({ mediaId: productImages.mediaId });
  return row ?? null;
}

/**
 * Numbers the product's pictures 0, 1, 2... in the order of `ids` (every picture of the product).
 * The positions are unique per product, so they first move out of the way (negative), then to
 * their places, in two statements.
 */
export async function writeOrder(tx: Tx, productId: string, ids: string[]): Promise<void> {
  await tx
    .update(productImages)
    .set({ position: sql`-1 - ${productImages.position}` })
    .where(eq(productImages.productId, productId));
  await tx.execute(sql`
    UPDATE ${productImages} AS p SET position = o.ord - 1
    FROM unnest(${`{${ids.join(',')}}`}::uuid[]) WITH ORDINALITY AS o(id, ord)
    WHERE p.id = o.id AND p.product_id = ${productId}`);
}

export async function updateAlt(
  tx: Tx,
  productId: string,
  imageId: string,
  alt: { altEn: string; altHi: string },
): Promise<boolean> {
  const rows = await tx
    .update(productImages)
    .set(alt)
    .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
    .returning({ id: productImages.id });
  return rows.length > 0;
}

/**
 * Keeps the product row's picture the gallery's first (or none when the gallery is empty) and
 * marks the product changed, so every instance's caches and the search index see the write.
 */
export async function mirrorFirstPicture(tx: Tx, productId: string): Promise<void> {
  await tx.execute(sql`
    UPDATE ${products} SET
      media_id = (SELECT media_id FROM ${productImages} WHERE product_id = ${productId} AND position = 0),
      image_url = (SELECT url FROM ${productImages} WHERE product_id = ${productId} AND position = 0),
      updated_at = now()
    WHERE id = ${productId}`);
}
