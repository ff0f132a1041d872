import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { AttributeKind } from '@catalogue/shared/schemas/attributes';
import type { Db } from '../../db/client.ts';
import { attributeValues, productAttributes } from '../../db/schema/products.ts';

export type AttributeValueRow = {
  id: string;
  kind: string;
  slug: string;
  labelEn: string;
  labelHi: string;
  position: number;
};

const columns = {
  id: attributeValues.id,
  kind: attributeValues.kind,
  slug: attributeValues.slug,
  labelEn: attributeValues.labelEn,
  labelHi: attributeValues.labelHi,
  position: attributeValues.position,
};

const ORDER = [asc(attributeValues.kind), asc(attributeValues.position), asc(attributeValues.slug)];

export async function listValues(db: Db): Promise<AttributeValueRow[]> {
  return db
    .select(columns)
    .from(attributeValues)
    .orderBy(...ORDER);
}

/** Every value with the number of products that carry it. */
export async function listValuesWithCounts(
  db: Db,
): Promise<Array<AttributeValueRow & { productCount: number }>> {
  return db
    .select({ ...columns, productCount: count(productAttributes.productId) })
    .from(attributeValues)
    .leftJoin(productAttributes, eq(productAttributes.valueId, attributeValues.id))
    .groupBy(attributeValues.id)
    .orderBy(...ORDER);
}

export async function findValue(db: Db, kind: AttributeKind, id: string): Promise<AttributeValueRow | null> {
  const [row] = await db
    .select(columns)
    .from(attributeValues)
    .where(and(eq(attributeValues.kind, kind), eq(attributeValues.id, id)))
    .limit(1);
  return row ?? null;
}

export async function countValues(db: Db, kind: AttributeKind): Promise<number> {
  const [row] = await db.select({ n: count() }).from(attributeValues).where(eq(attributeValues.kind, kind));
  return row?.n ?? 0;
}

/** Adds a value at the end of its list; null when the kind already has that slug. */
export async function insertValue(
  db: Db,
  value: { kind: AttributeKind; slug: string; labelEn: string; labelHi: string },
): Promise<AttributeValueRow | null> {
  const [row] = await db
    .insert(attributeValues)
    .values({
      ...value,
      position: sql`(SELECT coalesce(max(position), 0) + 1 FROM ${attributeValues} WHERE kind = ${value.kind})`,
    })
    .onConflictDoNothing()
    .returning(columns);
  return row ?? null;
}

export async function renameValue(
  db: Db,
  kind: AttributeKind,
  id: string,
  labels: { labelEn: string; labelHi: string },
): Promise<AttributeValueRow | null> {
  const [row] = await db
    .update(attributeValues)
    .set(labels)
    .where(and(eq(attributeValues.kind, kind), eq(attributeValues.id, id)))
    .returning(columns);
  return row ?? null;
}

/** Numbers the values of a list 1, 2, 3... in the order of `ids`, in one statement. */
export async function reorderValues(db: Db, kind: AttributeKind, ids: string[]): Promise<void> {
  await db.execute(sql`
    UPDATE ${attributeValues} AS av SET position = o.ord
    FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) WITH ORDINALITY AS o(id, ord)
    WHERE av.id = o.id::uuid AND av.kind = ${kind}`);
}

export async function countProductsWith(db: Db, valueId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(productAttributes)
    .where(eq(productAttributes.valueId, valueId));
  return row?.n ?? 0;
}

/**
 * Removes a value that no product carries, in one statement: when a product carries it, or gained
 * it since it was counted, nothing is removed and the number of such products is answered.
 */
export async function deleteUnusedValue(
  db: Db,
  kind: AttributeKind,
  id: string,
): Promise<{ removed: boolean; usedBy: number; found: boolean }> {
  const result = await db.execute<{ removed: number; used_by: number; found: number }>(sql`
    WITH used AS (SELECT count(*)::int AS n FROM ${productAttributes} WHERE value_id = ${id}::uuid),
    gone AS (
      DELETE FROM ${attributeValues}
      WHERE id = ${id}::uuid AND kind = ${kind} AND (SELECT n FROM used) = 0
      RETURNING id
    )
    SELECT (SELECT count(*)::int FROM gone) AS removed, (SELECT n FROM used) AS used_by,
      (SELECT count(*)::int FROM ${attributeValues} WHERE id = ${id}::uuid AND kind = ${kind}) AS found`);
  const row = result.rows[0]!;
  return { removed: Number(row.removed) > 0, usedBy: Number(row.used_by), found: Number(row.found) > 0 };
}
