import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { NewMedia } from '../media/media.repository.ts';
import { escapeLike } from '../products/products.repository.ts';

/**
 * The import's own reads and writes of products with their galleries and attribute values. The
 * gallery and attribute admin (written alongside) will own the same tables; `writeGalleries` and
 * `writeAttributes` are the parts to share with it later.
 */

export type GalleryItem = { mediaId: string | null; url: string | null; altEn: string; altHi: string };

export type CurrentProduct = {
  id: string;
  code: string;
  name: string;
  description: string;
  category: string;
  subcategory: string;
  price: number;
  weightGrams: string | null;
  minOrderQuantity: number | null;
  tags: string[];
  /** Exactly as stored, to the microsecond, for "changed since" checks. */
  updatedAt: string;
  gallery: GalleryItem[];
  attributeIds: string[];
};

export type AttributeValue = { id: string; kind: string; slug: string };

export type ProductWrite = {
  /** null: a new product. */
  id: string | null;
  code: string;
  name: string;
  description: string;
  category: string;
  subcategory: string;
  price: number;
  weightGrams: string | null;
  minOrderQuantity: number | null;
  tags: string[];
  /** null: the gallery stays as it is. */
  gallery: GalleryItem[] | null;
  /** null: the attribute values stay as they are. */
  attributeIds: string[] | null;
};

type Conn = Db | Tx;
export const rowsOf = async <T>(db: Conn, query: SQL) => (await db.execute(query)).rows as T[];
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

const PRODUCT_COLUMNS = sql`p.id::text AS id, p.code, p.name, p.description, p.category, p.subcategory, p.price,
  p.weight_grams::text AS "weightGrams", p.min_order_quantity AS "minOrderQuantity", p.tags,
  p.updated_at::text AS "updatedAt", p.image_url AS "imageUrl", p.media_id::text AS "mediaId"`;

type ProductSelect = Omit<CurrentProduct, 'gallery' | 'attributeIds'> & {
  imageUrl: string | null;
  mediaId: string | null;
};

/** Galleries and attribute values of these products; a product without gallery rows but with a picture has that one. */
async function withDetails(db: Conn, rows: ProductSelect[]): Promise<CurrentProduct[]> {
  if (!rows.length) return [];
  const ids = `{${rows.map((r) => r.id).join(',')}}`;
  const [images, attributes] = await Promise.all([
    rowsOf<GalleryItem & { productId: string }>(
      db,
      sql`SELECT product_id::text AS "productId", media_id::text AS "mediaId", url, alt_en AS "altEn", alt_hi AS "altHi"
          FROM product_images WHERE product_id = ANY(${ids}::uuid[]) ORDER BY product_id, position`,
    ),
    rowsOf<{ productId: string; valueId: string }>(
      db,
      sql`SELECT product_id::text AS "productId", value_id::text AS "valueId"
          FROM product_attributes WHERE product_id = ANY(${ids}::uuid[]) ORDER BY value_id`,
    ),
  ]);
  const galleries = new Map<string, GalleryItem[]>();
  for (const { productId, ...item } of images) {
    const list = galleries.get(productId) ?? [];
    list.push(item);
    galleries.set(productId, list);
  }
  const values = new Map<string, string[]>();
  for (const a of attributes) values.set(a.productId, [...(values.get(a.productId) ?? []), a.valueId]);
  return rows.map(({ imageUrl, mediaId, ...r }) => ({
    ...r,
    price: Number(r.price),
    gallery:
      galleries.get(r.id) ??
      (imageUrl || mediaId ? [{ mediaId, url: mediaId ? null : imageUrl, altEn: '', altHi: '' }] : []),
    attributeIds: values.get(r.id) ?? [],
  }));
}

/** Products whose lower-cased code is one of these, by lower-cased code; `lock` takes row locks. */
export async function findProductsByCodes(
  db: Conn,
  lowerCodes: string[],
  options: { lock?: boolean } = {},
): Promise<Map<string, CurrentProduct>> {
  const found = new Map<string, CurrentProduct>();
  for (let at = 0; at < lowerCodes.length; at += 1000) {
    const chunk = lowerCodes.slice(at, at + 1000);
    const rows = await rowsOf<ProductSelect>(
      db,
      sql`SELECT ${PRODUCT_COLUMNS} FROM products p WHERE lower(p.code) = ANY(ARRAY(SELECT jsonb_array_elements_text(${json(chunk)})))
          ORDER BY p.id ${options.lock ? sql`FOR UPDATE` : sql``}`,
    );
    for (const p of await withDetails(db, rows)) found.set(p.code.toLowerCase(), p);
  }
  return found;
}

