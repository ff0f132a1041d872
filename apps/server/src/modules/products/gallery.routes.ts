import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRODUCT_IMAGE_MAX_BYTES } from '@catalogue/shared/domain/limits';
import { errorBody } from '@catalogue/shared/schemas/common';
import {
  GALLERY_MESSAGES,
  galleryOrderSchema,
  gallerySavedSchema,
} from '@catalogue/shared/schemas/product-gallery';
import { createGalleryService } from './gallery.service.ts';
import { readForm } from '../../lib/multipart-form.ts';

const productParams = z.object({ id: z.string() });
const pictureParams = z.object({ id: z.string(), imageId: z.string() });
const adminErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
/** Alt texts arrive as JSON; unknown or missing ones are checked by the service. */
const altBody = z.record(z.string(), z.unknown());

/**
 * `/api/products/admin/{id}/images`: an admin's writes to a product's gallery. Each answers the
 * whole gallery afterwards (`{message, images}`); the product reads carry it as `images`.
 */
export async function galleryRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const gallery = createGalleryService({
    db: app.services.database.db,
    media: app.services.media,
    events: app.services.events,
    imageUrl: app.services.imageUrl,
  });

  app.post(
    '/admin/:id/images',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary:
          'Add one picture at the end of the gallery (multipart: image, optional alt and altHi); at most 12',
        consumes: ['multipart/form-data'],
        params: productParams,
        response: { 201: gallerySavedSchema, ...adminErrors, 413: errorBody, 415: errorBody },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, { fileField: 'image', maxFileBytes: PRODUCT_IMAGE_MAX_BYTES });
      const images = await gallery.add(request.params.id, {
        data: form.file?.data ?? null,
        fields: form.fields,
      });
      return reply.code(201).send({ message: GALLERY_MESSAGES.added, images });
    },
  );

  app.put(
    '/admin/:id/images/order',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Reorder the gallery: `ids` lists every picture of the product once, first first',
        params: productParams,
        body: galleryOrderSchema,
        response: { 200: gallerySavedSchema, ...adminErrors },
      },
    },
    async (request) => ({
      message: GALLERY_MESSAGES.reordered,
      images: await gallery.reorder(request.params.id, request.body.ids),
    }),
  );

  app.put(
    '/admin/:id/images/:imageId',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: "Set a picture's alt texts: `{alt, altHi}` (English and Hindi; empty clears)",
        params: pictureParams,
        body: altBody,
        response: { 200: gallerySavedSchema, ...adminErrors },
      },
    },
    async (request) => ({
      message: GALLERY_MESSAGES.altSaved,
      images: await gallery.setAlt(request.params.id, request.params.imageId, request.body),
    }),
  );

  app.delete(
    '/admin/:id/images/:imageId',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Remove a picture; the next one becomes first when it was the first',
        params: pictureParams,
        response: { 200: gallerySavedSchema, ...adminErrors },
      },
    },
    async (request) => ({
      message: GALLERY_MESSAGES.removed,
      images: await gallery.remove(request.params.id, request.params.imageId),
    }),
  );
}
