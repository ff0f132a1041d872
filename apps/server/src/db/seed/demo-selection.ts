import { desc, eq } from 'drizzle-orm';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Db } from '../client.ts';
import { products } from '../schema/products.ts';
import { selectionItems, selectionLinks, selections } from '../schema/selections.ts';
import { users } from '../schema/users.ts';

/** How many of the newest designs the demo selection holds. */
export const DEMO_SELECTION_SIZE = 12;

/**
 * The demo's selection: the newest designs, owned by the first administrator, with one link for a
 * demo recipient (no prices), so `npm start` shows the link's page at once. A link's token is kept
 * only as its hash, so the address is returned here for the start-up log and never stored. Does
 * nothing when a selection exists already or there is no administrator or product.
 */
export async function seedDemoSelection(db: Db, siteUrl: string): Promise<{ url: string } | null> {
  const [existing] = await db.select({ id: selections.id }).from(selections).limit(1);
  if (existing) return null;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (!admin) return null;
  const newest = await db
    .select({ id: products.id })
    .from(products)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(DEMO_SELECTION_SIZE);
  if (newest.length === 0) return null;
  const token = newToken();
  await db.transaction(async (tx) => {
    const [selection] = await tx
      .insert(selections)
      .values({
        title: 'New this season: silver and brass',
        note: 'Our newest designs. Add what you like to your enquiry list and ask us for prices.',
        internalNote: 'Demo selection made at first start.',
        ownerId: admin.id,
      })
      .returning({ id: selections.id });
    await tx
      .insert(selectionItems)
      .values(newest.map((p, position) => ({ selectionId: selection!.id, productId: p.id, position })));
    await tx.insert(selectionLinks).values({
      selectionId: selection!.id,
      tokenHash: hashToken(token),
      recipientName: 'Demo buyer',
      recipientPhone: '+91 98765 43210',
    });
  });
  return { url: `${siteUrl.replace(/\/$/, '')}/s/${token}` };
}
