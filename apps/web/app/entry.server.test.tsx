// @vitest-environment node
import type { AppLoadContext, EntryContext } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import handleRequest, { streamTimeout } from './entry.server';

// A page whose address ends in /later has a part that waits on data (`laterData`, set per test).
vi.mock('react-router', async () => {
  const { Suspense, use } = await import('react');
  const Later = () => <section>{use((globalThis as { laterData?: Promise<string> }).laterData!)}</section>;
  return {
    ServerRouter: ({ url }: { url: string }) =>
      url.endsWith('/later') ? (
        <main>
          <p>page {url}</p>
          <Suspense fallback={<i>waiting</i>}>
            <Later />
          </Suspense>
        </main>
      ) : (
        <p>page {url}</p>
      ),
  };
});

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
    vi.restoreAllMocks();
  });

  it.each([
    ['a browser', 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36', false],
    ['a crawler', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', false],
    ['every anonymous visitor (a page to store, written whole)', 'Mozilla/5.0 Chrome/131.0', true],
  ])(
    'answers %s with the page and leaves no abort timer holding the finished render',
    async (_, ua, shared) => {
      // React's renderer sets timers of its own (0 ms): only the abort timer is looked for.
      const set = vi.spyOn(globalThis, 'setTimeout');
      const clear = vi.spyOn(globalThis, 'clearTimeout');
      const { response, html } = await render(ua, shared);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(html).toContain('http://localhost/shopall</p>');
      const abortTimers = set.mock.calls
        .map((call, n) => [call[1], set.mock.results[n]!.value] as const)
        .filter(([delay]) => delay === streamTimeout + 1000);
      expect(abortTimers).toHaveLength(1);
      expect(clear.mock.calls.map(([timer]) => timer)).toContain(abortTimers[0]![1]);
    },
  );

  it('hands a page to store over as the same bytes its answer gives', async () => {
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

  it.each([
    ['streams a visitor of their own the page, and the part that waited after it', false, true],
    ['writes a page to store whole, the part that waited in its place', true, false],
  ])('%s', async (_, isShared, streamsFallback) => {
    (globalThis as { laterData?: Promise<string> }).laterData = new Promise((resolve) =>
      setTimeout(() => resolve('the related designs'), 30),
    );
    const request = new Request('http://localhost/later', {
      headers: { 'user-agent': 'Mozilla/5.0 Chrome/131.0' },
    });
    const own = { ...loadContext, isShared } as AppLoadContext;
    const response = await handleRequest(request, 200, new Headers(), context, own);
    const html = await response.text();
    expect(html).toContain('http://localhost/later</p>');
    expect(html).toContain('<section>the related designs</section>');
    expect(html.includes('<i>waiting</i>')).toBe(streamsFallback);
  });
});

describe('a streamed page', () => {
  it('sends the shell before the part that waits on data is ready', async () => {
    let release!: (value: string) => void;
    (globalThis as { laterData?: Promise<string> }).laterData = new Promise((resolve) => (release = resolve));
    const request = new Request('http://localhost/later', {
      headers: { 'user-agent': 'Mozilla/5.0 Chrome/131.0' },
    });
    const response = await handleRequest(request, 200, new Headers(), context, loadContext);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const first = decoder.decode((await reader.read()).value);
    expect(first).toContain('<i>waiting</i>');
    expect(first).not.toContain('the related designs');
    release('the related designs');
    let rest = '';
    for (let read = await reader.read(); !read.done; read = await reader.read())
      rest += decoder.decode(read.value);
    expect(rest).toContain('<section>the related designs</section>');
  });
});
