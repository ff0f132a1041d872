import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { productColumns as columns, type ProductRow, type ProductValues } from './product-row.repository.ts';

export async function insertProduct(db: Db | Tx, values: ProductValues): Promise<ProductRow> {
  const [row] = await db.insert(products).values(values).returning(columns);
  return row!;
}

/** Updates and answers the row before and after, or null when it does not exist. */
export async function updateProduct(
  db: Db,
  id: string,
  values: Partial<ProductValues>,
): Promise<{ before: ProductRow; after: ProductRow } | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select(columns).from(products).where(eq(products.id, id)).for('update');
    if (!before) return null;
    const [updated] = await tx
      .update(products)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(products.id, id))
      .returning(columns);
    return { before, after: updated! };
  });
}

/** Deletes and answers the removed row (its image may then be released), or null. */
export async function deleteProduct(db: Db, id: string): Promise<ProductRow | null> {
  const [row] = await db.delete(products).where(eq(products.id, id)).returning(columns);
  return row ?? null;
}
