import { clampQuantity } from '@catalogue/shared/domain/enquiry-list';
import { AppError } from '@catalogue/shared/errors';
import type { Cart } from '@catalogue/shared/schemas/cart';
import { isId } from '@catalogue/shared/schemas/common';
import type { Database } from '../../db/client.ts';
import { createCartRepository, type CartLineRow } from './cart.repository.ts';

export const PRODUCT_NOT_FOUND = 'Product not found';

/** Our own media is served at `/media/{id}`; otherwise the product's external or legacy URL. */
const imageUrlOf = (line: Pick<CartLineRow, 'mediaId' | 'imageUrl'>) =>
  line.mediaId ? `/media/${line.mediaId}` : line.imageUrl;

/** The server-kept enquiry list of one user. Ownership is checked by the caller (the route). */
export function createCartService({ database }: { database: Database }) {
  const repo = createCartRepository(database.db);

  const cartOf = (userId: string, lines: readonly CartLineRow[]): Cart => ({
    userId,
    items: lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      code: line.code,
      price: line.price,
      quantity: line.quantity,
      imageUrl: imageUrlOf(line),
    })),
  });

  async function getCart(userId: string): Promise<Cart> {
    return cartOf(userId, await repo.listLines(userId));
  }

  /** One statement: the change and the list after it. */
  async function changeLine(userId: string, productId: string, quantity: number, mode: 'add' | 'set') {
    const lines = isId(productId) ? await repo.changeLine(userId, productId, quantity, mode) : null;
    if (!lines) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND);
    return cartOf(userId, lines);
  }

  return {
    getCart,

    addItem: (userId: string, productId: string, quantity: number): Promise<Cart> =>
      changeLine(userId, productId, quantity, 'add'),

    setQuantity: (userId: string, productId: string, quantity: number): Promise<Cart> =>
      changeLine(userId, productId, quantity, 'set'),

    async removeItem(userId: string, productId: string): Promise<Cart> {
      if (isId(productId)) await repo.removeLine(userId, productId);
      return getCart(userId);
    },

    async clear(userId: string): Promise<void> {
      await repo.clear(userId);
    },

    /** Quantities add per product (also between lines of the same product); unknown products are skipped. */
    async merge(userId: string, items: readonly { productId: string; quantity: number }[]): Promise<Cart> {
      const totals = new Map<string, number>();
      for (const item of items) {
        if (!isId(item.productId)) continue;
        const id = item.productId.toLowerCase();
        totals.set(id, clampQuantity((totals.get(id) ?? 0) + item.quantity));
      }
      await repo.mergeQuantities(
        userId,
        [...totals].map(([productId, quantity]) => ({ productId, quantity })),
      );
      return getCart(userId);
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
