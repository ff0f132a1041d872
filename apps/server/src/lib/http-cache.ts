import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Weak comparison (RFC 9110 §8.8.3.2): `W/` is ignored, `*` matches anything. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = bare(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === wanted);
}

/**
 * A JSON answer serialised once (through its response schema) and reused until it goes stale.
 * `encoded` keeps its compressed forms, made on first demand, for the same reason.
 */
export type CachedJson = { json: string; etag: string; encoded?: Partial<Record<Encoding, Buffer>> };

export type Encoding = 'br' | 'gzip';

/** Below this the compress plugin (app.ts) sends bodies as they are; so do we. */
const MIN_COMPRESSED_CHARS = 1024;

/**
 * The encoding to answer with, from `Accept-Encoding` (RFC 9110 §12.5.3): brotli, then gzip, as the
 * compress plugin prefers them; `q=0` refuses one, `*` stands for any not named; null: send as is.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(token, q === undefined ? 1 : Number(q));
  }
  const accepts = (encoding: string) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

function compress(json: string, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? // Quality 4, the compress plugin's default: quality 11 costs ~80× more for ~8% fewer bytes.
      zlib.brotliCompressSync(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
    : zlib.gzipSync(json);
}

/** Lists change at any time: caches may keep a copy but must revalidate it (a 304 costs almost nothing). */
export const REVALIDATE = 'public, max-age=0, must-revalidate';

/**
 * Sends a pre-serialised JSON body with its ETag, or 304 when the client already has it. A string
 * body with a JSON content type skips Fastify's serializer: the schema already shaped it. The body
 * goes out compressed when the client accepts brotli or gzip, from the answer's own copy.
 */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, answer: CachedJson) {
  reply.header('etag', answer.etag).header('cache-control', REVALIDATE);
  if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding =
    answer.json.length >= MIN_COMPRESSED_CHARS ? preferredEncoding(request.headers['accept-encoding']) : null;
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  if (!encoding) return reply.send(answer.json);
  // Compressing a listing page costs about as much as the rest of answering it from the cache, so a
  // cached answer is compressed once per encoding; the compress plugin leaves an encoded body alone.
  answer.encoded ??= {};
  const body = (answer.encoded[encoding] ??= compress(answer.json, encoding));
  return reply.header('content-encoding', encoding).send(body);
}
