import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PageCache } from './page-cache.ts';
import type { StoredPage } from './stored-page.ts';
import { createStoredHeadWriter } from '../lib/stored-head.ts';
import { SECURITY_HEADERS } from './security.ts';
import { answerKey, isAnonymousRead, SESSION_COOKIE_PAIR } from './stored-answers.ts';
import { pageKey } from './web.ts';

/**
 * Answers a request for a page stored for every anonymous visitor straight from the HTTP server,
 * before Fastify builds its request and reply and runs its hooks: writing a stored buffer is then
 * about what a bare Node server costs. Only a GET or HEAD without the session cookie whose page is
 * stored is answered here, with exactly the headers the page route sends (StoredPage.answer) and
 * the security headers every answer carries. The same goes for the catalogue's read answers stored
 * for anonymous readers (stored-answers.ts), written exactly as Fastify sent them. Anything else (a
 * miss, a signed-in visitor, the rest of the API, assets) goes to Fastify as before. These answers
 * are not in the request log.
 */
export function createPageFastPath(options: {
  pages: () => PageCache | null;
  /** Fastify's test of a hop (trust-proxy.ts), or false: forwarded headers are read only from a trusted peer. */
  trustProxy: ((address: string, hop: number) => boolean) | false;
}) {
  // Made once per stored answer, as the flat [name, value, …] list writeHead takes: Node then
  // copies it out without looking names up in an object (~8% more answers per second here).
  const withSecurity = new WeakMap<Readonly<Record<string, string>>, string[]>();
  const headersOf = (page: Readonly<Record<string, string>>) => {
    let headers = withSecurity.get(page);
    if (!headers) withSecurity.set(page, (headers = Object.entries({ ...SECURITY_HEADERS, ...page }).flat()));
    return headers;
  };
  const writeStored = createStoredHeadWriter();

  return function answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '';
    if (url.startsWith('/api/products/')) return answerStoredApi(req, res, url);
    if (url.startsWith('/api/') || url.startsWith('/assets/') || url.startsWith('/media/')) return false;
    const cookie = req.headers.cookie;
    if (cookie && SESSION_COOKIE_PAIR.test(cookie)) return false;
    const pages = options.pages();
    if (!pages) return false;
    const page: StoredPage | null = pages.peek(pageKey(protocolOf(req), hostOf(req), url));
    if (!page) return false;
    const answer = page.answer({
      method: req.method,
      acceptEncoding: req.headers['accept-encoding'],
      ifNoneMatch: req.headers['if-none-match'],
    });
    if (answer.status === 200 && answer.body) writeStored(res, headersOf(answer.headers), answer.body);
    else {
      res.writeHead(answer.status, headersOf(answer.headers));
      res.end(answer.body ?? undefined);
    }
    return true;
  };

  function answerStoredApi(req: IncomingMessage, res: ServerResponse, url: string): boolean {
    if (!isAnonymousRead(req.method, req.headers)) return false;
    const pages = options.pages();
    if (!pages) return false;
    const key = answerKey(req.headers['accept-encoding'], pageKey(protocolOf(req), hostOf(req), url));
    const stored = pages.peekAnswer(key);
    if (!stored) return false;
    writeStored(res, stored.headers, stored.body);
    return true;
  }

  // As Fastify reads them (request.protocol, request.host: the last of a forwarded list), so both
  // find the same page.
  function isTrustedPeer(req: IncomingMessage): boolean {
    const peer = req.socket.remoteAddress;
    return !!options.trustProxy && !!peer && options.trustProxy(peer, 0);
  }

  function protocolOf(req: IncomingMessage): string {
    const forwarded = isTrustedPeer(req) ? lastForwarded(req.headers['x-forwarded-proto']) : '';
    if (forwarded) return forwarded;
    return (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  }

  function hostOf(req: IncomingMessage): string {
    const forwarded = isTrustedPeer(req) ? lastForwarded(req.headers['x-forwarded-host']) : '';
    return forwarded || (req.headers.host ?? '');
  }
}

function lastForwarded(value: string | string[] | undefined): string {
  const header = Array.isArray(value) ? value.join(',') : (value ?? '');
  return header.slice(header.lastIndexOf(',') + 1).trim();
}