export type ExportFilter = {
  category?: string;
  subcategory?: string;
  search?: string;
  /** Attribute value ids; a product matches when it has any value of each kind given. */
  valueIdsByKind: string[][];
};

/** The filtered catalogue, ordered by code, a chunk at a time (keyset on the code index). */
export async function* streamProducts(
  db: Db,
  filter: ExportFilter,
  chunk: number,
): AsyncGenerator<CurrentProduct[]> {
  const where: SQL[] = [];
  if (filter.category) where.push(sql`p.category = ${filter.category}`);
  if (filter.subcategory) where.push(sql`p.subcategory = ${filter.subcategory}`);
  if (filter.search) {
    const contains = `%${escapeLike(filter.search)}%`;
    where.push(sql`(p.name ILIKE ${contains} OR p.code ILIKE ${contains})`);
  }
  for (const ids of filter.valueIdsByKind) {
    where.push(
      sql`EXISTS (SELECT 1 FROM product_attributes a WHERE a.product_id = p.id AND a.value_id = ANY(${`{${ids.join(',')}}`}::uuid[]))`,
    );
  }
  let last: string | null = null;
  for (;;) {
    const conditions = last === null ? where : [...where, sql`lower(p.code) > ${last}`];
    const rows: ProductSelect[] = await rowsOf<ProductSelect>(
      db,
      sql`SELECT ${PRODUCT_COLUMNS} FROM products p
          ${conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``}
          ORDER BY lower(p.code) LIMIT ${chunk}`,
    );
    if (rows.length) yield await withDetails(db, rows);
    if (rows.length < chunk) return;
    last = rows[rows.length - 1]!.code.toLowerCase();
  }
}

/** Which of these ids are media rows. */
export async function listExistingMedia(db: Conn, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`SELECT id::text AS id FROM media WHERE id = ANY(${`{${ids.join(',')}}`}::uuid[])`,
  );
  return new Set(rows.map((r) => r.id));
}

/** The products as they are now (row, gallery rows, attribute value ids), for undo. */
async function snapshot(tx: Tx, ids: string[]): Promise<Array<{ id: string; before: unknown }>> {
  if (!ids.length) return [];
  return rowsOf(
    tx,
    sql`SELECT p.id::text AS id, jsonb_build_object(
          'product', to_jsonb(p),
          'images', COALESCE((SELECT jsonb_agg(to_jsonb(i) ORDER BY i.position) FROM product_images i WHERE i.product_id = p.id), '[]'::jsonb),
          'attributes', COALESCE((SELECT jsonb_agg(a.value_id ORDER BY a.value_id) FROM product_attributes a WHERE a.product_id = p.id), '[]'::jsonb)
        ) AS before
        FROM products p WHERE p.id = ANY(${`{${ids.join(',')}}`}::uuid[])`,
  );
}

async function writeGalleries(tx: Tx, items: Array<{ productId: string; gallery: GalleryItem[] }>) {
  if (!items.length) return;
  await tx.execute(
    sql`DELETE FROM product_images WHERE product_id = ANY(${`{${items.map((i) => i.productId).join(',')}}`}::uuid[])`,
  );
  const rows = items.flatMap((i) =>
    i.gallery.map((g, position) => ({ product_id: i.productId, position, ...g })),
  );
  for (let at = 0; at < rows.length; at += 2000) {
    await tx.execute(sql`INSERT INTO product_images (product_id, position, media_id, url, alt_en, alt_hi)
      SELECT r.product_id, r.position, r."mediaId", r.url, r."altEn", r."altHi"
      FROM jsonb_to_recordset(${json(rows.slice(at, at + 2000))}) AS r(product_id uuid, position int, "mediaId" uuid, url text, "altEn" text, "altHi" text)`);
  }
}

async function writeAttributes(tx: Tx, items: Array<{ productId: string; attributeIds: string[] }>) {
  if (!items.length) return;
  await tx.execute(
    sql`DELETE FROM product_attributes WHERE product_id = ANY(${`{${items.map((i) => i.productId).join(',')}}`}::uuid[])`,
  );
  const rows = items.flatMap((i) =>
    i.attributeIds.map((value_id) => ({ product_id: i.productId, value_id })),
  );
  for (let at = 0; at < rows.length; at += 5000) {
    await tx.execute(sql`INSERT INTO product_attributes (product_id, value_id)
      SELECT r.product_id, r.value_id FROM jsonb_to_recordset(${json(rows.slice(at, at + 5000))}) AS r(product_id uuid, value_id uuid)`);
  }
}

const RECORD = sql`r(id uuid, code text, name text, description text, category text, subcategory text, price float8,
  weight numeric, moq int, tags text[], image_url text, media_id uuid, has_gallery boolean)`;

