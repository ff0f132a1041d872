import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@catalogue/shared/errors';
import { etagMatches } from '../../lib/http-cache.ts';
import type { ImageAnswer } from './media.service.ts';
import { chooseFormat, fallbackFormat, parseVariantQuery } from './variants.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The placeholder stands in for an id that may yet be fixed in the data; do not pin it for a year. */
const PLACEHOLDER_CACHE = 'public, max-age=3600';
const LEGACY_CACHE = 'public, max-age=86400';
/** A WebP answer to a client that accepts AVIF, while the AVIF variant is made: asked again soon. */
const AVIF_PENDING_CACHE = 'public, max-age=60';

/** File names the previous site wrote under /uploads: one segment, no dot-dot, no separators. */
const LEGACY_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
/** Quotation workbooks were linked as /uploads/Quotation_{n}.xlsx; they now live behind the orders API. */
const QUOTATION_FILE = /^Quotation_\d{1,9}\.xlsx$/;

const variantQuery = z.object({
  w: z.string().optional(),
  h: z.string().optional(),
  fit: z.string().optional(),
  q: z.string().optional(),
  dpr: z.string().optional(),
});

function sendImage(reply: FastifyReply, answer: ImageAnswer, cacheControl: string) {
  // A stream from the store carries the length a buffer would (the same headers either way).
  if (!Buffer.isBuffer(answer.data)) reply.header('content-length', answer.size);
  return (
    reply
      .header('content-type', answer.contentType)
      .header('etag', answer.etag)
      .header('cache-control', cacheControl)
      // Images are public: let other origins (a CDN, a web mail, a partner's page) embed them.
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(answer.data)
  );
}

/** `/media/{id}` variants and legacy `/uploads/{file}`, mounted at the site root. */
export async function mediaRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const media = app.services.media;

  app.get(
    '/media/:id',
    {
      schema: {
        summary: 'An uploaded image, resized and encoded for the client (AVIF, WebP or JPEG by Accept)',
        params: z.object({ id: z.string() }),
        querystring: variantQuery,
      },
    },
    async (request, reply) => {
      const { accept } = request.headers;
      const spec = parseVariantQuery(request.query, chooseFormat(accept));
      reply.header('vary', 'Accept');
      const id = request.params.id;
      const etag = media.etagOf(id, spec);
      if (etagMatches(request.headers['if-none-match'], etag)) {
        return reply.code(304).header('etag', etag).header('cache-control', IMMUTABLE).send();
      }
      let served = spec;
      let cacheControl = IMMUTABLE;
      if (spec.format === 'avif') {
        // AVIF once it is made; meanwhile WebP (or JPEG), kept briefly so caches come back for it.
        const ready = await media.readyVariant(id, spec);
        if (ready) return sendImage(reply, ready, IMMUTABLE);
        served = { ...spec, format: fallbackFormat(accept) };
        cacheControl = AVIF_PENDING_CACHE;
      }
      const answer = await media.getVariant(id, served);
      if (answer) {
        if (served !== spec) media.prepareVariant(id, spec);
        return sendImage(reply, answer, cacheControl);
      }
      // An unknown or malformed id still gets a picture, so a page never shows a broken image.
      const placeholder = await media.placeholder(served);
      return sendImage(reply.code(id === 'placeholder' ? 200 : 404), placeholder, PLACEHOLDER_CACHE);
    },
  );

  app.get(
    '/uploads/:file',
    {
      schema: {
        summary: 'Images stored by the previous site under /uploads',
        params: z.object({ file: z.string() }),
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      if (QUOTATION_FILE.test(file)) {
        const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        return reply.redirect(`/api/orders/download/${file}${query}`, 302);
      }
      const found =
        LEGACY_FILE.test(file) && !file.includes('..') ? await media.readLegacyUpload(file) : null;
      if (!found) throw new AppError('NOT_FOUND', 'File not found');
      const etag = `"${crypto.createHash('sha1').update(found.data).digest('base64url')}"`;
      if (etagMatches(request.headers['if-none-match'], etag))
        return reply.code(304).header('etag', etag).send();
      return sendImage(reply, { ...found, size: found.data.length, etag }, LEGACY_CACHE);
    },
  );
}
