import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { CostingValue } from '@catalogue/shared/schemas/pricing';
import type { ProductFieldValues, ProductInput } from '@catalogue/shared/schemas/product-fields';
import type { Db, Tx } from '../../db/client.ts';
import { catalogueImportChanges, catalogueImports } from '../../db/schema/catalogue-imports.ts';
import { media } from '../../db/schema/media.ts';
import { productCostings } from '../../db/schema/pricing.ts';
import { productAttributes, productImages, products } from '../../db/schema/products.ts';
import type { NewMedia } from '../media/index.ts';
import {
  columnsOfFields,
  fieldsOfRow,
  insertProducts,
  productTableColumns,
  type ProductValues,
  updateProducts,
} from '../products/index.ts';
import { deleteCostings, readCostings, storedCosting, writeCostings } from '../pricing/index.ts';
import { escapeLike } from '../../db/escape-like.ts';

/**
 * The import's reads of products with their galleries and attribute values, and its write: the
 * products themselves go through the product writes (`product-writes.repository.ts`), batched;
 * every column comes from the drizzle tables, none is listed here by hand.
 */

export type GalleryItem = { mediaId: string | null; url: string | null; altEn: string; altHi: string };

export type CurrentProduct = {
  id: string;
  /** The product's fields (`product-fields.ts`) as stored. */
  values: ProductFieldValues;
  /** Exactly as stored, to the microsecond, for "changed since" checks. */
  updatedAt: string;
  gallery: GalleryItem[];
  attributeIds: string[];
  /** The design's costing (admins' workbook only), null without one. */
  costing: CostingValue | null;
};

export type AttributeValue = { id: string; kind: string; slug: string };

export type ProductWrite = {
  /** null: a new product. */
  id: string | null;
  /** The checked fields, as the admin's form gives them: every field for an update. */
  values: ProductInput;
  /** null: the gallery stays as it is. */
  gallery: GalleryItem[] | null;
  /** null: the attribute values stay as they are. */
  attributeIds: string[] | null;
  /** The design's costing through the costing's own write; absent: it stays, null: it is removed. */
  costing?: CostingValue | null;
};

type Conn = Db | Tx;
export const rowsOf = async <T>(db: Conn, query: SQL) => (await db.execute(query)).rows as T[];
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** The table's own columns (a column added there is read here too), and the exact `updated_at`. */
const selectCurrent = (db: Conn) =>
  db
    .select({
      ...productTableColumns,
      updatedAtText: sql<string>`${products.updatedAt}::text`.as('updated_at_text'),
    })
    .from(products);
type ProductSelect = Awaited<ReturnType<typeof selectCurrent>>[number];

/** Galleries and attribute values of these products; a product without gallery rows but with a picture has that one. */
async function withDetails(db: Conn, rows: ProductSelect[]): Promise<CurrentProduct[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [images, attributes, costings] = await Promise.all([
    db
      .select({
        productId: productImages.productId,
        mediaId: productImages.mediaId,
        url: productImages.url,
        altEn: productImages.altEn,
        altHi: productImages.altHi,
      })
      .from(productImages)
      .where(sql`${productImages.productId} = ANY(${uuids(ids)})`)
      .orderBy(productImages.productId, productImages.position),
    db
      .select({
        productId: productAttributes.productId,
        valueId: productAttributes.valueId,
      })
      .from(productAttributes)
      .where(sql`${productAttributes.productId} = ANY(${uuids(ids)})`)
      .orderBy(productAttributes.valueId),
    readCostings(db, ids),
  ]);
  const galleries = new Map<string, GalleryItem[]>();
  for (const { productId, ...item } of images) {
    const list = galleries.get(productId) ?? [];
    list.push(item);
    galleries.set(productId, list);
  }
  const values = new Map<string, string[]>();
  for (const a of attributes) values.set(a.productId, [...(values.get(a.productId) ?? []), a.valueId]);
  return rows.map((r) => ({
    id: r.id,
    values: fieldsOfRow(r),
    updatedAt: r.updatedAtText,
    gallery:
      galleries.get(r.id) ??
      (r.imageUrl || r.mediaId
        ? [{ mediaId: r.mediaId, url: r.mediaId ? null : r.imageUrl, altEn: '', altHi: '' }]
        : []),
    attributeIds: values.get(r.id) ?? [],
    costing: storedCosting(costings.get(r.id) ?? null),
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
    const query = selectCurrent(db)
      .where(sql`lower(${products.code}) = ANY(ARRAY(SELECT jsonb_array_elements_text(${json(chunk)})))`)
      .orderBy(products.id);
    const rows = options.lock ? await query.for('update') : await query;
    for (const p of await withDetails(db, rows)) found.set(p.values.code.toLowerCase(), p);
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
  if (filter.category) where.push(eq(products.category, filter.category));
  if (filter.subcategory) where.push(eq(products.subcategory, filter.subcategory));
  if (filter.search) {
    const contains = `%${escapeLike(filter.search)}%`;
    where.push(sql`(${products.name} ILIKE ${contains} OR ${products.code} ILIKE ${contains})`);
  }
  for (const ids of filter.valueIdsByKind) {
    where.push(
      sql`EXISTS (SELECT 1 FROM ${productAttributes} WHERE ${productAttributes.productId} = ${products.id} AND ${productAttributes.valueId} = ANY(${uuids(ids)}))`,
    );
  }
  const lowerCode = sql`lower(${products.code})`;
  let last: string | null = null;
  for (;;) {
    const conditions = last === null ? where : [...where, sql`${lowerCode} > ${last}`];
    const rows: ProductSelect[] = await selectCurrent(db)
      .where(and(...conditions))
      .orderBy(lowerCode)
      .limit(chunk);
    if (rows.length) yield await withDetails(db, rows);
    if (rows.length < chunk) return;
    last = rows[rows.length - 1]!.code.toLowerCase();
  }
}

/** Which of these ids are media rows. */
export async function listExistingMedia(db: Conn, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: media.id })
    .from(media)
    .where(sql`${media.id} = ANY(${uuids(ids)})`);
  return new Set(rows.map((r) => r.id));
}

/** The products as they are now (row, gallery rows, attribute value ids, costing), for undo. */
async function snapshot(tx: Tx, ids: string[]): Promise<Array<{ id: string; before: unknown }>> {
  if (!ids.length) return [];
  return rowsOf(
    tx,
    sql`SELECT p.id::text AS id, jsonb_build_object(
          'product', to_jsonb(p),
          'images', COALESCE((SELECT jsonb_agg(to_jsonb(i) ORDER BY i.position) FROM ${productImages} i WHERE i.product_id = p.id), '[]'::jsonb),
          'attributes', COALESCE((SELECT jsonb_agg(a.value_id ORDER BY a.value_id) FROM ${productAttributes} a WHERE a.product_id = p.id), '[]'::jsonb),
          'costing', (SELECT to_jsonb(c) FROM ${productCostings} c WHERE c.product_id = p.id)
        ) AS before
        FROM ${products} p WHERE p.id = ANY(${uuids(ids)})`,
  );
}

/** Rows a statement inserts at most (a statement's parameters are bounded). */
const INSERT_CHUNK = 2000;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let at = 0; at < rows.length; at += INSERT_CHUNK) await insert(rows.slice(at, at + INSERT_CHUNK));
}