/**
 * Writes one import in the caller's transaction: the new media rows, the products (created, or
 * updated with `updated_at` set to the transaction's time, the same as the history row's
 * `created_at`), their galleries (the product's picture mirrors position 0) and attribute values,
 * the history row and a before-image per touched product. Answers the history row's id.
 */
export async function writeCatalogueImport(
  tx: Tx,
  input: {
    media: NewMedia[];
    writes: ProductWrite[];
    createdBy: string | null;
    fileName: string;
    summary: unknown;
    onProgress: (done: number) => void;
  },
): Promise<string> {
  for (let at = 0; at < input.media.length; at += 1000) {
    await tx.execute(sql`INSERT INTO media (id, storage_key, mime_type, width, height, bytes, sha256)
      SELECT r.id, r."storageKey", r."mimeType", r.width, r.height, r.bytes, r.sha256
      FROM jsonb_to_recordset(${json(input.media.slice(at, at + 1000))})
        AS r(id uuid, "storageKey" text, "mimeType" text, width int, height int, bytes int, sha256 text)`);
  }
  const [history] = await rowsOf<{ id: string }>(
    tx,
    sql`INSERT INTO catalogue_imports (created_by, file_name, status, summary)
        VALUES (${input.createdBy}, ${input.fileName}, 'applied', ${json(input.summary)}) RETURNING id::text AS id`,
  );
  const importId = history!.id;
  const updatedIds = input.writes.flatMap((w) => (w.id ? [w.id] : []));
  const before = await snapshot(tx, updatedIds);
  const changes: Array<{ product_id: string; before: unknown }> = before.map((b) => ({
    product_id: b.id,
    before: b.before,
  }));

  let done = 0;
  for (let at = 0; at < input.writes.length; at += 500) {
    const batch = input.writes.slice(at, at + 500);
    const records = batch.map((w) => ({
      id: w.id,
      code: w.code,
      name: w.name,
      description: w.description,
      category: w.category,
      subcategory: w.subcategory,
      price: w.price,
      weight: w.weightGrams,
      moq: w.minOrderQuantity,
      tags: w.tags,
      image_url: w.gallery?.[0]?.url ?? null,
      media_id: w.gallery?.[0]?.mediaId ?? null,
      has_gallery: w.gallery !== null,
    }));
    const creates = records.filter((r) => !r.id);
    const updates = records.filter((r) => r.id);
    const ids = new Map<string, string>();
    if (creates.length) {
      const created = await rowsOf<{ id: string; code: string }>(
        tx,
        sql`INSERT INTO products (code, name, description, category, subcategory, price, weight_grams, min_order_quantity, tags, image_url, media_id)
            SELECT r.code, r.name, r.description, r.category, r.subcategory, r.price, r.weight, r.moq, r.tags, r.image_url, r.media_id
            FROM jsonb_to_recordset(${json(creates)}) AS ${RECORD} RETURNING id::text AS id, code`,
      );
      for (const c of created) {
        ids.set(c.code.toLowerCase(), c.id);
        changes.push({ product_id: c.id, before: null });
      }
    }
    if (updates.length) {
      await tx.execute(sql`UPDATE products p SET code = r.code, name = r.name, description = r.description,
          category = r.category, subcategory = r.subcategory, price = r.price, weight_grams = r.weight,
          min_order_quantity = r.moq, tags = r.tags,
          image_url = CASE WHEN r.has_gallery THEN r.image_url ELSE p.image_url END,
          media_id = CASE WHEN r.has_gallery THEN r.media_id ELSE p.media_id END,
          updated_at = now()
        FROM jsonb_to_recordset(${json(updates)}) AS ${RECORD} WHERE p.id = r.id`);
    }
    const idOf = (w: ProductWrite) => w.id ?? ids.get(w.code.toLowerCase())!;
    await writeGalleries(
      tx,
      batch.flatMap((w) => (w.gallery ? [{ productId: idOf(w), gallery: w.gallery }] : [])),
    );
    await writeAttributes(
      tx,
      batch.flatMap((w) => (w.attributeIds ? [{ productId: idOf(w), attributeIds: w.attributeIds }] : [])),
    );
    done += batch.length;
    input.onProgress(done);
  }
  for (let at = 0; at < changes.length; at += 1000) {
    await tx.execute(sql`INSERT INTO catalogue_import_changes (import_id, product_id, before)
      SELECT ${importId}::uuid, r.product_id, r.before
      FROM jsonb_to_recordset(${json(changes.slice(at, at + 1000))}) AS r(product_id uuid, before jsonb)`);
  }
  return importId;
}
