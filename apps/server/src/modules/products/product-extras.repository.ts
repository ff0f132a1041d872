import { and, eq, inArray } from 'drizzle-orm';
import type { AttributeKind } from '@catalogue/shared/schemas/attributes';
import type { Db, Tx } from '../../db/client.ts';
import { attributeValues, productAttributes } from '../../db/schema/products.ts';

/** Every value of the lists: the slug → id maps that product writes check their input against. */
export async function listAttributeIds(
  db: Db | Tx,
): Promise<Array<{ id: string; kind: string; slug: string }>> {
  return db
    .select({ id: attributeValues.id, kind: attributeValues.kind, slug: attributeValues.slug })
    .from(attributeValues);
}

export type ExtrasWrite = {
  /** Per kind given, the complete new set of value ids (kinds absent are kept). */
  attributes: Partial<Record<AttributeKind, string[]>>;
};

/** Writes a product's attribute values of the kinds given, in one transaction. */
export async function writeProductExtras(db: Db, productId: string, extras: ExtrasWrite): Promise<void> {
  await db.transaction(async (tx) => {
    const kinds = Object.keys(extras.attributes) as AttributeKind[];
    if (!kinds.length) return;
    await tx
      .delete(productAttributes)
      .where(
        and(
          eq(productAttributes.productId, productId),
          inArray(
            productAttributes.valueId,
            tx
              .select({ id: attributeValues.id })
              .from(attributeValues)
              .where(inArray(attributeValues.kind, kinds)),
          ),
        ),
      );
    const ids = kinds.flatMap((kind) => extras.attributes[kind] ?? []);
    if (ids.length) {
      await tx
        .insert(productAttributes)
        .values(ids.map((valueId) => ({ productId, valueId })))
        .onConflictDoNothing();
    }
  });
}
