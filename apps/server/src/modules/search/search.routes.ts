import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_SIZE } from '@catalogue/shared/domain/limits';
import { pricesDependOnViewer } from '@catalogue/shared/domain/prices';
import { errorBody, messageBody } from '@catalogue/shared/schemas/common';
import { searchPageSchema, synonymListSchema, synonymSavedSchema } from '@catalogue/shared/schemas/search';

const adminErrors = { 400: errorBody, 401: errorBody, 403: errorBody };
const idParams = z.object({ id: z.string() });
const searchQuery = z.object({
  q: z
    .unknown()
    .optional()
    .transform((v) => (typeof v === 'string' ? v : '')),
  page: z
    .unknown()
    .optional()
    .transform((v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Math.max(1, Number(v)) : 1)),
});

export const SYNONYM_TEXTS = {
  added: 'Synonym added',
  updated: 'Synonym updated',
  deleted: 'Synonym deleted',
} as const;

/** `/api/search`: the results page's data, and the synonyms administrators keep. */
export async function searchRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { search, catalogue } = app.services;

  app.get(
    '/',
    {
      schema: {
        summary:
          'Search results, 16 a page: literal matches of name or code first (exact code, prefix, substring), then products whose words match every query word (name, category and subcategory words, then attribute labels in English and Hindi, tags and description), with synonyms, plurals and close spellings; newest first within each',
        querystring: searchQuery,
        response: { 200: searchPageSchema, 400: errorBody },
      },
    },
    async (request, reply) => {
      const found = await search.page(request.query.q, request.query.page, PAGE_SIZE.shopAll);
      const publicPrices = app.services.env.PUBLIC_PRICES;
      const reader = catalogue.forViewer(pricesDependOnViewer(publicPrices) ? await request.viewer() : null);
      const { ids, ...rest } = found;
      reply.header('cache-control', 'no-store');
      return { ...rest, products: await reader.listByIds(ids) };
    },
  );

  app.get(
    '/synonyms',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Every search synonym, by term',
        response: { 200: synonymListSchema, ...adminErrors },
      },
    },
    async () => ({ synonyms: await search.listSynonyms() }),
  );

  app.post(
    '/synonyms',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Add a synonym: term (1–40 characters, unique) and meaning (1–80), both stored lower-case',
        body: z.unknown(),
        response: { 201: synonymSavedSchema, ...adminErrors, 409: errorBody },
      },
    },
    async (request, reply) => {
      const synonym = await search.createSynonym(request.body);
      return reply.code(201).send({ message: SYNONYM_TEXTS.added, synonym });
    },
  );

  app.put(
    '/synonyms/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Change a synonym',
        params: idParams,
        body: z.unknown(),
        response: { 200: synonymSavedSchema, ...adminErrors, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => ({
      message: SYNONYM_TEXTS.updated,
      synonym: await search.updateSynonym(request.params.id, request.body),
    }),
  );

  app.delete(
    '/synonyms/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Remove a synonym',
        params: idParams,
        response: { 200: messageBody, ...adminErrors, 404: errorBody },
      },
    },
    async (request) => {
      await search.deleteSynonym(request.params.id);
      return { message: SYNONYM_TEXTS.deleted };
    },
  );
}
