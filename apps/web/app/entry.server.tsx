import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { NonceProvider } from '~/lib/nonce';
import { moveScriptsAfterLoad, scriptsAfterLoad } from '~/lib/scripts-after-load';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // A render still streaming after this is aborted, so rejected boundaries get flushed.
    const abortTimer = setTimeout(() => abort(), streamTimeout + 1000);
    // Crawlers and no-JS clients get the whole document at once; browsers get it streamed, but for
    // a page stored once for every anonymous visitor, which must be the same for all of them.
    const waitForAll =
      loadContext.isShared === true ||
      isbot(request.headers.get('user-agent') ?? '') ||
      routerContext.isSpaMode;
    // A page stored for every anonymous visitor is kept whole: its bytes are gathered, rewritten
    // once (the scripts after load) and handed to the server beside the Response (keepDocument),
    // so the server does not read the same bytes back out of the Response's body.
    const respondWhole = () => {
      const chunks: Buffer[] = [];
      const collected = new PassThrough();
      collected.on('data', (chunk: Buffer) => chunks.push(chunk));
      collected.on('error', reject);
      collected.on('end', () => {
        const html = moveScriptsAfterLoad(Buffer.concat(chunks));
        const keep = loadContext.keepDocument;
        const response = new Response(html, { headers: responseHeaders, status: responseStatusCode });
        keep?.(response, html);
        resolve(response);
      });
      pipe(collected);
    };
    const respond = () => {
      shellRendered = true;
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      if (loadContext.isShared === true) return respondWhole();
      // The page's scripts download after its pictures (lib/scripts-after-load.ts).
      const body = scriptsAfterLoad();
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // A Suspense boundary whose content is ready is written where it stands. By default React
        // moves one larger than ~12 KB (the footer, the related designs: components/hydrate-later)
        // to the end of the document, behind a placeholder and a script that puts it in place:
        // without JavaScript, and for a crawler that runs none, it would never appear.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          if (!waitForAll) respond();
        },
        onAllReady() {
          // Rendering is over: the timer must not keep the render (its tree and the loaders'
          // data) alive for seconds more.
          clearTimeout(abortTimer);
          if (waitForAll) respond();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.log.error({ err: error, url: request.url }, 'page render failed');
        },
      },
    );
  });
}
