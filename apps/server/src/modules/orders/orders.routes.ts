import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRICE_REQUEST_REFUSAL_MESSAGES, priceRequestRefusal } from '@catalogue/shared/domain/accounts';
import { PAGE_SIZE } from '@catalogue/shared/domain/limits';
import { AppError } from '@catalogue/shared/errors';
import { errorBody, messageBody } from '@catalogue/shared/schemas/common';
import {
  IDEMPOTENCY_KEY_RE,
  orderListQuerySchema,
  orderListSchema,
  quotationDownloadQuerySchema,
  submitOrderBodySchema,
  submitOrderResponseSchema,
} from '@catalogue/shared/schemas/order';
import { pageQuery } from '@catalogue/shared/schemas/pagination';
import { parseQuotationFileName } from './download-links.ts';
import { PERSONAL, sendCachedJson, sendJsonStream } from '../../lib/http-cache.ts';
import { honeypotGuard } from '../../lib/honeypot.ts';
import { ORDER_RECEIVED } from './orders.service.ts';
import { quotationRoutes } from './quotations.routes.ts';
import { ORDER_NOT_FOUND } from './quotation-parties.ts';
import { rememberedTokens } from '../selections/index.ts';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  429: errorBody,
};

const submitHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(IDEMPOTENCY_KEY_RE, 'Idempotency-Key must be 1 to 200 printable characters')
    .optional(),
});

export async function ordersRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { orders } = app.services;
  const isVerificationRequired = app.services.env.EMAIL_VERIFICATION === 'required';
  const tags = ['orders'];
  await app.register(quotationRoutes);

  /**
   * A request sent from a browser that opened selection links is recorded against them (the
   * links it remembers, `selections/link-memory.ts`). The request is stored already: a failure
   * here is logged, never the buyer's.
   */
  async function recordLinks(request: FastifyRequest, orderNumber: number) {
    const tokens = rememberedTokens(request);
    if (!tokens.length) return;
    try {
      await app.services.selections.recordOrder(orderNumber, tokens);
    } catch (error) {
      request.log.warn({ err: error }, 'selections: could not record the price request against its links');
    }
  }

  app.post(
    '/submit-order',
    {
      onRequest: app.requireUser,
      // A bot's request gets the shape of a success: no order is numbered, stored or mailed.
      preValidation: honeypotGuard('price request', () => ({
        status: 201,
        body: {
          success: true,
          message: ORDER_RECEIVED,
          orderId: 0,
          downloadLink: '/api/orders/download/Quotation_0.xlsx',
        },
      })),
      schema: {
        tags,
        headers: submitHeaders,
        body: submitOrderBodySchema,
        response: { 201: submitOrderResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = (await request.viewer())!;
      // An unverified or unapproved account keeps its enquiry list and is told why it must wait.
      const refusal = priceRequestRefusal(viewer, { isVerificationRequired });
      if (refusal) throw new AppError(refusal, PRICE_REQUEST_REFUSAL_MESSAGES[refusal]);
      const key = request.headers['idempotency-key'] ?? null;
      // A repeat is answered before it is counted: retrying a lost answer is not a new request.
      let answer = await orders.findSubmitted(viewer, key);
      if (!answer) {
        await app.enforceRateLimit(reply, 'order', { ip: request.ip, email: viewer.email });
        answer = await orders.submitOrder(viewer, request.body, key);
        await recordLinks(request, answer.orderId);
      }
      return reply.status(201).send({ success: true, message: ORDER_RECEIVED, ...answer });
    },
  );

  app.get(
    '/orders',
    {
      onRequest: app.requireAdmin,
      schema: { tags, querystring: orderListQuerySchema, response: { 200: orderListSchema, ...errors } },
    },
    async (request, reply) => {
      const { page, limit } = pageQuery(PAGE_SIZE.adminOrders).parse(request.query);
      const { search, status, sort } = request.query;
      const paged = request.query.page !== undefined || request.query.limit !== undefined || !!search;
      const filter = {
        ...(search ? { search } : {}),
        ...(status?.length ? { statuses: status } : {}),
        ...(sort ? { sort } : {}),
      };
      // The whole list (no page asked for) is written as it is read, a batch of orders at a time,
      // each checked against the schema as the serializer would; a page is kept (list-answers.ts)
      // and sent as stored, with its ETag, compressed once.
      if (!paged) return sendJsonStream(reply, await orders.wholeList(filter));
      return sendCachedJson(
        request,
        reply,
        await orders.listOrdersAnswer({ ...filter, page, limit }),
        undefined,
        PERSONAL,
      );
    },
  );

  app.get(
    '/download/:file',
    {
      schema: {
        tags,
        params: z.object({ file: z.string() }),
        querystring: quotationDownloadQuerySchema,
        response: { 200: z.any().describe('The quotation workbook (.xlsx)'), ...errors },
      },
    },
    async (request, reply) => {
      const orderNumber = parseQuotationFileName(request.params.file);
      const { sig, exp } = request.query;
      const isSigned = orderNumber !== null && (await orders.isDownloadSigned(orderNumber, sig, exp));
      const viewer = await request.viewer();
      if (!isSigned) {
        if (!viewer) throw new AppError('UNAUTHORIZED', 'Unauthorized');
        if (viewer.role !== 'admin') throw new AppError('FORBIDDEN', 'Forbidden');
      }
      // A signed link reaches buyers and whoever they forward it to: it shows a sent quote's
      // prices only. An administrator's download is the business's own copy.
      const reader = viewer?.role === 'admin' ? 'business' : 'buyer';
      const quotation = orderNumber === null ? null : await orders.getQuotation(orderNumber, reader);
      if (!quotation) throw new AppError('NOT_FOUND', 'Quotation not found');
      return reply
        .header('content-type', quotation.contentType)
        .header('content-disposition', `attachment; filename="${quotation.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(quotation.content);
    },
  );

  app.delete(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: { tags, params: z.object({ id: z.string() }), response: { 200: messageBody, ...errors } },
    },
    async (request) => {
      if (!(await orders.deleteOrder(request.params.id))) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
      return { message: 'Order deleted' };
    },
  );
}
