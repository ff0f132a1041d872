import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@catalogue/shared/errors';
import { cartSchema } from '@catalogue/shared/schemas/cart';
import { errorBody } from '@catalogue/shared/schemas/common';
import { submitOrderResponseSchema } from '@catalogue/shared/schemas/order';
import {
  buyerChoicesSchema,
  buyerSearchQuerySchema,
  onBehalfBodySchema,
  orderAgainSchema,
  QUICK_ORDER_LIMITS,
  QUICK_ORDER_MESSAGES,
  quickOrderAddBodySchema,
  quickOrderParseBodySchema,
  quickOrderParseSchema,
  readOrderText,
  splitLines,
  type ReadLine,
} from '@catalogue/shared/schemas/quick-order';
import { ORDER_NOT_FOUND, ORDER_RECEIVED } from '../orders/index.ts';
import { QUICK_ORDER_FILE_MAX_BYTES, readOrderFile } from './quick-order-file.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const parseErrors = { ...errors, 413: errorBody, 415: errorBody };

/** The pasted text, read; more than 5,000 lines or 200 KB is a 413 before anything is read. */
function readPasted(body: unknown): ReadLine[] {
  const parsed = quickOrderParseBodySchema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.') || 'text', message: i.message }));
    throw new AppError('BAD_REQUEST', issues.map((i) => i.message).join('; '), issues);
  }
  const { text } = parsed.data;
  if (Buffer.byteLength(text, 'utf8') > QUICK_ORDER_LIMITS.maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', QUICK_ORDER_MESSAGES.tooLarge);
  }
  if (splitLines(text).length > QUICK_ORDER_LIMITS.maxLines) {
    throw new AppError('PAYLOAD_TOO_LARGE', QUICK_ORDER_MESSAGES.tooManyLines);
  }
  if (!text.trim())
    throw new AppError('BAD_REQUEST', QUICK_ORDER_MESSAGES.empty, [
      { path: 'text', message: QUICK_ORDER_MESSAGES.empty },
    ]);
  return readOrderText(text);
}

/** The uploaded file (`file`), read by its content. */
async function readUploaded(request: FastifyRequest): Promise<ReadLine[]> {
  let data: Buffer | null = null;
  try {
    const part = await request.file({ limits: { files: 1, fileSize: QUICK_ORDER_FILE_MAX_BYTES } });
    if (part && part.fieldname === 'file') {
      data = await part.toBuffer();
      if ((part.file as { truncated?: boolean }).truncated)
        throw new AppError('PAYLOAD_TOO_LARGE', QUICK_ORDER_MESSAGES.fileTooLarge);
    } else if (part) part.file.resume();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', QUICK_ORDER_MESSAGES.fileTooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new AppError('BAD_REQUEST', 'Send one file');
    throw new AppError('BAD_REQUEST', 'The form could not be read (malformed multipart body)');
  }
  if (!data?.length)
    throw new AppError('BAD_REQUEST', QUICK_ORDER_MESSAGES.noFile, [
      { path: 'file', message: QUICK_ORDER_MESSAGES.noFile },
    ]);
  return readOrderFile(data);
}

/** `/api/quick-order`: a pasted or uploaded list read and matched (nothing stored), then confirmed into the enquiry list. */
export async function quickOrderRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { quickOrder } = app.services;
  const tags = ['quick-order'];
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/parse',
    {
      schema: {
        tags,
        summary:
          'Reads a pasted list ({text}, at most 5,000 lines and 200 KB) or an uploaded .xlsx/.csv (multipart `file`) and matches its codes; nothing is stored',
        consumes: ['application/json', 'multipart/form-data'],
        response: { 200: quickOrderParseSchema, ...parseErrors },
      },
    },
    async (request) => {
      const read = request.isMultipart() ? await readUploaded(request) : readPasted(request.body);
      return { lines: await quickOrder.match(read) };
    },
  );

  app.post(
    '/add',
    {
      schema: {
        tags,
        summary:
          'Puts the confirmed lines into the enquiry list (pieces of one design add up; the minimum order applies)',
        body: quickOrderAddBodySchema,
        response: { 200: z.object({ cart: cartSchema }), ...errors },
      },
    },
    async (request) => {
      const viewer = (await request.viewer())!;
      return {
        cart: await quickOrder.add({ id: viewer.id, role: viewer.role }, request.body.lines),
      };
    },
  );
}

/** `POST /api/orders/{id}/again`: a past request's lines, for its buyer to ask again. */
export async function orderAgainRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { quickOrder } = app.services;
  app.post(
    '/:id/again',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary:
          'The lines of one of my requests with the last quoted unit price and whether each design is still available (its buyer only)',
        params: z.object({ id: z.string() }),
        response: { 200: orderAgainSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = (await request.viewer())!;
      const again = await quickOrder.again(request.params.id, viewer.id);
      if (!again) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
      return again;
    },
  );
}

/** `/api/admin/orders`: an administrator sends a price request for a buyer. */
export async function onBehalfRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { quickOrder } = app.services;
  const tags = ['orders'];
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/on-behalf/buyers',
    {
      schema: {
        tags,
        summary: 'Buyers whose name, company, e-mail or phone holds `q` (at most 20, by name)',
        querystring: buyerSearchQuerySchema,
        response: { 200: buyerChoicesSchema, ...errors },
      },
    },
    async (request) => ({ buyers: await quickOrder.searchBuyers(request.query.q ?? '') }),
  );

  app.post(
    '/on-behalf',
    {
      schema: {
        tags,
        summary:
          'Sends a price request for a buyer (their account’s details; the buyer is mailed as if they had sent it); records who entered it',
        body: onBehalfBodySchema,
        response: { 201: submitOrderResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const admin = (await request.viewer())!;
      const answer = await quickOrder.submitOnBehalf({ id: admin.id, name: admin.name }, request.body);
      request.log.info(
        { adminId: admin.id, buyerId: request.body.userId, orderId: answer.orderId },
        'price request entered for a buyer',
      );
      return reply.status(201).send({ success: true, message: ORDER_RECEIVED, ...answer });
    },
  );
}
