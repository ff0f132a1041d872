import { and, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Category, Subcategory } from '@catalogue/shared/domain/categories';
import type { Db, Tx } from '../../db/client.ts';
import { escapeLike } from '../../db/escape-like.ts';
import { newestFirst } from '../../db/newest-first.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { products } from '../../db/schema/products.ts';
import { galleryColumn, type GalleryRow } from './gallery.repository.ts';
import {
  cardColumns,
  fromJson,
  productColumns,
  type CardRow,
  type ProductRow,
} from './product-row.repository.ts';

/** A listing: every product, one category, or one category and subcategory. */
export type Scope = { category?: Category; subcategory?: Subcategory };

/** A position in the newest-first order: `created_at` to the microsecond (as text), then `id`. */
export type SortKey = { createdAt: string; id: string };

const columns = productColumns;

const NEWEST_FIRST = newestFirst(products.createdAt, products.id);

function scopeWhere(scope: Scope): SQL | undefined {
  return and(
    scope.category ? eq(products.category, scope.category) : undefined,
    scope.subcategory ? eq(products.subcategory, scope.subcategory) : undefined,
  );
}

/** A row-value comparison the (created_at DESC, id DESC) indexes answer as a range scan. */
const sortKeyIs = (op: '<' | '<=', createdAt: unknown, id: unknown) =>
  sql`(${products.createdAt}, ${products.id}) ${sql.raw(op)} (${createdAt}::timestamptz, ${id}::uuid)`;
const after = (key: SortKey) => sortKeyIs('<', key.createdAt, key.id);
/** The same, with the key as a prepared statement's `createdAt` and `id`. */
const keyPlaceholders = ['createdAt', 'id'].map((name) => sql.placeholder(name)) as [unknown, unknown];

/** The product whose id is the statement's `id`. */
const idIsPlaceholder = eq(products.id, sql.placeholder('id'));
const productById = (db: Db | Tx) => db.select(columns).from(products).where(idIsPlaceholder).limit(1);
const preparedProductWithGallery = preparedOnce('product_with_gallery', (db) =>
  db
    .select({ ...columns, gallery: galleryColumn })
    .from(products)
    .where(idIsPlaceholder)
    .limit(1),
);

export async function findProductById(db: Db | Tx, id: string): Promise<ProductRow | null> {
  const [row] = await productById(db).execute({ id });
  return row ?? null;
}

/**
 * A product and its gallery (first picture first) in one statement prepared once, outside a
 * transaction: a product page's read.
 */
export async function readProductWithGallery(
  db: Db,
  id: string,
): Promise<{ row: ProductRow; gallery: GalleryRow[] } | null> {
  const [found] = await preparedProductWithGallery(db).execute({ id });
  if (!found) return null;
  const { gallery, ...row } = found;
  return { row, gallery: fromJson(gallery) };
}

/** Case-insensitive, as the unique index is. */
export async function findProductIdByCode(db: Db | Tx, code: string): Promise<string | null> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(sql`lower(${products.code}) = lower(${code})`)
    .limit(1);
  return row?.id ?? null;
}

/** The newest `limit` cards of a listing. */
export async function listNewest(db: Db, scope: Scope, limit: number): Promise<CardRow[]> {
  return db
    .select(cardColumns)
    .from(products)
    .where(scopeWhere(scope))
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
}

