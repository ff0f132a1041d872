import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderRobotsTxt } from './robots.ts';
import type { SitemapFile } from './sitemap.service.ts';

const gunzip = promisify(zlib.gunzip);
const MAX_AGE_SECONDS = 3600;

const acceptsGzip = (request: FastifyRequest) =>
  /\bgzip\b/i.test(String(request.headers['accept-encoding'] ?? ''));

/** `If-None-Match` may list several tags, weak or strong; any match means "unchanged". */
const matchesEtag = (header: string | undefined, etag: string) =>
  !!header && header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);

/** Sends the stored gzip as is to every client that takes gzip (all crawlers), else the plain XML. */
async function sendSitemap(request: FastifyRequest, reply: FastifyReply, file: SitemapFile) {
  reply
    .header('content-type', 'application/xml; charset=utf-8')
    .header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`)
    .header('vary', 'accept-encoding')
    .header('etag', file.etag);
  if (matchesEtag(request.headers['if-none-match'], file.etag)) return reply.status(304).send();
  if (acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(file.gzipped);
  return reply.send(await gunzip(file.gzipped));
}

/** `/sitemap.xml` (or its index and `/sitemap-{n}.xml` parts) and `/robots.txt`. */
export async function seoRoutes(app: FastifyInstance) {
  const sitemap = app.services.sitemap;
  const robots = renderRobotsTxt(app.services.env.SITE_URL);

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`)
      .send(robots),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) =>
    sendSitemap(request, reply, await sitemap.root()),
  );

  app.get<{ Params: { part: string } }>(
    '/sitemap-:part(^\\d{1,6}).xml',
    { schema: { hide: true } },
    async (request, reply) => {
      const file = await sitemap.part(Number(request.params.part));
      if (!file) return reply.status(404).send({ message: 'Sitemap not found', code: 'NOT_FOUND' });
      return sendSitemap(request, reply, file);
    },
  );
}
