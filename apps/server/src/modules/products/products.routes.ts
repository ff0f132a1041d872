import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pricesDependOnViewer } from '@catalogue/shared/domain/prices';
import { MAX_PAGE_LIMIT, PAGE_SIZE, PRODUCT_IMAGE_MAX_BYTES } from '@catalogue/shared/domain/limits';
import { AppError } from '@catalogue/shared/errors';
import { errorBody, messageBody } from '@catalogue/shared/schemas/common';
import { pageQuery } from '@catalogue/shared/schemas/pagination';
import {
  PRODUCT_MESSAGES,
  productPageSchema,
  productSavedSchema,
  productSchema,
  productSearchQuerySchema,
} from '@catalogue/shared/schemas/product';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  importResultSchema,
} from '@catalogue/shared/schemas/product-import';
import {
  acceptedEncoding,
  PERSONAL,
  REVALIDATE,
  sendCachedJson,
  type CachedJson,
} from '../../lib/http-cache.ts';
import { IMPORT_TEMPLATE_FILENAME, buildImportTemplate } from './import-template.ts';
import { XLSX_TYPE } from '../../lib/xlsx.ts';
import { readForm } from '../../lib/multipart-form.ts';
import { filteredAnswer, filterQueryShape } from './listing-query.ts';
import { filteredPageSchema } from '@catalogue/shared/schemas/listing-filters';

const productList = z.array(productSchema);
const idParams = z.object({ id: z.string() });
const categoryParams = z.object({ category: z.string() });
const subcategoryParams = z.object({ category: z.string(), subcategory: z.string() });
const adminErrors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** `?limit=8`: a positive whole number (capped at 100); anything else means "every product". */
const limitQuery = z.object({
  limit: z
    .unknown()
    .optional()
    .transform((v) =>
      typeof v === 'string' && /^\d{1,9}$/.test(v.trim()) && Number(v) >= 1
        ? Math.min(Number(v), MAX_PAGE_LIMIT)
        : undefined,
    ),
});

const textQuery = (v: unknown) => (typeof v === 'string' ? v : undefined);
const categoryPageQuery = pageQuery(PAGE_SIZE.category).extend({
  filter: z.unknown().optional().transform(textQuery),
  ...filterQueryShape,
});
/** A page object; with a filter, a sort or `facets=1` also the facet counts and the sort. */
const listingPageSchema = productPageSchema.extend({
  facets: filteredPageSchema.shape.facets.optional(),
  sort: filteredPageSchema.shape.sort.optional(),
});
const adminPageQuery = pageQuery(PAGE_SIZE.adminProducts).extend({
  search: z.unknown().optional().transform(textQuery),
});
const importQuery = z.object({
  dryRun: z
    .unknown()
    .optional()
    .transform((v) => typeof v === 'string' && /^(1|true|yes)$/i.test(v.trim())),
});

