import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { preferredEncoding } from '../lib/http-cache.ts';
import { SESSION_COOKIE } from './auth.ts';
import type { PageCache } from './page-cache.ts';
import type { StoredApiAnswer } from './stored-page.ts';

/**
 * The catalogue's read routes whose anonymous answers are stored as the bytes Fastify sent, so the
 * HTTP server answers the next anonymous request for the same address itself (page-fast-path.ts):
 * the listing pages and a product's detail, the reads a visitor's browser and crawlers repeat most.
 */
export const STORED_API_ROUTES: ReadonlySet<string> = new Set([
  '/api/products/paginated',
  '/api/products/category/:category/paginated',
  '/api/products/single/:id',
]);

/** The session cookie (auth.ts) as it starts a cookie pair. */
export const SESSION_COOKIE_PAIR = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`);

type RequestHeaders = Record<string, string | string[] | undefined>;

/**
 * Whether a request reads as every anonymous reader does: no session (header or cookie), no CORS
 * origin (its answer carries that origin), no validator (a 304 is Fastify's to make).
 */
export function isAnonymousRead(method: string | undefined, headers: RequestHeaders): boolean {
  if (method !== 'GET') return false;
  if (headers.authorization || headers.origin || headers['if-none-match']) return false;
  const cookie = headers.cookie;
  return !(typeof cookie === 'string' && SESSION_COOKIE_PAIR.test(cookie));
}

/** The key of a stored answer: the encoding the reader accepts (as http-cache chooses it) and the address. */
export function answerKey(acceptEncoding: string | undefined, address: string): string {
  return `${preferredEncoding(acceptEncoding) ?? 'identity'} ${address}`;
}

/** Headers the HTTP server writes itself, or that make an answer personal. */
const NOT_STORED = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The answer as it goes on the wire, or null when it must not be stored. */
export function storedAnswerOf(reply: FastifyReply, payload: unknown): StoredApiAnswer | null {
  if (reply.statusCode !== 200) return null;
  const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
  if (!body) return null;
  const headers: string[] = [];
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (name === 'set-cookie') return null;
    if (value === undefined || NOT_STORED.has(name)) continue;
    headers.push(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  headers.push('content-length', String(body.byteLength));
  return { headers, body };
}

/**
 * Stores the anonymous answers of STORED_API_ROUTES in the page cache, which empties them with the
 * pages on every catalogue change (here or, through the cache sync and the version check, on
 * another instance). An answer made while a change happened is not kept.
 */
export function registerStoredAnswers(
  app: FastifyInstance,
  options: { pages: () => PageCache | null; addressOf: (request: FastifyRequest) => string },
): void {
  const generations = new WeakMap<FastifyRequest, number>();
  app.addHook('onRequest', (request, _reply, done) => {
    const pages = options.pages();
    if (
      pages &&
      STORED_API_ROUTES.has(request.routeOptions.url ?? '') &&
      isAnonymousRead(request.method, request.headers)
    )
      generations.set(request, pages.generation);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const generation = generations.get(request);
    const pages = options.pages();
    if (generation !== undefined && pages) {
      const answer = storedAnswerOf(reply, payload);
      if (answer)
        pages.keepAnswer(
          answerKey(request.headers['accept-encoding'], options.addressOf(request)),
          generation,
          answer,
        );
    }
    done(null, payload);
  });
}
