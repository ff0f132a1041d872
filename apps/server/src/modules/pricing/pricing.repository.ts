import { desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { costingSchema, type CostingValue } from '@catalogue/shared/schemas/pricing';
import type { Db, Tx } from '../../db/client.ts';
import { fxRates, metalRates, productCostings } from '../../db/schema/pricing.ts';
import { products } from '../../db/schema/products.ts';

export type MetalRateRow = typeof metalRates.$inferSelect;
export type FxRateRow = typeof fxRates.$inferSelect;

/** The current rate of each metal: its latest effective rate not after `now`. */
export async function currentMetalRates(db: Db, now: Date): Promise<MetalRateRow[]> {
  return db
    .selectDistinctOn([metalRates.metal])
    .from(metalRates)
    .where(lte(metalRates.effectiveAt, now))
    .orderBy(metalRates.metal, desc(metalRates.effectiveAt), desc(metalRates.id));
}

export async function currentFxRates(db: Db, now: Date): Promise<FxRateRow[]> {
  return db
    .selectDistinctOn([fxRates.currency])
    .from(fxRates)
    .where(lte(fxRates.effectiveAt, now))
    .orderBy(fxRates.currency, desc(fxRates.effectiveAt), desc(fxRates.id));
}

export async function metalHistory(db: Db, metal: string, limit: number): Promise<MetalRateRow[]> {
  return db
    .select()
    .from(metalRates)
    .where(eq(metalRates.metal, metal))
    .orderBy(desc(metalRates.effectiveAt), desc(metalRates.id))
    .limit(limit);
}

export async function fxHistory(db: Db, currency: string, limit: number): Promise<FxRateRow[]> {
  return db
    .select()
    .from(fxRates)
    .where(eq(fxRates.currency, currency))
    .orderBy(desc(fxRates.effectiveAt), desc(fxRates.id))
    .limit(limit);
}

/**
 * Adds a metal rate unless `refuse` objects to it against the metal's current one; both in one
 * transaction with the metal's rows locked by an advisory lock, so two admins setting the same
 * metal at once are each checked against the other's.
 */
export async function insertMetalRate(
  db: Db,
  row: typeof metalRates.$inferInsert,
  refuse: (last: number | null) => string | null,
): Promise<{ row: MetalRateRow } | { refused: string }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`metal_rate:${row.metal}`}))`);
    const [last] = await tx
      .select({ perKgFine: metalRates.perKgFine })
      .from(metalRates)
      .where(eq(metalRates.metal, row.metal))
      .orderBy(desc(metalRates.effectiveAt), desc(metalRates.id))
      .limit(1);
    const refused = refuse(last?.perKgFine ?? null);
    if (refused) return { refused };
    const [inserted] = await tx.insert(metalRates).values(row).returning();
    return { row: inserted! };
  });
}

export async function insertFxRate(
  db: Db,
  row: typeof fxRates.$inferInsert,
  refuse: (last: number | null) => string | null,
): Promise<{ row: FxRateRow } | { refused: string }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`fx_rate:${row.currency}`}))`);
    const [last] = await tx
      .select({ inrPerUnit: fxRates.inrPerUnit })
      .from(fxRates)
      .where(eq(fxRates.currency, row.currency))
      .orderBy(desc(fxRates.effectiveAt), desc(fxRates.id))
      .limit(1);
    const refused = refuse(last?.inrPerUnit ?? null);
    if (refused) return { refused };
    const [inserted] = await tx.insert(fxRates).values(row).returning();
    return { row: inserted! };
  });
}

export async function productExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1);
  return Boolean(row);
}

export async function readCosting(db: Db, productId: string): Promise<unknown | null> {
  const [row] = await db
    .select({ costing: productCostings.costing })
    .from(productCostings)
    .where(eq(productCostings.productId, productId))
    .limit(1);
  return row?.costing ?? null;
}

/** A stored costing, checked again on the way out (one written by an older version stays readable). */
export function storedCosting(raw: unknown): CostingValue | null {
  const parsed = costingSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** The costings of several designs at once (a quote's lines, an import's rows), by product id. */
export async function readCostings(
  db: Db | Tx,
  productIds: readonly string[],
): Promise<Map<string, unknown>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .select({ productId: productCostings.productId, costing: productCostings.costing })
    .from(productCostings)
    .where(inArray(productCostings.productId, [...productIds]));
  return new Map(rows.map((r) => [r.productId, r.costing]));
}

/** Rows one statement writes at most (a statement's parameters are bounded). */
const COSTING_BATCH = 1000;

/**
 * Saves checked costings, several designs a statement: the costing PUT (one design) and the
 * catalogue import (its rows, in its transaction) both write through here. `updated_at` is the
 * transaction's time, so an import's costings carry the import's own time (its undo compares it).
 */
export async function writeCostings(
  db: Db | Tx,
  rows: ReadonlyArray<{ productId: string; costing: CostingValue }>,
  by: string | null,
): Promise<void> {
  for (let at = 0; at < rows.length; at += COSTING_BATCH) {
    await db
      .insert(productCostings)
      .values(
        rows.slice(at, at + COSTING_BATCH).map((r) => ({
          productId: r.productId,
          costing: r.costing,
          updatedById: by,
          updatedAt: sql`now()`,
        })),
      )
      .onConflictDoUpdate({
        target: productCostings.productId,
        set: {
          costing: sql`excluded.costing`,
          updatedById: sql`excluded.updated_by_id`,
          updatedAt: sql`now()`,
        },
      });
  }
}

/** Removes the costings of these designs (an import row whose `pricing_mode` is "none"). */
export async function deleteCostings(db: Db | Tx, productIds: readonly string[]): Promise<void> {
  if (!productIds.length) return;
  await db.delete(productCostings).where(inArray(productCostings.productId, [...productIds]));
}