/** `/api/products`: listings, search, detail, admin writes and the Excel import. */
export async function productRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const catalogue = app.services.catalogue;
  const publicPrices = app.services.env.PUBLIC_PRICES;
  const known = () => catalogue.knownFilterValues();

  /**
   * The reads for this caller, as the price rule decides (`catalogue.forViewer`). `priced` says
   * whether the answer carries prices others may not see (an admin's while prices are private): no
   * shared cache may keep it. A request without a bearer token is anonymous without a database
   * look-up (`request.viewer`).
   */
  async function readerOf(request: FastifyRequest) {
    const reader = catalogue.forViewer(pricesDependOnViewer(publicPrices) ? await request.viewer() : null);
    return { reader, priced: !publicPrices && reader.seesPrices };
  }

  /** A cached answer for this caller; priced answers (an admin's) are never kept by a shared cache. */
  function send(
    request: FastifyRequest,
    reply: FastifyReply,
    priced: boolean,
    answer: CachedJson,
    accepted: ReturnType<typeof acceptedEncoding> = acceptedEncoding(request),
  ) {
    if (publicPrices) return sendCachedJson(request, reply, answer, accepted);
    reply.header('vary', 'Authorization');
    return sendCachedJson(request, reply, answer, accepted, priced ? PERSONAL : REVALIDATE);
  }

  type Reader = ReturnType<typeof catalogue.forViewer>;
  type Accepted = ReturnType<typeof acceptedEncoding>;

  /**
   * A listing page for this caller: the filtered page when the query names a filter, a sort or
   * `facets=1`, otherwise the cached page `pageOf` reads.
   */
  async function sendListingPage<I extends Parameters<typeof filteredAnswer>[3]>(
    request: FastifyRequest,
    reply: FastifyReply,
    query: Record<string, unknown>,
    input: I,
    pageOf: (reader: Reader, input: I, accepted: Accepted) => Promise<CachedJson>,
  ) {
    const { reader, priced } = await readerOf(request);
    const filtered = await filteredAnswer(reader, known, query, input);
    if (filtered) return send(request, reply, priced, filtered);
    const accepted = acceptedEncoding(request);
    return send(request, reply, priced, await pageOf(reader, input, accepted), accepted);
  }

  app.get(
    '/',
    {
      schema: {
        summary: 'Every product (or the newest `limit`), newest first; revalidate with ETag',
        querystring: limitQuery,
        response: { 200: productList },
      },
    },
    async (request, reply) => {
      const { reader, priced } = await readerOf(request);
      const { limit } = request.query;
      if (limit !== undefined) return send(request, reply, priced, await reader.answers.newest(limit));
      const accepted = acceptedEncoding(request);
      return send(request, reply, priced, await reader.answers.every(accepted ?? 'gzip'), accepted);
    },
  );

  app.get(
    '/paginated',
    {
      schema: {
        summary: 'A page of all products; metal, finish, stone, colour and sort filter it',
        querystring: pageQuery(PAGE_SIZE.shopAll).extend(filterQueryShape),
        response: { 200: listingPageSchema },
      },
    },
    async (request, reply) =>
      sendListingPage(request, reply, request.query, request.query, (reader, input, accepted) =>
        reader.answers.page(input, accepted),
      ),
  );

  app.get(
    '/category/:category/paginated',
    {
      schema: {
        summary: 'A page of one category; filter=with|without narrows to a subcategory',
        params: categoryParams,
        querystring: categoryPageQuery,
        response: { 200: listingPageSchema },
      },
    },
    async (request, reply) =>
      sendListingPage(
        request,
        reply,
        request.query,
        { ...request.query, category: request.params.category },
        (reader, input, accepted) => reader.answers.categoryPage(input, accepted),
      ),
  );

  app.get(
    '/categorys/:category/subcategory/:subcategory/paginated',
    {
      schema: {
        summary: 'A page of one category and subcategory',
        params: subcategoryParams,
        querystring: pageQuery(PAGE_SIZE.category).extend(filterQueryShape),
        response: { 200: listingPageSchema },
      },
    },
    async (request, reply) =>
      sendListingPage(
        request,
        reply,
        request.query,
        { ...request.query, ...request.params },
        (reader, input, accepted) => reader.answers.subcategoryPage(input, accepted),
      ),
  );

  app.get(
    '/category/:category',
    {
      schema: {
        summary: 'The newest 100 of a category',
        params: categoryParams,
        response: { 200: productList },
      },
    },
    async (request, reply) => {
      const { reader, priced } = await readerOf(request);
      return send(request, reply, priced, await reader.answers.categoryList(request.params.category));
    },
  );

  app.get(
    '/categorys/:category/subcategory/:subcategory',
    {
      schema: {
        summary: 'The newest 100 of a category and subcategory',
        params: subcategoryParams,
        response: { 200: productList },
      },
    },
    async (request, reply) => {
      const { reader, priced } = await readerOf(request);
      const { category, subcategory } = request.params;
      return send(request, reply, priced, await reader.answers.categoryList(category, subcategory));
    },
  );

  app.get(
    '/product',
    {
      schema: {
        summary: 'Search by name or code (literal, case-insensitive), at most 50',
        querystring: productSearchQuerySchema,
        response: { 200: productList, 400: errorBody },
      },
    },
    async (request, reply) => {
      const { reader, priced } = await readerOf(request);
      const accepted = acceptedEncoding(request);
      return send(
        request,
        reply,
        priced,
        await reader.answers.search(request.query.search ?? '', accepted),
        accepted,
      );
    },
  );

  app.get(
    '/single/:id',
    {
      schema: { summary: 'One product', params: idParams, response: { 200: productSchema, 404: errorBody } },
    },
    async (request, reply) => {
      const { reader, priced } = await readerOf(request);
      const product = await reader.getById(request.params.id);
      if (!product) throw new AppError('NOT_FOUND', PRODUCT_MESSAGES.notFound);
      if (!publicPrices) {
        reply.header('vary', 'Authorization');
        if (priced) reply.header('cache-control', PERSONAL);
      }
      return product;
    },
  );

  app.get(
    '/admin/paginated',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Admin product list: a page, optionally searched by name, code, category or subcategory',
        querystring: adminPageQuery,
        response: { 200: productPageSchema, ...adminErrors },
      },
    },
    async (request) => catalogue.adminPage(request.query),
  );

  app.post(
    '/admin/add',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Add a product (multipart: image, name, description, category, subcategory, code)',
        consumes: ['multipart/form-data'],
        response: { 201: productSavedSchema, ...adminErrors, 409: errorBody, 413: errorBody, 415: errorBody },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, { fileField: 'image', maxFileBytes: PRODUCT_IMAGE_MAX_BYTES });
      const product = await catalogue.createProduct({ fields: form.fields, image: form.file });
      return reply.code(201).send({ message: PRODUCT_MESSAGES.added, product });
    },
  );

  app.put(
    '/admin/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Edit a product (multipart; the image is optional and kept when absent)',
        consumes: ['multipart/form-data', 'application/json'],
        params: idParams,
        response: {
          200: productSavedSchema,
          ...adminErrors,
          404: errorBody,
          409: errorBody,
          413: errorBody,
          415: errorBody,
        },
      },
    },
    async (request) => {
      const form = await readForm(request, { fileField: 'image', maxFileBytes: PRODUCT_IMAGE_MAX_BYTES });
      const product = await catalogue.updateProduct(request.params.id, {
        fields: form.fields,
        image: form.file,
      });
      return { message: PRODUCT_MESSAGES.updated, product };
    },
  );

  app.delete(
    '/admin/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Delete a product; its image goes when nothing else uses it',
        params: idParams,
        response: { 200: messageBody, ...adminErrors, 404: errorBody },
      },
    },
    async (request) => {
      await catalogue.deleteProduct(request.params.id);
      return { message: PRODUCT_MESSAGES.deleted };
    },
  );

  app.get(
    '/admin/import-template',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'The bulk-import workbook: the expected header row and two example rows (.xlsx)',
        produces: [XLSX_TYPE],
        response: {
          200: z.any().describe('The import template workbook (.xlsx)'),
          401: errorBody,
          403: errorBody,
        },
      },
    },
    async (_request, reply) =>
      reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${IMPORT_TEMPLATE_FILENAME}"`)
        .header('cache-control', 'no-store')
        .send(await buildImportTemplate()),
  );

  app.post(
    '/admin/uploadexcel',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Bulk import from .xlsx or .xls (multipart: file); ?dryRun=1 writes nothing',
        consumes: ['multipart/form-data'],
        querystring: importQuery,
        response: { 200: importResultSchema, ...adminErrors, 409: errorBody, 413: errorBody, 415: errorBody },
      },
    },
    async (request) => {
      const form = await readForm(request, { fileField: null, maxFileBytes: IMPORT_MAX_BYTES });
      if (!form.file) throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.noFile);
      if (form.file.data.length > IMPORT_MAX_BYTES) {
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          `The file is too large (at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB)`,
        );
      }
      return catalogue.importProducts(form.file.data, { dryRun: request.query.dryRun, log: request.log });
    },
  );
}
