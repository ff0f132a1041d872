// @vitest-environment node
import type { AppLoadContext, EntryContext } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import handleRequest from './entry.server';

vi.mock('react-router', () => ({ ServerRouter: ({ url }: { url: string }) => <p>page {url}</p> }));

const context = {
  isSpaMode: false,
  branches: [],
  staticHandlerContext: { matches: [], location: { pathname: '/shopall' }, basename: '/' },
} as unknown as EntryContext;
const loadContext = { nonce: 'n0nce' } as unknown as AppLoadContext;

async function render(userAgent: string, isShared = false) {
  const request = new Request('http://localhost/shopall', { headers: { 'user-agent': userAgent } });
  const shared = { ...loadContext, isShared } as AppLoadContext;
  const response = await handleRequest(request, 200, new Headers(), context, shared);
  return { response, html: await response.text() };
}

describe('the server render', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['a browser', 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36', false],
    ['a crawler', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', false],
    ['every anonymous visitor (a page to store, written whole)', 'Mozilla/5.0 Chrome/131.0', true],
  ])(
    'answers %s with the page and leaves no abort timer holding the finished render',
    async (_, ua, shared) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { response, html } = await render(ua, shared);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(html).toContain('http://localhost/shopall</p>');
      expect(vi.getTimerCount()).toBe(0);
    },
  );

  it('hands a page to store over as the bytes its answer gives, without copying them', async () => {
    const handed: { response: Response; html: Buffer }[] = [];
    const request = new Request('http://localhost/shopall', { headers: { 'user-agent': 'Mozilla/5.0' } });
    const shared = {
      ...loadContext,
      isShared: true,
      keepDocument: (response: Response, html: Buffer) => handed.push({ response, html }),
    } as unknown as AppLoadContext;
    const response = await handleRequest(request, 200, new Headers(), context, shared);
    expect(handed).toHaveLength(1);
    expect(handed[0]!.response).toBe(response);
    expect(handed[0]!.html.toString()).toContain('http://localhost/shopall</p>');
    // Whoever reads the answer itself gets the same document.
    expect(Buffer.from(await response.arrayBuffer()).equals(handed[0]!.html)).toBe(true);
  });

  it('hands nothing over for a visitor of their own or a crawler', async () => {
    const keepDocument = vi.fn();
    for (const userAgent of ['Mozilla/5.0 Chrome/131.0', 'Googlebot/2.1']) {
      const request = new Request('http://localhost/shopall', { headers: { 'user-agent': userAgent } });
      const own = { ...loadContext, keepDocument } as unknown as AppLoadContext;
      const response = await handleRequest(request, 200, new Headers(), context, own);
      expect(await response.text()).toContain('http://localhost/shopall</p>');
    }
    expect(keepDocument).not.toHaveBeenCalled();
  });
});
