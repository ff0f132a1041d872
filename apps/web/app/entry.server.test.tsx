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
});