/** Plain OFFSET paging: for admin searches and as the reference the keyset path is tested against. */
export async function listByOffset(
  db: Db,
  scope: Scope,
  offset: number,
  limit: number,
): Promise<{ rows: ProductRow[]; total: number }> {
  const where = scopeWhere(scope);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(products)
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * The size of a listing and the sort key of every `every`-th product in it (rows 0, every, 2·every…),
 * from one pass over the index. With these a deep page starts at a known key instead of walking and
 * discarding every row before it (a plain `OFFSET` reads every skipped row).
 */
export async function listPageBoundaries(
  db: Db,
  scope: Scope,
  every: number,
): Promise<{ total: number; keys: SortKey[] }> {
  const where = scopeWhere(scope);
  // row_number() streams over the index; a count(*) OVER () beside it would buffer every row,
  // so the total is a separate index-only count.
  const [result, [counted]] = await Promise.all([
    db.execute<{ created_at: string; id: string }>(sql`
      SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at, id::text AS id
      FROM (
        SELECT created_at, id,
               row_number() OVER (ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST) AS rn
        FROM ${products}
        ${where ? sql`WHERE ${where}` : sql``}
      ) numbered
      WHERE (rn - 1) % ${every} = 0
      ORDER BY rn`),
    db.select({ n: count() }).from(products).where(where),
  ]);
  const keys = result.rows.map((r) => ({ createdAt: r.created_at, id: r.id }));
  // A write between the two statements can only make them disagree at the very end of the list.
  return { total: Math.max(counted?.n ?? 0, (keys.length - 1) * every + 1, 0), keys };
}

/**
 * The page query is the hot path of every listing, so it is prepared once per database and scope
 * shape: drizzle builds the SQL once, and PostgreSQL parses and plans it once per connection.
 */
function fromKeyQuery(db: Db, shape: 'all' | 'category' | 'subcategory') {
  const where = and(
    shape === 'all' ? undefined : sql`${products.category} = ${sql.placeholder('category')}`,
    shape === 'subcategory' ? sql`${products.subcategory} = ${sql.placeholder('subcategory')}` : undefined,
    sortKeyIs('<=', ...keyPlaceholders),
  );
  return db
    .select(cardColumns)
    .from(products)
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .offset(sql.placeholder('skip'))
    .limit(sql.placeholder('limit'));
}

const fromKeyStatements = {
  all: preparedOnce('products_page_from_key_all', (db) => fromKeyQuery(db, 'all')),
  category: preparedOnce('products_page_from_key_category', (db) => fromKeyQuery(db, 'category')),
  subcategory: preparedOnce('products_page_from_key_subcategory', (db) => fromKeyQuery(db, 'subcategory')),
};

/** `limit` cards of a listing starting `skip` rows after the product at `key` (itself included). */
export async function listFromKey(
  db: Db,
  scope: Scope,
  key: SortKey,
  skip: number,
  limit: number,
): Promise<CardRow[]> {
  const shape = scope.subcategory ? 'subcategory' : scope.category ? 'category' : 'all';
  return fromKeyStatements[shape](db).execute({
    category: scope.category,
    subcategory: scope.subcategory,
    createdAt: key.createdAt,
    id: key.id,
    skip,
    limit,
  });
}

const sameCategory = and(
  eq(products.category, sql.placeholder('category')),
  ne(products.id, sql.placeholder('id')),
);
const neighbourStatements = {
  older: preparedOnce('product_neighbours_older', (db) =>
    db
      .select(cardColumns)
      .from(products)
      .where(and(sameCategory, sortKeyIs('<', ...keyPlaceholders)))
      .orderBy(...NEWEST_FIRST)
      .limit(sql.placeholder('limit')),
  ),
  newest: preparedOnce('product_neighbours_newest', (db) =>
    db
      .select(cardColumns)
      .from(products)
      .where(sameCategory)
      .orderBy(...NEWEST_FIRST)
      .limit(sql.placeholder('limit')),
  ),
};

/**
 * The same category as `product`, the products just older than it first, wrapping to the newest;
 * never the product itself, as cards. `createdAt` to the millisecond, as the answers carry it.
 */
export async function listNeighbours(
  db: Db,
  product: { id: string; category: string; createdAt: string },
  limit: number,
): Promise<CardRow[]> {
  const values = { category: product.category, id: product.id, createdAt: product.createdAt, limit };
  const older = await neighbourStatements.older(db).execute(values);
  if (older.length >= limit) return older;
  const newest = await neighbourStatements.newest(db).execute(values);
  const seen = new Set(older.map((r) => r.id));
  return [...older, ...newest.filter((r) => !seen.has(r.id))].slice(0, limit);
}

/**
 * Header search in SQL (the in-process index answers the same when it is ready): the exact code
 * (case-insensitively, from the unique index), then names or codes starting with the text, then
 * the other matches, newest first within each. Each part is the newest `limit` of its kind, so the
 * first `limit` of them joined are exactly the contract's answer; a common word stops early on the
 * newest-first index, rare text uses the trigram indexes.
 */
export async function searchProducts(db: Db, text: string, limit: number): Promise<ProductRow[]> {
  const escaped = escapeLike(text);
  const matching = (pattern: string) =>
    db
      .select(columns)
      .from(products)
      .where(or(ilike(products.name, pattern), ilike(products.code, pattern)))
      .orderBy(...NEWEST_FIRST)
      .limit(limit);
  const [exact, starting, containing] = await Promise.all([
    db
      .select(columns)
      .from(products)
      .where(sql`lower(${products.code}) = lower(${text})`)
      .limit(1),
    matching(`${escaped}%`),
    matching(`%${escaped}%`),
  ]);
  return firstDistinct([...exact, ...starting, ...containing], limit);
}

/** The first `limit` rows, each product once. */
function firstDistinct(rows: ProductRow[], limit: number): ProductRow[] {
  const seen = new Set<string>();
  const out: ProductRow[] = [];
  for (const row of rows) {
    if (out.length === limit) break;
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    out.push(row);
  }
  return out;
}

/**
 * The rows of a search the in-process index ranked (`ids`, in that order) with the product whose
 * code is exactly `text` first, as `searchProducts` answers. Products removed since the index was
 * built are left out.
 */
export async function findRankedRows(
  db: Db,
  ids: string[],
  text: string,
  limit: number,
): Promise<ProductRow[]> {
  const rows = await db
    .select({ ...columns, exact: sql<boolean>`lower(${products.code}) = lower(${text})` })
    .from(products)
    .where(
      or(ids.length ? inArray(products.id, ids) : undefined, sql`lower(${products.code}) = lower(${text})`),
    );
  const byId = new Map(rows.map(({ exact: _, ...row }) => [row.id, row]));
  const exact = rows.filter((r) => r.exact).map((r) => byId.get(r.id)!);
  return firstDistinct([...exact, ...ids.flatMap((id) => byId.get(id) ?? [])], limit);
}

/** Every product's id, name and code, newest first, a chunk at a time (keyset): the search index's source. */
export async function* streamSearchRows(
  db: Db,
  chunk: number,
): AsyncGenerator<Array<{ id: string; name: string; code: string }>> {
  let key: SortKey | null = null;
  for (;;) {
    type Row = { id: string; name: string; code: string; created_at: string };
    const result: { rows: Row[] } = await db.execute<Row>(sql`
      SELECT id::text AS id, name, code,
             to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at
      FROM ${products}
      ${key ? sql`WHERE ${after(key)}` : sql``}
      ORDER BY ${sql.join(NEWEST_FIRST, sql`, `)}
      LIMIT ${chunk}`);
    const rows = result.rows;
    if (rows.length) yield rows;
    if (rows.length < chunk) return;
    const last: Row = rows[rows.length - 1]!;
    key = { createdAt: last.created_at, id: last.id };
  }
}

/** A summary that changes with any insert, update or delete of a product (for the search index). */
export async function readCatalogueVersion(db: Db): Promise<string> {
  // The sum as well as the latest: an update whose transaction began before another write's still
  // raises it. Deletes change the count.
  const result = await db.execute<{ version: string }>(sql`
    SELECT concat_ws('|', count(*), max(updated_at), sum(extract(epoch FROM updated_at))) AS version
    FROM ${products}`);
  return result.rows[0]?.version ?? '';
}

/**
 * The admin list's search: name or code contain the text (trigram indexes), or the category or
 * subcategory does. Those two have a handful of values, so the caller matches them in memory and
 * passes the values, which keeps the condition indexable.
 */
export async function searchAdminPage(
  db: Db,
  search: { text: string; categories: string[]; subcategories: string[] },
  offset: number,
  limit: number,
): Promise<{ rows: ProductRow[]; total: number }> {
  const contains = `%${escapeLike(search.text)}%`;
  const where = or(
    ilike(products.name, contains),
    ilike(products.code, contains),
    search.categories.length ? inArray(products.category, search.categories) : undefined,
    search.subcategories.length ? inArray(products.subcategory, search.subcategories) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(products)
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every product, newest first, a chunk at a time (keyset), for the full-catalogue answer. */
export async function* streamNewest(db: Db, chunk: number): AsyncGenerator<ProductRow[]> {
  let key: SortKey | null = null;
  for (;;) {
    const rows: ProductRow[] = await db
      .select(columns)
      .from(products)
      .where(key ? after(key) : undefined)
      .orderBy(...NEWEST_FIRST)
      .limit(chunk);
    if (rows.length) yield rows;
    if (rows.length < chunk) return;
    const last = rows[rows.length - 1]!;
    // Milliseconds are enough here: `after` with a truncated time could only repeat rows created in
    // the same millisecond, so the key is read back at full precision instead.
    key = await readSortKey(db, last.id);
    if (!key) return;
  }
}

async function readSortKey(db: Db, id: string): Promise<SortKey | null> {
  const result = await db.execute<{ created_at: string }>(sql`
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at
    FROM ${products} WHERE id = ${id}`);
  const createdAt = result.rows[0]?.created_at;
  return createdAt ? { createdAt, id } : null;
}
