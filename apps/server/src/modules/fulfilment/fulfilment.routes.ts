import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@catalogue/shared/errors';
import { PRODUCT_IMAGE_MAX_BYTES } from '@catalogue/shared/domain/limits';
import { errorBody } from '@catalogue/shared/schemas/common';
import { orderDetailResponseSchema } from '@catalogue/shared/schemas/quotation';
import {
  FULFILMENT_STAGES,
  boardQuerySchema,
  boardSchema,
  fulfilmentDetailsBodySchema,
  fulfilmentFiguresSchema,
  fulfilmentSchema,
  isFulfilmentStage,
  photoResponseSchema,
  shipmentBodySchema,
  stageBodySchema,
  type FulfilmentStage,
} from '@catalogue/shared/schemas/fulfilment';
import { ORDER_NOT_FOUND } from '../orders/index.ts';
import { readForm } from '../../lib/multipart-form.ts';
import { boardWorkbook } from './board-workbook.ts';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
};
const params = z.object({ id: z.string() });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `stage=packed,in_production` as a list of stages (400 naming an unknown one); empty: every stage. */
function parseStages(text: string | undefined): FulfilmentStage[] | null {
  const names = (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!names.length) return null;
  const unknown = names.find((s) => !isFulfilmentStage(s));
  if (unknown) throw new AppError('BAD_REQUEST', `stage must be one of ${FULFILMENT_STAGES.join(', ')}`);
  return names as FulfilmentStage[];
}

function parseOverdue(text: string | undefined): boolean {
  if (text === undefined || text === '' || text === 'false' || text === '0') return false;
  if (text === 'true' || text === '1') return true;
  throw new AppError('BAD_REQUEST', 'overdue must be true or false');
}

/**
 * Orders after acceptance: `/api/orders/{id}/fulfilment` (the order in production; admins write,
 * the buyer reads it inside the order) and `/api/admin/fulfilment` (the production board).
 */
export async function fulfilmentRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { fulfilment, quotations } = app.services;
  const tags = ['fulfilment'];

  const detail = async (id: string) => {
    const order = await quotations.getDetail(id, true);
    if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    return { order };
  };

  app.get(
    '/api/orders/:id/fulfilment',
    {
      schema: {
        tags,
        summary: 'The order in production (its buyer or an admin; null before acceptance)',
        params,
        response: { 200: z.object({ fulfilment: fulfilmentSchema.nullable() }), ...errors },
      },
    },
    async (request) => {
      const viewer = await request.viewer();
      const access = await quotations.accessOf(request.params.id, viewer);
      if (!access) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
      const order = await quotations.getDetail(request.params.id, access === 'admin');
      if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
      return { fulfilment: order.fulfilment };
    },
  );

  app.put(
    '/api/orders/:id/fulfilment',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Set the expected ship date and the PO number of an accepted order (admin)',
        params,
        body: fulfilmentDetailsBodySchema,
        response: { 200: orderDetailResponseSchema, ...errors },
      },
    },
    async (request) => {
      await fulfilment.saveDetails(request.params.id, request.body);
      return detail(request.params.id);
    },
  );

  app.post(
    '/api/orders/:id/fulfilment/stage',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Move an accepted order to its next stage, or cancel it; the buyer is mailed (admin)',
        params,
        body: stageBodySchema,
        response: { 200: orderDetailResponseSchema, ...errors },
      },
    },
    async (request) => {
      await fulfilment.moveStage(request.params.id, (await request.viewer())!, request.body);
      return detail(request.params.id);
    },
  );

  app.post(
    '/api/orders/:id/fulfilment/shipments',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Record a dispatch of some or all lines; the buyer is mailed (admin)',
        params,
        body: shipmentBodySchema,
        response: { 201: orderDetailResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await fulfilment.addShipment(request.params.id, (await request.viewer())!, request.body);
      return reply.code(201).send(await detail(request.params.id));
    },
  );

  app.post(
    '/api/orders/:id/fulfilment/photos',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary:
          'Upload a quality-check picture (multipart: image), checked as product pictures are; name its id as photoId in a stage change (admin)',
        consumes: ['multipart/form-data'],
        params,
        response: { 201: photoResponseSchema, ...errors, 413: errorBody, 415: errorBody },
      },
    },
    async (request, reply) => {
      if (!(await quotations.accessOf(request.params.id, (await request.viewer())!)))
        throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
      const form = await readForm(request, { fileField: 'image', maxFileBytes: PRODUCT_IMAGE_MAX_BYTES });
      return reply.code(201).send({ photo: await fulfilment.uploadPhoto(form.file?.data ?? null) });
    },
  );

  app.get(
    '/api/admin/fulfilment',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'The production board: accepted orders by stage, overdue marked (admin)',
        querystring: boardQuerySchema,
        response: { 200: boardSchema, ...errors },
      },
    },
    async (request) =>
      fulfilment.board({
        stages: parseStages(request.query.stage),
        overdue: parseOverdue(request.query.overdue),
        search: request.query.search ?? '',
      }),
  );

  app.get(
    '/api/admin/fulfilment/export.xlsx',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'The production board as it is filtered, as an Excel workbook (admin)',
        querystring: boardQuerySchema,
      },
    },
    async (request, reply) => {
      const board = await fulfilment.board({
        stages: parseStages(request.query.stage),
        overdue: parseOverdue(request.query.overdue),
        search: request.query.search ?? '',
      });
      const name = `Production_${new Date().toISOString().slice(0, 10)}.xlsx`;
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(await boardWorkbook(board));
    },
  );

  app.get(
    '/api/admin/fulfilment/figures',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Dispatch figures: on-time rate, median days from acceptance to dispatch (admin)',
        response: { 200: fulfilmentFiguresSchema, ...errors },
      },
    },
    async () => fulfilment.figures(),
  );
}
