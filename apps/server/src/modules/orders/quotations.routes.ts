import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@catalogue/shared/errors';
import { proformaNumberLabel } from '@catalogue/shared/domain/proforma';
import { errorBody } from '@catalogue/shared/schemas/common';
import { pageQuery } from '@catalogue/shared/schemas/pagination';
import {
  acceptBodySchema,
  commentBodySchema,
  commentListSchema,
  commentResponseSchema,
  declineBodySchema,
  myOrdersSchema,
  orderDetailResponseSchema,
  saveQuoteBodySchema,
  versionBodySchema,
  withdrawBodySchema,
} from '@catalogue/shared/schemas/quotation';
import type { Viewer } from '../../plugins/auth.ts';
import { ORDER_NOT_FOUND, type Access } from './quotation-parties.ts';
import { answerOversizedAs400, QUOTE_TEXT_FIELDS } from './oversized-body.ts';
import { PERSONAL, sendCachedJson } from '../../lib/http-cache.ts';
import { XLSX_TYPE } from '../../lib/xlsx.ts';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  413: errorBody,
};
const params = z.object({ id: z.string() });
/** A quote prices up to 500 lines, each with a note of up to 2,000 characters (up to 3 bytes each). */
const QUOTE_BODY_LIMIT = 4 * 1024 * 1024;
const MY_REQUESTS_PAGE = 10;

const accessOfRequest = new WeakMap<FastifyRequest, { viewer: Viewer; access: Exclude<Access, null> }>();

/**
 * A price request's quotes, decisions, history and comments, under `/api/orders`. A request exists
 * only for its buyer and for admins: anyone else, anonymous included, gets the 404 an unknown id
 * gets, before the body is even read.
 */
