import { Transform } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { NonceProvider } from '~/lib/nonce';

export const streamTimeout = 5_000;

const MODULE_PRELOAD = '<link rel="modulepreload"';

/**
 * The head's module preloads at low priority: on a slow link the scripts (~135 KB gzip) would
 * otherwise share it with the page's largest picture at the same priority; the page is readable
 * before they run. Bytes are handled as latin1 so multi-byte characters pass through untouched,
 * and a tag split between two chunks is held back until the next one; after `</head>` the
 * stream passes through unchanged.
 */
export function lowPriorityModulePreloads(): Transform {
  let carry = '';
  let isPastHead = false;
  const rewrite = (text: string) => text.replaceAll(MODULE_PRELOAD, `${MODULE_PRELOAD} fetchpriority="low"`);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (isPastHead) return done(null, chunk);
      const text = carry + chunk.toString('latin1');
      const headEnd = text.indexOf('</head>');
      if (headEnd >= 0) {
        isPastHead = true;
        carry = '';
        return done(null, Buffer.from(rewrite(text.slice(0, headEnd)) + text.slice(headEnd), 'latin1'));
      }
      const lastTag = text.lastIndexOf('<');
      const cut = lastTag > text.length - MODULE_PRELOAD.length ? lastTag : text.length;
      carry = text.slice(cut);
      done(null, Buffer.from(rewrite(text.slice(0, cut)), 'latin1'));
    },
    flush(done) {
      done(null, carry ? Buffer.from(carry, 'latin1') : null);
    },
  });
}

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
    // Crawlers and no-JS clients get the whole document at once; browsers get it streamed.
    const waitForAll = isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode;
    const respond = () => {
      shellRendered = true;
      const body = lowPriorityModulePreloads();
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
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
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
