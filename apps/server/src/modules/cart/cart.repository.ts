import { and, asc, eq, sql } from 'drizzle-orm';
import { MAX_QUANTITY } from '@catalogue/shared/domain/limits';
import type { Db } from '../../db/client.ts';
import { cartItems } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';

export type CartLineRow = {
  productId: string;
  name: string;
  code: string;
  price: number;
  quantity: number;
  imageUrl: string | null;
  mediaId: string | null;
  /** The design's minimum order in pieces; null when it has none. */
  minOrderQuantity: number | null;
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
          minOrderQuantity: products.minOrderQuantity,
        })
        .from(cartItems)
        .innerJoin(products, eq(products.id, cartItems.productId))
        .where(eq(cartItems.userId, userId))
        .orderBy(asc(cartItems.createdAt), asc(cartItems.productId));
    },

    /**
     * Grows the line by `quantity` (capped at the maximum) or sets it to `quantity`, creating it
     * if needed, and answers the whole list after the change, in one statement; null when the
     * product is unknown. The rest of the list is read in the statement's snapshot and the
     * changed line comes from the upsert itself (a statement does not see its own writes).
     */
    async changeLine(
      userId: string,
      productId: string,
      quantity: number,
      mode: 'add' | 'set',
    ): Promise<CartLineRow[] | null> {
      const merged =
        mode === 'add'
          ? sql`least(cart_items.quantity + excluded.quantity, ${MAX_QUANTITY}::int)`
          : sql`excluded.quantity`;
      const { rows } = await db.execute<{
        product_id: string;
        name: string;
        code: string;
        price: number;
        quantity: number;
        image_url: string | null;
        media_id: string | null;
        min_order_quantity: number | null;
        is_changed: boolean;
      }>(sql`
        WITH up AS (
          INSERT INTO cart_items (user_id, product_id, quantity)
          SELECT ${userId}::uuid, p.id, ${quantity}::int FROM products p WHERE p.id = ${productId}::uuid
          ON CONFLICT (user_id, product_id) DO UPDATE SET quantity = ${merged}, updated_at = now()
          RETURNING product_id, quantity, created_at
        )
        SELECT p.id AS product_id, p.name, p.code, p.price, c.quantity, p.image_url, p.media_id,
          p.min_order_quantity, c.created_at, false AS is_changed
        FROM cart_items c JOIN products p ON p.id = c.product_id
        WHERE c.user_id = ${userId}::uuid AND c.product_id NOT IN (SELECT product_id FROM up)
        UNION ALL
        SELECT p.id, p.name, p.code, p.price, up.quantity, p.image_url, p.media_id, p.min_order_quantity,
          up.created_at, true
        FROM up JOIN products p ON p.id = up.product_id
        ORDER BY created_at, product_id`);
      if (!rows.some((r) => r.is_changed)) return null;
      return rows.map((r) => ({
        productId: r.product_id,
        name: r.name,
        code: r.code,
        price: Number(r.price),
        quantity: Number(r.quantity),
        imageUrl: r.image_url,
        mediaId: r.media_id,
        minOrderQuantity: r.min_order_quantity === null ? null : Number(r.min_order_quantity),
      }));
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
