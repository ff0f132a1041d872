import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createReadableStreamFromReadable } from '@react-router/node';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { ServerLoadContext } from '../load-context.ts';
import { setPagePolicy } from './security.ts';

export type WebOptions = {
  /** The React Router server build, or a loader of it (development reloads it per request). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** The built client assets; absent in development, where Vite serves them. */
  clientDir?: string;
  mode: 'production' | 'development';
  /** Development only: Vite's connect middleware (assets, HMR), run before rendering. */
  devMiddleware?: (req: unknown, res: unknown, next: (err?: unknown) => void) => void;
  getLoadContext: (request: FastifyRequest) => Promise<ServerLoadContext>;
};

function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${request.protocol}://${request.host}`;
  const url = new URL(request.url, origin);
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());

  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers,
    signal: controller.signal,
  };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(request.raw);
    init.duplex = 'half';
  }
  return new Request(url, init);
}

async function sendFetchResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie') continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as never));
}

/** Serves the built client assets and renders every other path with React Router. */
export async function webRoutes(app: FastifyInstance, opts: WebOptions) {
  if (opts.clientDir && fs.existsSync(opts.clientDir)) {
    await app.register(fastifyStatic, {
      root: opts.clientDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const rel = path.relative(opts.clientDir!, filePath);
        // Fingerprinted build output never changes; everything else may.
        res.setHeader(
          'cache-control',
          rel.startsWith('assets' + path.sep)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600',
        );
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

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const context = await opts.getLoadContext(request);
      const response = await (await handlerFor())(toFetchRequest(request, reply), context as never);
      if ((response.headers.get('content-type') ?? '').includes('text/html'))
        setPagePolicy(reply, context.nonce);
      return sendFetchResponse(reply, response);
    },
  });
}
