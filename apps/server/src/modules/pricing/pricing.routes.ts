import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@catalogue/shared/schemas/common';
import {
  costingAnswerSchema,
  fxAnswerSchema,
  rateAnswerSchema,
  rateHistoryQuerySchema,
  rateHistorySchema,
  ratesAnswerSchema,
} from '@catalogue/shared/schemas/pricing';
import type { Setter } from './pricing.service.ts';

const adminErrors = { 400: errorBody, 401: errorBody, 403: errorBody };
const anyBody = z.unknown();
const idParams = z.object({ id: z.string() });

async function setter(request: FastifyRequest): Promise<Setter> {
  const viewer = (await request.viewer())!;
  return { id: viewer.id, name: viewer.name };
}

/**
 * `/api/rates` (metal and exchange rates) and `/api/products/admin/{id}/costing` (a design's
 * costing and its price at today's rates). Admins only, every answer `no-store`.
 */
export async function pricingRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const pricing = app.services.pricing;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/rates',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'The current rate of each metal (paise per kg of fine metal) and each currency',
        response: { 200: ratesAnswerSchema, 401: errorBody, 403: errorBody },
      },
    },
    async () => pricing.current(),
  );

  app.post(
    '/rates',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary:
          'Set a metal rate {metal, perKgFine, fineness?, source?, effectiveAt?}; ≤ 0 or over 100× the last → 400',
        body: anyBody,
        response: { 201: rateAnswerSchema, ...adminErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ rate: await pricing.setRate(request.body, await setter(request)) }),
  );

  app.get(
    '/rates/history',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'A metal’s (?metal=silver) or a currency’s (?currency=USD) rates, newest first (90 at most)',
        querystring: rateHistoryQuerySchema,
        response: { 200: rateHistorySchema, ...adminErrors },
      },
    },
    async (request) => pricing.history(request.query),
  );

  app.post(
    '/rates/fx',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Set an exchange rate {currency, inrPerUnit (paise per unit), source?, effectiveAt?}',
        body: anyBody,
        response: { 201: fxAnswerSchema, ...adminErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ fx: await pricing.setFx(request.body, await setter(request)) }),
  );

  app.get(
    '/products/admin/:id/costing',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'A design’s costing and its price at today’s rates (admins only)',
        params: idParams,
        response: { 200: costingAnswerSchema, ...adminErrors, 404: errorBody },
      },
    },
    async (request) => pricing.costing(request.params.id),
  );

  app.put(
    '/products/admin/:id/costing',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Save a design’s costing; answers it with the price at today’s rates',
        params: idParams,
        body: anyBody,
        response: { 200: costingAnswerSchema, ...adminErrors, 404: errorBody },
      },
    },
    async (request) => pricing.saveCosting(request.params.id, request.body, await setter(request)),
  );
}
