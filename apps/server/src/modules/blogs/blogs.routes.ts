import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BLOG_IMAGE_MAX_BYTES, PAGE_SIZE } from '@catalogue/shared/domain/limits';
import { AppError } from '@catalogue/shared/errors';
import {
  blogByIdSchema,
  blogCreatedSchema,
  blogDetailSchema,
  blogListQuerySchema,
  blogListSchema,
  blogPreviewBodySchema,
  blogPreviewSchema,
  blogUpdatedSchema,
} from '@catalogue/shared/schemas/blog';
import { errorBody, messageBody } from '@catalogue/shared/schemas/common';
import { pageQuery } from '@catalogue/shared/schemas/pagination';
import { sanitizeBlogHtml } from './blog-html.ts';
import { BLOG_IMAGE_TOO_LARGE } from './blogs.service.ts';
import { readBlogForm } from './read-blog-form.ts';

const NOT_FOUND = 'Blog not found';
const idParams = z.object({ id: z.string() });
const imageLimit = { maxBytes: BLOG_IMAGE_MAX_BYTES, tooLargeMessage: BLOG_IMAGE_TOO_LARGE };
const adminErrors = { 401: errorBody, 403: errorBody };
const writeErrors = { 400: errorBody, ...adminErrors, 404: errorBody, 413: errorBody, 415: errorBody };

/** `/api/blogs`. Writes are admin-only and multipart or JSON. */
export async function blogRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const blogs = app.services.blogs;

  api.get(
    '/',
    { schema: { tags: ['blogs'], querystring: blogListQuerySchema, response: { 200: blogListSchema } } },
    async (request) => {
      const { page, limit, withContent } = request.query;
      const isPaged = page !== undefined || limit !== undefined;
      return blogs.list({
        ...(isPaged ? pageQuery(PAGE_SIZE.blogsInitial).parse({ page, limit }) : {}),
        withContent,
      });
    },
  );

  api.get(
    '/id/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['blogs'],
        params: idParams,
        response: { 200: blogByIdSchema, ...adminErrors, 404: errorBody },
      },
    },
    async (request) => {
      const blog = await blogs.getById(request.params.id);
      if (!blog) throw new AppError('NOT_FOUND', NOT_FOUND);
      return { blog };
    },
  );

  api.get(
    '/:slug',
    {
      schema: {
        tags: ['blogs'],
        params: z.object({ slug: z.string() }),
        response: { 200: blogDetailSchema, 404: errorBody },
      },
    },
    async (request) => {
      const detail = await blogs.getBySlug(request.params.slug);
      if (!detail) throw new AppError('NOT_FOUND', NOT_FOUND);
      return detail;
    },
  );

  api.post(
    '/create',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['blogs'], response: { 201: blogCreatedSchema, ...writeErrors } },
    },
    async (request, reply) => {
      const form = await readBlogForm(request, imageLimit);
      const blog = await blogs.create(form.fields, form.image);
      return reply.status(201).send({ message: 'Blog uploaded successfully', blog, slug: blog.slug });
    },
  );

  // The editor's preview shows exactly what create/update would keep, so it runs the same sanitiser.
  api.post(
    '/preview',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['blogs'],
        body: blogPreviewBodySchema,
        response: { 200: blogPreviewSchema, 400: errorBody, ...adminErrors, 413: errorBody },
      },
    },
    async (request) => ({ html: sanitizeBlogHtml(request.body.content) }),
  );

  api.put(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['blogs'], params: idParams, response: { 200: blogUpdatedSchema, ...writeErrors } },
    },
    async (request) => {
      const form = await readBlogForm(request, imageLimit);
      const image = form.image
        ? ({ kind: 'replace', data: form.image } as const)
        : ({ kind: form.removeImage ? 'remove' : 'keep' } as const);
      const blog = await blogs.update(request.params.id, form.fields, image);
      if (!blog) throw new AppError('NOT_FOUND', NOT_FOUND);
      return { message: 'Blog updated successfully', blog };
    },
  );

  api.delete(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['blogs'],
        params: idParams,
        response: { 200: messageBody, ...adminErrors, 404: errorBody },
      },
    },
    async (request) => {
      if (!(await blogs.remove(request.params.id))) throw new AppError('NOT_FOUND', NOT_FOUND);
      return { message: 'Blog deleted successfully' };
    },
  );
}
