import { clampQuantity } from '@catalogue/shared/domain/enquiry-list';
import { seesPrices } from '@catalogue/shared/domain/prices';
import { AppError } from '@catalogue/shared/errors';
import type { Cart } from '@catalogue/shared/schemas/cart';
import { isId } from '@catalogue/shared/schemas/common';
import type { Database } from '../../db/client.ts';
import type { PublicImageUrl } from '../media/index.ts';
import { createCartRepository, type CartLineRow } from './cart.repository.ts';

export const PRODUCT_NOT_FOUND = 'Product not found';

/**
 * Whose list: the signed-in owner (id and role), or a bare user id, read as a buyer's. Whether the
 * lines carry prices is the price rule's answer for the owner (`seesPrices`).
 */
export type ListOwner = string | { id: string; role: string };
const ownerOf = (owner: ListOwner) => (typeof owner === 'string' ? { id: owner, role: 'user' } : owner);

/**
 * The server-kept enquiry list of one user. Ownership is checked by the caller (the route). Its
 * owner is a buyer or an admin: the lines carry prices for an admin, and for everyone when prices
 * are public.
 */
export function createCartService({
  database,
  imageUrl,
  publicPrices,
}: {
  database: Database;
  imageUrl: PublicImageUrl;
  publicPrices: boolean;
}) {
  const repo = createCartRepository(database.db);

  const cartOf = (owner: ListOwner, lines: readonly CartLineRow[]): Cart => {
    const { id, role } = ownerOf(owner);
    const priced = seesPrices({ role }, publicPrices);
    return {
      userId: id,
      items: lines.map((line) => ({
        productId: line.productId,
        name: line.name,
        code: line.code,
        price: priced ? line.price : null,
        quantity: line.quantity,
        imageUrl: imageUrl(line),
        ...(line.minOrderQuantity === null ? {} : { minOrderQuantity: line.minOrderQuantity }),
      })),
    };
  };

  async function getCart(owner: ListOwner): Promise<Cart> {
    return cartOf(owner, await repo.listLines(ownerOf(owner).id));
  }

  /** One statement: the change and the list after it. */
  async function changeLine(owner: ListOwner, productId: string, quantity: number, mode: 'add' | 'set') {
    const userId = ownerOf(owner).id;
    const lines = isId(productId) ? await repo.changeLine(userId, productId, quantity, mode) : null;
    if (!lines) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND);
    return cartOf(owner, lines);
  }

  return {
    getCart,

    addItem: (owner: ListOwner, productId: string, quantity: number): Promise<Cart> =>
      changeLine(owner, productId, quantity, 'add'),

    setQuantity: (owner: ListOwner, productId: string, quantity: number): Promise<Cart> =>
      changeLine(owner, productId, quantity, 'set'),

    async removeItem(owner: ListOwner, productId: string): Promise<Cart> {
      if (isId(productId)) await repo.removeLine(ownerOf(owner).id, productId);
      return getCart(owner);
    },

    async clear(owner: ListOwner): Promise<void> {
      await repo.clear(ownerOf(owner).id);
    },

    /** Quantities add per product (also between lines of the same product); unknown products are skipped. */
    async merge(owner: ListOwner, items: readonly { productId: string; quantity: number }[]): Promise<Cart> {
      const userId = ownerOf(owner).id;
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
      return getCart(owner);
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
