import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createReadableStreamFromReadable } from '@react-router/node';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { createLimiter } from '../lib/concurrency.ts';
import { LruCache } from '../lib/lru-cache.ts';
import { addVary, PERSONAL } from '../lib/http-cache.ts';
import type { ServerLoadContext } from '../load-context.ts';
import type { HeldPages } from './held-pages.ts';
import type { PageCache } from './page-cache.ts';
import { cachedRenderOf, NONCE_PLACEHOLDER, type CachedRender } from './stored-page.ts';
import { pageContentSecurityPolicy, setPagePolicy } from './security.ts';

/** What apps/web/scripts/precompress.mjs gives .br and .gz copies (and those copies). */
const PRECOMPRESSED = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest|map)(\.br|\.gz)?$/;

export type WebOptions = {
  /** The React Router server build, or a loader of it (development reloads it per request). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** The built client assets; absent in development, where Vite serves them. */
  clientDir?: string;
  mode: 'production' | 'development';
  /** Development only: Vite's connect middleware (assets, HMR), run before rendering. */
  devMiddleware?: (req: unknown, res: unknown, next: (err?: unknown) => void) => void;
  getLoadContext: (request: FastifyRequest) => Promise<ServerLoadContext>;
  /** Anonymous page renders answered from memory; absent: every request renders. */
  pages?: PageCache | null;
  /** Anonymous pages kept while their data stays the same (see HeldPages); absent: none. */
  heldPages?: HeldPages | null;
};

/** Room for held pages: a 200-design selection page is ~650 KB of HTML. */
export const HELD_PAGE_BYTES = 16 * 1024 * 1024;

/**
 * `reply` ties the render to its client: it is aborted when the client goes. A render that others
 * may share has none, is always a GET (a HEAD is answered from it without the body) and carries no
 * cookie, so nothing in it can depend on one.
 */
function toFetchRequest(request: FastifyRequest, reply: FastifyReply | null): Request {
  const origin = `${request.protocol}://${request.host}`;
  const url = new URL(request.url, origin);
  const controller = new AbortController();
  reply?.raw.on('close', () => controller.abort());

  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || (!reply && key === 'cookie')) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  const init: RequestInit & { duplex?: 'half' } = {
    method: reply ? request.method : 'GET',
    headers,
    signal: controller.signal,
  };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(request.raw);
    init.duplex = 'half';
  }
  return new Request(url, init);
}

/**
 * `isPersonal`: the answer was made for a signed-in visitor (a page, its `.data`, a redirect): their
 * name, their list, an admin's prices. It is theirs alone, whatever the route's own headers say:
 * kept by no cache, shared or the browser's.
 */
async function sendFetchResponse(reply: FastifyReply, response: Response, isPersonal: boolean) {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie') continue;
    reply.header(key, value);
  }
  // Every page answer depends on the session cookie: a shared cache keeps visitors' copies apart.
  addVary(reply, 'Cookie');
  if (isPersonal) reply.header('cache-control', PERSONAL);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as never));
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedRender, nonce: string) {
  if (page.isShareable) {
    const answer = page.answer({
      method: request.method,
      acceptEncoding: request.headers['accept-encoding'],
      ifNoneMatch: request.headers['if-none-match'],
    });
    return reply
      .status(answer.status)
      .headers(answer.headers)
      .send(answer.body ?? undefined);
  }
  reply.status(page.status);
  for (const [key, value] of page.headers) reply.header(key, value);
  addVary(reply, 'Cookie');
  if (page.cookies.length) reply.header('set-cookie', page.cookies);
  if (page.isHtml) setPagePolicy(reply, nonce);
  return reply.send(request.method === 'HEAD' ? undefined : page.body(nonce));
}

/**
 * What an anonymous page depends on besides the path and query: the host and protocol (the
 * router's URL). Crawlers and browsers get the same stored page: it is rendered whole.
 */
export function pageKey(protocol: string, host: string, url: string): string {
  return `${protocol}://${host}${url}`;
}

/**
 * Renders of pages for every anonymous visitor running at once. They share one thread, so more at
 * once finish no sooner: each only holds its tree, its data and its HTML in memory longer. Twenty
 * concurrent first visits to different products took the server from 206-236 MB to 258 MB at
 * 100,000 products; the rest wait their turn (a visitor asking for a page being rendered shares
 * that render, as before). Renders for a signed-in visitor are not queued.
 */
export const SHARED_RENDERS_AT_ONCE = 4;
/**
 * A render that has taken this long (its loaders waiting on a query that never answers, say) gives
 * its place to the next one, so a few stuck renders cannot stop every first visit to a page.
 */
export const SHARED_RENDER_PLACE_MS = 10_000;

