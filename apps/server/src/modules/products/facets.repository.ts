import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newestFirst } from '../../db/newest-first.ts';
import { attributeValues, productAttributes, products } from '../../db/schema/products.ts';
import type { FacetSource } from './facet-index.ts';
import { productColumns, type ProductRow } from './product-row.repository.ts';

/**
 * What the facet index is built from: every product (newest first, the listing order), every list
 * value and every product–value link. Three plain scans, a few hundred milliseconds at 100,000
 * products, run only when the catalogue changed.
 */
export async function readFacetSource(db: Db): Promise<FacetSource> {
  const [rows, values, links] = await Promise.all([
    db
      .select({
        id: products.id,
        category: products.category,
        subcategory: products.subcategory,
        name: products.name,
        requestCount: products.requestCount,
      })
      .from(products)
      .orderBy(...newestFirst(products.createdAt, products.id)),
    db
      .select({
        id: attributeValues.id,
        kind: attributeValues.kind,
        slug: attributeValues.slug,
        labelEn: attributeValues.labelEn,
        labelHi: attributeValues.labelHi,
      })
      .from(attributeValues)
      .orderBy(attributeValues.kind, attributeValues.position, attributeValues.slug),
    db
      .select({ productId: productAttributes.productId, valueId: productAttributes.valueId })
      .from(productAttributes),
  ]);
  return { products: rows, values, links };
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
