import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@catalogue/shared/errors';
import { errorBody, messageBody } from '@catalogue/shared/schemas/common';
import {
  followUpSchema,
  linkCreatedSchema,
  linkCreateSchema,
  linkEmailSchema,
  linkEventsSchema,
  orderSourcesSchema,
  selectionActivitySchema,
  selectionAnswerSchema,
  selectionCreateSchema,
  selectionLinkParamsSchema,
  selectionLinkSchema,
  selectionListSchema,
  selectionParamsSchema,
  selectionTokenParamsSchema,
  selectionUpdateSchema,
  sharedSelectionSchema,
} from '@catalogue/shared/schemas/selection';
import { XLSX_TYPE } from '../../lib/xlsx.ts';
import type { HeldPages } from '../../plugins/held-pages.ts';
import type { SelectionsService, SelectionViewer } from './selections.service.ts';
import { rememberLink } from './link-memory.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const linkErrors = { ...errors, 410: errorBody };
const publicErrors = { 404: errorBody, 410: errorBody, 429: errorBody };

async function viewerOf(request: FastifyRequest): Promise<SelectionViewer> {
  const viewer = await request.viewer();
  if (!viewer) throw new AppError('UNAUTHORIZED', 'Unauthorized');
  return { id: viewer.id, role: viewer.role };
}

/** `/api/selections`: the owner's (or an admin's) selections, their links and activity. */
export async function selectionsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { selections } = app.services;
  const tags = ['selections'];
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/',
    { schema: { tags, body: selectionCreateSchema, response: { 201: selectionAnswerSchema, ...errors } } },
    async (request, reply) => {
      const selection = await selections.create(await viewerOf(request), request.body);
      return reply.status(201).send({ selection });
    },
  );

  app.get('/', { schema: { tags, response: { 200: selectionListSchema, ...errors } } }, async (request) => ({
    selections: await selections.list(await viewerOf(request)),
  }));

  app.get(
    '/follow-ups',
    { schema: { tags, response: { 200: followUpSchema, ...errors } } },
    async (request) => selections.followUps(await viewerOf(request)),
  );

  app.get(
    '/orders/:orderId',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'The selections and links a price request followed (administrators)',
        params: z.object({ orderId: z.string().max(100) }),
        response: { 200: orderSourcesSchema, ...errors },
      },
    },
    async (request) => selections.sourcesOfOrder(request.params.orderId),
  );

  app.get(
    '/:id',
    { schema: { tags, params: selectionParamsSchema, response: { 200: selectionAnswerSchema, ...errors } } },
    async (request) => ({ selection: await selections.get(await viewerOf(request), request.params.id) }),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        params: selectionParamsSchema,
        body: selectionUpdateSchema,
        response: { 200: selectionAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      selection: await selections.update(await viewerOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/:id',
    { schema: { tags, params: selectionParamsSchema, response: { 200: messageBody, ...errors } } },
    async (request) => {
      await selections.remove(await viewerOf(request), request.params.id);
      return { message: 'Selection deleted' };
    },
  );

  app.post(
    '/:id/links',
    {
      schema: {
        tags,
        params: selectionParamsSchema,
        body: linkCreateSchema.extend({
          /** Also e-mail the link to the recipient (through the outbox). */
          sendEmail: z.boolean().optional(),
          message: z.string().max(1000).optional(),
        }),
        response: { 201: linkCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await selections.createLink(await viewerOf(request), request.params.id, request.body);
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/:id/links/:linkId/email',
    {
      schema: {
        tags,
        summary:
          "E-mails a link's address to its recipient again (through the outbox); the token proves the caller holds it",
        params: selectionLinkParamsSchema,
        body: linkEmailSchema,
        response: { 200: messageBody, ...linkErrors },
      },
    },
    async (request) => {
      const { id, linkId } = request.params;
      await selections.emailLink(await viewerOf(request), id, linkId, request.body);
      return { message: 'Link e-mailed' };
    },
  );

  app.post(
    '/:id/links/:linkId/revoke',
    {
      schema: {
        tags,
        params: selectionLinkParamsSchema,
        response: { 200: z.object({ message: z.string(), link: selectionLinkSchema }), ...errors },
      },
    },
    async (request) => {
      const { id, linkId } = request.params;
      const link = await selections.revokeLink(await viewerOf(request), id, linkId);
      return { message: 'Link revoked', link };
    },
  );

  app.get(
    '/:id/activity',
    {
      schema: { tags, params: selectionParamsSchema, response: { 200: selectionActivitySchema, ...errors } },
    },
    async (request) => selections.activity(await viewerOf(request), request.params.id),
  );
}

/** `/api/s/{token}`: a link's designs for anyone holding it; rate limited per address. */
export async function sharedSelectionRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { selections } = app.services;
  const siteUrl = app.services.env.SITE_URL;
  const tags = ['selections'];

  app.get(
    '/:token',
    {
      schema: {
        tags,
        params: selectionTokenParamsSchema,
        response: { 200: sharedSelectionSchema, ...publicErrors },
      },
    },
    async (request, reply) => {
      await app.enforceRateLimit(reply, 'selectionLink', { ip: request.ip });
      const viewer = await request.viewer();
      const entry = await selections.open(request.params.token, { userId: viewer?.id ?? null });
      rememberLink(request, reply, request.params.token, siteUrl);
      reply.header('cache-control', 'private, no-store');
      reply.header('x-robots-tag', 'noindex, nofollow');
      return entry.answer;
    },
  );

  app.post(
    '/:token/events',
    {
      schema: {
        tags,
        params: selectionTokenParamsSchema,
        body: linkEventsSchema,
        response: { 200: messageBody, ...publicErrors },
      },
    },
    async (request, reply) => {
      await app.enforceRateLimit(reply, 'selectionLink', { ip: request.ip });
      const viewer = await request.viewer();
      const added = new Set(request.body.added ?? []).size;
      await selections.report(request.params.token, added, viewer?.id ?? null);
      rememberLink(request, reply, request.params.token, siteUrl);
      return { message: 'Recorded' };
    },
  );
}

/** A link's page (`/s/{token}`, `/hi/s/{token}`, its `.data`) and files: counted per address. */
const LINK_ADDRESS = /^\/(?:(?!api\/)[^/?]+\/)?s\/[^/?]+(?:\.data|\/[^/?]+)?(?:\?|$)/;
/** The page itself (HTML or its `.data`), not its files: the token it opens. */
const LINK_PAGE = /^\/(?:(?!api\/)[^/?]+\/)?s\/([A-Za-z0-9_-]{43})(?:\.data)?(?:\?|$)/;

/**
 * The link's page, rendered by the storefront, is limited here before it renders; the JSON and
 * the files count against the same limit. A page that opened (200) is remembered by the browser
 * (`link-memory.ts`), so its next price request is recorded against the link.
 */
/** A link's page as HTML (`/s/{token}`, or under a language prefix `/hi/s/{token}`): its token; else null. */
const LINK_DOCUMENT = /^\/(?:(?!api\/)[^/?]+\/)?s\/([A-Za-z0-9_-]+)(?:\?|$)/;
export const linkPageToken = (url: string): string | null => LINK_DOCUMENT.exec(url)?.[1] ?? null;

/**
 * Link pages as held pages (plugins/web.ts): the page of a link is rendered once for every
 * anonymous visitor while the link's entry in the selections' cache stays the same object (a
 * change to the selection, a link or the catalogue, on any instance, replaces it), never kept by a
 * shared cache, and each answer from memory counts an open as its render's loader does.
 */
export function heldLinkPages(selections: Pick<SelectionsService, 'find' | 'open'>): HeldPages {
  return {
    async holderOf(request) {
      const token = request.method === 'GET' ? linkPageToken(request.url) : null;
      if (!token) return null;
      // Unknown, revoked or expired: rendered as any page (its 404 or 410).
      return selections.find(token).catch(() => null);
    },
    async answered(request) {
      const token = linkPageToken(request.url);
      if (token) await selections.open(token).catch(() => null);
    },
  };
}

export const selectionPageLimits = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (!LINK_ADDRESS.test(request.url)) return;
    await app.enforceRateLimit(reply, 'selectionLink', { ip: request.ip });
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
    const token = LINK_PAGE.exec(request.url)?.[1];
    if (token) rememberLink(request, reply, token, app.services.env.SITE_URL);
    return payload;
  });
});

