import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '@catalogue/shared/errors';
import {
  cartAddBodySchema,
  cartChangedSchema,
  cartLineParamsSchema,
  cartMergeBodySchema,
  cartQuantityBodySchema,
  cartSchema,
  cartUserParamsSchema,
} from '@catalogue/shared/schemas/cart';
import { errorBody, messageBody } from '@catalogue/shared/schemas/common';
import type { ListOwner } from './cart.service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * A list is its owner's only (an administrator included): the fix for lists anyone could change.
 * Its lines carry prices as the price rule decides for the owner (the cart service asks it).
 */
async function ownListOf(request: FastifyRequest, userId: string): Promise<ListOwner> {
  const viewer = await request.viewer();
  if (!viewer) throw new AppError('UNAUTHORIZED', 'Unauthorized');
  if (viewer.id !== userId) throw new AppError('FORBIDDEN', 'Forbidden');
  return { id: viewer.id, role: viewer.role };
}

export async function cartRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { cart } = app.services;
  const tags = ['cart'];

  // Authentication first: an anonymous caller learns nothing about what a valid body looks like.
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/:userId',
    { schema: { tags, params: cartUserParamsSchema, response: { 200: cartSchema, ...errors } } },
    async (request) => cart.getCart(await ownListOf(request, request.params.userId)),
  );

  app.post(
    '/add',
    { schema: { tags, body: cartAddBodySchema, response: { 200: cartChangedSchema, ...errors } } },
    async (request) => {
      const { userId, productId, quantity = 1 } = request.body;
      const list = await cart.addItem(await ownListOf(request, userId), productId, quantity);
      return { message: 'Item added to cart', cart: list };
    },
  );

  app.put(
    '/quantity',
    { schema: { tags, body: cartQuantityBodySchema, response: { 200: cartChangedSchema, ...errors } } },
    async (request) => {
      const { userId, productId, quantity } = request.body;
      const list = await cart.setQuantity(await ownListOf(request, userId), productId, quantity);
      return { message: 'Quantity updated', cart: list };
    },
  );

  app.delete(
    '/remove/:userId/:productId',
    { schema: { tags, params: cartLineParamsSchema, response: { 200: cartChangedSchema, ...errors } } },
    async (request) => {
      const { userId, productId } = request.params;
      const list = await cart.removeItem(await ownListOf(request, userId), productId);
      return { message: 'Item removed from cart', cart: list };
    },
  );

  app.delete(
    '/clear/:userId',
    { schema: { tags, params: cartUserParamsSchema, response: { 200: messageBody, ...errors } } },
    async (request) => {
      await cart.clear(await ownListOf(request, request.params.userId));
      return { message: 'Cart cleared' };
    },
  );

  app.post(
    '/merge',
    { schema: { tags, body: cartMergeBodySchema, response: { 200: cartChangedSchema, ...errors } } },
    async (request) => {
      const list = await cart.merge(await ownListOf(request, request.body.userId), request.body.items);
      return { message: 'Cart merged', cart: list };
    },
  );
}
