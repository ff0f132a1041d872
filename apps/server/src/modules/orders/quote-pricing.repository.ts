import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { quoteRevisionPricing } from '../../db/schema/pricing.ts';
import type { RevisionPricingRow } from './quotation-rows.ts';

/** How quote revisions were priced (`quote_revision_pricing`), read and written beside their lines. */
export function quotePricingStore(db: Db | Tx) {
  return {
    async readPricing(revisionIds: readonly string[]): Promise<Map<string, RevisionPricingRow>> {
      const found = new Map<string, RevisionPricingRow>();
      if (!revisionIds.length) return found;
      const rows = await db
        .select()
        .from(quoteRevisionPricing)
        .where(inArray(quoteRevisionPricing.revisionId, [...revisionIds]));
      for (const { revisionId, updatedAt: _updatedAt, ...row } of rows)
        found.set(revisionId, { ...row, grandTotal: Number(row.grandTotal) } as RevisionPricingRow);
      return found;
    },

    async writePricing(revisionId: string, pricing: RevisionPricingRow): Promise<void> {
      await db
        .insert(quoteRevisionPricing)
        .values({ revisionId, ...pricing })
        .onConflictDoUpdate({
          target: quoteRevisionPricing.revisionId,
          set: { ...pricing, updatedAt: new Date() },
        });
    },

    /** The country a request came from (its tax regime is decided from it). */
    async buyerCountry(orderId: string): Promise<string> {
      const [row] = await db
        .select({ country: orders.country })
        .from(orders)
        .where(eq(orders.id, orderId))
        .limit(1);
      return row?.country ?? '';
    },

    async setRateValidUntil(revisionId: string, rateValidUntil: Date | null): Promise<void> {
      await db
        .update(quoteRevisionPricing)
        .set({ rateValidUntil })
        .where(eq(quoteRevisionPricing.revisionId, revisionId));
    },
  };
}
