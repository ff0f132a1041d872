import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
// React's renderer as built for Bun: Node's stream API (renderToPipeableStream), its text written as
// strings, and no AsyncLocalStorage. Node's build keeps the request being rendered in one, and its
// first render turns on Node's async hooks for the whole process: from then on every promise and
// every `nextTick` calls a hook. With this build the stored pages answer 8-16% more requests a
// second and a first render takes ~10% less CPU (docs/performance.md, session 25); it uses only
// what Node has too (Buffer, timers, a writable destination) and renders the same HTML.
import { renderToPipeableStream } from 'react-dom/server.bun';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { NonceProvider } from '~/lib/nonce';
import type { Writable } from 'node:stream';
import { withManifestBranches } from '~/lib/manifest-branches';
import { moveScriptsAfterLoad, scriptsAfterLoad } from '~/lib/scripts-after-load';
import { createTextCollector } from '~/lib/text-bytes.server';

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
    // A page stored for every anonymous visitor is kept whole, so it is written whole: React's
    // text is gathered, encoded and rewritten once, without the streams a visitor's answer goes
    // through (a transform and a web stream per chunk, ~5% of a first render's time).
    const respondWhole = () => {
      pipe(
        collectBytes(reject, (bytes) => {
          // A new buffer of the page's own size: `bytes` is reused by the next page.
          const html = moveScriptsAfterLoad(bytes);
          const keep = loadContext.keepDocument;
          // The server takes the bytes as they are (keepDocument); the answer's body gives the same
          // bytes, made only if someone reads it (`new Response(bytes)` copies them at once).
          const response = new Response(keep ? bodyOf(html) : html, {
            headers: responseHeaders,
            status: responseStatusCode,
          });
          keep?.(response, html);
          resolve(response);
        }),
      );
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
      pipe(inBatches(body));
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={withManifestBranches(routerContext)} url={request.url} nonce={nonce} />
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
          // data) alive for seconds more; at 100 pages a second that was hundreds of them.
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

/**
 * What React's renderer writes to (it takes any object with these methods): the pieces of text it
 * writes, encoded once it ends and handed to `done` (lib/text-bytes.server.ts: the bytes are only
 * `done`'s to read while it runs). React writes a page as thousands of short strings; each would
 * cost a Buffer of its own through a Node stream.
 */
function collectBytes(fail: (error: unknown) => void, done: (bytes: Buffer) => void): Writable {
  const text = createTextCollector();
  return {
    write(chunk: string) {
      text.write(chunk);
      return true;
    },
    end() {
      text.encode(done);
    },
    // A render that fails after it began writing (React closes its destination with the error).
    destroy(error: unknown) {
      fail(error);
    },
    on() {
      return this;
    },
  } as unknown as Writable;
}

/**
 * `stream` as React's destination, written once per flush of the renderer (it calls `flush` after
 * each batch of completed output, and `end` at the end) instead of once per string.
 */
function inBatches(stream: Writable): Writable {
  let parts: string[] = [];
  const flush = () => {
    if (parts.length === 0) return true;
    const text = parts.join('');
    parts = [];
    return stream.write(text);
  };
  return {
    write(chunk: string) {
      parts.push(chunk);
      return true;
    },
    flush,
    end() {
      flush();
      stream.end();
    },
    on(event: string, listener: (...args: unknown[]) => void) {
      stream.on(event, listener);
      return this;
    },
    destroy(error?: Error) {
      stream.destroy(error);
    },
  } as unknown as Writable;
}

/** A body that is `bytes` as one chunk, without copying them. */
function bodyOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    pull(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}
