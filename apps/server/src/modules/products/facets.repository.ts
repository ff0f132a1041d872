import { inArray } from 'drizzle-orm';
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