export async function quotationRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { orders, quotations } = app.services;
  const tags = ['quotations'];

  async function resolveAccess(request: FastifyRequest) {
    const viewer = await request.viewer();
    const { id } = request.params as { id?: string };
    const access = await quotations.accessOf(id ?? '', viewer);
    if (!viewer || !access) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    accessOfRequest.set(request, { viewer, access });
  }
  /** The buyer or an admin. */
  const requireReader = resolveAccess;
  /** The buyer only: an admin may read the request, but not decide for its buyer. */
  async function requireOwner(request: FastifyRequest) {
    await resolveAccess(request);
    if (accessOfRequest.get(request)!.access !== 'owner') throw new AppError('FORBIDDEN', 'Forbidden');
  }
  const readerOf = (request: FastifyRequest) => accessOfRequest.get(request)!;
  const actorOf = async (request: FastifyRequest) => (await request.viewer())!;

  async function detailFor(id: string, isAdmin: boolean) {
    const order = await quotations.getDetail(id, isAdmin);
    if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    return { order };
  }

  app.get(
    '/mine',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The signed-in buyer's price requests, newest first",
        querystring: z.object({ page: z.string().optional(), limit: z.string().optional() }),
        response: { 200: myOrdersSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { page, limit } = pageQuery(MY_REQUESTS_PAGE).parse(request.query);
      const answer = await orders.listMineAnswer((await actorOf(request)).id, page, limit);
      return sendCachedJson(request, reply, answer, undefined, PERSONAL);
    },
  );

  app.get(
    '/:id',
    {
      onRequest: requireReader,
      schema: {
        tags,
        summary: 'A price request with its quote, revisions and history (its buyer or an admin)',
        params,
        querystring: z.object({
          revision: z.coerce
            .number({ error: 'revision must be a whole number' })
            .int('revision must be a whole number')
            .min(1, 'revision must be at least 1')
            .optional(),
        }),
        response: { 200: orderDetailResponseSchema, ...errors },
      },
    },
    async (request) => {
      const isAdmin = readerOf(request).access === 'admin';
      const order = await quotations.getDetail(request.params.id, isAdmin, request.query.revision);
      if (!order)
        throw new AppError('NOT_FOUND', request.query.revision ? 'Revision not found' : ORDER_NOT_FOUND);
      return { order };
    },
  );

  // The latest sent quote as files: a PDF, and its designs as a line sheet workbook.
  for (const format of ['pdf', 'xlsx'] as const) {
    app.get(
      `/:id/quote.${format}`,
      {
        onRequest: requireReader,
        schema: {
          tags,
          summary:
            format === 'pdf'
              ? 'The latest sent quote as an A4 PDF, `lang=hi` for Hindi (its buyer or an admin; 409 before a quote is sent)'
              : 'The latest sent quote as a line sheet workbook, a picture per row (its buyer or an admin; 409 before a quote is sent)',
          params,
          querystring: z.object({ lang: z.enum(['en', 'hi']).optional() }),
        },
      },
      async (request, reply) => {
        const { file, orderId } = await quotations.quoteFile(
          request.params.id,
          format,
          request.query.lang ?? 'en',
        );
        return reply
          .type(format === 'pdf' ? 'application/pdf' : XLSX_TYPE)
          .header('content-disposition', `attachment; filename="quote-${orderId}.${format}"`)
          .header('cache-control', 'private, no-store')
          .send(file);
      },
    );
  }

  // The accepted quote's proforma invoice: numbered on the first download, the same ever after.
  app.get(
    '/:id/proforma.pdf',
    {
      onRequest: requireReader,
      schema: {
        tags,
        summary:
          'The proforma invoice of the accepted quote as an A4 PDF, `lang=hi` for Hindi; numbered in its own gap-free series on the first download (its buyer or an admin; 409 before the quote is accepted or before the business settings are saved)',
        params,
        querystring: z.object({ lang: z.enum(['en', 'hi']).optional() }),
      },
    },
    async (request, reply) => {
      const { file, number } = await app.services.proforma.proformaPdf(
        request.params.id,
        request.query.lang ?? 'en',
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${proformaNumberLabel(number)}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  );

  app.put(
    '/:id/quote',
    {
      onRequest: app.requireAdmin,
      bodyLimit: QUOTE_BODY_LIMIT,
      errorHandler: answerOversizedAs400(QUOTE_TEXT_FIELDS.quote),
      schema: {
        tags,
        summary: 'Save the draft of the next quote revision (admin)',
        params,
        body: saveQuoteBodySchema,
        response: { 200: orderDetailResponseSchema, ...errors },
      },
    },
    async (request) => {
      await quotations.saveQuote(request.params.id, await actorOf(request), request.body);
      return detailFor(request.params.id, true);
    },
  );

  app.post(
    '/:id/quote/send',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Send the draft: the request is quoted and its buyer mailed (admin)',
        params,
        body: versionBodySchema,
        response: { 200: orderDetailResponseSchema, ...errors },
      },
    },
    async (request) => {
      await quotations.sendQuote(request.params.id, await actorOf(request), request.body.version);
      return detailFor(request.params.id, true);
    },
  );

  app.post(
    '/:id/quote/requote',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: "Draft the next revision at today's metal rates, changing only the metal parts (admin)",
        params,
        body: versionBodySchema,
        response: { 200: orderDetailResponseSchema, ...errors },
      },
    },
    async (request) => {
      await quotations.requote(request.params.id, await actorOf(request), request.body.version);
      return detailFor(request.params.id, true);
    },
  );

  app.post(
    '/:id/withdraw',
    {
      onRequest: app.requireAdmin,
      errorHandler: answerOversizedAs400(QUOTE_TEXT_FIELDS.withdraw),
      schema: {
        tags,
        summary: 'Withdraw a sent quote (admin)',
        params,
        body: withdrawBodySchema,
        response: { 200: orderDetailResponseSchema, ...errors },
      },
    },
    async (request) => {
      await quotations.withdraw(request.params.id, await actorOf(request), request.body);
      return detailFor(request.params.id, true);
    },
  );

  app.post(
    '/:id/accept',
    {
      onRequest: requireOwner,
      schema: {
        tags,
        summary:
          "Accept the current quote, with an optional PO number: the order starts at confirmed (the request's buyer)",
        params,
        body: acceptBodySchema,
        response: { 200: orderDetailResponseSchema, ...errors },
      },
    },
    async (request) => {
      await quotations.accept(request.params.id, readerOf(request).viewer, request.body);
      return detailFor(request.params.id, false);
    },
  );

  app.post(
    '/:id/decline',
    {
      onRequest: requireOwner,
      errorHandler: answerOversizedAs400(QUOTE_TEXT_FIELDS.decline),
      schema: {
        tags,
        summary: "Decline the current quote, with an optional reason (the request's buyer)",
        params,
        body: declineBodySchema,
        response: { 200: orderDetailResponseSchema, ...errors },
      },
    },
    async (request) => {
      await quotations.decline(request.params.id, readerOf(request).viewer, request.body);
      return detailFor(request.params.id, false);
    },
  );

  app.post(
    '/:id/cancel',
    {
      onRequest: requireOwner,
      schema: {
        tags,
        summary: "Cancel a request not yet quoted (the request's buyer)",
        params,
        body: versionBodySchema,
        response: { 200: orderDetailResponseSchema, ...errors },
      },
    },
    async (request) => {
      await quotations.cancel(request.params.id, readerOf(request).viewer, request.body.version);
      return detailFor(request.params.id, false);
    },
  );

  app.get(
    '/:id/comments',
    {
      onRequest: requireReader,
      schema: {
        tags,
        summary: 'The conversation on a request, oldest first (its buyer or an admin)',
        params,
        response: { 200: commentListSchema, ...errors },
      },
    },
    async (request) => ({ comments: await quotations.listComments(request.params.id) }),
  );

  app.post(
    '/:id/comments',
    {
      onRequest: requireReader,
      errorHandler: answerOversizedAs400(QUOTE_TEXT_FIELDS.comment),
      schema: {
        tags,
        summary: 'Add a comment; the other side is mailed (its buyer or an admin)',
        params,
        body: commentBodySchema,
        response: { 201: commentResponseSchema, ...errors, 429: errorBody },
      },
    },
    async (request, reply) => {
      await app.enforceRateLimit(reply, 'comment', { account: readerOf(request).viewer.id });
      const comment = await quotations.addComment(
        request.params.id,
        readerOf(request).viewer,
        request.body.text,
      );
      return reply.status(201).send({ comment });
    },
  );
}
