import type { FastifyReply, FastifyRequest } from 'fastify';

/** Weak comparison (RFC 9110 §8.8.3.2): `W/` is ignored, `*` matches anything. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = bare(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === wanted);
}

/** A JSON answer serialised once (through its response schema) and reused until it goes stale. */
export type CachedJson = { json: string; etag: string };

/** Lists change at any time: caches may keep a copy but must revalidate it (a 304 costs almost nothing). */
export const REVALIDATE = 'public, max-age=0, must-revalidate';

/**
 * Sends a pre-serialised JSON body with its ETag, or 304 when the client already has it. A string
 * body with a JSON content type skips Fastify's serializer: the schema already shaped it.
 */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, answer: CachedJson) {
  reply.header('etag', answer.etag).header('cache-control', REVALIDATE);
  if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.json);
}
