import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ATTRIBUTE_MESSAGES,
  attributeListsSchema,
  attributeSavedSchema,
  attributeValueSchema,
} from '@catalogue/shared/schemas/attributes';
import { errorBody, messageBody } from '@catalogue/shared/schemas/common';

const kindParams = z.object({ kind: z.string() });
const valueParams = z.object({ kind: z.string(), id: z.string() });
const adminErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const anyBody = z.unknown();

/** `/api/attributes`: the lists of metals, finishes, stones and colours; admins edit them. */
export async function attributeRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const attributes = app.services.attributes;

  app.get(
    '/',
    {
      schema: {
        summary: 'Every list (metal, finish, stone, colour) with English and Hindi labels, in order',
        response: { 200: attributeListsSchema },
      },
    },
    async () => attributes.lists(),
  );

  app.get(
    '/admin',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'The lists with how many products carry each value',
        response: { 200: attributeListsSchema, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return attributes.listsWithCounts();
    },
  );

  app.post(
    '/admin/:kind',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Add a value at the end of a list: {labelEn, labelHi?, slug?}',
        params: kindParams,
        body: anyBody,
        response: { 201: attributeSavedSchema, ...adminErrors, 409: errorBody },
      },
    },
    async (request, reply) => {
      const value = await attributes.add(request.params.kind, request.body);
      return reply.code(201).send({ message: ATTRIBUTE_MESSAGES.added, value });
    },
  );

  app.put(
    '/admin/:kind/order',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Reorder a list: {ids} naming every value once, in the new order',
        params: kindParams,
        body: anyBody,
        response: {
          200: z.object({ message: z.string(), values: z.array(attributeValueSchema) }),
          ...adminErrors,
        },
      },
    },
    async (request) => ({
      message: ATTRIBUTE_MESSAGES.reordered,
      values: await attributes.reorder(request.params.kind, request.body),
    }),
  );

  app.put(
    '/admin/:kind/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Rename a value: {labelEn, labelHi}; its slug (its address in filters) stays',
        params: valueParams,
        body: anyBody,
        response: { 200: attributeSavedSchema, ...adminErrors },
      },
    },
    async (request) => ({
      message: ATTRIBUTE_MESSAGES.renamed,
      value: await attributes.rename(request.params.kind, request.params.id, request.body),
    }),
  );

  app.delete(
    '/admin/:kind/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Remove a value no product carries; 409 with the number of products otherwise',
        params: valueParams,
        response: { 200: messageBody, ...adminErrors, 409: errorBody },
      },
    },
    async (request) => {
      await attributes.remove(request.params.kind, request.params.id);
      return { message: ATTRIBUTE_MESSAGES.removed };
    },
  );
}