const languageQuery = z.object({ lang: z.enum(['en', 'hi']).optional() });
const LINE_SHEET_FILES = {
  pdf: { type: 'application/pdf', what: 'A4 PDF' },
  xlsx: { type: XLSX_TYPE, what: 'workbook, a picture per row' },
} as const;

/** `/s/{token}/preview.jpg`: the picture a pasted link shows (Open Graph, Twitter); the line sheets. */
export async function selectionFileRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { selections } = app.services;
  app.get(
    '/s/:token/preview.jpg',
    {
      schema: {
        tags: ['selections'],
        summary: "A link's preview picture: its first designs, 1200×630 JPEG, at most 250 KB",
        params: selectionTokenParamsSchema,
      },
    },
    async (request, reply) => {
      const jpeg = await selections.preview(request.params.token);
      return reply
        .type('image/jpeg')
        .header('cache-control', 'public, max-age=300')
        .header('x-robots-tag', 'noindex')
        .send(jpeg);
    },
  );

  // Each line sheet as an A4 PDF and as a workbook with a picture per row (the same prices rule).
  for (const format of ['pdf', 'xlsx'] as const) {
    const file = LINE_SHEET_FILES[format];
    app.get(
      `/s/:token/linesheet.${format}`,
      {
        schema: {
          tags: ['selections'],
          summary: `A link's line sheet (${file.what}; \`lang=hi\` for Hindi)`,
          params: selectionTokenParamsSchema,
          querystring: languageQuery,
        },
      },
      async (request, reply) => {
        const bytes = await selections.lineSheet(request.params.token, request.query.lang ?? 'en', format);
        return reply
          .type(file.type)
          .header(
            'content-disposition',
            `${format === 'pdf' ? 'inline' : 'attachment'}; filename="linesheet.${format}"`,
          )
          .header('cache-control', 'private, no-store')
          .header('x-robots-tag', 'noindex')
          .send(bytes);
      },
    );

    app.get(
      `/api/cart/:userId/linesheet.${format}`,
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['cart'],
          summary: `The enquiry list as a line sheet (${file.what}); its owner or an administrator`,
          params: z.object({ userId: z.string().max(100) }),
          querystring: languageQuery,
        },
      },
      async (request, reply) => {
        const viewer = await viewerOf(request);
        const bytes = await selections.cartLineSheet(
          viewer,
          request.params.userId,
          request.query.lang ?? 'en',
          app.services.env.PUBLIC_PRICES,
          format,
        );
        return reply
          .type(file.type)
          .header('content-disposition', `attachment; filename="enquiry-list.${format}"`)
          .header('cache-control', 'private, no-store')
          .send(bytes);
      },
    );
  }
}