/** Serves the built client assets and renders every other path with React Router. */
export async function webRoutes(app: FastifyInstance, opts: WebOptions) {
  if (opts.clientDir && fs.existsSync(opts.clientDir)) {
    await app.register(fastifyStatic, {
      root: opts.clientDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies (apps/web/scripts/precompress.mjs): answered as stored.
      preCompressed: true,
      // setHeaders below decides; left on, `send` overwrote it with `public, max-age=0`.
      cacheControl: false,
      setHeaders(res, filePath) {
        const rel = path.relative(opts.clientDir!, filePath);
        // Fingerprinted build output never changes; everything else may.
        res.setHeader(
          'cache-control',
          rel.startsWith('assets' + path.sep)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600',
        );
        // The same URL answers Brotli, gzip or plain bytes: shared caches must keep them apart.
        if (PRECOMPRESSED.test(filePath)) res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  if (opts.devMiddleware) {
    const middie = (await import('@fastify/middie')).default;
    await app.register(middie);
    app.use(opts.devMiddleware as never);
  }

  // Route actions read their own bodies, so this scope must not parse them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const resolveBuild =
    typeof opts.build === 'function' ? opts.build : () => Promise.resolve(opts.build as ServerBuild);
  let handler: ReturnType<typeof createRequestHandler> | null = null;
  const handlerFor = async () => {
    if (opts.mode === 'development' || !handler)
      handler = createRequestHandler(await resolveBuild(), opts.mode);
    return handler;
  };

  const sharedRender = createLimiter(SHARED_RENDERS_AT_ONCE, Infinity, 'unused: the queue has no limit', {
    releaseAfterMs: SHARED_RENDER_PLACE_MS,
  });
  // A shared render is tied to no visitor: it goes on (and stays queued) after every visitor who
  // asked for it has gone. Closing waits for those running or queued, so none reaches the
  // database after it is closed (at a shutdown under load they failed and logged errors).
  const sharedRendersOpen = new Set<Promise<unknown>>();
  const tracked = <T>(render: Promise<T>): Promise<T> => {
    sharedRendersOpen.add(render);
    const forget = () => sharedRendersOpen.delete(render);
    render.then(forget, forget);
    return render;
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled([...sharedRendersOpen]);
  });

  /**
   * A render no visitor owns, made with the nonce placeholder (see the shared pages below); a
   * shared cache may keep it `sharedCacheSeconds`, none may when null (a held page).
   */
  const renderForEveryone = (
    request: FastifyRequest,
    context: ServerLoadContext,
    sharedCacheSeconds: number | null,
  ) =>
    tracked(
      sharedRender(async () => {
        let kept = null as { response: Response; html: Buffer } | null;
        const shared: ServerLoadContext = {
          ...context,
          nonce: NONCE_PLACEHOLDER,
          isShared: true,
          keepDocument: (response: Response, html: Buffer) => {
            kept = { response, html };
          },
        };
        const response = await (await handlerFor())(toFetchRequest(request, null), shared as never);
        // The entry's own document, as it handed it over; any other answer (a redirect, a
        // resource route) is read from its body.
        const html = kept?.response === response ? kept.html : Buffer.from(await response.arrayBuffer());
        return cachedRenderOf(response.status, response.headers, html, {
          policy: (hashes) => pageContentSecurityPolicy({ hashes }, app.pageImageSources),
          sharedCacheSeconds,
          acceptEncoding: request.headers['accept-encoding'],
        });
      }),
    );

  const held = new LruCache<string, { holder: object; page: CachedRender }>({
    maxEntries: 500,
    maxSize: HELD_PAGE_BYTES,
    sizeOf: (entry) => entry.page.bytes,
  });
  /**
   * A held page for an anonymous visitor: answered from memory while its holder is the same, else
   * rendered (its loader counts that answer) and kept when it is a whole page. Null: not a held
   * page now, rendered as any other.
   */
  const heldPage = async (request: FastifyRequest, context: ServerLoadContext, heldPages: HeldPages) => {
    const holder = await heldPages.holderOf(request);
    if (!holder) return null;
    const key = pageKey(request.protocol, request.host, request.url);
    const entry = held.get(key);
    if (entry?.holder === holder) {
      await heldPages.answered(request);
      return entry.page;
    }
    // Stored once per encoding without nonces, as a stored page, but answered `private, no-store`.
    const page = await renderForEveryone(request, context, null);
    if (page.isShareable) held.set(key, { holder, page });
    else held.delete(key);
    return page;
  };

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const context = await opts.getLoadContext(request);
      const isShared = (request.method === 'GET' || request.method === 'HEAD') && !context.viewer;
      const { pages, heldPages } = opts;
      if (heldPages && isShared) {
        const page = await heldPage(request, context, heldPages);
        if (page) return sendPage(request, reply, page, context.nonce);
      }
      if (pages && isShared) {
        let isOwnRender = false;
        const page = await pages.getOrRender(pageKey(request.protocol, request.host, request.url), () => {
          isOwnRender = true;
          return renderForEveryone(request, context, pages.ttlSeconds);
        });
        // Concurrent visitors share one render (a page, a redirect, a route's data), except one that
        // sets a cookie: that is only for whoever it was rendered for.
        if (isOwnRender || !page.cookies.length) return sendPage(request, reply, page, context.nonce);
      }
      const response = await (await handlerFor())(toFetchRequest(request, reply), context as never);
      if ((response.headers.get('content-type') ?? '').includes('text/html'))
        setPagePolicy(reply, context.nonce);
      return sendFetchResponse(reply, response, !!context.viewer);
    },
  });
}
