import { z } from 'zod';
import { MAX_ORDER_LINES, MAX_QUANTITY, MIN_QUANTITY } from '../domain/limits.ts';

/** A quantity as a request carries it: a whole JSON number, never a string, at most MAX_QUANTITY. */
const wholeQuantity = z
  .number({ error: 'quantity must be a whole number' })
  .int('quantity must be a whole number')
  .max(MAX_QUANTITY, `quantity must be at most ${MAX_QUANTITY}`);

/** Adding and merging: at least 1. */
export const addQuantitySchema = wholeQuantity.min(MIN_QUANTITY, `quantity must be at least ${MIN_QUANTITY}`);

/** Setting: any whole number up to the maximum, raised to 1 when below (updates clamp to 1). */
export const setQuantitySchema = wholeQuantity.transform((q) => Math.max(MIN_QUANTITY, q));

const id = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .min(1, `${field} is required`)
    .max(100);

/** One line of the server-kept list. Name, code, price and image come from the product. */
export const cartLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  code: z.string(),
  /** null unless prices are public or the list's owner is an admin. */
  price: z.number().nullable(),
  quantity: z.number().int(),
  imageUrl: z.string().nullable(),
  /** The design's minimum order in pieces; only when it has one (the list flags a line below it). */
  minOrderQuantity: z.number().int().optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({ userId: z.string(), items: z.array(cartLineSchema) });
export type Cart = z.infer<typeof cartSchema>;

/** `{message, cart}`: the answer of add, quantity, remove and merge. */
export const cartChangedSchema = z.object({ message: z.string(), cart: cartSchema });
export type CartChanged = z.infer<typeof cartChangedSchema>;

export const cartUserParamsSchema = z.object({ userId: z.string() });
export const cartLineParamsSchema = z.object({ userId: z.string(), productId: z.string() });

/** Extra fields older clients send (name, price, imageUrl) are ignored: the product decides them. */
export const cartAddBodySchema = z.object({
  userId: id('userId'),
  productId: id('productId'),
  quantity: addQuantitySchema.optional(),
});
export type CartAddBody = z.infer<typeof cartAddBodySchema>;

export const cartQuantityBodySchema = z.object({
  userId: id('userId'),
  productId: id('productId'),
  quantity: setQuantitySchema,
});
export type CartQuantityBody = z.infer<typeof cartQuantityBodySchema>;

/** A line of a local list being merged: older data names the product `_id` or `id`. */
export const cartMergeItemSchema = z
  .object({
    productId: z.string().max(100).optional(),
    _id: z.string().max(100).optional(),
    id: z.string().max(100).optional(),
    quantity: addQuantitySchema.optional(),
  })
  .transform((item, ctx) => {
    const productId = item.productId ?? item._id ?? item.id;
    if (!productId) {
      ctx.addIssue({ code: 'custom', message: 'productId is required', path: ['productId'] });
      return z.NEVER;
    }
    return { productId, quantity: item.quantity ?? MIN_QUANTITY };
  });

export const cartMergeBodySchema = z.object({
  userId: id('userId'),
  items: z
    .array(cartMergeItemSchema, { error: 'items must be a list' })
    .max(MAX_ORDER_LINES, `items must have at most ${MAX_ORDER_LINES} lines`),
});
export type CartMergeBody = z.infer<typeof cartMergeBodySchema>;
