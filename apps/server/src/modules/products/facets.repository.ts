import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newestFirst } from '../../db/newest-first.ts';
import { attributeValues, productAttributes, products } from '../../db/schema/products.ts';
import type { FacetSource } from './facet-index.ts';
import { productColumns, type ProductRow } from './product-row.repository.ts';

/** The list values in the index's order: by kind, then each list's own order. */
const VALUE_ORDER = sql`${attributeValues.kind}, ${attributeValues.position}, ${attributeValues.slug}`;

/**
 * What the facet index is built from: every list value, and every product (newest first, the
 * listing order) with the positions in that list of the values it has. Two plain scans, a few
 * hundred milliseconds at 100,000 products, run only when the catalogue changed. Each product's
 * values come as small numbers, not as one object and two id strings per link (~400,000 links at
 * 100,000 products: tens of megabytes of garbage each build). Both statements read one snapshot
 * (a repeatable-read transaction), so the numbers agree with the list even while an admin writes.
 */
export async function readFacetSource(db: Db): Promise<FacetSource> {
  return db.transaction(
    async (tx) => {
      const values = await tx
        .select({
          kind: attributeValues.kind,
          slug: attributeValues.slug,
          labelEn: attributeValues.labelEn,
          labelHi: attributeValues.labelHi,
        })
        .from(attributeValues)
        .orderBy(VALUE_ORDER);
      // Each product's value positions, aggregated by PostgreSQL in one pass over the links (a
      // subquery per product would be a probe and a join per product: ~2 s at 100,000 products).
      const linked = sql`(SELECT pa.product_id, array_agg(v.n) AS positions
        FROM ${productAttributes} pa
        JOIN (SELECT ${attributeValues.id} AS id, (row_number() OVER (ORDER BY ${VALUE_ORDER}))::int - 1 AS n
              FROM ${attributeValues}) v ON v.id = pa.value_id
        GROUP BY pa.product_id) linked`;
      const rows = await tx
        .select({
          id: products.id,
          category: products.category,
          subcategory: products.subcategory,
          name: products.name,
          requestCount: products.requestCount,
          valuePositions: sql<number[]>`coalesce(linked.positions, '{}')`,
        })
        .from(products)
        .leftJoin(linked, sql`linked.product_id = ${products.id}`)
        .orderBy(...newestFirst(products.createdAt, products.id));
      return { products: rows, values };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The products with these ids, in the order of `ids` (ids no longer there are left out). */
export async function findProductsByIds(db: Db, ids: string[]): Promise<ProductRow[]> {
  if (!ids.length) return [];
  const rows = await db.select(productColumns).from(products).where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * What the facet index depends on, summed up: the products (count and update times), their request
 * counts (a price request raises them without a catalogue event), the list values and the number
 * of product–value links. The periodic refresh rebuilds the index only when this differs from the
 * version it was built from; writes on any instance invalidate it at once through their events.
 */
export async function readFacetVersion(db: Db): Promise<string> {
  const result = await db.execute<{ version: string }>(sql`
    SELECT concat_ws('|', p.n, p.latest, p.updates, p.requests, v.digest, l.n) AS version
    FROM (SELECT count(*) AS n, max(updated_at) AS latest, sum(extract(epoch FROM updated_at)) AS updates,
                 sum(request_count) AS requests FROM ${products}) p,
         (SELECT md5(coalesce(string_agg(concat_ws('/', id, kind, slug, label_en, label_hi, position), ','
                 ORDER BY id), '')) AS digest FROM ${attributeValues}) v,
         (SELECT count(*) AS n FROM ${productAttributes}) l`);
  return result.rows[0]?.version ?? '';
}
