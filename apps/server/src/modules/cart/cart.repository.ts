import { and, asc, eq, sql } from 'drizzle-orm';
import { MAX_QUANTITY } from '@catalogue/shared/domain/limits';
import type { Db } from '../../db/client.ts';
import { cartItems, products } from '../../db/schema/index.ts';

export type CartLineRow = {
  productId: string;
  name: string;
  code: string;
  price: number;
  quantity: number;
  imageUrl: string | null;
  mediaId: string | null;
};

/**
 * Every change is one statement on the (user, product) row: concurrent calls queue on that
 * row's lock inside PostgreSQL, so none of them can overwrite another's change. A product that
 * does not exist inserts nothing (the statement selects it), which the caller reports as 404.
 */
export function createCartRepository(db: Db) {
  return {
    /** The lines whose product still exists, oldest line first. */
    async listLines(userId: string): Promise<CartLineRow[]> {
      return db
        .select({
          productId: products.id,
          name: products.name,
          code: products.code,
          price: products.price,
          quantity: cartItems.quantity,
          imageUrl: products.imageUrl,
          mediaId: products.mediaId,
        })
        .from(cartItems)
        .innerJoin(products, eq(products.id, cartItems.productId))
        .where(eq(cartItems.userId, userId))
        .orderBy(asc(cartItems.createdAt), asc(cartItems.productId));
    },

    /** Grows the line by `quantity` (capped at the maximum), creating it if needed; false when the product is unknown. */
    async addQuantity(userId: string, productId: string, quantity: number): Promise<boolean> {
      const { rows } = await db.execute(sql`
        INSERT INTO cart_items (user_id, product_id, quantity)
        SELECT ${userId}::uuid, p.id, ${quantity}::int FROM products p WHERE p.id = ${productId}::uuid
        ON CONFLICT (user_id, product_id) DO UPDATE
          SET quantity = least(cart_items.quantity + excluded.quantity, ${MAX_QUANTITY}::int), updated_at = now()
        RETURNING 1`);
      return rows.length > 0;
    },

    /** Sets the line's quantity, creating it if needed; false when the product is unknown. */
    async setQuantity(userId: string, productId: string, quantity: number): Promise<boolean> {
      const { rows } = await db.execute(sql`
        INSERT INTO cart_items (user_id, product_id, quantity)
        SELECT ${userId}::uuid, p.id, ${quantity}::int FROM products p WHERE p.id = ${productId}::uuid
        ON CONFLICT (user_id, product_id) DO UPDATE SET quantity = excluded.quantity, updated_at = now()
        RETURNING 1`);
      return rows.length > 0;
    },

    /**
     * Adds every line in one statement; lines of unknown products are skipped by the join.
     * Rows are taken in product order, so two merges for one user cannot deadlock.
     */
    async mergeQuantities(userId: string, lines: readonly { productId: string; quantity: number }[]) {
      if (!lines.length) return;
      const values = sql.join(
        lines.map((l) => sql`(${l.productId}::uuid, ${l.quantity}::int)`),
        sql`, `,
      );
      await db.execute(sql`
        INSERT INTO cart_items (user_id, product_id, quantity)
        SELECT ${userId}::uuid, p.id, least(v.quantity, ${MAX_QUANTITY}::int)
        FROM (VALUES ${values}) AS v(product_id, quantity)
        JOIN products p ON p.id = v.product_id
        ORDER BY p.id
        ON CONFLICT (user_id, product_id) DO UPDATE
          SET quantity = least(cart_items.quantity + excluded.quantity, ${MAX_QUANTITY}::int), updated_at = now()`);
    },

    async removeLine(userId: string, productId: string) {
      await db.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
    },

    async clear(userId: string) {
      await db.delete(cartItems).where(eq(cartItems.userId, userId));
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