async function writeGalleries(tx: Tx, items: Array<{ productId: string; gallery: GalleryItem[] }>) {
  if (!items.length) return;
  await tx
    .delete(productImages)
    .where(sql`${productImages.productId} = ANY(${uuids(items.map((i) => i.productId))})`);
  const rows = items.flatMap((i) =>
    i.gallery.map((g, position) => ({ productId: i.productId, position, ...g })),
  );
  await insertChunked(rows, (chunk) => tx.insert(productImages).values(chunk));
}

async function writeAttributes(tx: Tx, items: Array<{ productId: string; attributeIds: string[] }>) {
  if (!items.length) return;
  await tx
    .delete(productAttributes)
    .where(sql`${productAttributes.productId} = ANY(${uuids(items.map((i) => i.productId))})`);
  const rows = items.flatMap((i) => i.attributeIds.map((valueId) => ({ productId: i.productId, valueId })));
  await insertChunked(rows, (chunk) => tx.insert(productAttributes).values(chunk));
}

/** Products written per batch: one statement adds the batch's new ones, one or two update the rest. */
const WRITE_BATCH = 500;

/**
 * Writes one import in the caller's transaction: the new media rows, the products (created, or
 * updated with `updated_at` set to the transaction's time, the same as the history row's
 * `created_at`) through the product writes, their galleries (the product's picture mirrors
 * position 0), attribute values and costings (through the costing's own write), the history row and a before-image per touched product.
 * Answers the history row's id.
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
  await insertChunked(input.media, (chunk) => tx.insert(media).values(chunk));
  const [history] = await tx
    .insert(catalogueImports)
    .values({
      createdBy: input.createdBy,
      fileName: input.fileName,
      status: 'applied',
      summary: input.summary,
    })
    .returning({ id: catalogueImports.id });
  const importId = history!.id;
  const updatedIds = input.writes.flatMap((w) => (w.id ? [w.id] : []));
  const changes: Array<{ importId: string; productId: string; before: unknown }> = (
    await snapshot(tx, updatedIds)
  ).map((b) => ({ importId, productId: b.id, before: b.before }));

  // The gallery's first picture is the product's picture; a row that keeps its gallery keeps both.
  const picture = (w: ProductWrite): Partial<ProductValues> =>
    w.gallery ? { imageUrl: w.gallery[0]?.url ?? null, mediaId: w.gallery[0]?.mediaId ?? null } : {};
  let done = 0;
  for (let at = 0; at < input.writes.length; at += WRITE_BATCH) {
    const batch = input.writes.slice(at, at + WRITE_BATCH);
    const creates = batch.filter((w) => !w.id);
    const created = await insertProducts(
      tx,
      creates.map((w) => ({ ...(columnsOfFields(w.values) as ProductValues), ...picture(w) })),
    );
    const ids = new Map<string, string>();
    for (const c of created) {
      ids.set(c.code.toLowerCase(), c.id);
      changes.push({ importId, productId: c.id, before: null });
    }
    await updateProducts(
      tx,
      batch.flatMap((w) =>
        w.id ? [{ id: w.id, values: { ...columnsOfFields(w.values), ...picture(w) } }] : [],
      ),
    );
    const idOf = (w: ProductWrite) => w.id ?? ids.get(w.values.code.toLowerCase())!;
    await writeGalleries(
      tx,
      batch.flatMap((w) => (w.gallery ? [{ productId: idOf(w), gallery: w.gallery }] : [])),
    );
    await writeAttributes(
      tx,
      batch.flatMap((w) => (w.attributeIds ? [{ productId: idOf(w), attributeIds: w.attributeIds }] : [])),
    );
    await writeCostings(
      tx,
      batch.flatMap((w) => (w.costing ? [{ productId: idOf(w), costing: w.costing }] : [])),
      input.createdBy,
    );
    await deleteCostings(
      tx,
      batch.flatMap((w) => (w.costing === null && w.id ? [w.id] : [])),
    );
    done += batch.length;
    input.onProgress(done);
  }
  await insertChunked(changes, (chunk) => tx.insert(catalogueImportChanges).values(chunk));
  return importId;
}
