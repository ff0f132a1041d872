import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { productColumns as columns, type ProductRow, type ProductValues } from './product-row.repository.ts';

/**
 * The product writes: the admin's add, edit and delete, and the catalogue import's batches. Each
 * takes the table's own values (`columnsOfFields` of the checked fields), so no statement names a
 * product column by hand: a column added to the table is written by all of them.
 */

export async function insertProduct(db: Db | Tx, values: ProductValues): Promise<ProductRow> {
  const [row] = await db.insert(products).values(values).returning(columns);
  return row!;
}

/** Adds products in one statement; answers their ids and codes, in the order given. */
export async function insertProducts(
  tx: Tx,
  values: ProductValues[],
): Promise<Array<{ id: string; code: string }>> {
  if (!values.length) return [];
  return tx.insert(products).values(values).returning({ id: products.id, code: products.code });
}

const table = getTableColumns(products);
type Settable = keyof ProductValues;

/**
 * Updates products, each with its own values, setting `updated_at` to the transaction's time: one
 * statement per set of columns given (the rows as one JSON parameter, each value typed as its
 * column), not one per product. A column a row does not give keeps its value.
 */
export async function updateProducts(
  tx: Tx,
  rows: Array<{ id: string; values: Partial<ProductValues> }>,
): Promise<void> {
  const groups = new Map<string, { keys: Settable[]; rows: Array<Record<string, unknown>> }>();
  for (const { id, values } of rows) {
    const keys = (Object.keys(values) as Settable[]).filter((k) => values[k] !== undefined).sort();
    const signature = keys.join(',');
    const group = groups.get(signature) ?? { keys, rows: [] };
    group.rows.push({ ...values, id });
    groups.set(signature, group);
  }
  for (const { keys, rows: group } of groups.values()) {
    const sets = keys.map((k) => sql`${sql.identifier(table[k].name)} = r.${sql.identifier(k)}`);
    const record = keys.map((k) => sql`${sql.identifier(k)} ${sql.raw(table[k].getSQLType())}`);
    await tx.execute(sql`UPDATE ${products} AS p SET ${sql.join([...sets, sql`updated_at = now()`], sql`, `)}
      FROM jsonb_to_recordset(${JSON.stringify(group)}::jsonb) AS r(id uuid${sql.join(
        record.map((c) => sql`, ${c}`),
        sql``,
      )})
      WHERE p.id = r.id`);
  }
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
